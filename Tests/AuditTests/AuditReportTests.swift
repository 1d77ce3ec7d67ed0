import Audit
import AuditDocuments
import Reports
import TapModel
import Testing
import TestSupport

@Suite("Audit reporters")
struct AuditReportTests {
    func checkout() throws -> AuditResult {
        Auditor.audit(try Examples.snapshot("Traces/snapshots/Checkout.json"),
                      waivers: [Waiver(rule: "A8", node: "hiddenButton", why: "shown after login")], source: "Checkout.json")
    }

    @Test("JSON: one snapshot is { screen, findings }; several are { screens: [{ snapshot, screen, findings }] }")
    func json() throws {
        let r = try checkout()
        let one = AuditReport.json([r], style: .compact)
        #expect(one.hasPrefix("{\"screen\":\"Checkout\",\"profile\":\"ios18\",\"touchRadius\":20,\"findings\":[{\"rule\":\"A5\",\"severity\":\"warning\",\"node\":\"card.pay\",\"action\":\"pay\",\"value\":0.0221,"))
        #expect(one.contains("\"node\":\"hiddenButton\",\"action\":\"hiddenAction\",\"value\":1,") && one.contains("\"waived\":true"))
        let two = AuditReport.json([r, r], style: .compact)
        #expect(two.hasPrefix("{\"screens\":[{\"snapshot\":\"Checkout.json\",\"screen\":\"Checkout\",\"profile\":\"ios18\",\"touchRadius\":20,\"findings\":["))
    }

    @Test("Text: one cause per target as run groups them, symptoms folded (A7 explains A10), the summary at the top and the end, 120 columns")
    func text() throws {
        let t = AuditReport.text([try checkout()])
        #expect(t.hasPrefix("Checkout (Checkout.json), ios18, 20 pt touch: 14 targets; 4 errors, 4 warnings, 1 note; 1 waived\n"))
        // The coupon's unreachable half also fails half of the touches aimed at it (A10): one cause, A7.
        #expect(t.contains("  ● card.coupon (applyCoupon): error A7 outside the parent 50%\n"))
        #expect(t.contains("      explains: error A10 error-prone target 50.7% (the same problem; --json lists each)\n"))
        #expect(!t.contains("● card.coupon (applyCoupon): error A10"))
        #expect(t.contains("  ● hiddenButton (hiddenAction): waived A8 invisible handler 100%\n"))
        #expect(t.contains("      waived (error): shown after login\n"))
        #expect(t.split(separator: "\n").allSatisfy { $0.count <= 120 })
        #expect(t.hasSuffix("\n  Checkout: 8 targets with findings, one cause each; 4 errors, 4 warnings, 1 note; 1 waived\n")
                || t.hasSuffix("\nCheckout: 8 targets with findings, one cause each; 4 errors, 4 warnings, 1 note; 1 waived\n"), "\(t)")
        // --wide: nothing wrapped.
        let wide = AuditReport.text([try checkout()], width: nil)
        #expect(wide.split(separator: "\n").contains { $0.count > 120 })
    }

    @Test("A1 is the cause on a hollow row, and explains its A3 and A10")
    func hollowCause() throws {
        let r = Auditor.audit(try Examples.snapshot("Traces/builds/Settings.no-content-shape.json"))
        let causes = AuditCause.group(r)
        let about = try #require(causes.first { $0.node == "row.about" })
        #expect(about.cause.rule == "A1" && Set(about.symptoms.map(\.rule)).isSuperset(of: ["A3", "A10"]))
        #expect(causes.filter { $0.cause.rule == "A1" }.count == 3)
        // No stock Toggle is a small target, and stacked rows are not crowded.
        #expect(!r.findings.contains { $0.rule == "A3" && $0.node == "row.alerts.toggle" })
        #expect(!r.findings.contains { $0.rule == "A4" })
    }

    @Test("JUnit: a testcase per target; unwaived errors fail, the rest is system-out")
    func junit() throws {
        let x = AuditReport.junit([try checkout()])
        #expect(x.contains("<testsuite name=\"Checkout audit\" tests=\"14\" failures=\"3\""))
        #expect(x.contains("<testcase classname=\"Checkout.audit\" name=\"cell (openDetails)\" time=\"0\"/>"))
        #expect(!x.contains("<failure type=\"A8\" message=\"A8 hiddenButton"))
        // The suite's properties name the profile and radius the audit bound touches with.
        #expect(x.contains("<property name=\"profile\" value=\"ios18\"/>") && x.contains("<property name=\"touchRadius\" value=\"20\"/>"), "\(x.prefix(500))")
    }

    @Test("Overlay: finding areas as SVG rects in window points, the frame for whole-target findings, and a table")
    func overlay() throws {
        let r = try checkout()
        let svg = AuditOverlay.svgLayer(r)
        #expect(svg.hasPrefix("<g class=\"audit\"") && svg.hasSuffix("</g>\n"))
        // The coupon's unreachable half: y 300–320 of its 280–320 frame.
        #expect(svg.contains("<rect x=\"281\" y=\"300\" width=\"80\" height=\"1\"/>"))
        // hiddenButton (A8) has no area: its frame is outlined, dashed (waived).
        #expect(svg.contains("<rect x=\"17\" y=\"401\" width=\"98\" height=\"42\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"2\" stroke-dasharray=\"2 2\">"))
        let table = AuditOverlay.htmlTable(r)
        #expect(table.contains("<td>A7 outside the parent</td>") && table.contains("error, waived: shown after login"))
    }
}
