// Excluded by .replay-lint.yml: never linted.
#if canImport(SwiftUI)
import SwiftUI
struct GeneratedRow: View {
    var body: some View { HStack { Text("g"); Spacer() }.onTapGesture { } }
}
#endif
