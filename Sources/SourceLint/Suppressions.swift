import SwiftSyntax

/// `// replay-lint:disable L2` comments. One written at the end of a line
/// silences that rule's findings on the line; one alone on a line silences
/// them on the next line. Several rules may be listed: `L1, L2` or `L1 L2`.
struct Suppressions {
    /// line → rule ids silenced there.
    private var silenced: [Int: Set<String>] = [:]

    static let marker = "replay-lint:disable"

    /// - Complexity: O(n) in the size of the source; only comments holding the marker cost more.
    init(tree: SourceFileSyntax, converter: SourceLocationConverter) {
        var source: [UInt8]?
        for token in tree.tokens(viewMode: .sourceAccurate) {
            for (trivia, start) in [(token.leadingTrivia, token.position), (token.trailingTrivia, token.endPositionBeforeTrailingTrivia)] {
                var position = start
                for piece in trivia {
                    defer { position += piece.sourceLength }
                    guard let rules = Suppressions.rules(in: piece) else { continue }
                    let line = converter.location(for: position).line
                    if source == nil { source = tree.syntaxTextBytes }
                    // Alone on its line it speaks for the next line; after code, for its own.
                    let bytes = source!
                    let lineStart = converter.position(ofLine: line, column: 1).utf8Offset
                    let end = (position + piece.sourceLength).utf8Offset
                    let lineEnd = bytes[end...].firstIndex(where: { $0 == 10 || $0 == 13 }) ?? bytes.endIndex
                    let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                    let alone = bytes[lineStart..<position.utf8Offset].allSatisfy(isBlank) && bytes[end..<lineEnd].allSatisfy(isBlank)
                    silenced[alone ? line + 1 : line, default: []].formUnion(rules)
                }
            }
        }
    }

    /// The rule ids a comment names after the marker, or nil.
    static func rules(in piece: TriviaPiece) -> Set<String>? {
        let text: String
        switch piece {
        case .lineComment(let t), .blockComment(let t), .docLineComment(let t), .docBlockComment(let t): text = t
        default: return nil
        }
        guard let range = text.range(of: marker) else { return nil }
        let rules = text[range.upperBound...].split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
            .prefix(while: { $0.first == "L" && Int($0.dropFirst()) != nil })
        return rules.isEmpty ? nil : Set(rules)
    }

    func silences(_ rule: String, line: Int) -> Bool { silenced[line]?.contains(rule) == true }
}
