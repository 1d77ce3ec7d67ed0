import TapModel

/// The screen drawn from its view tree, for a snapshot without a screenshot: text as its
/// label, images as glyph boxes, shapes and controls as outlines, dividers and rows as
/// separators. It is labelled as a wireframe on the drawing itself, so nobody takes it
/// for what the device showed (docs/report.md, "The screen under the map").
public enum Wireframe {
    /// The wireframe as SVG elements in window points (inside a drawing's `<svg>`).
    public static func svg(_ snapshot: Snapshot) -> String {
        var s = "<g class=\"wireframe\" shape-rendering=\"auto\" fill=\"none\" stroke=\"#9aa0aa\" stroke-width=\"1\">\n"
        var hidden = [Bool](repeating: false, count: snapshot.nodes.count)
        for (i, n) in snapshot.nodes.enumerated() {
            hidden[i] = (n.parent >= 0 && hidden[n.parent]) || n.uikit.hidden || n.uikit.alpha < 0.01
            guard !hidden[i], n.frame.width > 0 || n.frame.height > 0 else { continue }
            s += element(n)
        }
        let canvas = snapshot.canvas
        s += "<g class=\"wireframe-label\"><rect x=\"\(fmt(canvas.minX + 4))\" y=\"\(fmt(canvas.minY + 4))\" width=\"176\" height=\"15\" rx=\"3\" fill=\"#37474f\" stroke=\"none\"/>"
        s += "<text x=\"\(fmt(canvas.minX + 10))\" y=\"\(fmt(canvas.minY + 15))\" font-size=\"9.5\" fill=\"#ffffff\" stroke=\"none\">WIREFRAME · drawn from the view tree</text></g>\n"
        return s + "</g>\n"
    }

    /// What a node draws, by its kind; containers draw nothing of their own.
    static func element(_ n: Node) -> String {
        let f = n.frame
        let type = n.type
        let shown = isSecure(n) ? nil : n.label  // a secure field's text is never written, not even as a tooltip
        let title = "<title>\(xmlEscape(n.id))\(shown.map { ": " + xmlEscape($0) } ?? "")</title>"
        if type == "Divider" || type == "UITableViewCellSeparatorView" || (f.height <= 1 && f.width > 4) {
            let y = f.minY + f.height / 2
            return "<path d=\"M\(fmt(f.minX)) \(fmt(y))H\(fmt(f.maxX))\" stroke=\"#c6c6c8\"/>\n"
        }
        if n.role == .row || type.hasSuffix("Cell") || type == "LabeledContent" {
            // A row: its separator along the bottom edge, inset like iOS draws it.
            return "<path d=\"M\(fmt(f.minX + min(16, f.width / 4))) \(fmt(f.maxY - 0.25))H\(fmt(f.maxX))\" stroke=\"#d1d1d6\" stroke-width=\"0.5\"/>\n"
        }
        if isText(n), let label = n.label, n.isLeaf {
            return text(label, in: f, secure: isSecure(n)) + "\n"
        }
        if type.contains("Image") || type == "UIImageView" {
            // A glyph box: where an icon or picture is, with its name as a tooltip.
            let r = min(f.width, f.height) * 0.2
            return "<rect x=\"\(fmt(f.minX + 0.5))\" y=\"\(fmt(f.minY + 0.5))\" width=\"\(fmt(max(f.width - 1, 0)))\" height=\"\(fmt(max(f.height - 1, 0)))\" rx=\"\(fmt(r))\" fill=\"#e3e6ec\" stroke=\"#8d95a3\">\(title)</rect>"
                + "<path d=\"M\(fmt(f.minX + 2)) \(fmt(f.maxY - 2))L\(fmt(f.maxX - 2)) \(fmt(f.minY + 2))\" stroke=\"#b7bdc8\"/>\n"
        }
        if isSecure(n) || type.contains("TextField") || type == "UITextField" || type == "TextEditor" {
            return "<rect x=\"\(fmt(f.minX + 0.5))\" y=\"\(fmt(f.minY + 0.5))\" width=\"\(fmt(max(f.width - 1, 0)))\" height=\"\(fmt(max(f.height - 1, 0)))\" rx=\"4\" fill=\"#fafafa\" stroke=\"#8d95a3\">\(title)</rect>"
                + text(isSecure(n) ? "••••••" : (n.label ?? ""), in: Rect(f.minX + 6, f.minY + f.height * 0.2, max(f.width - 12, 0), f.height * 0.6), secure: false, color: "#8a8a8e") + "\n"
        }
        return outline(n, title: title) ?? ""
    }

    /// Shapes, controls and buttons with a visible body: an outline with a light fill.
    static func outline(_ n: Node, title: String) -> String? {
        let f = n.frame
        let type = n.type
        let form: ShapeSpec.Form?
        switch type {
        case "Capsule", "Toggle", "UISwitch": form = .capsule
        case "Circle": form = .circle
        case "Ellipse": form = .ellipse
        case "RoundedRectangle": form = .roundedRectangle
        case "Rectangle", "Color", "UIButton", "UISegmentedControl", "UISlider", "UIStepper": form = .rectangle
        default: form = n.shape?.form
        }
        guard let form else { return nil }
        let fill = type == "Color" ? "#eef0f4" : "#f4f5f7"
        switch form {
        case .circle, .ellipse:
            return "<ellipse cx=\"\(fmt(f.midX))\" cy=\"\(fmt(f.midY))\" rx=\"\(fmt(f.width / 2 - 0.5))\" ry=\"\(fmt(f.height / 2 - 0.5))\" fill=\"\(fill)\">\(title)</ellipse>\n"
        default:
            let r = form == .capsule ? min(f.width, f.height) / 2 : form == .roundedRectangle ? (n.shape?.cornerRadius ?? 8) : 0
            return "<rect x=\"\(fmt(f.minX + 0.5))\" y=\"\(fmt(f.minY + 0.5))\" width=\"\(fmt(max(f.width - 1, 0)))\" height=\"\(fmt(max(f.height - 1, 0)))\" rx=\"\(fmt(r))\" fill=\"\(fill)\">\(title)</rect>\n"
        }
    }

    static func isText(_ n: Node) -> Bool {
        ["Text", "UILabel", "Label", "UITextView"].contains(n.type) || n.type.hasSuffix("Label")
    }

    static func isSecure(_ n: Node) -> Bool { n.type.contains("Secure") }

    /// A line of text fitted to its frame: the glyphs' height from the frame, squeezed when wider.
    static func text(_ label: String, in f: Rect, secure: Bool, color: String = "#1c1c1e") -> String {
        guard !label.isEmpty, f.height >= 4 else { return "" }
        let shown = secure ? String(repeating: "•", count: min(label.count, 8)) : label
        let size = min(f.height * 0.72, 17)
        let estimated = Double(shown.count) * size * 0.52
        let squeeze = estimated > f.width && f.width > 0 ? " textLength=\"\(fmt(f.width))\" lengthAdjust=\"spacingAndGlyphs\"" : ""
        return "<text x=\"\(fmt(f.minX))\" y=\"\(fmt(f.minY + f.height / 2 + size * 0.35))\" font-size=\"\(fmt(size))\" fill=\"\(color)\" stroke=\"none\"\(squeeze)>\(xmlEscape(shown))</text>"
    }
}
