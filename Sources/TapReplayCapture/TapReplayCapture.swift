import Foundation

/// The capture kit: screens as capture bundles and touches as traces, written
/// into the app's `Documents/TapReplay/`. Link it in debug builds and UI tests
/// only. On Apple platforms `captureScreen(_:captureText:)`,
/// `startRecording(screen:source:)` and the SwiftUI modifier
/// `.tapReplayScreen(_:)` are added by the UIKit glue; `fired(_:)` is here, so
/// shared code that calls it builds everywhere.
public enum TapReplayCapture {
    /// The folder files go to: `Documents/TapReplay/` of the app.
    public static var directory: URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        return documents.appendingPathComponent("TapReplay", isDirectory: true)
    }

    /// Records that the app ran `action` now: call it from the handler a tap
    /// runs (`Button { TapReplayCapture.fired("openFlowMeter"); … }`). The
    /// trace gets `{"t": …, "fired": "openFlowMeter"}`, which `replay verify`
    /// compares with what the engine predicts for the touch before it. Does
    /// nothing when no recording is running.
    @MainActor public static func fired(_ action: String) {
        Recording.recorder?.fired(action, at: ProcessInfo.processInfo.systemUptime)
    }
}

/// The recording in progress. The UIKit glue starts and stops it; the clock of
/// `fired(_:)`, `ProcessInfo.systemUptime`, is the clock of `UIEvent.timestamp`
/// (seconds since the system started, sleep excluded).
@MainActor enum Recording {
    static var recorder: TraceRecorder?
    /// The screen given to `startRecording(screen:)`; else the `.tapReplayScreen` name; else the top view controller.
    static var fixedScreen: String?
    static var namedScreen: String?
    /// A secure text input is being edited (from UIKit's editing notifications).
    static var secureTextEditing = false
}
