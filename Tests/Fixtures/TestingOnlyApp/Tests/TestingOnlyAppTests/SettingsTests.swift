// The app's own test on any machine: it audits the capture bundle the kit
// wrote beside it. On a simulator, `assertTappable(SettingsScreen(), size:)`
// captures the screen in memory instead (docs/testing.md).
import Foundation
import TapReplayTesting
import Testing

@Test func settingsRowsAreTappable() throws {
    let bundle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Settings.capture.json")
    assertTappable(bundle: try Data(contentsOf: bundle))
}
