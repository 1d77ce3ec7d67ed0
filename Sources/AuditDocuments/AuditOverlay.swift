import Audit
import TapJSON
import TapModel

/// Audit findings drawn over a screen picture (`ScreenDrawing.svg`, whose
/// viewBox is in window points): each finding's area, the engine's sample
/// cells merged into runs, or its target's frame when the finding is about
/// the whole target (A6, A8, A9); and a table of the findings.
public enum AuditOverlay {
    public static let errorColor = "#d62728"
    public static let warningColor = "#ff7f0e"
    public static let noteColor = "#5e4b8b"

    static func color(_ s: AuditSeverity) -> String {
        switch s {
        case .error: return errorColor
        case .warning: return warningColor
        case .note: return noteColor
        }
    }

    /// An SVG group to put inside the screen's `<svg>`, after its regions.
    public static func svgLayer(_ result: AuditResult) -> String {
        var s = "<g class=\"audit\" shape-rendering=\"crispEdges\">\n"
        for f in result.findings {
            let c = color(f.severity)
            let title = "<title>\(xmlEscape("\(f.rule) \(f.node)\(f.label.map { " '\($0)'" } ?? ""): \(f.message)"))</title>"
            let dash = f.waived ? " stroke-dasharray=\"2 2\"" : ""
            if f.area.isEmpty {
                let r = f.frame
                s += "<rect x=\"\(fmt(r.minX + 1))\" y=\"\(fmt(r.minY + 1))\" width=\"\(fmt(max(r.width - 2, 0)))\" height=\"\(fmt(max(r.height - 2, 0)))\" fill=\"none\" stroke=\"\(c)\" stroke-width=\"2\"\(dash)>\(title)</rect>\n"
            } else {
                s += "<g fill=\"\(c)\" fill-opacity=\"\(f.waived ? "0.15" : "0.35")\">\(title)"
                for r in f.area {
                    s += "<rect x=\"\(fmt(r.minX))\" y=\"\(fmt(r.minY))\" width=\"\(fmt(r.width))\" height=\"\(fmt(r.height))\"/>"
                }
                s += "</g>\n"
            }
        }
        return s + "</g>\n"
    }

    /// An HTML table of the findings (rule, severity, target, value, message, fix).
    public static func htmlTable(_ result: AuditResult) -> String {
        var h = "<table class=\"audit\"><thead><tr><th>rule</th><th>severity</th><th>target</th><th>value</th><th>finding</th><th>fix</th></tr></thead><tbody>\n"
        for f in result.findings {
            let rule = AuditRules.rule(f.rule)
            let value = rule.map { $0.unit.format(f.value) } ?? AuditContext.number(f.value)
            let severity = f.waived ? "\(f.severity.rawValue), waived: \(f.waiverReason ?? "")" : f.severity.rawValue
            h += "<tr><td>\(xmlEscape("\(f.rule) \(rule?.name ?? "")"))</td>"
            h += "<td><span class=\"swatch\" style=\"background:\(color(f.severity))\"></span>\(xmlEscape(severity))</td>"
            h += "<td>\(xmlEscape(f.target))</td><td class=\"n\">\(xmlEscape(value))</td>"
            h += "<td>\(xmlEscape(f.message))</td><td>\(xmlEscape(f.fix))</td></tr>\n"
        }
        return h + "</tbody></table>\n"
    }

}
