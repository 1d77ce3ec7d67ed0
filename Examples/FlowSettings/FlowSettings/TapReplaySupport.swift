// The capture kit's wiring: copy this file into your app target as it is.
//
// Debug builds only: in a release build every function here does nothing and
// nothing refers to TapReplayCapture, so the kit is not in the shipped app
// (docs/capture.md, "Privacy"). The UI test turns the parts on with launch
// environment variables:
//   TAPREPLAY_CAPTURE=1        write each screen's capture bundle once it is laid out
//   TAPREPLAY_RECORD=uitest    record every touch into traces (source "uitest"; "device" by hand)
// and sets SWIFTUI_VIEW_DEBUG=31 so that SwiftUI keeps the debug data the bundle embeds.
import SwiftUI
#if DEBUG
import TapReplayCapture
#endif

enum TapReplaySupport {
    /// Starts recording touches when the launch environment asks for it. Call it from `App.init`.
    @MainActor static func startRecordingIfAsked() {
        #if DEBUG
        if let source = ProcessInfo.processInfo.environment["TAPREPLAY_RECORD"], !source.isEmpty {
            TapReplayCapture.startRecording(source: source)
        }
        #endif
    }

    /// Whether the launch environment asks for capture bundles.
    static var capturesScreens: Bool {
        #if DEBUG
        ProcessInfo.processInfo.environment["TAPREPLAY_CAPTURE"] == "1"
        #else
        false
        #endif
    }
}

/// Tells the kit that a handler ran (the trace's `fired` events). Call it first thing in a handler.
@MainActor func tapReplayFired(_ action: String) {
    #if DEBUG
    TapReplayCapture.fired(action)
    #endif
}

extension View {
    /// Names the screen for the traces and, when the UI test asks for captures,
    /// writes its capture bundle once it is laid out, then calls `captured`.
    @MainActor func tapReplay(screen name: String, captured: @escaping @MainActor () -> Void = {}) -> some View {
        #if DEBUG
        tapReplayScreen(name).onAppear {
            guard TapReplaySupport.capturesScreens else { return }
            DispatchQueue.main.async {  // after this layout pass
                if (try? TapReplayCapture.captureScreen(name)) != nil { captured() }
            }
        }
        #else
        self
        #endif
    }
}
