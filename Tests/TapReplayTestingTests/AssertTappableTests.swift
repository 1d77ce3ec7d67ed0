import Audit
import Converters
import Foundation
import TapModel
import TapReplayCapture
import TapReplayTesting
import TestSupport
import Testing

@Suite("assertTappable through the kit's fakes: one failure per unwaived error, with node, value, fix, at the assertion")
struct AssertTappableTests {
    @MainActor @Test("The hollow Flow Meter row fails at the assertion's line with its node, value and fix; the good Units row does not")
    func hollowRowFails() throws {
        let window = try SettingsCapture.window(hollowFlowMeter: true)
        var audit: TappableAudit?
        let line = #line + 2
        let issues = recordedIssues {
            audit = assertTappable(capturing: [window], environment: SettingsCapture.environment, screen: "Settings")
        }
        // Its gap is dead (A1), near its lower edge the touch binds to the Units row below (A5), so people miss it (A10): all on the Flow Meter row.
        let failures = try #require(audit).failures
        #expect(failures.map(\.rule) == ["A1", "A5", "A10"] && failures.allSatisfy { $0.node == "row.flowMeter" })
        try #require(issues.count == failures.count, "\(issues.map(\.text))")
        for (issue, finding) in zip(issues, failures) {
            let text = issue.text.components(separatedBy: "\n")
            #expect(text == [
                "Settings: \(finding.rule) \(AuditRules.rule(finding.rule)!.name) on row.flowMeter: \(AuditContext.percent(finding.value))",
                finding.message, "fix: " + finding.fix,
            ])
            let location = try #require(issue.sourceLocation)
            #expect(location.fileID == "TapReplayTestingTests/AssertTappableTests.swift" && location.line == line)
            #expect(location.column == 35, "column \(location.column)")  // #column as a default argument: the call's opening parenthesis
            #expect(location.filePath == "\(#filePath)")
        }
        #expect(issues[0].text.hasPrefix("Settings: A1 hollow target on row.flowMeter: 47.3%\n"))
        #expect(issues[0].text.hasSuffix("\nfix: write .contentShape(Rectangle()) before .onTapGesture on row.flowMeter"))
        #expect(issues[0].text.contains("no contentShape before it") && issues[0].text.contains("is dead (S2)"))
        #expect(!failures.contains { $0.node == "row.units" })
    }

    @MainActor @Test("The good screen (every row with its contentShape) records no issue")
    func goodScreenPasses() throws {
        let audit = try #require(assertTappable(capturing: [try SettingsCapture.window(hollowFlowMeter: false)],
                                                environment: SettingsCapture.environment, screen: "Settings"))
        #expect(audit.passed && audit.failures.isEmpty)
        #expect(audit.result.targets.map(\.node).contains("row.flowMeter"))
        #expect(audit.snapshot.screen == "Settings" && audit.snapshot.device.os == "iOS 18.1")
    }

    @Test("assertTappable(bundle:) finds what replay convert and replay audit find in the same bundle")
    func sameAsTheCommandLine() throws {
        let data = try SettingsCapture.data(hollowFlowMeter: true)
        var tested: TappableAudit?
        let issues = recordedIssues { tested = assertTappable(bundle: data) }
        let audit = try #require(tested)
        let converted = try Converter.convert(data).snapshot
        #expect(audit.result.findings == Auditor.audit(converted).findings)
        #expect(audit.snapshot.nodes.map(\.id) == converted.nodes.map(\.id))
        #expect(issues.count == audit.failures.count && audit.snapshot.screen == "Settings")
    }

    @MainActor @Test("A waiver in code or in a waivers file (replay audit's format) turns the failure into a waived finding in the log")
    func waivers() throws {
        let window = try SettingsCapture.window(hollowFlowMeter: true)
        let waivers = ["A1", "A5", "A10"].map { Waiver(rule: $0, node: "row.flowMeter", why: "the redesign lands next sprint") }
        let inCode = try #require(assertTappable(capturing: [window], environment: SettingsCapture.environment, screen: "Settings",
                                                 options: TappableOptions(waivers: waivers)))
        #expect(inCode.passed && inCode.result.findings.filter { $0.waived }.map(\.rule) == ["A1", "A5", "A5", "A10"])
        #expect(TappableReport.log(inCode).contains("  waived A1 hollow target on row.flowMeter: 47.3%\n"))
        #expect(TappableReport.log(inCode).contains("      waived (error): the redesign lands next sprint\n"))
        let temp = TemporaryFolder("tapreplay-testing")
        let file = temp.file("waivers.json", """
            [{ "rule": "A1", "node": "row.flowMeter", "why": "next sprint" },
             { "rule": "A5", "node": "row.flowMeter", "why": "next sprint" },
             { "rule": "A10", "node": "row.flowMeter", "why": "next sprint" }]
            """)
        let fromFile = try #require(assertTappable(capturing: [window], environment: SettingsCapture.environment, screen: "Settings",
                                                   options: TappableOptions(waiversFile: file)))
        #expect(fromFile.passed)
        // A relative path is taken from the test file's folder.
        let relative = try TappableAuditor.audit(bundle: try SettingsCapture.data(hollowFlowMeter: true), screen: nil,
                                                 options: TappableOptions(waiversFile: "waivers.json"),
                                                 testFolder: URL(fileURLWithPath: temp.path)).get()
        #expect(relative.passed)
    }

    @MainActor @Test("A waivers file that is not in replay audit's format fails with its file and line; a missing one with its path")
    func badWaivers() throws {
        let temp = TemporaryFolder("tapreplay-testing")
        let file = temp.file("waivers.json", "[\n  { \"rule\": \"A1\", \"node\": \"row.flowMeter\" }\n]")
        let issues = recordedIssues {
            assertTappable(capturing: [try! SettingsCapture.window(hollowFlowMeter: false)], environment: SettingsCapture.environment,
                           screen: "Settings", options: TappableOptions(waiversFile: file))
        }
        #expect(issues.map(\.text) == ["Settings: \(file):2: $[0]: missing \"why\""])
        let missing = recordedIssues {
            assertTappable(capturing: [try! SettingsCapture.window(hollowFlowMeter: false)], environment: SettingsCapture.environment,
                           screen: "Settings", options: TappableOptions(waiversFile: temp.path + "/none.json"))
        }
        #expect(missing.map(\.text) == ["Settings: \(temp.path)/none.json: cannot read the waivers file"])
    }

    @MainActor @Test("Skipping A1, A5 and A10 passes the hollow row; an unknown rule fails with a did-you-mean and the rule list")
    func skip() throws {
        let window = try SettingsCapture.window(hollowFlowMeter: true)
        let skipped = try #require(assertTappable(capturing: [window], environment: SettingsCapture.environment, screen: "Settings",
                                                  options: TappableOptions(skip: ["A1", "A5", "A10"])))
        #expect(skipped.passed && !skipped.result.findings.contains { ["A1", "A5", "A10"].contains($0.rule) })
        let issues = recordedIssues {
            assertTappable(capturing: [window], environment: SettingsCapture.environment, screen: "Settings",
                           options: TappableOptions(skip: ["A1", "A5", "A10", "a3"]))
        }
        let ids = AuditRules.all.map { rule in rule.id }.joined(separator: ", ")
        #expect(issues.map(\.text) == ["Settings: options.skip: unknown rule 'a3' (did you mean 'A3'?); the rules are \(ids)"])
    }

    @MainActor @Test("minimumPredictedSuccess is A10's error threshold: a target predicted below it fails, none at or above; outside 0…1 it fails")
    func minimumPredictedSuccess() throws {
        let window = try SettingsCapture.window(hollowFlowMeter: false)
        let lenient = try #require(assertTappable(capturing: [window], environment: SettingsCapture.environment, screen: "Settings",
                                                  options: TappableOptions(minimumPredictedSuccess: 0.95)))
        #expect(lenient.passed)
        var strict: TappableAudit?
        let issues99 = recordedIssues {
            strict = assertTappable(capturing: [window], environment: SettingsCapture.environment, screen: "Settings",
                                    options: TappableOptions(minimumPredictedSuccess: 0.99))
        }
        let failing = try #require(strict).failures
        // The good build's rows are predicted at 98.5 % to 100 %: the toggle, beside the units row, is under 99 %.
        #expect(!failing.isEmpty && failing.allSatisfy { $0.rule == "A10" && $0.value > 0.01 })
        #expect(issues99.count == failing.count)
        let predictedBelow = try #require(strict).result.findings.filter { $0.rule == "A10" && $0.value > 0.01 }
        #expect(Set(predictedBelow.map(\.node)) == Set(failing.map(\.node)))
        let issues = recordedIssues {
            assertTappable(capturing: [window], environment: SettingsCapture.environment, screen: "Settings",
                           options: TappableOptions(minimumPredictedSuccess: 95))
        }
        #expect(issues.map(\.text) == ["Settings: options.minimumPredictedSuccess must be a fraction between 0 and 1 (it is 95.0)"])
    }

    @MainActor @Test("A hosting view without SwiftUI's debug data fails, saying to set SWIFTUI_VIEW_DEBUG, instead of passing unaudited")
    func noDebugData() throws {
        let window = try SettingsCapture.window(hollowFlowMeter: true)
        for host in window.captureSubviews {
            (host as? FakeView)?.captureSwiftUIDebugData = nil
            (host as? FakeView)?.captureSubviews = [FakeView("UIView", [0, 0, 10, 10])]  // a platform view inside does not count as content
        }
        let issues = recordedIssues {
            assertTappable(capturing: [window], environment: SettingsCapture.environment, screen: "Settings")
        }
        try #require(issues.count == 1)
        #expect(issues[0].text.hasPrefix("Settings: SwiftUI kept no debug data for UIWindow/UIHostingView, so its content cannot be audited: set SWIFTUI_VIEW_DEBUG=31"))
    }

    @Test("A capture that is not a bundle fails with the converter's message")
    func unreadableBundle() {
        let issues = recordedIssues { assertTappable(bundle: Data("{\"format\": \"tapreplay-capture\", \"version\": 2}".utf8), screen: "S") }
        #expect(issues.map(\.text) == ["S: the capture could not be converted: line 1: version: unsupported capture bundle version (this tool reads version 1)"])
    }

    @MainActor @Test("device.os and app.sdk of the simulator reach the snapshot: they choose the touch-binding profile")
    func profileInputs() throws {
        var environment = SettingsCapture.environment
        environment.os = "iOS 26.1"
        environment.appSDK = "iOS 26.0"
        let audit = try #require(assertTappable(capturing: [try SettingsCapture.window(hollowFlowMeter: false)], environment: environment,
                                                screen: "Settings"))
        #expect(audit.snapshot.device.os == "iOS 26.1" && audit.snapshot.app.sdk == "iOS 26.0")
        #expect(audit.device == "device.os iOS 26.1, app.sdk iOS 26.0")
    }

    @Test("Inside a Swift Testing test failures go to Issue.record")
    func framework() {
        #expect(TestIssues.running == .swiftTesting)
    }
}
