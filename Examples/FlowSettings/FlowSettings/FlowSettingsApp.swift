import SwiftUI

@main
struct FlowSettingsApp: App {
    init() {
        TapReplaySupport.startRecordingIfAsked()
    }

    var body: some Scene {
        WindowGroup {
            SettingsScreen()
        }
    }
}
