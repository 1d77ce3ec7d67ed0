import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A2ShapeAfterGesture.swift.
@Suite("A2 shape after gesture")
struct A2ShapeAfterGestureTests {
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
        #expect(try run(A2ShapeAfterGestureRule.self, A2ShapeAfterGestureRule.nonTriggeringExamples[1]).isEmpty)
    }
}
