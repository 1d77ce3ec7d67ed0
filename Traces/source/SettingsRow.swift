import SwiftUI

// The four tiers of a settings row, as `replay lint Traces/source` sees them.
// Only the last two are traps: their rows respond on the glyphs and the
// chevron, and a tap on the empty middle (the Spacer) does nothing.

/// Good: the contentShape comes before the gesture, so the whole row responds.
struct FlowMeterRow: View {
    var open: () -> Void = {}

    var body: some View {
        HStack {
            Label("Flow Meter", systemImage: "drop")
            Spacer()
            Image(systemName: "chevron.right")
        }
        .contentShape(Rectangle())
        .onTapGesture { open() }
    }
}

/// Leaf only: the tap sits on a leaf (an Image, a Text), which draws over its
/// whole frame, so there is no gap to widen.
struct UnitsRow: View {
    var pick: () -> Void = {}

    var body: some View {
        HStack {
            Text("Units")
            Spacer()
            Text("Metric")
                .onTapGesture { pick() }
            Image(systemName: "chevron.right")
                .onTapGesture { pick() }
        }
    }
}

/// Missing contentShape: the gesture is on the HStack, whose Spacer gap is dead (L1).
struct AlertsRow: View {
    var open: () -> Void = {}

    var body: some View {
        HStack {
            Label("Alerts", systemImage: "bell")
            Spacer()
            Image(systemName: "chevron.right")
        }
        .onTapGesture { open() }
    }
}

/// Reversed order: the contentShape comes after the gesture, so the row takes
/// the tap in the gap but the gesture does not fire there (L2).
struct AboutRow: View {
    var open: () -> Void = {}

    var body: some View {
        HStack {
            Label("About", systemImage: "info.circle")
            Spacer()
            Text("3.2.0")
            Image(systemName: "chevron.right")
        }
        .onTapGesture { open() }
        .contentShape(Rectangle())
    }
}
