import ArgumentParser
import Foundation
import SourceLint
import SourceLintReports

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find the hit-testing traps in SwiftUI source (L1–L7): a hollow row, contentShape after the gesture, an overlay over the tap, ...",
        discussion: """
        Reads .swift files (folders are searched; hidden folders such as .build are skipped) and follows each \
        modifier chain in source order. Prints file:line:column: rule: message (fix: …).
        Exit status: 0 nothing found, 1 findings, 2 a path cannot be read, 64 usage.
        Silence one finding with // replay-lint:disable L2 on the line before or at the end of the line.

        Rules: L1 hollow tap target, L2 shape after gesture, L3 wrong shape kind, L4 overlay over the tap, \
        L5 double tap delays single, L6 tap on nothing, L7 clipped is not a hit mask (docs/lint.md).

        Examples:
          replay lint Traces/source
          replay lint Traces/source --sarif > lint.sarif
          replay lint Traces/source/SettingsRow.swift --disable L4,L5 --json
          cp -r Traces/source /tmp/rows && replay lint /tmp/rows --fix
        """)

    @Argument(help: "Swift files and folders.") var paths: [String]
    @Flag(help: "Print JSON and nothing else on stdout.") var json = false
    @Flag(help: "Print SARIF 2.1.0 (for code scanning) and nothing else on stdout.") var sarif = false
    @Option(help: ArgumentHelp("Rules to leave out, comma-separated.", valueName: "L1,…")) var disable: String?
    @Flag(help: "Rewrite the files: apply L1's and L2's fixes (write or move .contentShape before the gesture), then report what is left.")
    var fix = false

    var disabled: Set<String> {
        Set((disable ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.filter { !$0.isEmpty })
    }

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name at least one Swift file or folder") }
        if json && sarif { throw ValidationError("--json and --sarif cannot be used together") }
        let unknown = disabled.subtracting(LintRules.ids)
        if !unknown.isEmpty {
            throw ValidationError("--disable: unknown rule \(unknown.sorted().joined(separator: ", ")); the rules are \(LintRules.ids.joined(separator: ", "))")
        }
    }

    func run() throws {
        try runReportingInputErrors {
            let linter = Linter(disabled: disabled)
            let (paths, fix) = (self.paths, self.fix)
            let (files, findings): ([String], [LintFinding])
            do {
                (files, findings) = try SourceFiles.onLargeStack {
                    let files = try SourceFiles.collect(paths)
                    if files.isEmpty { Console.progress("replay lint: no .swift files in \(paths.joined(separator: ", "))") }
                    if fix {
                        var fixed = 0, changed = 0
                        for file in files {
                            let n = try SourceFiles.fix(file, with: linter)
                            fixed += n
                            if n > 0 { changed += 1 }
                        }
                        Console.progress("replay lint: fixed \(fixed) finding\(fixed == 1 ? "" : "s") in \(changed) file\(changed == 1 ? "" : "s")")
                    }
                    var all: [LintFinding] = []
                    for file in files {
                        let (found, broken) = try SourceFiles.lintNotingSyntaxErrors(file, with: linter)
                        if broken { Console.progress("replay lint: warning: \(file) is not valid Swift (syntax errors); its findings may be incomplete") }
                        all += found
                    }
                    return (files, all)
                }
            } catch let e as LintInputError {
                throw InputError(e.description)
            }
            if json {
                Console.out(LintJSONReport.json(findings, files: files.count))
            } else if sarif {
                let root = FileManager.default.currentDirectoryPath
                Console.out(LintSARIFReport.json(findings, root: root, rules: linter.rules))
            } else {
                Console.out(LintTextReport.render(findings))
                if !findings.isEmpty {
                    Console.progress("\(findings.count) finding\(findings.count == 1 ? "" : "s") in \(Set(findings.map(\.file)).count) of \(files.count) files")
                }
            }
            if !findings.isEmpty { throw ExitCode(1) }
        }
    }
}
