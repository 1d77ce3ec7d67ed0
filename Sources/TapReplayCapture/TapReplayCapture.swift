import Foundation

/// The capture kit: screens as capture bundles and touches as traces, written
/// into the app's `Documents/TapReplay/`. Link it in debug builds and UI tests
/// only. On Apple platforms `captureScreen(_:)`, `startRecording(screen:)` and
/// the SwiftUI modifier `.tapReplayScreen(_:)` are added by the UIKit glue.
public enum TapReplayCapture {
    /// The folder files go to: `Documents/TapReplay/` of the app.
    public static var directory: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        return documents.appendingPathComponent("TapReplay", isDirectory: true)
    }
}
