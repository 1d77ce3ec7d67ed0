import Audit
import HitTesting
import TapModel
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
          arguments: AuditRules.all.map { $0.id })
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

    @Test("Rules have distinct ids A1…A9 in order, names, and a file each")
    func identities() {
        #expect(AuditRules.all.map { $0.id } == (1...9).map { "A\($0)" })
        #expect(Set(AuditRules.all.map { $0.name }).count == 9)
    }
}

@Suite("Audit rules, one by one")
struct AuditRuleTests {
    @Test("A1 hollow target: the dead fraction is the engine's coverage miss; error at 10 %, warning below")
    func hollowTarget() throws {
        let root = """
        {"id":"row","type":"HStack","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"open"}}],"children":[
          {"id":"row.title","type":"Text","frame":[16,111,80,22]},{"id":"row.chevron","type":"Image","frame":[367,115,10,14]}]}
        """
        let f = try #require(try run(HollowTargetRule.self, root: root).first)
        let snap = try AuditExample(root).snapshot()
        let tester = HitTester(snap)
        let miss = tester.coverage(of: tester.index(ofID: "row")!).miss
        #expect(f.rule == "A1" && f.node == "row" && f.action == "open" && f.severity == .error)
        #expect(abs(f.value - miss) < 1e-12 && miss > 0.5)
        #expect(f.fix.contains(".contentShape(Rectangle()) before .onTapGesture"))
        #expect(f.message.contains("100% of it fires"))
        #expect(!f.area.isEmpty)
        // With the shape before the gesture: nothing.
        #expect(try run(HollowTargetRule.self, root: root.replacingOccurrences(of: #"[{"onTapGesture""#, with: #"[{"contentShape":{"shape":"rectangle"}},{"onTapGesture""#)).isEmpty)
        // A 30 pt gap in 400 pt: the radius reaches 10 pt in from either side, 10 pt stay dead (2.5 %): a warning.
        let sliver = try #require(try run(HollowTargetRule.self, HollowTargetRule.triggeringExamples[2]).first)
        #expect(sliver.severity == .warning && abs(sliver.value - 0.025) < 0.001)
    }

    @Test("A2 shape after gesture: a contentShape after onTapGesture is A2 (error), not A1; a non-widening one is nothing")
    func shapeAfterGesture() throws {
        let root = """
        {"id":"row","type":"HStack","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"open"}},{"contentShape":{"shape":"rectangle"}}],"children":[
          {"id":"row.title","type":"Text","frame":[16,111,80,22]},{"id":"row.chevron","type":"Image","frame":[367,115,10,14]}]}
        """
        let all = Auditor.audit(try AuditExample(root).snapshot()).findings
        #expect(all.contains { $0.rule == "A2" && $0.node == "row" && $0.severity == .error })
        #expect(!all.contains { $0.rule == "A1" })
        let f = try #require(all.first { $0.rule == "A2" })
        let tester = HitTester(try AuditExample(root).snapshot())
        #expect(abs(f.value - tester.coverage(of: tester.index(ofID: "row")!).miss) < 1e-12)
        #expect(f.fix == "move .contentShape(Rectangle()) before .onTapGesture on row")
        #expect(try run(ShapeAfterGestureRule.self, ShapeAfterGestureRule.nonTriggeringExamples[1]).isEmpty)
    }

    @Test("A3 small target: the exact firing region's smaller side; hitInsets count; --min-size moves the line")
    func smallTarget() throws {
        let f = try #require(try run(SmallTargetRule.self, SmallTargetRule.triggeringExamples[0]).first)
        #expect(f.value == 24 && f.severity == .warning && f.message.contains("24 × 24 pt"))
        let help = try #require(try run(SmallTargetRule.self, SmallTargetRule.triggeringExamples[1]).first)
        #expect(help.value == 30)
        #expect(try run(SmallTargetRule.self, SmallTargetRule.nonTriggeringExamples[1]).isEmpty)
        #expect(try run(SmallTargetRule.self, SmallTargetRule.triggeringExamples[0], settings: AuditSettings(minSize: 24)).isEmpty)
        #expect(try run(SmallTargetRule.self, SmallTargetRule.nonTriggeringExamples[0], settings: AuditSettings(minSize: 60)).count == 1)
    }

    @Test("A4 crowded: two icons 8 pt apart are ambiguous between them; one finding per pair, with the area; none with r = 0")
    func crowded() throws {
        let findings = try run(CrowdedRule.self, CrowdedRule.triggeringExamples[0])
        #expect(findings.count == 1)
        let f = try #require(findings.first)
        #expect(f.node == "like" && f.message.contains("share") && f.value > 8 * 40 && f.value < 28 * 60)
        var exact = AuditSettings()
        exact.hit.touchRadius = 0
        #expect(try run(CrowdedRule.self, CrowdedRule.triggeringExamples[0], settings: exact).isEmpty)
    }

    @Test("A5 intercepted: a decorative badge blocks part of a button; the fix is allowsHitTesting(false); nested targets do not count")
    func intercepted() throws {
        let f = try #require(try run(InterceptedRule.self, InterceptedRule.triggeringExamples[0]).first)
        #expect(f.node == "save" && f.message.contains("save.badge (Circle) intercepts the tap meant for save") && f.fix.contains(".allowsHitTesting(false)"))
        let tester = HitTester(try InterceptedRule.triggeringExamples[0].snapshot())
        #expect(abs(f.value - tester.coverage(of: tester.index(ofID: "save")!).blocked) < 1e-12)
        let shade = try #require(try run(InterceptedRule.self, InterceptedRule.triggeringExamples[1]).first)
        #expect(shade.fix.contains("isUserInteractionEnabled = false") && abs(shade.value - 77.0 / 361) < 0.01)
        let sliver = try #require(try run(InterceptedRule.self, InterceptedRule.triggeringExamples[2]).first)
        #expect(sliver.severity == .warning && sliver.message.contains("coupon's handler fires"))
    }

    @Test("A6 waiting single tap: the replayed single tap waits the multi-tap window; the value follows --multi-tap-window")
    func waitingSingleTap() throws {
        let f = try #require(try run(WaitingSingleTapRule.self, WaitingSingleTapRule.triggeringExamples[0]).first)
        #expect(f.value == 350 && f.action == "copy" && f.message.contains("fires open only after 350 ms"))
        var settings = AuditSettings()
        settings.replay.multiTapWindow = 0.25
        #expect(try run(WaitingSingleTapRule.self, WaitingSingleTapRule.triggeringExamples[1], settings: settings).first?.value == 250)
    }

    @Test("A7 outside the parent: the unreachable fraction of a UIKit control hanging out of its superview")
    func outsideParent() throws {
        let f = try #require(try run(OutsideParentRule.self, OutsideParentRule.triggeringExamples[0]).first)
        #expect(f.node == "card.coupon" && f.value == 0.5 && f.severity == .error && f.message.contains("card's bounds"))
        let w = try #require(try run(OutsideParentRule.self, OutsideParentRule.triggeringExamples[1]).first)
        #expect(w.severity == .warning && abs(w.value - 2.0 / 44) < 1e-9)
    }

    @Test("A8 invisible handler: Spacer, Color.clear, alpha < 0.01, a non-interactive ancestor, opacity 0; only A8 speaks of them")
    func invisibleHandler() throws {
        for example in InvisibleHandlerRule.triggeringExamples {
            let all = Auditor.audit(try example.snapshot()).findings.filter { $0.node == example.node }
            #expect(all.map(\.rule) == ["A8"], "\(example.node ?? ""): \(all.map(\.rule))")
            #expect(all.first?.value == 1)
        }
        let frozen = try #require(try run(InvisibleHandlerRule.self, InvisibleHandlerRule.triggeringExamples[3]).first)
        #expect(frozen.message.contains("isUserInteractionEnabled is false on frozen"))
    }

    @Test("A9 disabled target: a disabled control and a Button under disabled(true) are notes that do not fail")
    func disabledTarget() throws {
        for example in DisabledTargetRule.triggeringExamples {
            let result = Auditor.audit(try example.snapshot(), rules: [DisabledTargetRule.self])
            #expect(result.findings.first?.severity == .note && result.findings.first?.value == 1)
            #expect(!result.fails)
        }
    }
}

@Suite("Waivers")
struct WaiverTests {
    @Test("A waived finding is listed as waived, never dropped, and does not fail the audit")
    func waived() throws {
        let example = OutsideParentRule.triggeringExamples[0]
        let plain = Auditor.audit(try example.snapshot())
        #expect(plain.fails)
        let waivers = try Waiver.parse(#"[{"rule":"A7","node":"card.coupon","why":"redesign in 3.3"}]"#)
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
            ("[\n{\"rule\":\"A10\",\"node\":\"x\",\"why\":\"y\"}]", "line 2: $[0].rule: unknown rule 'A10'"),
            ("[{\"rule\":\"A1\",\"node\":\"x\",\"why\":\"y\",\n\"reason\":1}]", "line 2: $[0].reason: unknown field"),
            ("[", "line 1: not JSON"),
        ]
        for (text, expected) in cases {
            #expect(throws: WaiverError.self) { try Waiver.parse(text) }
            do { _ = try Waiver.parse(text) } catch { #expect("\(error)".hasPrefix(expected), "\(error)") }
        }
    }
}
