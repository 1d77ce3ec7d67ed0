import Foundation
import SwiftSyntax
import TapJSON

/// One TSX file read by the Expo front end: its text, the SwiftUI its
/// `@expo/ui/swift-ui` views stand for, and the way back from that Swift to the TSX.
struct ExpoFile {
    let file: String
    /// The TSX text.
    let source: String
    let swift: ExpoSwift
    let tree: SourceFileSyntax
    /// The file's imports from `@expo/ui/swift-ui/modifiers`: local name by exported name.
    let modifierNames: [String: String]
    /// UTF-16 offset just after the last name of the modifiers import, if there is one.
    let modifiersImportEnd: Int?
    /// UTF-16 offset of the end of the last import statement.
    let lastImportEnd: Int

    init(file: String, source: String, tree json: JSONValue) {
        self.file = file
        self.source = source
        swift = ExpoSwift(file: json)
        tree = SourceFiles.parseTree(swift.text)
        var names: [String: String] = [:]
        if case .object(let pairs)? = json["imports"]?["modifiers"] {
            for p in pairs { if case .string(let exported) = p.value { names[exported] = p.key } }
        }
        modifierNames = names
        modifiersImportEnd = json["imports"]?["modifiersImport"]?["after"].int
        lastImportEnd = json["imports"]?["lastImportEnd"].int ?? 0
    }

    /// A finding on the Swift, moved to the TSX: its place, its words, its edits.
    func translate(_ f: LintFinding) -> LintFinding {
        let offset = swiftOffset(line: f.line, column: f.column)
        let tsx = swift.marks.last { $0.swift <= offset }?.tsx ?? 0
        let start = location(tsx)
        let wordEnd = source.utf16.dropFirst(tsx).prefix { ch in
            guard let scalar = Unicode.Scalar(ch) else { return false }
            return CharacterSet.alphanumerics.contains(scalar) || scalar == "_"
        }.count
        let end = location(tsx + max(wordEnd, 1))
        return LintFinding(
            file: file, rule: f.rule, ruleName: f.ruleName, snapshotRule: f.snapshotRule, severity: f.severity,
            line: start.line, column: start.column, utf16Column: start.utf16Column,
            endLine: end.line, endUTF16Column: end.utf16Column,
            message: ExpoFile.words(f.message),
            fix: ExpoFile.words(f.fix).replacingOccurrences(of: "before onTapGesture", with: "before onTapGesture(…) in its modifiers array"),
            fixable: false, edits: [], scope: f.scope)
            .withEdits(edits(for: f))
    }

    /// SwiftUI's spelling in a message, as a TSX author writes it.
    static func words(_ s: String) -> String {
        var s = s.replacingOccurrences(of: ExpoSwift.prefix, with: "")
        s = s.replacingOccurrences(of: ".contentShape(Rectangle())", with: "contentShape(shapes.rectangle())")
        s = s.replacingOccurrences(of: ".buttonStyle(.borderless)", with: "buttonStyle('borderless')")
        s = s.replacingOccurrences(of: "(?<=[\\s`(])\\.([A-Za-z]+)", with: "$1", options: .regularExpression)
        return s
    }

    /// The Swift fix as TSX edits: `contentShape(shapes.rectangle())` inserted before
    /// the gesture in its array, or the misplaced `contentShape(…)` moved there (L1,
    /// L2); `contentShape(shapes.rectangle())` appended to a Button's label or
    /// `buttonStyle('borderless')` to each Button of a row (L1, L8), in its
    /// `modifiers` array or as a new `modifiers` prop; the names imported when the
    /// file lacks them. None when a place is not written as an array literal or a
    /// `push` (a conditional element, a helper's result, a variable).
    func edits(for f: LintFinding) -> [SourceEdit] {
        guard !f.edits.isEmpty else { return [] }
        var out: [SourceEdit] = []
        var names: [String] = []
        var moved: ExpoModifier?
        for e in f.edits where !e.range.isEmpty {
            let lower = e.range.lowerBound.utf8Offset, upper = e.range.upperBound.utf8Offset
            guard e.replacement.isEmpty, moved == nil,
                  let gone = swift.modifiers.first(where: { $0.swift.lowerBound >= lower && $0.swift.upperBound <= upper })?.call,
                  gone.editable, let cut = gone.cut else { return [] }
            moved = gone
            out.append(edit(cut, ""))
        }
        for e in f.edits where e.range.isEmpty {
            let at = e.range.lowerBound.utf8Offset
            let call: String
            if let moved {
                call = String(source.utf16.dropFirst(moved.start).prefix(moved.end - moved.start)) ?? ""
            } else if e.replacement.contains("contentShape(Rectangle())") {
                call = "\(modifierNames["contentShape"] ?? "contentShape")(\(modifierNames["shapes"] ?? "shapes").rectangle())"
                names += ["contentShape", "shapes"]
            } else if e.replacement.contains("buttonStyle(.borderless)") {
                call = "\(modifierNames["buttonStyle"] ?? "buttonStyle")('borderless')"
                names += ["buttonStyle"]
            } else {
                return []
            }
            if let target = swift.modifiers.first(where: { $0.swift.lowerBound == at })?.call {
                guard target.editable else { return [] }
                out.append(edit(target.start..<target.start, call + separator(before: target.start)))
            } else if let element = swift.elements.first(where: { $0.swiftEnd == at }), let append = element.append {
                out.append(edit(append.at..<append.at, append.text(call)))
            } else {
                return []
            }
        }
        var missing: [String] = []
        for name in names where modifierNames[name] == nil && !missing.contains(name) { missing.append(name) }
        if !missing.isEmpty {
            if let after = modifiersImportEnd {
                // One name a line when the import lists one a line.
                let lineStart = source.utf16.prefix(after).lastIndex(of: 10).map { source.utf16.distance(from: source.utf16.startIndex, to: $0) + 1 } ?? 0
                let line = String(source.utf16.dropFirst(lineStart).prefix(after - lineStart)) ?? ""
                let indent = String(line.prefix { $0 == " " || $0 == "\t" })
                let ownLine = !indent.isEmpty && !line.contains("{")
                let comma = ownLine ? ",\n" + indent : ", "
                out.append(edit(after..<after, comma + missing.joined(separator: comma)))
            } else {
                let semicolon = source.contains("';\n") || source.contains("\";\n") ? ";" : ""
                out.append(edit(lastImportEnd..<lastImportEnd, "\nimport { \(missing.joined(separator: ", ")) } from '@expo/ui/swift-ui/modifiers'\(semicolon)"))
            }
        }
        return out
    }

    /// After a call inserted before an item: `, ` inline, or a line break and the
    /// item's indentation when the item starts its line.
    private func separator(before start: Int) -> String {
        let lineStart = source.utf16.prefix(start).lastIndex(of: 10).map { source.utf16.distance(from: source.utf16.startIndex, to: $0) + 1 } ?? 0
        let indent = String(source.utf16.dropFirst(lineStart).prefix(start - lineStart)) ?? ""
        return !indent.isEmpty && indent.allSatisfy({ $0 == " " || $0 == "\t" }) ? ",\n" + indent : ", "
    }

    private func edit(_ utf16: Range<Int>, _ text: String) -> SourceEdit {
        SourceEdit(range: AbsolutePosition(utf8Offset: utf8(utf16.lowerBound))..<AbsolutePosition(utf8Offset: utf8(utf16.upperBound)), replacement: text)
    }

    private func utf8(_ utf16: Int) -> Int {
        let index = source.utf16.index(source.utf16.startIndex, offsetBy: min(utf16, source.utf16.count))
        return source.utf8.distance(from: source.utf8.startIndex, to: index)
    }

    /// 1-based line, UTF-8 column and UTF-16 column of a UTF-16 offset in the TSX.
    func location(_ utf16: Int) -> (line: Int, column: Int, utf16Column: Int) {
        let prefix = source.utf16.prefix(min(utf16, source.utf16.count))
        let line = 1 + prefix.lazy.filter { $0 == 10 }.count
        let lineStart = prefix.lastIndex(of: 10).map { prefix.index(after: $0) } ?? prefix.startIndex
        let text = String(prefix[lineStart...]) ?? ""
        return (line, text.utf8.count + 1, prefix.distance(from: lineStart, to: prefix.endIndex) + 1)
    }

    /// The UTF-8 offset in the Swift of a finding's line and column.
    private func swiftOffset(line: Int, column: Int) -> Int {
        var offset = 0, current = 1
        for byte in swift.text.utf8 {
            if current == line { break }
            offset += 1
            if byte == 10 { current += 1 }
        }
        return offset + column - 1
    }
}

extension LintFinding {
    /// The same finding with other edits (fixable when there are some).
    func withEdits(_ edits: [SourceEdit]) -> LintFinding {
        LintFinding(file: file, rule: rule, ruleName: ruleName, snapshotRule: snapshotRule, severity: severity,
                    line: line, column: column, utf16Column: utf16Column, endLine: endLine, endUTF16Column: endUTF16Column,
                    message: message, fix: fix, fixable: !edits.isEmpty, edits: edits, scope: scope)
    }
}

/// `replay lint`'s front end for React Native: TSX, JSX and TypeScript files that
/// import `@expo/ui/swift-ui` are read by TypeScript's compiler (run by Node), and
/// their views handed to the same evaluation as Swift (docs/lint.md, "Expo").
public enum ExpoFrontEnd {
    /// The extensions read.
    public static let extensions: Set<String> = ["tsx", "jsx", "ts", "js"]
    /// The module whose views are SwiftUI.
    static let module = "@expo/ui/swift-ui"

    /// Whether `path` is a file the front end reads (a declaration file `.d.ts` is not).
    public static func reads(_ path: String) -> Bool {
        extensions.contains((path as NSString).pathExtension) && !path.hasSuffix(".d.ts")
    }

    /// What reading the candidate files gave.
    struct Loaded {
        var files: [ExpoFile] = []
        var warnings: [LintWarning] = []
        /// Files that import the module but could not be read here (no Node, no TypeScript).
        var skipped: [String] = []
        var reason: String?
    }

    /// Reads the files that import `@expo/ui/swift-ui`; the others are not linted.
    static func load(_ candidates: [String], toolchain: Result<ExpoToolchain, ExpoUnavailable>? = nil) -> Loaded {
        var loaded = Loaded()
        var texts: [(String, String)] = []
        for file in candidates {
            do {
                let text = try SourceFiles.read(file)
                if text.contains(module) { texts.append((file, text)) }
            } catch let error as LintInputError {
                loaded.warnings.append(LintWarning(file: file, line: 1, message: "\(error.message); replay lint skipped this file"))
            } catch {}
        }
        guard !texts.isEmpty else { return loaded }
        let result = (toolchain ?? ExpoToolchain.find(for: texts.map(\.0))).flatMap { ExpoTree.read(texts.map(\.0), with: $0) }
        switch result {
        case .failure(let why):
            loaded.skipped = texts.map(\.0)
            loaded.reason = why.reason
        case .success(let trees):
            for ((file, text), json) in zip(texts, trees) {
                if case .string(let message)? = json["error"] {
                    loaded.warnings.append(LintWarning(file: file, line: 1, message: "the TSX reader failed: \(message); replay lint skipped this file"))
                } else if json["expo"] == .bool(true) {
                    let expo = ExpoFile(file: file, source: text, tree: json)
                    loaded.files.append(expo)
                    if let at = json["syntaxError"]?["pos"].int {
                        let place = expo.location(at)
                        loaded.warnings.append(LintWarning(
                            file: file, line: place.line, column: place.column,
                            message: "not valid TSX from here (\(json["syntaxError"]?["message"].text ?? "a syntax error")); replay lint read what TypeScript's parser recovered, so its findings may be incomplete"))
                    }
                }
            }
        }
        return loaded
    }

    /// A TSX file's findings on its Swift, moved to the TSX; a finding its
    /// variants repeat (one `if` branch per way the modifiers are built) once.
    static func translate(_ findings: [LintFinding], of file: ExpoFile) -> [LintFinding] {
        var seen = Set<String>()
        let lines = file.source.split(separator: "\n", omittingEmptySubsequences: false)
        return findings.map(file.translate)
            .filter { !silenced($0, lines: lines) }
            .filter { seen.insert("\($0.rule) \($0.line) \($0.column) \($0.message)").inserted }
            .sorted { ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule) }
    }

    /// `// replay-lint:disable L1` (or `{/* replay-lint:disable L1 */}` in JSX) at the end of
    /// the finding's line, or alone on the line before it, as in Swift.
    static func silenced(_ f: LintFinding, lines: [Substring]) -> Bool {
        func rules(_ line: Substring) -> (rules: Set<String>, alone: Bool)? {
            guard let marker = line.range(of: Suppressions.marker) else { return nil }
            let before = line[..<marker.lowerBound]
            guard let opening = before.range(of: "//") ?? before.range(of: "/*") else { return nil }
            let names = line[marker.upperBound...].split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                .map(String.init).prefix(while: { $0.first == "L" && Int($0.dropFirst()) != nil })
            let code = before[..<opening.lowerBound].trimmingCharacters(in: .whitespaces)
            return (Set(names), code.isEmpty || code == "{")
        }
        if f.line <= lines.count, let own = rules(lines[f.line - 1]), own.rules.contains(f.rule) { return true }
        if f.line >= 2, let above = rules(lines[f.line - 2]), above.alone, above.rules.contains(f.rule) { return true }
        return false
    }

    /// The fixable findings of one TSX file applied to its text; the import the
    /// fixes need is written once, after them (it precedes every other edit, at the imports).
    static func apply(_ findings: [LintFinding], to source: String) -> (text: String, fixed: Int) {
        let fixable = findings.filter { $0.fixable && ["L1", "L2", "L8"].contains($0.rule) }
        let groups = fixable.map { $0.edits.filter { !isImport($0) } }.filter { !$0.isEmpty }
        let (text, fixed) = SourceFiles.apply(groups, to: source)
        guard fixed > 0 else { return (source, 0) }
        var seen = Set<String>()
        let imports = fixable.flatMap { $0.edits.filter(isImport) }
            .filter { seen.insert("\($0.range.lowerBound.utf8Offset) \($0.replacement)").inserted }
            .sorted { $0.range.lowerBound > $1.range.lowerBound }
        var bytes = Array(text.utf8)
        for e in imports where e.range.lowerBound.utf8Offset <= bytes.count {
            bytes.insert(contentsOf: Array(e.replacement.utf8), at: e.range.lowerBound.utf8Offset)
        }
        return (String(decoding: bytes, as: UTF8.self), fixed)
    }

    /// An edit that adds names to the imports (`, contentShape, shapes` or an import line): no call in it.
    static func isImport(_ e: SourceEdit) -> Bool {
        e.range.isEmpty && !e.replacement.isEmpty && !e.replacement.contains("(")
    }
}
