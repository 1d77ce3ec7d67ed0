import Audit
import HitTesting
import TapModel
import Testing

/// Tests of Sources/Audit/Rules/A8InvisibleHandler.swift.
@Suite("A8 invisible handler")
struct A8InvisibleHandlerTests {
    @Test("A8 invisible handler: Spacer, Color.clear, alpha < 0.01, a non-interactive ancestor, opacity 0; only A8 speaks of them")
    func invisibleHandler() throws {
        for example in A8InvisibleHandlerRule.triggeringExamples {
            let all = Auditor.audit(try example.snapshot()).findings.filter { $0.node == example.node }
            #expect(all.map(\.rule) == ["A8"], "\(example.node ?? ""): \(all.map(\.rule))")
            #expect(all.first?.value == 1)
        }
        let frozen = try #require(try run(A8InvisibleHandlerRule.self, A8InvisibleHandlerRule.triggeringExamples[3]).first)
        #expect(frozen.message.contains("isUserInteractionEnabled is false on frozen"))
    }

    @Test("A8's fix is checked: a shape before the gesture is offered only where it makes the view fire")
    func fixIsChecked() throws {
        let spacer = try #require(try run(A8InvisibleHandlerRule.self, A8InvisibleHandlerRule.triggeringExamples[0]).first)
        #expect(spacer.fix.hasPrefix("give it a shape before the gesture: .contentShape(Rectangle()) (then 100% of it fires)"), "\(spacer.fix)")
        // A clear catcher under an opaque card that covers it whole: a shape would change nothing.
        let covered = """
        {"id":"root","type":"ZStack","frame":[0,0,393,852],"children":[
          {"id":"tapCatcher","type":"Color","clear":true,"frame":[0,0,393,852],"modifiers":[{"onTapGesture":{"action":"dismiss"}}]},
          {"id":"card","type":"Rectangle","frame":[0,0,393,852]}]}
        """
        let f = try #require(try run(A8InvisibleHandlerRule.self, root: covered).first { $0.node == "tapCatcher" })
        #expect(!f.fix.contains("contentShape") && f.fix.hasPrefix("attach the handler to the visible view"), "\(f.fix)")
    }

    @Test("A8 on a UIKit control with an empty frame speaks of its frame (U1), not of SwiftUI shapes")
    func emptyUIKitFrame() throws {
        let f = try #require(try run(A8InvisibleHandlerRule.self, A8InvisibleHandlerRule.triggeringExamples[6]).first)
        #expect(f.node == "menu" && f.message.contains("its frame is empty (0 × 0 pt), so no touch lands in it (U1)"))
        #expect(!f.fix.contains("contentShape") && f.fix.contains("give it a size"))
    }

    @Test("A8 says nothing of UIKit's own parts that UIKit switches off: a cell's disclosure indicator, a hidden bar button, a hidden clear button")
    func uikitsOwnParts() throws {
        let example = A8InvisibleHandlerRule.nonTriggeringExamples[2]
        #expect(try run(A8InvisibleHandlerRule.self, example).isEmpty)
        // The same switched-off button inside the content view is the app's own: reported.
        let inContent = AuditExample("""
        {"id":"window","type":"UIWindow","system":"uikit","frame":[0,0,393,852],"children":[
          {"id":"cell","type":"UITableViewCell","frame":[0,100,393,44],"children":[
            {"id":"cell.content","type":"UITableViewCellContentView","frame":[0,100,365,44],"children":[
              {"id":"cell.more","type":"UIButton","frame":[300,106,32,32],"userInteractionEnabled":false,"control":{"action":"more"}}]}]}]}
        """)
        #expect(try run(A8InvisibleHandlerRule.self, inContent).map(\.node) == ["cell.more"])
    }
}

