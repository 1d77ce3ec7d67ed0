import Foundation
import SourceLint
import Testing

/// A snippet written as the body of a view, with `↓` marking where findings point.
struct Snippet {
    let source: String
    /// (line, column) of each `↓`, after the markers are removed.
    let markers: [Location]

    struct Location: Hashable, CustomStringConvertible {
        let line: Int, column: Int
        var description: String { "\(line):\(column)" }
    }

    static let prefix = "import SwiftUI\n\nstruct Example: View {\n    var body: some View {\n"
    static let suffix = "\n    }\n}\n"

    init(_ code: String) {
        let indented = code.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n")
        var text = ""
        var markers: [Location] = []
        var line = 1, column = 1
        for ch in Snippet.prefix + indented + Snippet.suffix {
            if ch == "↓" { markers.append(Location(line: line, column: column)); continue }
            text.append(ch)
            if ch == "\n" { line += 1; column = 1 } else { column += String(ch).utf8.count }
        }
        source = text
        self.markers = markers
    }
}

func lint(_ code: String, disabled: Set<String> = []) -> [LintFinding] {
    Linter(disabled: disabled).lint(source: Snippet(code).source, file: "Example.swift")
}

/// Checks one rule's examples: each triggering snippet yields this rule's
/// findings exactly at its markers, each non-triggering snippet none.
func checkExamples(of rule: any LintRule, sourceLocation: SourceLocation = #_sourceLocation) {
    let linter = Linter()
    for example in rule.triggeringExamples {
        let snippet = Snippet(example)
        #expect(!snippet.markers.isEmpty, "\(rule.id) triggering example without a ↓ marker:\n\(example)", sourceLocation: sourceLocation)
        let found = linter.lint(source: snippet.source, file: "Example.swift").filter { $0.rule == rule.id }
        let at = Set(found.map { Snippet.Location(line: $0.line, column: $0.column) })
        #expect(at == Set(snippet.markers) && found.count == snippet.markers.count,
                "\(rule.id) should trigger at \(snippet.markers), found \(found.map { "\($0.line):\($0.column) \($0.message)" }) in:\n\(example)",
                sourceLocation: sourceLocation)
    }
    for example in rule.nonTriggeringExamples {
        let found = linter.lint(source: Snippet(example).source, file: "Example.swift").filter { $0.rule == rule.id }
        #expect(found.isEmpty, "\(rule.id) should not trigger, found \(found.map(\.message)) in:\n\(example)", sourceLocation: sourceLocation)
    }
    // Corrections: the `before` triggers the rule; `--fix` turns it into `after`, which does not.
    for correction in rule.corrections {
        let before = Snippet(correction.before), after = Snippet(correction.after)
        #expect(linter.lint(source: before.source, file: "Example.swift").contains { $0.rule == rule.id },
                "\(rule.id) correction: the before does not trigger:\n\(correction.before)", sourceLocation: sourceLocation)
        do {
            let (fixed, _) = try SourceFiles.fixed(source: before.source, file: "Example.swift", with: linter)
            #expect(fixed == after.source, "\(rule.id) correction: --fix wrote\n\(fixed)\nnot\n\(after.source)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(rule.id) correction: \(error)", sourceLocation: sourceLocation)
        }
        #expect(!linter.lint(source: after.source, file: "Example.swift").contains { $0.rule == rule.id },
                "\(rule.id) correction: the after still triggers:\n\(correction.after)", sourceLocation: sourceLocation)
    }
}
