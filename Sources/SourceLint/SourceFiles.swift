import Foundation
import SwiftParser
import SwiftSyntax

/// A path that cannot be linted: missing, unreadable, or not Swift.
public struct LintInputError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
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
    public static func lint(_ path: String, with linter: Linter) throws -> [LintFinding] {
        linter.lint(source: try read(path), file: path)
    }

    /// Applies the fixes of L1 and L2 to one file's text: `SourceEdit`s placed by
    /// the syntax tree (an insertion before the gesture's `.`, the removal of the
    /// misplaced shape); every byte outside the edits is kept.
    /// - Returns: the new text and how many findings it fixed (0: unchanged).
    public static func fixed(source: String, file: String, with linter: Linter) -> (text: String, fixed: Int) {
        let tree = Parser.parse(source: source)
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

    /// Fixes one file in place.
    /// - Returns: how many findings it fixed.
    public static func fix(_ path: String, with linter: Linter) throws -> Int {
        let source = try read(path)
        let (text, count) = fixed(source: source, file: path, with: linter)
        guard count > 0 else { return 0 }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw LintInputError("\(path): cannot write the file (\(error.localizedDescription))")
        }
        return count
    }
}
