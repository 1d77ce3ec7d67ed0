import SwiftUI

@main
struct FlowSettingsApp: App {
    init() {
        TapReplaySupport.startRecordingIfAsked()
        TapReplaySupport.answerUITestsIfAsked()
    }

    var body: some Scene {
        WindowGroup {
            // `-preferences` shows the Form of the README's "Real screens" instead.
            if ProcessInfo.processInfo.arguments.contains("-preferences") {
                PreferencesScreen()
            } else {
                SettingsScreen()
            }
        }
    }
}
