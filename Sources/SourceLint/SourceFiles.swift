import Foundation
import SwiftParser
import SwiftSyntax
import TapJSON

/// A path that cannot be linted: missing, unreadable, or not Swift.
public struct LintInputError: LocatedError {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// Finding, reading and fixing the Swift files named on the command line.
public enum SourceFiles {
    /// The `.swift` files named or found under the folders named, sorted, each once.
    /// Hidden folders (`.build`, `.git`) are not entered.
    /// - Throws: `LintInputError` for a missing path or a named file that is not `.swift`.
    public static func collect(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        var seen = Set<String>()
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                throw LintInputError("\(path): no such file or folder")
            }
            if !isDir.boolValue {
                guard path.hasSuffix(".swift") else { throw LintInputError("\(path): not a Swift file (.swift)") }
                if seen.insert(path).inserted { files.append(path) }
                continue
            }
            let root = URL(fileURLWithPath: path)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else {
                throw LintInputError("\(path): cannot read the folder")
            }
            var found: [String] = []
            for case let url as URL in walker where url.pathExtension == "swift" {
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
            throw LintInputError("\(path): cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LintInputError("\(path): not UTF-8 text")
        }
        return text
    }

    /// Lints one file.
    /// - Throws: `LintInputError` when the file cannot be read or nests too deeply to walk.
    public static func lint(_ path: String, with linter: Linter) throws -> [LintFinding] {
        try lintNotingSyntaxErrors(path, with: linter).findings
    }

    /// Lints one file and says whether it parses as Swift: swift-syntax recovers from errors,
    /// so a file that is not valid Swift still gives a tree, but its findings may be incomplete.
    public static func lintNotingSyntaxErrors(_ path: String, with linter: Linter) throws -> (findings: [LintFinding], syntaxErrors: Bool) {
        let tree = try parse(try read(path), file: path)
        return (linter.lint(tree: tree, file: path), tree.hasError)
    }

    /// The deepest syntax tree the linter walks. swift-syntax walks trees
    /// recursively; `onLargeStack` gives it room for this depth, and a deeper
    /// file (a chain of thousands of modifiers) is refused instead of crashing.
    public static let maximumDepth = 20_000

    /// Parses a file, refusing a tree deeper than `maximumDepth` (checked without recursion).
    static func parse(_ source: String, file: String) throws -> SourceFileSyntax {
        let tree = Parser.parse(source: source)
        var stack: [(Syntax, Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            if depth > maximumDepth {
                let line = 1 + source.utf8.prefix(node.position.utf8Offset).lazy.filter { $0 == 10 }.count
                throw LintInputError("\(file):\(line): nested more than \(maximumDepth) levels deep; replay lint does not read it")
            }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return tree
    }

    /// Runs `body` on a thread with a 1 GiB stack (reserved, not committed), so
    /// swift-syntax's recursive walks of deep but legal files do not overflow.
    public static func onLargeStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { try body() }
            done.signal()
        }
        thread.stackSize = 1 << 30
        thread.start()
        done.wait()
        return try box.result!.get()
    }

    /// Applies the fixes of L1 and L2 to one file's text: `SourceEdit`s placed by
    /// the syntax tree (an insertion before the gesture's `.`, the removal of the
    /// misplaced shape); every byte outside the edits is kept.
    /// - Returns: the new text and how many findings it fixed (0: unchanged).
    public static func fixed(source: String, file: String, with linter: Linter) throws -> (text: String, fixed: Int) {
        let tree = try parse(source, file: file)
        let fixable = linter.lint(tree: tree, file: file).filter { $0.fixable && ["L1", "L2"].contains($0.rule) }
        guard !fixable.isEmpty, tree.description == source else { return (source, 0) }
        // From the end backwards, so each edit's offsets still hold; edits never overlap
        // (an insertion before a gesture, a removal after it).
        var bytes = Array(source.utf8)
        for edit in fixable.flatMap(\.edits).sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range.lowerBound.utf8Offset..<edit.range.upperBound.utf8Offset, with: edit.replacementBytes)
        }
        return (String(decoding: bytes, as: UTF8.self), fixable.count)
    }

    /// Fixes one file in place (a byte-order mark, which the text drops, is written back).
    /// - Returns: how many findings it fixed.
    public static func fix(_ path: String, with linter: Linter) throws -> Int {
        let source = try read(path)
        let (text, count) = try fixed(source: source, file: path, with: linter)
        guard count > 0 else { return 0 }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hadBOM = FileManager.default.contents(atPath: path)?.starts(with: bom) == true && !source.utf8.starts(with: bom)
        do {
            try Data((hadBOM ? bom : []) + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
        } catch {
            throw LintInputError("\(path): cannot write the file (\(error.localizedDescription))")
        }
        return count
    }
}

/// Carries a result from the large-stack thread back; written once before the semaphore signals.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, Error>?
}
