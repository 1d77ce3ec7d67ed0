import Foundation
import TapJSON

/// A lint baseline: the findings a team accepted when it adopted lint on an
/// old codebase, so later runs report only new ones (as SwiftLint's
/// `--write-baseline` / `--baseline`; docs/lint.md, "Adopting lint on an old codebase").
///
/// An entry is known by its file, its rule, the declarations it lies in
/// (`SettingsRow.body`) and the text of its line with runs of white space
/// made one, never by its line number, so code moved up or down a file, or
/// re-indented, stays known. Identical entries are counted: a second
/// `.onTapGesture { open() }` with the same finding in the same `body` is new.
///
/// ```json
/// { "format": "replay-lint-baseline", "version": 1,
///   "findings": [ { "file": "Sources/Rows.swift", "rule": "L1", "scope": "Rows.body",
///                   "source": ".onTapGesture { open() }", "line": 12, "message": "…" } ] }
/// ```
/// `file` is relative to the baseline's folder; `line` and `message` are for the
/// reader (and `line` pairs identical entries with the nearest findings).
public struct LintBaseline: Sendable, Equatable {
    public static let format = "replay-lint-baseline"

    public struct Entry: Sendable, Equatable {
        public var file: String
        public var rule: String
        public var scope: String
        public var source: String
        public var line: Int
        public var message: String

        public init(file: String, rule: String, scope: String, source: String, line: Int, message: String) {
            (self.file, self.rule, self.scope, self.source, self.line, self.message) = (file, rule, scope, source, line, message)
        }

        var key: Key { Key(file: file, rule: rule, scope: scope, source: source) }
    }

    struct Key: Hashable {
        let file: String, rule: String, scope: String, source: String
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) { self.entries = entries }

    /// The baseline of `findings`, for a baseline file at `path`.
    /// - Parameter lines: the text of a file's lines (the files are read when nil).
    public init(_ findings: [LintFinding], at path: String, lines: LineReader = LineReader()) {
        let folder = Self.folder(of: path)
        entries = findings.map { f in
            Entry(file: Self.relative(f.file, to: folder), rule: f.rule, scope: f.scope,
                  source: lines.text(of: f.file, line: f.line), line: f.line, message: f.message)
        }.sorted { ($0.file, $0.line, $0.rule, $0.source) < ($1.file, $1.line, $1.rule, $1.source) }
    }

    /// The findings this baseline does not hold, in their order.
    /// - Parameter path: where the baseline was read from (its `file`s are relative to its folder).
    /// - Returns: the positions in `findings` of the new ones, in order, and how many entries matched no finding (fixed since).
    public func new(_ findings: [LintFinding], at path: String, lines: LineReader = LineReader()) -> (indices: [Int], gone: Int) {
        let folder = Self.folder(of: path)
        var known = Dictionary(grouping: entries, by: \.key).mapValues { $0.map(\.line) }
        var byKey: [Key: [Int]] = [:]
        for (i, f) in findings.enumerated() {
            let key = Key(file: Self.relative(f.file, to: folder), rule: f.rule, scope: f.scope, source: lines.text(of: f.file, line: f.line))
            byKey[key, default: []].append(i)
        }
        var isNew = Set<Int>()
        for (key, indices) in byKey {
            var lines = known.removeValue(forKey: key) ?? []
            if indices.count <= lines.count {
                lines.removeFirst(indices.count)
                if !lines.isEmpty { known[key] = lines }
                continue
            }
            // More findings than entries: the entries take the findings nearest their old lines; the rest are new.
            var pairs: [(distance: Int, finding: Int, entry: Int)] = []
            for i in indices { for (e, line) in lines.enumerated() { pairs.append((abs(findings[i].line - line), i, e)) } }
            var taken = Set<Int>(), used = Set<Int>()
            for p in pairs.sorted(by: { ($0.distance, $0.finding) < ($1.distance, $1.finding) })
            where !taken.contains(p.finding) && !used.contains(p.entry) {
                taken.insert(p.finding)
                used.insert(p.entry)
            }
            isNew.formUnion(indices.filter { !taken.contains($0) })
        }
        let gone = known.values.reduce(0) { $0 + $1.count }
        return (isNew.sorted(), gone)
    }

    // MARK: - The file

    public var json: String {
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.field("format", Self.format)
            w.field("version", 1)
            w.key("findings")
            w.array(entries) { w, e in
                w.object { w in
                    w.field("file", e.file)
                    w.field("rule", e.rule)
                    w.field("scope", e.scope)
                    w.field("source", e.source)
                    w.field("line", e.line)
                    w.field("message", e.message)
                }
            }
        }
        return w.text + "\n"
    }

    /// Writes the baseline to `path` atomically (a temporary file, then a rename).
    /// - Throws: `LintInputError` naming the file when it cannot be written.
    public func write(to path: String) throws {
        do {
            try Data(json.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw LintInputError("\(path): cannot write the baseline (\(error.localizedDescription))")
        }
    }

    /// Reads a baseline file.
    /// - Throws: `LintInputError` naming the file and line of what cannot be used.
    public static func load(_ path: String) throws -> LintBaseline {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else {
            throw LintInputError("\(path): no such baseline file; write one with --write-baseline \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw LintInputError("\(path): cannot read the baseline") }
        return try parse(data, file: path)
    }

    /// Parses a baseline's bytes.
    public static func parse<Bytes: Collection>(_ bytes: Bytes, file: String) throws -> LintBaseline where Bytes.Element == UInt8 {
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: bytes)
        } catch let e as JSONSyntaxError {
            throw LintInputError("\(file):\(e.line): not valid JSON (\(e.message))")
        }
        func fail(_ index: Int, _ message: String) -> LintInputError {
            LintInputError("\(file):\(doc.line(of: index)): \(message)")
        }
        func string(_ key: String, of index: Int) throws -> String {
            guard let v = doc.member(key, of: index), case .string(let s) = doc[v] else {
                throw fail(index, "\(doc.path(of: index)).\(key) is missing or not a string")
            }
            return s
        }
        guard let format = doc.member("format", of: doc.root), case .string(Self.format) = doc[format] else {
            throw fail(doc.root, "not a replay lint baseline (\"format\": \"\(Self.format)\" is missing)")
        }
        guard let version = doc.member("version", of: doc.root), case .number(1) = doc[version] else {
            throw fail(doc.member("version", of: doc.root) ?? doc.root, "this replay lint reads baselines of version 1")
        }
        guard let list = doc.member("findings", of: doc.root), case .array(let items) = doc[list] else {
            throw fail(doc.root, "findings is missing or not a list")
        }
        var entries: [Entry] = []
        for item in items {
            guard case .object = doc[item] else { throw fail(item, "\(doc.path(of: item)) is not an object") }
            var line = 0
            if let l = doc.member("line", of: item) {
                guard case .number(let n) = doc[l], n == n.rounded(), n >= 0, n < 1e9 else { throw fail(l, "\(doc.path(of: l)) is not a line number") }
                line = Int(n)
            }
            entries.append(Entry(file: try string("file", of: item), rule: try string("rule", of: item), scope: try string("scope", of: item),
                                 source: try string("source", of: item), line: line,
                                 message: (try? string("message", of: item)) ?? ""))
        }
        return LintBaseline(entries: entries)
    }

    // MARK: - Paths and lines

    static func folder(of path: String) -> String {
        (LintConfiguration.absolute(path) as NSString).deletingLastPathComponent
    }

    /// `file` relative to `folder` (`../` when it lies beside it), as a baseline stores it.
    static func relative(_ file: String, to folder: String) -> String {
        let parts = LintConfiguration.absolute(file).split(separator: "/", omittingEmptySubsequences: true)
        let base = folder.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < min(parts.count, base.count), parts[common] == base[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + parts[common...].map(String.init)).joined(separator: "/")
    }

    /// The text of files' lines, read once per file, with leading and trailing
    /// white space dropped and every inner run of it made one space.
    public final class LineReader: @unchecked Sendable {
        private var files: [String: [Substring]] = [:]
        private let lock = NSLock()

        public init() {}

        public func text(of file: String, line: Int) -> String {
            lock.lock()
            defer { lock.unlock() }
            if files[file] == nil {
                let text = (try? SourceFiles.read(file)) ?? ""
                files[file] = text.split(separator: "\n", omittingEmptySubsequences: false)
            }
            guard let lines = files[file], line >= 1, line <= lines.count else { return "" }
            return lines[line - 1].split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }
    }
}

extension LintBaseline {
    /// A run's baselines: the command line's `--baseline` and `--write-baseline`,
    /// else the `baseline` and `write_baseline` of each file's configuration.
    /// Baselines are read before any is written, so one file can be both.
    /// - Returns: the findings left to report, notes for stderr (what was written, what was left out),
    ///   and whether a baseline was read and one written.
    /// - Throws: `LintInputError` for a baseline that cannot be read or written (naming the configuration's line when it comes from one).
    public static func apply(to result: LintResult, baseline: String?, writeBaseline: String?,
                             finder: LintConfiguration.Finder) throws -> (findings: [LintFinding], notes: [String], read: Bool, wrote: Bool) {
        let lines = LineReader()
        let configurations = try Dictionary(result.files.map { ($0, try finder.configuration(for: $0)) }, uniquingKeysWith: { a, _ in a })
        func placed(_ pick: @escaping (LintConfiguration) -> LintConfiguration.Place?, _ given: String?) -> (String) -> (path: String, from: String?)? {
            if let given { return { _ in (LintConfiguration.absolute(given), nil) } }
            return { file in
                guard let c = configurations[file], let p = pick(c) else { return nil }
                return (p.path, "\(c.file ?? ""):\(p.line)")
            }
        }
        let read = placed(\.baseline, baseline), write = placed(\.writeBaseline, writeBaseline)
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

        var loaded: [String: LintBaseline] = [:]
        for file in result.files + result.findings.map(\.file) {
            guard let (path, from) = read(file), loaded[path] == nil else { continue }
            do {
                loaded[path] = try load(path)
            } catch let e as LintInputError {
                throw LintInputError(from.map { "\($0): baseline \(path): \(e.message)" } ?? e.message)
            }
        }
        var notes: [String] = []
        var toWrite: [String: [LintFinding]] = [:]
        for file in result.files { if let (path, _) = write(file) { toWrite[path, default: []] += [] } }
        if let writeBaseline { toWrite[LintConfiguration.absolute(writeBaseline), default: []] += [] }
        for f in result.findings { if let (path, _) = write(f.file) { toWrite[path, default: []].append(f) } }
        for (path, findings) in toWrite.sorted(by: { $0.key < $1.key }) {
            try LintBaseline(findings, at: path, lines: lines).write(to: path)
            notes.append("replay lint: wrote \(plural(findings.count, "finding")) to the baseline \(path)")
        }

        // Each finding goes to its baseline; the ones a baseline holds are left out, the others kept in order.
        var left = Set<Int>()
        var byBaseline: [String: [Int]] = [:]
        for (i, f) in result.findings.enumerated() { if let (path, _) = read(f.file) { byBaseline[path, default: []].append(i) } }
        for (path, base) in loaded.sorted(by: { $0.key < $1.key }) {
            let mine = byBaseline[path] ?? []
            let new = base.new(mine.map { result.findings[$0] }, at: path, lines: lines)
            let newOnes = Set(new.indices.map { mine[$0] })
            left.formUnion(mine.filter { !newOnes.contains($0) })
            var note = "replay lint: \(plural(mine.count - newOnes.count, "finding")) in the baseline \(path) left out"
            if new.gone > 0 { note += "; \(new.gone) of its entries no longer found (fixed: write the baseline again to drop them)" }
            notes.append(note)
        }
        return (result.findings.enumerated().filter { !left.contains($0.offset) }.map(\.element), notes, !loaded.isEmpty, !toWrite.isEmpty)
    }
}
