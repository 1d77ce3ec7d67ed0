import SwiftUI

struct MeterRow: View {
    var body: some View {
        HStack {
            Text("Kitchen")
            Spacer()
            Image(systemName: "chevron.right")
        }
        .onTapGesture { open() }
        .contentShape(Rectangle())
        .padding()
        // replay-lint:disable L2
        .simultaneousGesture(TapGesture(count: 2).onEnded { open() })
    }
    func open() {}
}
