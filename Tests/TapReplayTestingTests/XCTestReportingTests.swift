import TapReplayCapture
import TapReplayTesting
import XCTest

/// assertTappable inside an XCTest test: its failures go to XCTFail, at the assertion's file and line.
final class XCTestReportingTests: XCTestCase {
    /// The failures this test recorded, kept instead of failing it.
    private var recorded: [(description: String, file: String, line: Int)] = []
    private var keepFailures = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if keepFailures {
            recorded.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// XCTest runs its tests on the main thread (corelibs-xctest cannot call `@MainActor` test methods).
    func testTheHollowRowFailsThroughXCTFailAtTheAssertionsLine() throws {
        XCTAssertEqual(TestIssues.running, .xcTest)
        keepFailures = true
        let line = #line + 2
        let audit = try MainActor.assumeIsolated {
            assertTappable(capturing: [try SettingsCapture.window(hollowFlowMeter: true)], environment: SettingsCapture.environment, screen: "Settings")
        }
        keepFailures = false
        let failures = try XCTUnwrap(audit).failures
        XCTAssertEqual(recorded.count, failures.count)
        XCTAssertEqual(recorded.map(\.file), Array(repeating: #filePath, count: failures.count))
        XCTAssertEqual(recorded.map(\.line), Array(repeating: line, count: failures.count))
        let first = try XCTUnwrap(recorded.first).description
        XCTAssertTrue(first.contains("Settings: A1 hollow target on row.flowMeter: 47.3%\n"), first)
        XCTAssertTrue(first.hasSuffix("\nfix: write .contentShape(Rectangle()) before .onTapGesture on row.flowMeter"), first)
    }

    func testTheGoodScreenRecordsNoFailure() throws {
        keepFailures = true
        let audit = try MainActor.assumeIsolated {
            assertTappable(capturing: [try SettingsCapture.window(hollowFlowMeter: false)], environment: SettingsCapture.environment,
                           screen: "Settings")
        }
        keepFailures = false
        XCTAssertEqual(recorded.count, 0)
        XCTAssertEqual(audit?.passed, true)
    }
}
