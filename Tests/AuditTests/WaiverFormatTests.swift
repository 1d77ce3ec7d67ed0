import Audit
import Testing

/// Audit waivers and a baseline's known problems are one format (`AcceptedProblem`).
@Suite("Waivers share the known-problem format")
struct WaiverFormatTests {
    @Test("A waiver may say who accepted it and since when, as a known problem does; a press is refused: audit findings are per target")
    func sharedFormat() throws {
        let w = try Waiver.parse(#"[{"rule":"A3","node":"toolbar.close","why":"Apple's own size","who":"ana","since":"2026-11-22"}]"#)
        #expect(w == [Waiver(rule: "A3", node: "toolbar.close", why: "Apple's own size", who: "ana", since: "2026-11-22")])
        do {
            _ = try Waiver.parse("[\n{\"rule\":\"A3\",\"node\":\"x\",\"why\":\"y\",\"trace\":\"t\",\"press\":1}]")
            Issue.record("a waiver with a press was accepted")
        } catch {
            #expect("\(error)".hasPrefix("line 2: $[0].trace: these findings are about targets, not presses"), "\(error)")
        }
        do {
            _ = try Waiver.parse(#"[{"rule":"A3","node":"x","why":"y","whom":"ana"}]"#)
            Issue.record("a misspelt field was accepted")
        } catch {
            #expect("\(error)".contains("$[0].whom: unknown field") && "\(error)".contains("did you mean 'who'?"), "\(error)")
        }
    }
}
