import Audit
import HitTesting
import TapModel
import Testing

/// The read-only questions the audit asks the compiled snapshot (HitTesting/Classify/Reachability.swift).
@Suite("Reachability questions")
struct ReachabilityTests {
    func tester(_ root: String) throws -> HitTester { HitTester(try AuditExample(root).snapshot()) }

    @Test("takesTouches and untouchableBecause name the view and the S5/U1 reason up the chain")
    func untouchable() throws {
        let t = try tester("""
        {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
          {"id":"frozen","type":"UIView","frame":[0,0,200,100],"userInteractionEnabled":false,"children":[
            {"id":"frozen.button","type":"UIButton","frame":[10,10,100,44],"control":{"action":"a"}}]},
          {"id":"ok","type":"UIButton","frame":[10,200,100,44],"control":{"action":"b"}}]}
        """)
        let button = t.index(ofID: "frozen.button")!, ok = t.index(ofID: "ok")!
        #expect(!t.takesTouches(button) && t.takesTouches(ok))
        let why = try #require(t.untouchableBecause(button))
        #expect(t.snapshot.nodes[why.view].id == "frozen" && why.why == "isUserInteractionEnabled is false")
        #expect(t.untouchableBecause(ok) == nil)
    }

    @Test("hasRegion: false for a Spacer and a Color.clear, true once a contentShape or a leaf gives one")
    func region() throws {
        let t = try tester("""
        {"id":"root","type":"VStack","frame":[0,0,393,852],"children":[
          {"id":"spacer","type":"Spacer","frame":[0,0,393,100]},
          {"id":"clear","type":"Color","clear":true,"frame":[0,100,393,100]},
          {"id":"shaped","type":"Color","clear":true,"frame":[0,200,393,100],"modifiers":[{"contentShape":{"shape":"rectangle"}}]},
          {"id":"stack","type":"HStack","frame":[0,300,393,100],"children":[{"id":"stack.text","type":"Text","frame":[0,300,50,20]}]}]}
        """)
        #expect(!t.hasRegion(t.index(ofID: "spacer")!) && !t.hasRegion(t.index(ofID: "clear")!))
        #expect(t.hasRegion(t.index(ofID: "shaped")!) && t.hasRegion(t.index(ofID: "stack")!))
    }

    @Test("ancestorGateExcluding: a superview's bounds (U2) exclude the part of a subview outside them, nothing inside")
    func gates() throws {
        let t = try tester(A7OutsideParentRule.triggeringExamples[0].root)
        let coupon = t.index(ofID: "card.coupon")!
        #expect(t.ancestorGateExcluding(Point(300, 290), above: coupon) == nil)
        #expect(t.ancestorGateExcluding(Point(300, 310), above: coupon) == t.index(ofID: "card"))
    }
}
