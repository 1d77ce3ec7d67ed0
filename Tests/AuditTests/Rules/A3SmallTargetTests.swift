import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A3SmallTarget.swift.
@Suite("A3 small target")
struct A3SmallTargetTests {
    @Test("A3 small target: the exact firing region's smaller side; hitInsets count; --min-size moves the line")
    func smallTarget() throws {
        let f = try #require(try run(A3SmallTargetRule.self, A3SmallTargetRule.triggeringExamples[0]).first)
        #expect(f.value == 24 && f.severity == .warning && f.message.contains("24 × 24 pt"))
        let help = try #require(try run(A3SmallTargetRule.self, A3SmallTargetRule.triggeringExamples[1]).first)
        #expect(help.value == 30)
        #expect(try run(A3SmallTargetRule.self, A3SmallTargetRule.nonTriggeringExamples[1]).isEmpty)
        #expect(try run(A3SmallTargetRule.self, A3SmallTargetRule.triggeringExamples[0], settings: AuditSettings(minSize: 24)).isEmpty)
        #expect(try run(A3SmallTargetRule.self, A3SmallTargetRule.nonTriggeringExamples[0], settings: AuditSettings(minSize: 60)).count == 1)
    }

    @Test("A3's fix is checked: grown in place it must fire over 44 × 44 pt, else the fix says its neighbours take the taps")
    func fixIsChecked() throws {
        let open = try #require(try run(A3SmallTargetRule.self, A3SmallTargetRule.triggeringExamples[0]).first)
        #expect(open.fix.contains(".frame(minWidth: 44, minHeight: 44) and .contentShape(Rectangle())"), "\(open.fix)")
        let uikit = try #require(try run(A3SmallTargetRule.self, A3SmallTargetRule.triggeringExamples[1]).first)
        #expect(uikit.fix.contains("negative hitInsets"), "\(uikit.fix)")
        // A 24-pt close button between two buttons drawn in front of it, 4 pt away: grown in place, they take the taps.
        let hemmed = """
        {"id":"root","type":"ZStack","frame":[0,0,393,852],"children":[
          {"id":"close","type":"Image","frame":[30,110,24,24],"modifiers":[{"onTapGesture":{"action":"close"}}]},
          {"id":"left","type":"Button","action":"left","frame":[0,100,26,44],"children":[{"id":"left.bg","type":"Rectangle","frame":[0,100,26,44]}]},
          {"id":"right","type":"Button","action":"right","frame":[58,100,26,44],"children":[{"id":"right.bg","type":"Rectangle","frame":[58,100,26,44]}]}]}
        """
        let f = try #require(try run(A3SmallTargetRule.self, root: hemmed).first { $0.node == "close" })
        #expect(f.fix.hasPrefix("give it room: grown to 44 × 44 pt in place it would still fire only within 32 × 44 pt"), "\(f.fix)")
        #expect(!f.fix.contains(".frame(minWidth"))
    }

    @Test("A3 says whether Apple's hit-region audit (20 pt on the frame) fails the same element: a 16 pt close button yes; a 24 pt one, or a row hollow to 24 pt, no")
    func appleHitRegionSideBySide() throws {
        let tiny = AuditExample("""
            {"id":"close","type":"Image","frame":[20,20,16,16],"modifiers":[{"onTapGesture":{"action":"close"}}]}
            """)
        let f = try #require(try run(A3SmallTargetRule.self, tiny).first)
        #expect(f.message.hasSuffix("; Apple's hit-region audit fails it too (its frame, 16 × 16 pt, is under 20 pt)"))
        let small = try #require(try run(A3SmallTargetRule.self, A3SmallTargetRule.triggeringExamples[0]).first)
        #expect(small.message.hasSuffix("; Apple's hit-region audit passes it (it checks only that the frame, 24 × 24 pt, is 20 pt each way)"))
        #expect(A3SmallTargetRule.appleHitRegionFails(Rect(0, 0, 44, 19.5)))
        #expect(!A3SmallTargetRule.appleHitRegionFails(Rect(0, 0, 20, 20)))
    }
}
