import Foundation
import TapReplayTesting
import Testing

/// The app's own test: audits a capture bundle the kit wrote (on a simulator,
/// `assertTappable(SettingsScreen(), size:)` captures it in memory instead).
@Test func settingsCaptureIsTappable() throws {
    let bundle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Settings.capture.json")
    guard let data = FileManager.default.contents(atPath: bundle.path) else { return }
    assertTappable(bundle: data, options: TappableOptions(skip: ["A6"]))
}
