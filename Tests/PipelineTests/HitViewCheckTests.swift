import Foundation
import HitTesting
import Pipeline
import ReplayEngine
import TapModel
import TestSupport
import Testing

/// `HitViewCheck`: the view a device hit-tested (a Measure click's target) against the engine's answer.
@Suite("HitViewCheck")
struct HitViewCheckTests {
    static func tester() throws -> HitTester {
        HitTester(try Examples.snapshot("Tests/Fixtures/Production/Profile.json"))
    }

    /// The engine's result for one tap at `p`.
    static func engine(_ tester: HitTester, _ p: Point) -> (Press, PressResult) {
        let events = [TouchEvent(t: 0, touch: 1, phase: .began, x: p.x, y: p.y), TouchEvent(t: 0.08, touch: 1, phase: .ended, x: p.x, y: p.y)]
        let presses = Press.presses(from: events)
        return (presses[0], Replayer(tester: tester).replay(trace: "t", presses: presses)[0])
    }

    @Test("By accessibility identifier: the fired button agrees; a button the engine says an overlay covers disagrees, naming the overlay")
    func byIdentifier() throws {
        let tester = try Self.tester()
        let (save, saved) = Self.engine(tester, Point(190, 325))
        #expect(HitViewCheck.check(ObservedView(className: "UIButton", identifier: "saveProfile", width: 361, height: 50),
                                   press: save, engine: saved, tester: tester) == .agree)
        let (retry, blocked) = Self.engine(tester, Point(190, 635))
        #expect(HitViewCheck.check(ObservedView(className: "UIButton", identifier: "retryUpload", width: 361, height: 50),
                                   press: retry, engine: blocked, tester: tester) == .disagree(engineView: "uploadToast"))
    }

    @Test("Without an identifier, by class and size (whole points, module and generics dropped) under the touch; no such node: unmatched")
    func byClassAndSize() throws {
        let tester = try Self.tester()
        let (p, r) = Self.engine(tester, Point(196, 324))
        #expect(HitViewCheck.candidates(ObservedView(className: "UIKit.UIButtonLabel", width: 38, height: 20), at: p.start, in: tester.snapshot)
                == [tester.index(ofID: "saveProfile/UIButtonLabel")!])
        #expect(HitViewCheck.check(ObservedView(className: "UIButtonLabel", width: 38, height: 20), press: p, engine: r, tester: tester) == .agree)
        // Another size, another class, or a point outside it: no node.
        #expect(HitViewCheck.check(ObservedView(className: "UIButtonLabel", width: 60, height: 20), press: p, engine: r, tester: tester) == .unmatched)
        #expect(HitViewCheck.check(ObservedView(className: "UIImageView", width: 38, height: 20), press: p, engine: r, tester: tester) == .unmatched)
        let (far, farResult) = Self.engine(tester, Point(100, 325))
        #expect(HitViewCheck.check(ObservedView(className: "UIButtonLabel", width: 38, height: 20), press: far, engine: farResult, tester: tester) == .unmatched)
        // A SwiftUI hosting view the snapshot does not hold.
        #expect(HitViewCheck.check(ObservedView(className: "SwiftUI._UIHostingView<SwiftUI.AnyView>", width: 393, height: 120),
                                   press: p, engine: r, tester: tester) == .unmatched)
    }

    @Test("The hit view survives the trace event it is stored in")
    func eventText() throws {
        let v = ObservedView(className: "UIButton", identifier: "a \"b\"", width: 10.5, height: 20)
        #expect(TouchEvent.hit(t: 1, x: 2, y: 3, view: v).observedView == v)
        #expect(ObservedView(text: "{\"id\": \"x\"}") == nil && ObservedView(text: "UIButton") == nil)
    }
}
