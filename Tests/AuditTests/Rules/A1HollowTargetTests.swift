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

    @Test("A1's fix is applied and checked: a shape on a label that does not fill its Button fires no more, so the fix says to fill it; one that works is never said to fail")
    func fixesAreChecked() throws {
        // A Button whose Text label is a third of it: a contentShape on the label covers only the label.
        let root = """
        {"id":"save","type":"Button","action":"save","frame":[0,100,300,44],"children":[
          {"id":"save.stack","type":"HStack","frame":[0,100,100,44],"children":[
            {"id":"save.title","type":"Text","frame":[10,111,60,22]}]}]}
        """
        let f = try #require(try run(A1HollowTargetRule.self, root: root).first)
        #expect(!f.message.contains("with contentShape(Rectangle()) on its label"))
        #expect(f.fix.contains(".frame(maxWidth: .infinity, maxHeight: .infinity).contentShape(Rectangle()) on save.stack"), "\(f.fix)")
        // Applying what the fix says clears the finding.
        let fixed = root.replacingOccurrences(of: #""frame":[0,100,100,44],"children""#,
                                              with: #""frame":[0,100,300,44],"modifiers":[{"contentShape":{"shape":"rectangle"}}],"children""#)
        #expect(try run(A1HollowTargetRule.self, root: fixed).isEmpty)
        // Where the label fills its Button, the shape on the label is the fix, and it is said to work.
        let filled = root.replacingOccurrences(of: #""frame":[0,100,100,44],"children""#, with: #""frame":[0,100,300,44],"children""#)
        let g = try #require(try run(A1HollowTargetRule.self, root: filled).first)
        #expect(g.fix.contains(".contentShape(Rectangle()) on save.stack") && g.message.contains("100% of it fires"))
    }
}
