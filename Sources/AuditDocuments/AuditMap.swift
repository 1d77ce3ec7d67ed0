import Audit
import TapModel

/// One screen's audit as a standalone SVG: the screen drawn from its view tree
/// (`Wireframe`), every target's frame outlined, and each finding drawn over it
/// as `AuditOverlay` draws it in `replay run --html` (its area, or its target's
/// frame), with a title per finding. `assertTappable` attaches it, so a failure
/// in Xcode's test report shows where on the screen it is (docs/testing.md).
public enum AuditMap {
    public static func svg(_ snapshot: Snapshot, result: AuditResult) -> String {
        let canvas = snapshot.canvas
        let legendHeight = 22.0
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(fmt(canvas.minX)) \(fmt(canvas.minY)) \(fmt(canvas.width)) \(fmt(canvas.height + legendHeight))\""
        s += " width=\"\(fmt(canvas.width))\" height=\"\(fmt(canvas.height + legendHeight))\" font-family=\"-apple-system, Helvetica, sans-serif\">\n"
        s += "<title>\(xmlEscape("assertTappable \(result.screen): \(result.findings.count) finding\(result.findings.count == 1 ? "" : "s")"))</title>\n"
        s += "<rect x=\"\(fmt(canvas.minX))\" y=\"\(fmt(canvas.minY))\" width=\"\(fmt(canvas.width))\" height=\"\(fmt(canvas.height))\" fill=\"#ffffff\"/>\n"
        s += Wireframe.svg(snapshot)
        let ids = Set(result.targets.map(\.node))
        s += "<g class=\"targets\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1\" stroke-dasharray=\"4 2\">\n"
        for n in snapshot.nodes where ids.contains(n.id) {
            let f = n.frame
            s += "<rect x=\"\(fmt(f.minX))\" y=\"\(fmt(f.minY))\" width=\"\(fmt(f.width))\" height=\"\(fmt(f.height))\"><title>\(xmlEscape(n.id))</title></rect>\n"
        }
        s += "</g>\n"
        s += AuditOverlay.svgLayer(result)
        let counts = AuditSeverity.allCases.map { sev in "\(result.findings.filter { $0.severity == sev && !$0.waived }.count) \(sev.rawValue)" }
        s += "<text x=\"\(fmt(canvas.minX + 6))\" y=\"\(fmt(canvas.maxY + 15))\" font-size=\"11\" fill=\"#37474f\">"
        s += xmlEscape("\(result.screen): \(result.targets.count) targets; \(counts.joined(separator: ", ")) — red error, orange warning, purple note; dashed: target frames")
        s += "</text>\n</svg>\n"
        return s
    }
}
