import HitTesting
import TapJSON
import TapModel
import TapRules

/// A11 row fires together: a list row with two or more row-level controls
/// (default-style Buttons, NavigationLinks, Links) runs all of them on any tap
/// of the row (S15): tapping "Reply" also shares. The fix — `.buttonStyle(.borderless)`
/// on each, so each fires alone on its own label — is applied to the snapshot and
/// checked with the engine before it is printed.
public struct A11RowFiresTogetherRule: AuditRule {
    public static let unit = AuditUnit.count
    public init() {}

    static let row = """
        {"id":"list","type":"List","role":"list","frame":[0,0,393,852],"children":[
          {"id":"row.msg","type":"ListRow","role":"row","frame":[16,240,361,60],"children":[
            {"id":"msg","type":"HStack","frame":[36,258,321,24],"children":[
              {"id":"reply","type":"Button","action":"reply","frame":[36,258,60,24],"children":[{"id":"reply.label","type":"Text","frame":[36,258,60,24]}]},
              {"id":"share","type":"Button",STYLEaction":"share","frame":[297,258,60,24],"children":[{"id":"share.label","type":"Text","frame":[297,258,60,24]}]}]}]}]}
        """

    public static let description = RuleDescription(
        id: "A11",
        name: "row fires together",
        summary: "a list row whose row-level Buttons all fire on any tap of the row (S15)",
        triggeringExamples: [
            AuditExample(row.replacingOccurrences(of: "STYLE", with: "\""), node: "row.msg", severity: .error),
        ],
        nonTriggeringExamples: [
            AuditExample(row.replacingOccurrences(of: "STYLE", with: #""style":"borderless",""#)),
        ])

    public func findings(_ c: AuditContext) -> [AuditFinding] {
        c.samples.compactMap { s in
            let row = s.target
            guard let h = c.tester.handlers[row].last, case .row = h.source, h.rowActions.count >= 2 else { return nil }
            let nodes = c.snapshot.nodes
            let controls = (row + 1..<nodes[row].end).filter { v in
                c.tester.row(of: v) == row && c.tester.handlers[v].contains { $0.isRowLevel && !$0.isDisabled }
            }
            let names = controls.map { nodes[$0].id }
            let message = "\(nodes[row].id): its \(controls.count) row-level controls (\(names.joined(separator: ", "))) all fire "
                + "on any tap of the row — \(h.rowActions.joined(separator: ", ")) run together (S15)"
            return c.finding(Self.id, .error, row, value: Double(controls.count), message: message, fix: fix(c, controls))
        }
    }

    /// `.buttonStyle(.borderless)` on each, if the engine agrees that each then fires alone at its centre.
    func fix(_ c: AuditContext, _ controls: [Int]) -> String {
        var copy = c.snapshot
        for v in controls { copy.nodes[v].style = "borderless" }
        let t = HitTester(copy, settings: c.settings.hit)
        let works = controls.allSatisfy { v in
            let r = t.resolve(at: copy.nodes[v].frame.center)
            return r.outcome.fires && r.handler?.node == v
        }
        let ids = controls.map { copy.nodes[$0].id }.joined(separator: ", ")
        guard works else { return "give the row one row-level action, and make the others fire alone where they are drawn" }
        return "put .buttonStyle(.borderless) on each of \(ids): each then fires alone on its own label (checked with the engine)"
    }
}
