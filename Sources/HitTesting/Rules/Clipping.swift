import TapJSON
import TapModel

// S7 Clipping does not clip hits: `clipped` (SwiftUI) and `clipsToBounds`
// (UIKit) change drawing only. No compilation step reads them: a child drawn
// beyond a clipped parent still takes touches there (SwiftUI), and a UIKit
// subview outside its superview is cut off by U2 (the superview's bounds),
// whatever `clipsToBounds` says.

extension Modifier {
    /// S7: whether the modifier changes hit testing at all (`clipped` does not).
    public var affectsHitTesting: Bool {
        switch self {
        case .clipped: return false
        case .contentShape(let s): return s.purpose == .interaction
        default: return true
        }
    }
}
