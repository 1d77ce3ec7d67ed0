import TapReplayTesting
import XCTest

/// Audits the settings screen on display with every rule of `replay audit`
/// (docs/testing.md). The Flow Meter row lost its `contentShape`, so the
/// assertion fails on it; the Units row has it and fails nothing.
final class SettingsTappableUITests: XCTestCase {
    @MainActor
    func testSettingsRowsAreTappable() throws {
        let app = XCUIApplication()
        app.prepareForAssertTappable()   // before launch: where the app answers, and SWIFTUI_VIEW_DEBUG=31
        app.launch()
        XCTAssertTrue(app.staticTexts["status"].waitForExistence(timeout: 10))

        // The example keeps its hollow row to show the failure, so the failure is
        // expected here; a team's own test is the one line `assertTappable(app, screen: "Settings")`.
        var audit: TappableAudit?
        XCTExpectFailure("the Flow Meter row has no contentShape: a tap between its label and its chevron does nothing") {
            audit = assertTappable(app, screen: "Settings")
        }
        let found = try XCTUnwrap(audit, "the app did not answer with its screen")

        // SwiftUI may keep no identifier strings in its debug data, so each row is
        // found where XCUITest shows it: its middle, between its label and its chevron.
        let flowMeter = middleOfRow("Flow Meter", in: app), units = middleOfRow("Units", in: app)
        let hollow = found.failures(atX: Double(flowMeter.x), y: Double(flowMeter.y))
        XCTAssertTrue(hollow.contains { $0.rule == "A1" }, "no A1 (hollow target) on the Flow Meter row: \(found.failures.map(\.rule))")
        XCTAssertEqual(found.failures(atX: Double(units.x), y: Double(units.y)).map(\.rule), [], "the Units row has its contentShape")
    }

    /// The middle of the row titled `title`, in window points.
    @MainActor
    private func middleOfRow(_ title: String, in app: XCUIApplication) -> CGPoint {
        let label = app.staticTexts.matching(NSPredicate(format: "label == %@", title)).firstMatch
        XCTAssertTrue(label.waitForExistence(timeout: 5))
        return CGPoint(x: app.windows.firstMatch.frame.midX, y: label.frame.midY)
    }
}
