import Foundation
import Testing

@Suite("replay lint on Expo TSX, end to end")
struct LintExpoCommandTests {
    static let swiftRow = """
        import SwiftUI
        struct AlertsRow: View {
            var body: some View {
                HStack { Text("Alerts"); Spacer() }.onTapGesture { open() }
            }
        }

        """
    static let tsxRow = """
        import { HStack, Text, Spacer } from '@expo/ui/swift-ui';
        import { onTapGesture } from '@expo/ui/swift-ui/modifiers';

        export const Row = ({ open }: { open: () => void }) => (
          <HStack modifiers={[onTapGesture(open)]}><Text>Alerts</Text><Spacer /></HStack>
        );

        """

    @Test("Without Node, TSX files that use @expo/ui/swift-ui are listed as skipped once on stderr and the exit status is the Swift files' own")
    func skippedOnceWithoutNode() throws {
        let dir = Scratch()
        _ = dir.file("AlertsRow.swift", Self.swiftRow)
        _ = dir.file("Row.tsx", Self.tsxRow)
        _ = dir.file("Other.tsx", Self.tsxRow)
        let swiftOnly = Scratch()
        _ = swiftOnly.file("AlertsRow.swift", Self.swiftRow)
        let without = try Replay.run(["lint", dir.path], env: ["REPLAY_LINT_NODE": "/nonexistent/node"])
        let alone = try Replay.run(["lint", swiftOnly.path])
        #expect(without.status == alone.status && without.status == 1)
        #expect(without.stdout.split(separator: "\n").count == 1 && without.stdout.contains("AlertsRow.swift"))
        #expect(without.stderr.components(separatedBy: "skipped 2 files that use @expo/ui/swift-ui").count == 2)
        #expect(without.stderr.contains("Row.tsx") && without.stderr.contains("Other.tsx"))
        let clean = Scratch()
        _ = clean.file("Row.tsx", Self.tsxRow)
        let onlySkipped = try Replay.run(["lint", clean.path], env: ["REPLAY_LINT_NODE": "/nonexistent/node"])
        #expect(onlySkipped.status == 0 && onlySkipped.stdout.isEmpty)
    }

    @Test("With Node and TypeScript, a TSX finding prints as path:line:column: error: … [L1] at onTapGesture", .enabled(if: ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: "/usr/share/nodejs/typescript")))
    func tsxFinding() throws {
        let dir = Scratch()
        let file = dir.file("Row.tsx", Self.tsxRow)
        let r = try Replay.run(["lint", file])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix(file + ":5:23: error: hollow tap target: HStack's onTapGesture"))
        #expect(r.stdout.hasSuffix("[L1]\n"))
    }

    @Test("--eslint prints ESLint's json formatter's shape: one entry per file, ruleId replay-lint/L1, severity 2, UTF-16 columns", .enabled(if: ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: "/usr/share/nodejs/typescript")))
    func eslintFormat() throws {
        let dir = Scratch()
        _ = dir.file("Row.tsx", Self.tsxRow)
        _ = dir.file("AlertsRow.swift", Self.swiftRow)
        let r = try Replay.run(["lint", dir.path, "--eslint"])
        #expect(r.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(json.count == 2)
        let tsx = try #require(json.first { ($0["filePath"] as? String)?.hasSuffix("/Row.tsx") == true })
        #expect((tsx["filePath"] as? String)?.hasPrefix("/") == true)
        #expect(tsx["errorCount"] as? Int == 1 && tsx["warningCount"] as? Int == 0)
        let message = try #require((tsx["messages"] as? [[String: Any]])?.first)
        #expect(message["ruleId"] as? String == "replay-lint/L1")
        #expect(message["severity"] as? Int == 2)
        #expect(message["line"] as? Int == 5 && message["column"] as? Int == 23)
        #expect((message["message"] as? String)?.contains("fix: write contentShape(shapes.rectangle())") == true)
        #expect(try Replay.run(["lint", dir.path, "--eslint", "--json"]).status == 64)
    }
}
