import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A10ErrorProneTarget.swift.
@Suite("A10 error-prone target")
struct A10ErrorProneTargetTests {
    @Test("A10 error-prone target: the value is the engine's predicted failure; the main cause (own dead area, size, neighbour) picks the fix")
    func errorProne() throws {
        // The hollow row: aimed at its centre, nearly every touch lands in the gap.
        let row = try #require(try run(A10ErrorProneTargetRule.self, A10ErrorProneTargetRule.triggeringExamples[0]).first)
        let snap = try A10ErrorProneTargetRule.triggeringExamples[0].snapshot()
        let tester = HitTester(snap)
        let predicted = tester.prediction(of: try #require(tester.index(ofID: "row")))
        #expect(abs(row.value - predicted.failure) < 1e-12 && row.value > 0.9 && row.severity == .error)
        #expect(row.message.contains("predicted first-try success \(AuditContext.percent(predicted.success))"))
        #expect(row.message.contains("its own dead area") && row.fix.contains(".contentShape(Rectangle()) before .onTapGesture"))

        // A 24 pt UIKit button: exact binding, about a quarter land beside it; grow it.
        let help = try #require(try run(A10ErrorProneTargetRule.self, A10ErrorProneTargetRule.triggeringExamples[1]).first)
        #expect(help.value > 0.2 && help.value < 0.3 && help.message.contains("beyond its edges"))
        #expect(help.fix.contains("grow its touch area to at least"))

        // Two icons side by side: the neighbour is the cause.
        let like = try #require(try run(A10ErrorProneTargetRule.self, A10ErrorProneTargetRule.triggeringExamples[2]).first { $0.node == "like" })
        #expect(like.severity == .warning && like.message.contains("share takes") && like.fix.contains("move share further from like"))
    }

    @Test("A10 thresholds are tunable: raising them silences the warning, lowering them turns it into an error")
    func thresholds() throws {
        let example = A10ErrorProneTargetRule.triggeringExamples[2]
        #expect(try run(A10ErrorProneTargetRule.self, example, settings: AuditSettings(failureWarning: 0.2, failureError: 0.3)).isEmpty)
        let strict = try run(A10ErrorProneTargetRule.self, example, settings: AuditSettings(failureWarning: 0.01, failureError: 0.05))
        #expect(strict.count == 2 && strict.allSatisfy { $0.severity == .error })
        // A denser screen makes the same points fewer millimetres: the 44 pt button becomes error-prone.
        let ok = A10ErrorProneTargetRule.nonTriggeringExamples[1]
        #expect(try run(A10ErrorProneTargetRule.self, ok, settings: AuditSettings(hit: HitSettings(mmPerPoint: 0.08))).count == 1)
    }

    @Test("A10's fix names another rule only when that rule reports the same target; else it says where to ask `replay hit`")
    func fixNamesOnlyFindingsThatExist() throws {
        // The hollow row: A1 reports it, so the fix may send the reader there.
        let rowExample = A10ErrorProneTargetRule.triggeringExamples[0]
        let all = Auditor.audit(try rowExample.snapshot()).findings
        let row = try #require(all.first { $0.rule == "A10" && $0.node == "row" })
        #expect(row.fix.hasSuffix("(A1)") && all.contains { $0.rule == "A1" && $0.node == "row" })
        // A shape moved off the centre: its own dead area, and no rule of A1, A2, A5, A7 reports it.
        let tag = AuditExample("""
        {"id":"tag","type":"Text","frame":[0,100,200,100],"modifiers":[
          {"contentShape":{"shape":"rectangle","scale":[0.3,0.3],"offset":[80,0]}},{"onTapGesture":{"action":"open"}}]}
        """)
        let findings = Auditor.audit(try tag.snapshot()).findings
        let a10 = try #require(findings.first { $0.rule == "A10" && $0.node == "tag" })
        #expect(a10.message.contains("its own dead area"))
        #expect(!findings.contains { ["A1", "A2", "A5", "A7"].contains($0.rule) })
        #expect(!a10.fix.contains("A1") && !a10.fix.contains("A5") && !a10.fix.contains("A7"))
        #expect(a10.fix == "make its whole frame take the tap: `replay hit` at 99.5 149.5 (a dead point of tag) says what keeps it dead there")
    }

    @Test("A10 says nothing of UIKit's own nested pair: the outer delete-confirmation control, whose taps UIKit hands to the button inside")
    func uikitsOwnPair() throws {
        let pair = AuditExample("""
        {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,320,480],"children":[
          {"id":"cell","type":"UITableViewCell","frame":[0,100,320,55],"gestureRecognizers":[{"type":"tap","action":"select"}],"children":[
            {"id":"cell.content","type":"UITableViewCellContentView","frame":[0,100,300,54]},
            {"id":"confirm","type":"UITableViewCellDeleteConfirmationControl","frame":[245,100,75,55],"control":{"action":"confirm"},"children":[
              {"id":"confirm.button","type":"_UITableViewCellDeleteConfirmationControl","frame":[251,110,63,34],"control":{"action":"delete"}}]}]}]}
        """)
        let findings = try run(A10ErrorProneTargetRule.self, pair)
        #expect(!findings.contains { $0.node == "confirm" })
        // The same pair written by an app, in the cell's content view, is reported: a team can change it.
        let own = AuditExample("""
        {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,320,480],"children":[
          {"id":"cell","type":"UITableViewCell","frame":[0,100,320,55],"children":[
            {"id":"cell.content","type":"UITableViewCellContentView","frame":[0,100,320,54],"children":[
              {"id":"confirm","type":"FlowConfirmControl","frame":[245,100,75,55],"control":{"action":"confirm"},"children":[
                {"id":"confirm.button","type":"FlowConfirmButton","frame":[251,110,63,34],"control":{"action":"delete"}}]}]}]}]}
        """)
        #expect(try run(A10ErrorProneTargetRule.self, own).contains { $0.node == "confirm" })
    }

    @Test("A10 names a converted element by its label where its id is a path of types")
    func namesTheElement() throws {
        let example = AuditExample("""
        {"id":"UIWindow","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
          {"id":"UIWindow/UIButton","type":"UIButton","label":"Help","frame":[20,100,24,24],"control":{"action":"help"}}]}
        """)
        let f = try #require(try run(A10ErrorProneTargetRule.self, example).first)
        #expect(f.label == "Help" && f.target == "UIWindow/UIButton 'Help' (help)")
        #expect(f.message.contains("aims at the centre of UIWindow/UIButton 'Help' do not fire it"))
    }
}

