import Audit
import HitTesting
import TapModel
import TestSupport
import Testing

/// Runs one rule over an example and returns its findings.
func run(_ rule: any AuditRule.Type, _ example: AuditExample, settings: AuditSettings = AuditSettings()) throws -> [AuditFinding] {
    Auditor.audit(try example.snapshot(), settings: settings, rules: [rule]).findings
}

func run(_ rule: any AuditRule.Type, root: String, settings: AuditSettings = AuditSettings()) throws -> [AuditFinding] {
    try run(rule, AuditExample(root), settings: settings)
}

@Suite("Audit rules: every rule's examples")
struct AuditRuleExampleTests {
    @Test("Every rule's triggering examples produce its finding on the named node with the named severity; non-triggering ones produce none",
          arguments: AuditRules.ids)
    func examples(_ id: String) throws {
        let rule = try #require(AuditRules.rule(id))
        #expect(!rule.triggeringExamples.isEmpty && !rule.nonTriggeringExamples.isEmpty, "\(id) needs examples both ways")
        for (i, example) in rule.triggeringExamples.enumerated() {
            let findings = try run(rule, example)
            #expect(findings.allSatisfy { $0.rule == id })
            let match = findings.first { $0.node == example.node }
            #expect(match != nil, "\(id) triggering example \(i) gave \(findings.map { "\($0.rule) \($0.node)" })")
            if let match, let severity = example.severity {
                #expect(match.severity == severity, "\(id) triggering example \(i): \(match.severity) instead of \(severity)")
            }
            #expect(match.map { !$0.message.isEmpty && !$0.fix.isEmpty && $0.value > 0 } ?? false)
        }
        for (i, example) in rule.nonTriggeringExamples.enumerated() {
            let findings = try run(rule, example)
            #expect(findings.isEmpty, "\(id) non-triggering example \(i) gave \(findings.map { "\($0.node): \($0.message)" })")
        }
    }

    @Test("Rules have distinct ids A1…A11 in order, names, and a file each")
    func identities() {
        #expect(AuditRules.ids == (1...11).map { "A\($0)" })
        #expect(Set(AuditRules.all.map { $0.name }).count == 11)
    }

    @Test("The registry lists the Rules/ folder: each <ID><Name>.swift declares <ID><Name>Rule, in order")
    func registry() throws {
        #expect(AuditRules.all.map { "\($0)" } == (try ruleTypeNames(inFolder: "Sources/Audit/Rules")))
    }
}

@Suite("Waivers")
struct WaiverTests {
    @Test("A waived finding is listed as waived, never dropped, and does not fail the audit")
    func waived() throws {
        let example = A7OutsideParentRule.triggeringExamples[0]
        let plain = Auditor.audit(try example.snapshot())
        #expect(plain.fails)
        // The half outside its card is A7, and the touches it costs people are A10: a reviewed exception waives both.
        let waivers = try Waiver.parse(#"[{"rule":"A7","node":"card.coupon","why":"redesign in 3.3"},{"rule":"A10","node":"card.coupon","why":"redesign in 3.3"}]"#)
        let result = Auditor.audit(try example.snapshot(), waivers: waivers)
        #expect(result.findings.count == plain.findings.count)
        let f = try #require(result.findings.first { $0.rule == "A7" })
        #expect(f.waived && f.waiverReason == "redesign in 3.3" && f.severity == .error)
        #expect(!result.fails)
        #expect(Waiver.unused(waivers + [Waiver(rule: "A3", node: "nothing", why: "x")], in: [result]).map(\.node) == ["nothing"])
    }

    @Test("A bad waivers file names the line and the JSON path")
    func badWaivers() {
        let cases: [(String, String)] = [
            (#"{"rule":"A1"}"#, "line 1: expected an array"),
            ("[\n{\"rule\":\"A1\",\"node\":\"x\"}]", "line 2: $[0]: missing \"why\""),
            ("[\n{\"rule\":\"A99\",\"node\":\"x\",\"why\":\"y\"}]", "line 2: $[0].rule: unknown rule 'A99'"),
            ("[{\"rule\":\"A1\",\"node\":\"x\",\"why\":\"y\",\n\"reason\":1}]", "line 2: $[0].reason: unknown field"),
            ("[", "line 1: not JSON"),
        ]
        for (text, expected) in cases {
            #expect(throws: WaiverError.self) { try Waiver.parse(text) }
            do { _ = try Waiver.parse(text) } catch { #expect("\(error)".hasPrefix(expected), "\(error)") }
        }
    }
}
