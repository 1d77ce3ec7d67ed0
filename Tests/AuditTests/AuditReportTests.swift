import Audit
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

    @Test("Text: a summary line per screen, then severity, rule, target and value, the message and the fix")
    func text() throws {
        let t = AuditReport.text([try checkout()])
        #expect(t.hasPrefix("Checkout (Checkout.json), ios18, 20 pt touch: 14 targets; 4 errors, 5 warnings, 1 note; 1 waived\n"))
        // The coupon's unreachable half also fails half of the touches aimed at it (A10).
        #expect(t.contains("  error A10 error-prone target  card.coupon (applyCoupon): 50.7%\n"))
        #expect(t.contains("  error A7 outside the parent  card.coupon (applyCoupon): 50%\n"))
        #expect(t.contains("  waived A8 invisible handler  hiddenButton (hiddenAction): 100%\n"))
        #expect(t.contains("      waived (error): shown after login\n"))
    }

    @Test("JUnit: a testcase per target; unwaived errors fail, the rest is system-out")
    func junit() throws {
        let x = AuditReport.junit([try checkout()])
        #expect(x.contains("<testsuite name=\"Checkout audit\" tests=\"14\" failures=\"3\""))
        #expect(x.contains("<testcase classname=\"Checkout.audit\" name=\"cell (openDetails)\" time=\"0\"/>"))
        #expect(!x.contains("<failure type=\"A8\" message=\"A8 hiddenButton"))
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
