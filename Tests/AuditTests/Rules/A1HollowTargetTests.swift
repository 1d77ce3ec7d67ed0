import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A1HollowTarget.swift.
@Suite("A1 hollow target")
struct A1HollowTargetTests {
    @Test("A1 hollow target: the dead fraction is the engine's coverage miss; error at 10 %, warning below")
    func hollowTarget() throws {
        let root = """
        {"id":"row","type":"HStack","frame":[0,100,393,44],"modifiers":[{"onTapGesture":{"action":"open"}}],"children":[
          {"id":"row.title","type":"Text","frame":[16,111,80,22]},{"id":"row.chevron","type":"Image","frame":[367,115,10,14]}]}
        """
        let f = try #require(try run(A1HollowTargetRule.self, root: root).first)
        let snap = try AuditExample(root).snapshot()
        let tester = HitTester(snap)
        let miss = tester.coverage(of: tester.index(ofID: "row")!).miss
        #expect(f.rule == "A1" && f.node == "row" && f.action == "open" && f.severity == .error)
        #expect(abs(f.value - miss) < 1e-12 && miss > 0.5)
        #expect(f.fix.contains(".contentShape(Rectangle()) before .onTapGesture"))
        #expect(f.message.contains("100% of it fires"))
        #expect(!f.area.isEmpty)
        // With the shape before the gesture: nothing.
        #expect(try run(A1HollowTargetRule.self, root: root.replacingOccurrences(of: #"[{"onTapGesture""#, with: #"[{"contentShape":{"shape":"rectangle"}},{"onTapGesture""#)).isEmpty)
        // A 30 pt gap in 400 pt: a 20-pt touch binds to either side from about 11 pt in; the 8.6 pt between stay dead (2.15 %): a warning.
        let sliver = try #require(try run(A1HollowTargetRule.self, A1HollowTargetRule.triggeringExamples[2]).first)
        #expect(sliver.severity == .warning && abs(sliver.value - 0.0215) < 0.001)
    }
}
