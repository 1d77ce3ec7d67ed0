import TapModel

/// The system's own controls at the size the system draws them (docs/audit.md, "Stock
/// controls and rows"). Apple's guideline of 44 × 44 pt is met by how the system places
/// them (a switch or a stepper sits in a row that takes the touches around it), so a
/// stock control at its system size is not a small target (A3).
enum StockControls {
    /// The height the system draws a stock control of `type` at (iOS 17–26, default
    /// control size), nil when `type` is not one.
    static func systemHeight(_ type: String) -> Double? {
        switch type {
        case "Toggle", "UISwitch": return 31          // 51 × 31
        case "Stepper", "UIStepper": return 32        // 94 × 32
        case "UISegmentedControl", "SegmentedPicker": return 32
        default: return nil
        }
    }

    /// Whether `node` is a stock control drawn at least at its system size: a segmented
    /// `Picker` (wider than tall, 28–40 pt high) counts as the segmented control it is.
    static func atSystemSize(_ node: Node) -> Bool {
        let f = node.frame
        if node.type == "Picker" { return f.width > f.height && f.height >= 28 - 1e-9 && f.height <= 40 }
        guard let h = systemHeight(node.type) else { return false }
        return f.height >= h - 0.5
    }
}

/// Rows of a list or form: full-width targets stacked one above another (docs/audit.md,
/// "Stock controls and rows"). A touch on the line between two rows may go either
/// way, as in every table view; people aim at a row's centre, so that strip is not
/// crowding (A4).
enum StackedRows {
    /// Whether `a` and `b` are stacked (one entirely above the other, their frames not
    /// overlapping vertically) and at least one of them is a full-width row (90 % of the screen's width).
    static func stacked(_ a: Rect, _ b: Rect, screenWidth: Double) -> Bool {
        let apart = a.maxY <= b.minY + 0.5 || b.maxY <= a.minY + 0.5
        return apart && (a.width >= 0.9 * screenWidth || b.width >= 0.9 * screenWidth)
    }
}
