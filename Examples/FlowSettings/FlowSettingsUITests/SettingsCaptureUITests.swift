import XCTest

/// Captures the settings screen and records a session of taps where people
/// tap: the middle of each row. The app writes the files into its
/// Documents/TapReplay/; the workflow copies them out with `xcrun simctl
/// get_app_container` into captures/ and traces/ (docs/capture.md).
final class SettingsCaptureUITests: XCTestCase {
    @MainActor
    func testCaptureSettingsAndTapEachRowInTheMiddle() throws {
        let app = XCUIApplication()
        app.launchEnvironment["SWIFTUI_VIEW_DEBUG"] = "31"     // before the first view graph: SwiftUI keeps its debug data
        app.launchEnvironment["TAPREPLAY_CAPTURE"] = "1"       // the app writes each screen's capture bundle
        app.launchEnvironment["TAPREPLAY_RECORD"] = "uitest"   // and records every touch
        app.launch()

        let status = app.staticTexts["status"]
        XCTAssertTrue(status.waitForExistence(timeout: 10))
        let captured = expectation(for: NSPredicate(format: "label == %@", "Last action: captured"), evaluatedWith: status)
        wait(for: [captured], timeout: 10)

        // The middle of each row, between its label and its chevron.
        let middle = app.windows.firstMatch.frame.midX
        for title in ["Flow Meter", "Units"] {
            let label = app.staticTexts.matching(NSPredicate(format: "label == %@", title)).firstMatch
            XCTAssertTrue(label.waitForExistence(timeout: 5))
            label.coordinate(withNormalizedOffset: CGVector(dx: 0, dy: 0.5))
                .withOffset(CGVector(dx: middle - label.frame.minX, dy: 0))
                .tap()
        }
        // The row with contentShape responds in its middle. Whether the Flow Meter row
        // did is what the trace's `fired` events record and `replay` predicts.
        XCTAssertEqual(status.label, "Last action: openUnits")

        app.buttons["save"].tap()
        XCTAssertEqual(status.label, "Last action: save")
    }
}
