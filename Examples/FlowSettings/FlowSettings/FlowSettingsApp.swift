import SwiftUI

@main
struct FlowSettingsApp: App {
    init() {
        TapReplaySupport.startRecordingIfAsked()
        TapReplaySupport.answerUITestsIfAsked()
    }

    var body: some Scene {
        WindowGroup {
            SettingsScreen()
        }
    }
}
