import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A4Crowded.swift.
@Suite("A4 crowded")
struct A4CrowdedTests {
    @Test("A4 crowded: between two icons 8 pt apart a touch binds to neither; one finding per pair, with the area; none with r = 0")
    func crowded() throws {
        let findings = try run(A4CrowdedRule.self, A4CrowdedRule.triggeringExamples[0])
        #expect(findings.count == 1)
        let f = try #require(findings.first)
        #expect(f.node == "like" && f.message.contains("share") && f.message.contains("within 20 %") && f.value > 20 && f.value < 8 * 40)
        var exact = AuditSettings()
        exact.hit.touchRadius = 0
        #expect(try run(A4CrowdedRule.self, A4CrowdedRule.triggeringExamples[0], settings: exact).isEmpty)
    }

    @Test("A4 crowded: the target part of whose own frame binds ambiguous carries the finding (a dot beside a card: the dot, not the card)")
    func crowdedFrame() throws {
        // docs/touch-binding.md, example (d): at r = 20 the card wins the dot's centre; around it the two are within 20 %.
        let dot = """
            {"id":"root","type":"ZStack","frame":[0,0,393,852],"children":[
              {"id":"card","type":"Rectangle","frame":[103,60,200,80],"modifiers":[{"onTapGesture":{"action":"openCard"}}]},
              {"id":"dot","type":"Rectangle","frame":[97,97,6,6],"modifiers":[{"onTapGesture":{"action":"dot"}}]}]}
            """
        let findings = try run(A4CrowdedRule.self, AuditExample(dot, node: "dot", severity: .warning))
        #expect(findings.map(\.node) == ["dot"])
        let f = try #require(findings.first)
        // Part of its 36 pt² frame, and the card named.
        #expect(f.value > 0 && f.value < 36 && f.message.contains("card") && f.message.contains("dot's frame"))
    }

    @Test("A4 crowded: a card holding a small button is not crowded by it; the button is")
    func crowdedNested() throws {
        let card = """
            {"id":"card","type":"ZStack","frame":[100,100,200,80],"modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"action":"openCard"}}],"children":[
              {"id":"title","type":"Text","frame":[140,110,100,20]},
              {"id":"pin","type":"Image","frame":[110,110,20,20],"modifiers":[{"onTapGesture":{"action":"pin"}}]}]}
            """
        let findings = try run(A4CrowdedRule.self, AuditExample(card, node: "pin", severity: .warning))
        #expect(!findings.isEmpty && findings.allSatisfy { $0.node == "pin" }, "\(findings.map { ($0.node, $0.message) })")
    }
}

