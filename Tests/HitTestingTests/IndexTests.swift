import HitTesting
import TapJSON
import TapModel
import Testing

@Suite("Spatial index and size")
struct IndexTests {
    /// A random tree of SwiftUI and UIKit views with leaves, contentShapes, insets and pass-through views.
    static func randomTree(seed: UInt64, count: Int, uikitOnly: Bool = false) -> JSONValue {
        var rng = SplitMix64(seed: seed)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        func build(_ id: String, depth: Int, frame: [Double], budget: inout Int, uikitParent: Bool) -> JSONValue {
            budget -= 1
            let isUIKit = uikitOnly || r(0...1) < 0.3
            let leaf = depth > 3 || budget <= 0 || r(0...1) < 0.3
            var children: [JSONValue] = []
            if !leaf {
                for k in 0..<Int(r(1...5)) where budget > 0 {
                    let w = r(0...frame[2]) + 5, h = r(0...frame[3]) + 5
                    let x = frame[0] + r(-10...frame[2]), y = frame[1] + r(-10...frame[3])
                    children.append(build("\(id).\(k)", depth: depth + 1, frame: [x, y, w, h], budget: &budget, uikitParent: isUIKit))
                }
            }
            var extra: [String: JSONValue] = [:]
            var modifiers: [JSONValue] = []
            if isUIKit {
                extra["system"] = "uikit"
                if r(0...1) < 0.2 { extra["hitTestOverride"] = "passThroughSelf" }
                if r(0...1) < 0.2 { extra["hitInsets"] = [.number(r(-8...8)), .number(r(-8...8)), .number(r(-8...8)), .number(r(-8...8))] }
                if r(0...1) < 0.05 { extra["hidden"] = true }
                if r(0...1) < 0.3 { extra["control"] = ["action": .string(id)] }
            } else {
                if uikitParent { extra["system"] = "swiftui" }
                if r(0...1) < 0.25 {
                    let shapes: [JSONValue] = ["rectangle", "circle", "capsule", "ellipse"]
                    modifiers.append(["contentShape": ["shape": shapes[Int(r(0...3.99))], "scale": .number(r(0.5...1.3))]])
                }
                if r(0...1) < 0.05 { modifiers.append(["allowsHitTesting": false]) }
                if r(0...1) < 0.3 { modifiers.append(onTap(id)) }
                if r(0...1) < 0.1 { modifiers.insert(rectangleShape, at: 0) }
            }
            let type = isUIKit ? "UIView" : (leaf ? "Color" : "ZStack")
            return node(id, type, frame, modifiers: modifiers, children: children, extra)
        }
        var budget = count
        return build("n", depth: 0, frame: [0, 0, 400, 800], budget: &budget, uikitParent: false)
    }

    @Test("The R-tree answers exactly as the front-to-back walk of S8 and U1 (UIKit is hit-tested exactly)")
    func indexMatchesWalk() throws {
        for seed in UInt64(1)...20 {
            let t = try tester(Self.randomTree(seed: seed, count: 150, uikitOnly: true))
            var rng = SplitMix64(seed: seed &* 7919)
            for _ in 0..<400 {
                let p = Point(Double.random(in: -20...420, using: &rng), Double.random(in: -20...820, using: &rng))
                let fast = t.land(at: p), walked = t.landByWalking(at: p)
                #expect(fast == walked, "seed \(seed) at \(p)")
                if fast != walked { return }
            }
        }
    }

    @Test("Whole answers (binding, blocked and what it was meant for, handlers) agree with and without the indexes, on mixed SwiftUI and UIKit trees")
    func resolveMatchesWalk() throws {
        for seed in UInt64(21)...30 {
            let snap = try snapshot(Self.randomTree(seed: seed, count: 120))
            let indexed = HitTester(snap), walked = HitTester(snap, settings: HitSettings(spatialIndex: false))
            var rng = SplitMix64(seed: seed)
            for _ in 0..<150 {
                let p = Point(Double.random(in: -20...420, using: &rng), Double.random(in: -20...820, using: &rng))
                let a = indexed.resolve(at: p), b = walked.resolve(at: p)
                #expect(a.outcome == b.outcome && a.handler == b.handler && a.hitView == b.hitView, "seed \(seed) at \(p)")
                #expect(a.interceptor == b.interceptor && a.meantFor == b.meantFor, "blocked: seed \(seed) at \(p)")
            }
        }
    }

    @Test("A 20,000-deep tree answers without overflowing the stack")
    func deepTree() throws {
        let depth = 20_000
        // Written as text: building it as nested values would itself recurse.
        var json = #"{"format":"tapreplay-snapshot","version":1,"screen":"Deep","root":"#
        for i in 0..<depth {
            let mods = i == 0 ? #","modifiers":[{"onTapGesture":{"action":"deep"}}]"# : ""
            json += #"{"id":"n\#(i)","type":"ZStack","frame":[0,0,100,100]\#(mods),"children":["#
        }
        json += #"{"id":"leaf","type":"Color","frame":[10,10,20,20]}"#
        for _ in 0..<depth { json += "]}" }
        json += "}"
        let snap = try Snapshot(json: json)
        #expect(snap.nodes.count == depth + 1)
        let t = HitTester(snap)
        #expect(t.tap(15, 15).action == "deep")
        #expect(t.tap(50, 50).outcome == .miss)
        #expect(t.path(to: depth).count == depth + 1)
        #expect(t.land(at: Point(15, 15)) == depth)
        #expect(t.coverage(ofID: "n0", step: 10).own > 0)
    }
}
