import TapReplayCapture

/// An app's action handler that tells the kit it ran (trace.md, `fired`).
@MainActor public func openFlowMeter() {
    TapReplayCapture.fired("openFlowMeter")
}
