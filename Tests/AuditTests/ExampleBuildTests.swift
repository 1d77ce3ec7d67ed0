import Audit
import Foundation
import HitTesting
import ReplayEngine
import TapJSON
import TapModel
import TestSupport
import Testing

@Suite("Audit on the example builds")
struct ExampleBuildTests {
    @Test("Settings without contentShape: A1 on every row, each with its dead fraction from the engine's coverage, all errors")
    func noContentShape() throws {
        let snap = try Examples.snapshot("Traces/builds/Settings.no-content-shape.json")
        let result = Auditor.audit(snap)
        let tester = HitTester(snap)
        let a1 = result.findings.filter { $0.rule == "A1" }
        #expect(a1.map(\.node) == Examples.rows)
        for f in a1 {
            let miss = tester.coverage(of: tester.index(ofID: f.node)!).miss
            #expect(abs(f.value - miss) < 1e-12 && f.severity == .error, "\(f.node): \(f.value) vs \(miss)")
            #expect(f.message.contains(AuditContext.percent(miss)))
        }
        #expect(JSONValue.round(a1[0].value, places: 3) == 0.647)
        #expect(!result.findings.contains { $0.rule == "A2" })
        #expect(result.fails)
    }

    @Test("A10 error-prone target: the hollow rows of the regressed build are errors with their predicted success; the good build has no A10")
    func errorProneRows() throws {
        let snap = try Examples.snapshot("Traces/builds/Settings.no-content-shape.json")
        let tester = HitTester(snap)
        let a10 = Auditor.audit(snap).findings.filter { $0.rule == "A10" }
        #expect(a10.map(\.node) == Examples.rows)
        for f in a10 {
            let p = tester.prediction(of: try #require(tester.index(ofID: f.node)))
            #expect(f.severity == .error && abs(f.value - p.failure) < 1e-12 && p.success < 0.1, "\(f.node): \(f.value)")
            #expect(f.message.contains("predicted first-try success \(AuditContext.percent(p.success))"), "\(f.message)")
        }
        let good = Auditor.audit(try Examples.snapshot("Traces/snapshots/Settings.json"))
        #expect(!good.findings.contains { $0.rule == "A10" })
    }

    @Test("Settings with the contentShape after the gesture: A2 on every row (errors), no A1")
    func shapeAfter() throws {
        let result = Auditor.audit(try Examples.snapshot("Traces/builds/Settings.shape-after.json"))
        #expect(result.findings.filter { $0.rule == "A2" }.map(\.node) == Examples.rows)
        #expect(result.findings.filter { $0.rule == "A2" }.allSatisfy { $0.severity == .error && $0.value > 0.5 })
        #expect(!result.findings.contains { $0.rule == "A1" })
    }

    @Test("The good Settings build: no error (warnings only: crowded rows, a 31 pt toggle, About's double tap)")
    func goodBuild() throws {
        let result = Auditor.audit(try Examples.snapshot("Traces/snapshots/Settings.json"))
        #expect(!result.fails)
        #expect(result.findings.allSatisfy { $0.severity != .error })
        #expect(result.findings.contains { $0.rule == "A6" && $0.node == "row.about" && $0.value == 350 })
    }

    @Test("Checkout (UIKit): the coupon button half outside its card is A7 (50 %, error); hidden and ghost buttons A8; the disabled one A9")
    func checkout() throws {
        let result = Auditor.audit(try Examples.snapshot("Traces/snapshots/Checkout.json"))
        let a7 = result.findings.filter { $0.rule == "A7" }
        #expect(a7.map(\.node) == ["card.coupon"])
        #expect(a7.first?.value == 0.5 && a7.first?.severity == .error)
        #expect(Set(result.findings.filter { $0.rule == "A8" }.map(\.node)) == ["hiddenButton", "ghostButton", "frozen.button"])
        #expect(result.findings.filter { $0.rule == "A9" }.map(\.node) == ["disabledButton"])
        #expect(!result.findings.contains { $0.node == "faintButton" || $0.node == "smallButton" })
    }

    @Test("Findings are ordered by document order, then rule, and the same snapshot gives the same findings")
    func deterministic() throws {
        let snap = try Examples.snapshot("Traces/snapshots/Checkout.json")
        let a = Auditor.audit(snap).findings, b = Auditor.audit(snap).findings
        #expect(a == b)
        #expect(a.map(\.nodeIndex) == a.map(\.nodeIndex).sorted())
    }
}
