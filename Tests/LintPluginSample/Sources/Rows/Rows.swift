// Compiles on any platform: the SwiftUI code is only built where SwiftUI is,
// but the plugin lints it everywhere (it reads the source, not the build).
#if canImport(SwiftUI)
import SwiftUI

/// Missing contentShape: the gesture is on the HStack, whose Spacer gap is dead (L1, a warning here: .replay-lint.yml).
struct AlertsRow: View {
    var open: () -> Void = {}

    var body: some View {
        HStack {
            Text("Alerts")
            Spacer()
            Image(systemName: "chevron.right")
        }
        .onTapGesture { open() }
    }
}

/// A double tap after a single one: every single tap waits (L5, a warning).
struct PhotoCell: View {
    var body: some View {
        Image(systemName: "photo")
            .onTapGesture(count: 2) { }
            .onTapGesture { }
    }
}
#endif

/// What the module offers on every platform.
public let rowCount = 2
