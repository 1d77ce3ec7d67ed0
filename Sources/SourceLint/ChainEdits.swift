import SwiftSyntax

/// Source edits that write a modifier at another place in a chain, laid out
/// like its neighbours: on a line of its own when the gesture is, inline
/// otherwise. Everything else in the file stays byte for byte.
enum ChainEdits {
    /// Inserts `text` (such as `.contentShape(Rectangle())`) just before `modifier`.
    static func insert(_ text: String, before modifier: Modifier) -> [SourceEdit] {
        guard let period = modifier.member?.period else { return [] }
        let at = period.positionAfterSkippingLeadingTrivia
        return [SourceEdit(range: at..<at, replacement: text + separator(before: period))]
    }

    /// Moves `moved` (written after `target`) to just before `target`.
    static func move(_ moved: Modifier, before target: Modifier) -> [SourceEdit] {
        guard let period = moved.member?.period, let call = moved.call else { return [] }
        let all = call.syntaxTextBytes
        let from = period.positionAfterSkippingLeadingTrivia.utf8Offset - call.position.utf8Offset
        let to = call.endPositionBeforeTrailingTrivia.utf8Offset - call.position.utf8Offset
        let text = String(decoding: all[from..<to], as: UTF8.self)
        // Remove from the last line break before the period (comments above it stay) to the end of the call.
        var start = period.positionAfterSkippingLeadingTrivia
        var offset = period.position
        for piece in period.leadingTrivia {
            if piece.isNewline { start = offset }
            offset += piece.sourceLength
        }
        let end = call.endPositionBeforeTrailingTrivia
        return [SourceEdit(range: start..<end, replacement: "")] + insert(text, before: target)
    }

    /// A line break and the gesture's indentation when the gesture starts its own line.
    static func separator(before period: TokenSyntax) -> String {
        var indent = ""
        var newline: String?   // the file's own line break: \n, \r\n or \r
        for piece in period.leadingTrivia {
            switch piece {
            case .newlines:
                newline = "\n"
                indent = ""
            case .carriageReturnLineFeeds:
                newline = "\r\n"
                indent = ""
            case .carriageReturns:
                newline = "\r"
                indent = ""
            case .spaces(let n): indent += String(repeating: " ", count: n)
            case .tabs(let n): indent += String(repeating: "\t", count: n)
            default: indent = ""
            }
        }
        return newline.map { $0 + indent } ?? ""
    }

    /// Appends `text` (such as `.contentShape(Rectangle())`) after the view `e`: on a
    /// line of its own when its last modifier has one (or it spans lines), inline otherwise.
    static func append(_ text: String, after e: ExprSyntax) -> [SourceEdit] {
        let at = e.endPositionBeforeTrailingTrivia
        let chain = ModifierChain(top: e)
        if let period = chain.modifiers.last?.member?.period {
            return [SourceEdit(range: at..<at, replacement: separator(before: period) + text)]
        }
        guard let first = e.firstToken(viewMode: .sourceAccurate), e.trimmedDescription.contains("\n") else {
            return [SourceEdit(range: at..<at, replacement: text)]
        }
        var indent = ""
        var newline = "\n"
        for piece in first.leadingTrivia {
            switch piece {
            case .newlines: newline = "\n"; indent = ""
            case .carriageReturnLineFeeds: newline = "\r\n"; indent = ""
            case .spaces(let n): indent += String(repeating: " ", count: n)
            case .tabs(let n): indent += String(repeating: "\t", count: n)
            default: indent = ""
            }
        }
        return [SourceEdit(range: at..<at, replacement: newline + indent + text)]
    }
}
