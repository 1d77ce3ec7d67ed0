import SwiftSyntax

/// `// replay-lint:disable L2` comments. One written at the end of a line
/// silences that rule's findings on the line; one alone on a line silences
/// them on the next line. Several rules may be listed: `L1, L2` or `L1 L2`.
struct Suppressions {
    /// line → rule ids silenced there.
    private var silenced: [Int: Set<String>] = [:]

    static let marker = "replay-lint:disable"

    init(tree: SourceFileSyntax, converter: SourceLocationConverter) {
        var codeLines = Set<Int>()   // lines with a token on them
        var comments: [(line: Int, rules: Set<String>)] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind != .endOfFile {
                codeLines.insert(converter.location(for: token.positionAfterSkippingLeadingTrivia).line)
            }
            var position = token.position
            for piece in token.leadingTrivia {
                Suppressions.record(piece, at: position, converter: converter, into: &comments)
                position += piece.sourceLength
            }
            position = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                Suppressions.record(piece, at: position, converter: converter, into: &comments)
                position += piece.sourceLength
            }
        }
        for c in comments {
            // At the end of a code line it speaks for that line; alone, for the next one.
            let line = codeLines.contains(c.line) ? c.line : c.line + 1
            silenced[line, default: []].formUnion(c.rules)
        }
    }

    private static func record(_ piece: TriviaPiece, at position: AbsolutePosition, converter: SourceLocationConverter,
                               into comments: inout [(line: Int, rules: Set<String>)]) {
        let text: String
        switch piece {
        case .lineComment(let t), .blockComment(let t), .docLineComment(let t), .docBlockComment(let t): text = t
        default: return
        }
        guard let range = text.range(of: marker) else { return }
        let rest = text[range.upperBound...]
        let rules = rest.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
            .prefix(while: { $0.first == "L" && Int($0.dropFirst()) != nil })
        guard !rules.isEmpty else { return }
        comments.append((converter.location(for: position).line, Set(rules)))
    }

    func silences(_ rule: String, line: Int) -> Bool { silenced[line]?.contains(rule) == true }
}
