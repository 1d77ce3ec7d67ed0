import Foundation
import SwiftParser
import SwiftSyntax
import TapJSON

/// A path that cannot be linted: missing, unreadable, or not Swift.
public struct LintInputError: LocatedError {
    public let message: String
    public let file: String?
    public let line: Int?
    /// - Parameter message: with the file named in it when `file` is nil (`path: no such file`).
    public init(_ message: String, file: String? = nil, line: Int? = nil) {
        self.message = message
        self.file = file
        self.line = line
    }
}

/// Finding, reading and fixing the Swift files named on the command line.
public enum SourceFiles {
    /// The `.swift` files, and the TSX/JSX/TypeScript files the Expo front end reads
    /// (`ExpoFrontEnd.extensions`), named or found under the folders named, sorted, each
    /// once. Hidden folders (`.build`, `.git`) and `node_modules` are not entered.
    /// - Throws: `LintInputError` for a missing path or a named file of another kind.
    public static func collect(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        var seen = Set<String>()
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                throw LintInputError("\(path): no such file or folder")
            }
            if !isDir.boolValue {
                guard path.hasSuffix(".swift") || ExpoFrontEnd.reads(path) else {
                    throw LintInputError("\(path): not a Swift file (.swift), nor TSX, JSX or TypeScript (.tsx, .jsx, .ts, .js)")
                }
                if seen.insert(path).inserted { files.append(path) }
                continue
            }
            let root = URL(fileURLWithPath: path)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else {
                throw LintInputError("\(path): cannot read the folder")
            }
            var found: [String] = []
            for case let url as URL in walker {
                if url.lastPathComponent == "node_modules" { walker.skipDescendants(); continue }
                guard url.pathExtension == "swift" || ExpoFrontEnd.reads(url.path) else { continue }
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                let rel = url.path.hasPrefix(root.path + "/") ? String(url.path.dropFirst(root.path.count + 1)) : url.lastPathComponent
                found.append(path.hasSuffix("/") ? path + rel : path + "/" + rel)
            }
            for f in found.sorted() where seen.insert(f).inserted { files.append(f) }
        }
        return files
    }

    /// The bytes of a file as text, refusing what is not UTF-8 (a lint needs the text to point into it).
    public static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LintInputError("cannot read the file", file: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LintInputError("not UTF-8 text; replay lint reads UTF-8 only", file: path)
        }
        return text
    }

    /// The deepest syntax tree the linter walks. swift-syntax walks trees
    /// recursively; `onLargeStack` gives it room for this depth, and a deeper
    /// file (a chain of thousands of modifiers) is refused instead of crashing.
    public static let maximumDepth = 20_000

    /// Parses Swift source. Swift 5 rules: it accepts what the compiler accepts in
    /// either language mode (`@Environment (\\.colorScheme)`, a space before the
    /// attribute's argument, is a warning there and an error in Swift 6 mode only).
    static func parseTree(_ source: String) -> SourceFileSyntax {
        var source = source
        return source.withUTF8 { Parser.parse(source: $0, swiftVersion: .v5) }
    }

    /// Parses a file, refusing a tree deeper than `maximumDepth` (checked without recursion).
    /// - Throws: `LintInputError` with the file and the line where it is too deep.
    static func parse(_ source: String, file: String) throws -> SourceFileSyntax {
        if let (depth, line) = bracketNesting(source), depth > maximumBracketNesting {
            throw LintInputError("square brackets nested \(depth) deep (more than \(maximumBracketNesting)); swift-syntax's parser takes time exponential in that depth, so replay lint does not read it", file: file, line: line)
        }
        let tree = parseTree(source)
        var stack: [(Syntax, Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            if depth > maximumDepth {
                let line = 1 + source.utf8.prefix(node.position.utf8Offset).lazy.filter { $0 == 10 }.count
                throw LintInputError("nested more than \(maximumDepth) levels deep; replay lint does not read it", file: file, line: line)
            }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return tree
    }

    /// The deepest nesting of `[` the parser is given. swift-syntax 603 backtracks
    /// between array, dictionary and type at each `[`: 16 levels take 1.5 s, 20
    /// take 20 s. Real code stays far below (a matrix literal is 2–3 deep).
    public static let maximumBracketNesting = 12

    /// The deepest `[` nesting outside strings and comments, and the line where it is reached.
    /// A `"` string ends at its closing quote or at the end of its line (the parser reads an
    /// unterminated one so), a `"""` string at the next `"""`: an unclosed quote cannot hide
    /// the brackets after it.
    static func bracketNesting(_ source: String) -> (depth: Int, line: Int)? {
        let bytes = Array(source.utf8)
        var depth = 0, deepest = 0, line = 1, deepestLine = 1
        var inString = false, multiline = false, lineComment = false, blockComment = 0
        let quote = UInt8(ascii: "\""), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        func tripleQuote(at i: Int) -> Bool { i + 2 < bytes.count && bytes[i] == quote && bytes[i + 1] == quote && bytes[i + 2] == quote }
        var i = 0
        while i < bytes.count {
            let byte = bytes[i], previous: UInt8 = i > 0 ? bytes[i - 1] : 0
            i += 1
            if byte == 10 {
                line += 1; lineComment = false
                if inString && !multiline { inString = false }
                continue
            }
            if lineComment { continue }
            if blockComment > 0 {
                if previous == star && byte == slash { blockComment -= 1 }
                continue
            }
            if inString {
                if byte == quote && previous != UInt8(ascii: "\\") {
                    if !multiline { inString = false } else if tripleQuote(at: i - 1) { inString = false; i += 2 }
                }
                continue
            }
            switch byte {
            case quote:
                inString = true
                multiline = tripleQuote(at: i - 1)
                if multiline { i += 2 }
            case slash where previous == slash: lineComment = true
            case star where previous == slash: blockComment += 1
            case UInt8(ascii: "["):
                depth += 1
                if depth > deepest { deepest = depth; deepestLine = line }
            case UInt8(ascii: "]"): depth = max(0, depth - 1)
            default: break
            }
        }
        return deepest > 0 ? (deepest, deepestLine) : nil
    }

    /// Where a tree that does not parse first goes wrong: a missing or unexpected
    /// token, or the point past which the parser's nesting limit stopped it.
    static func firstError(in tree: SourceFileSyntax) -> AbsolutePosition? {
        guard tree.hasError else { return nil }
        var stack: [Syntax] = [Syntax(tree)]
        while let node = stack.popLast() {
            guard node.hasError else { continue }
            if node.is(UnexpectedNodesSyntax.self) { return node.positionAfterSkippingLeadingTrivia }
            if let token = node.as(TokenSyntax.self) {
                if token.presence == .missing || token.tokenDiagnostic?.severity == .error { return token.positionAfterSkippingLeadingTrivia }
                continue
            }
            stack += node.children(viewMode: .all).reversed()
        }
        return tree.endPosition
    }

    /// Runs `body` on a thread with a 1 GiB stack (reserved, not committed), so
    /// swift-syntax's recursive walks of deep but legal files do not overflow.
    public static func onLargeStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        try Background(stackSize: 1 << 30, body).value
    }

    /// Applies the fixes of L1, L2 and L8 to one file's text: `SourceEdit`s placed by
    /// the syntax tree (an insertion before the gesture's `.`, the removal of the
    /// misplaced shape); every byte outside the edits is kept.
    /// - Returns: the new text and how many findings it fixed (0: unchanged).
    public static func fixed(source: String, file: String, with linter: Linter) throws -> (text: String, fixed: Int) {
        let tree = try parse(source, file: file)
        var index = ViewIndex()
        index.add(tree, file: file)
        let context = LintContext(evaluator: ViewEvaluator(index: index), file: tree)
        return apply(linter.lint(tree: tree, file: file, context: context), to: source, tree: tree)
    }

    /// Applies the fixable findings' edits to one file's text.
    static func apply(_ findings: [LintFinding], to source: String, tree: SourceFileSyntax) -> (text: String, fixed: Int) {
        let fixable = findings.filter { $0.fixable && ["L1", "L2", "L8"].contains($0.rule) }
        guard !fixable.isEmpty, tree.description == source else { return (source, 0) }
        return apply(fixable.map(\.edits), to: source)
    }

    /// Applies groups of edits (one group a finding's) to a text, all of a group or none.
    static func apply(_ groups: [[SourceEdit]], to source: String) -> (text: String, fixed: Int) {
        // From the end backwards, so each edit's offsets still hold. A finding's edits are applied
        // all or none: one whose edit overlaps an edit already applied (a chain inside the
        // argument of a misplaced shape another finding removes) stays unfixed for the next run.
        var bytes = Array(source.utf8)
        var limit: Int?  // where the last edit applied begins: nothing after it may change, nothing be inserted at it
        var fixed = 0
        func start(_ edits: [SourceEdit]) -> Int { edits.map(\.range.lowerBound.utf8Offset).max() ?? -1 }
        for group in groups.sorted(by: { start($0) > start($1) }) {
            let edits = group.sorted { $0.range.lowerBound > $1.range.lowerBound }
            var bound = limit
            let fits = !edits.isEmpty && edits.allSatisfy { edit in
                let (lower, upper) = (edit.range.lowerBound.utf8Offset, edit.range.upperBound.utf8Offset)
                defer { bound = lower }
                guard 0 <= lower, lower <= upper, upper <= bytes.count else { return false }
                guard let b = bound else { return true }
                return upper <= b && lower < b
            }
            guard fits else { continue }
            for edit in edits {
                bytes.replaceSubrange(edit.range.lowerBound.utf8Offset..<edit.range.upperBound.utf8Offset, with: edit.replacementBytes)
            }
            limit = edits.last!.range.lowerBound.utf8Offset
            fixed += 1
        }
        return (String(decoding: bytes, as: UTF8.self), fixed)
    }

    /// Writes fixed text back to a file (a byte-order mark, which the text drops, is written back).
    static func write(_ text: String, to path: String) throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hadBOM = FileManager.default.contents(atPath: path)?.starts(with: bom) == true && !text.utf8.starts(with: bom)
        do {
            try Data((hadBOM ? bom : []) + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
        } catch {
            throw LintInputError("cannot write the file (\(error.localizedDescription))", file: path)
        }
    }
}
