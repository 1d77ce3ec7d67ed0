import Foundation
@testable import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S9TouchBinding.swift and Bind/: the cloud,
/// the worked examples of the contract under each profile they name, the profiles,
/// and the binding against a literal reimplementation of its scoring.
@Suite("S9 touch binding")
struct S9TouchBindingTests {
    func bind(_ root: JSONValue, _ x: Double, _ y: Double, radius: Double, profile: TouchProfile = .ios18) throws -> TouchResult {
        HitTester(try snapshot(root), settings: HitSettings(touchRadius: radius, profile: profile)).resolve(at: Point(x, y), explain: true)
    }

    // MARK: The cloud (§2)

    @Test("S9 the cloud: 1, 13, 25, 41 and 61 samples; rings every 4 pt (10 pt at 60); each ring weighs 24; the outermost inside r")
    func cloud() {
        let table: [(r: Double, count: Int, rings: [Double])] = [
            (0, 1, []), (4, 1, []), (10, 13, [4, 8]), (16, 25, [4, 8, 12]), (20, 41, [4, 8, 12, 16]), (22, 61, [4, 8, 12, 16, 20]),
            (24, 61, [4, 8, 12, 16, 20]), (80, 61, [10, 20, 30, 40, 50]),
        ]
        for (r, count, rings) in table {
            let c = TouchCloud(radius: r)
            #expect(c.count == count, "r = \(r)")
            #expect(c.weights[0] == 24 && c.dx[0] == 0 && c.dy[0] == 0)
            var i = 1
            for (k, d) in rings.enumerated() {
                let n = 4 * (k + 1)
                let ring = i..<(i + n)
                #expect(ring.allSatisfy { abs(c.weights[$0] - 24 / Double(n)) < 1e-15 })
                #expect(abs(ring.reduce(0) { $0 + c.weights[$1] } - 24) < 1e-12)
                #expect(ring.allSatisfy { abs((c.dx[$0] * c.dx[$0] + c.dy[$0] * c.dy[$0]).squareRoot() - d) < 1e-9 }, "r = \(r) ring \(k + 1)")
                #expect(c.dx[i] == d && c.dy[i] == 0, "each ring starts towards +x")
                #expect(c.dy[i + 1] > 0, "and turns towards +y")
                i += n
            }
            #expect(c.reach <= max(r, 1))
        }
        #expect(TouchCloud(radius: .nan).count == 1 && TouchCloud(radius: -10).count == 13)
    }

    @Test("S9 the samples a box holds, found by rank, are exactly the per-sample test's: on exact edges, at every radius, for non-finite touches and edges")
    func samplesByRank() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {  // deterministic, in [0, 1)
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let odd: [Double] = [.nan, .infinity, -.infinity]
        for r in [0, 4, 10, 16, 20, 22, 60, 80.0] {
            let cloud = TouchCloud(radius: r)
            for trial in 0..<3000 {
                var c = Point(next() * 100, next() * 100)
                if trial % 97 == 0 { c = Point(odd[trial % 3], next() * 100) }
                // Edges anywhere, on a sample exactly, or not finite.
                func edge(_ centre: Double, _ offsets: [Double]) -> Double {
                    switch Int(next() * 10) {
                    case 0, 1, 2: return centre + offsets[Int(next() * Double(offsets.count))]
                    case 3: return odd[Int(next() * 3)]
                    default: return centre + (next() - 0.5) * 3 * max(r, 1)
                    }
                }
                let x0 = edge(c.x, cloud.dx), x1 = edge(c.x, cloud.dx), y0 = edge(c.y, cloud.dy), y1 = edge(c.y, cloud.dy)
                var expected: UInt64 = 0
                for i in 0..<cloud.count {
                    let p = cloud.sample(i, around: c)
                    if p.x >= x0 && p.x < x1 && p.y >= y0 && p.y < y1 { expected |= 1 << UInt64(i) }
                }
                let box = c.x.isFinite && c.y.isFinite ? cloud.sampleBox(around: c) : (-.infinity, .infinity, -.infinity, .infinity)
                if c.x.isFinite && c.y.isFinite {  // the box as the samples themselves give it
                    let samples = cloud.samples(around: c)
                    #expect(box.0 == samples.map(\.x).min()! && box.1 == samples.map(\.x).max()!
                            && box.2 == samples.map(\.y).min()! && box.3 == samples.map(\.y).max()!)
                }
                let found = cloud.samples(inMinX: x0, maxX: x1, minY: y0, maxY: y1, around: c, box: box)
                #expect(found == expected, "r = \(r), touch \(c), box x \(x0)..<\(x1), y \(y0)..<\(y1)")
                if found != expected { return }
            }
        }
    }

    // MARK: Worked examples (§8)

    /// (a) A 390 × 44 row `HStack { Spacer(); Text }` with a tap gesture, the Text at 300–360 × 12–32.
    func row(shape: Bool = false) -> JSONValue {
        node("row", "HStack", [0, 0, 390, 44], modifiers: (shape ? [rectangleShape] : []) + [onTap("open")], children: [
            node("row.spacer", "Spacer", [0, 0, 300, 44]),
            node("row.text", "Text", [300, 12, 60, 20]),
        ])
    }

    @Test("S9 §8(a) ios18: 8 pt left of a row's label, a 10-pt touch fires nothing (the Text covers 3 of the 8 it needs), a 20-pt one fires, expanded")
    func exampleA() throws {
        let ten = try bind(row(), 292, 22, radius: 10)
        #expect(ten.outcome == .miss && ten.handler == nil)
        let level = try #require(ten.location.binding?.levels.first { $0.best != nil && !$0.passed })
        #expect(level.best?.score == 3 && !level.passed)
        let text = HitTester(try snapshot(row()), settings: HitSettings(touchRadius: 10)).reason(for: ten)
        #expect(text.contains("row.text covers 3 of the 8 it needed"), "\(text)")
        let twenty = try bind(row(), 292, 22, radius: 20)
        #expect(twenty.outcome == .expanded && twenty.handler?.action == "open")
        #expect(twenty.candidates.first?.score == 13.5)
        // contentShape(Rectangle()) before the gesture: it fires at both radii.
        #expect(try bind(row(shape: true), 292, 22, radius: 10).handler?.action == "open")
        #expect(try bind(row(shape: true), 292, 22, radius: 20).handler?.action == "open")
    }

    @Test("S9 §8(a) ios26-sdk: the best child always wins, so the row fires at both radii")
    func exampleAiOS26SDK() throws {
        for r in [10.0, 20] {
            let result = try bind(row(), 292, 22, radius: r, profile: .ios26SDK)
            #expect(result.outcome == .expanded && result.handler?.action == "open", "r = \(r)")
        }
    }

    /// (b) Two stacked 44-pt rows, each `contentShape(Rectangle()).onTapGesture`, boundary at y = 44.
    var stacked: JSONValue {
        node("list", "VStack", [0, 0, 390, 88], children: [
            node("upper", "HStack", [0, 0, 390, 44], modifiers: [rectangleShape, onTap("upper")], children: [node("upper.text", "Text", [16, 12, 80, 20])]),
            node("lower", "HStack", [0, 44, 390, 44], modifiers: [rectangleShape, onTap("lower")], children: [node("lower.text", "Text", [16, 56, 80, 20])]),
        ])
    }

    @Test("S9 §8(b) ios18: a tap 1, 3 or 6 pt above the boundary of two stacked rows goes to the upper row (57/15, 57/15, 69/3 at r = 10)")
    func exampleB() throws {
        for (above, upper, lower) in [(1.0, 57.0, 15.0), (3, 57, 15), (6, 69, 3)] {
            for r in [10.0, 20] {
                let result = try bind(stacked, 200, 44 - above, radius: r)
                #expect(result.handler?.action == "upper" && result.outcome == .hit, "\(above) pt above at r = \(r)")
                if r == 10 {
                    let top = try #require(result.location.binding?.levels.first)
                    #expect(top.best?.score == upper && top.runnerUp?.score == lower, "\(above) pt above")
                }
            }
        }
    }

    /// (c) A 20 × 20 button at 0–20 × 12–32 beside a 200 × 44 row (contentShape and a tap gesture, Text at 28–108 × 12–32).
    func buttonBesideRow(row: Bool = true) -> JSONValue {
        var children = [node("button", "Button", [0, 12, 20, 20], children: [node("button.icon", "Image", [0, 12, 20, 20])], ["action": "button"])]
        if row {
            children.append(node("row", "HStack", [20, 0, 200, 44], modifiers: [rectangleShape, onTap("row")],
                                 children: [node("row.text", "Text", [28, 12, 80, 20])]))
        }
        return node("screen", "ZStack", [0, 0, 390, 100], children: children)
    }

    @Test("S9 §8(c) ios18: a tap on a small button's trailing edge goes to the row beside it (18 vs 54 at r = 10); with empty space there the button catches it")
    func exampleC() throws {
        for r in [10.0, 20] {
            #expect(try bind(buttonBesideRow(), 20, 22, radius: r).handler?.action == "row", "r = \(r)")
        }
        let ten = try bind(buttonBesideRow(), 20, 22, radius: 10)
        let top = try #require(ten.location.binding?.levels.first)
        #expect(top.best?.score == 54 && top.runnerUp?.score == 18)
        let alone = try bind(buttonBesideRow(row: false), 20, 22, radius: 10)
        #expect(alone.outcome == .expanded && alone.handler?.action == "button" && alone.candidates.first?.score == 18)
    }

    /// (d) A 6 × 6 dot at 97–103 beside a card at 103–303 × 60–140, both with tap gestures.
    var dotAndCard: JSONValue {
        node("screen", "ZStack", [0, 0, 393, 852], children: [
            node("card", "Color", [103, 60, 200, 80], modifiers: [onTap("card")]),
            node("dot", "Color", [97, 97, 6, 6], modifiers: [onTap("dot")]),
        ])
    }

    @Test("S9 §8(d) ios18: at a dot's centre beside a card, r = 10 the dot (24 vs 15), r = 20 the card (35.5 vs 24), r = 16 neither leads by 20 % (24 vs 25): nothing fires")
    func exampleD() throws {
        let ten = try bind(dotAndCard, 100, 100, radius: 10)
        #expect(ten.outcome == .hit && ten.handler?.action == "dot")
        #expect(ten.location.binding?.levels.first?.best?.score == 24 && ten.location.binding?.levels.first?.runnerUp?.score == 15)
        let twenty = try bind(dotAndCard, 100, 100, radius: 20)
        #expect(twenty.outcome == .expanded && twenty.handler?.action == "card")
        #expect(twenty.location.binding?.levels.first?.best?.score == 35.5 && twenty.location.binding?.levels.first?.runnerUp?.score == 24)
        let sixteen = try bind(dotAndCard, 100, 100, radius: 16)
        #expect(sixteen.outcome == .ambiguous && sixteen.handler == nil)
        #expect(sixteen.candidates.map(\.score) == [25, 24])
        #expect(sixteen.candidates.map { $0.handler?.action } == ["card", "dot"])
    }

    @Test("S9 §8(d) ios26-sdk: the card wins at r = 16")
    func exampleDiOS26SDK() throws {
        let result = try bind(dotAndCard, 100, 100, radius: 16, profile: .ios26SDK)
        #expect(result.handler?.action == "card")
    }

    // MARK: Profiles (§7)

    @Test("S9 profiles: chosen by device.os and app.sdk, else ios18; --profile wins; an unreadable version is a note and the default")
    func profileChoice() {
        #expect(ProfileChoice(requested: nil, os: nil, sdk: nil).profile == .ios18)
        #expect(ProfileChoice(requested: nil, os: "iOS 17.5", sdk: nil).profile == .ios17)
        #expect(ProfileChoice(requested: nil, os: "iOS 18.1", sdk: "iOS 26.0").profile == .ios18)
        #expect(ProfileChoice(requested: nil, os: "iOS 26.1", sdk: "iOS 18.2").profile == .ios26)
        #expect(ProfileChoice(requested: nil, os: "iOS 26.1", sdk: nil).profile == .ios26)
        #expect(ProfileChoice(requested: nil, os: "26.0", sdk: "iphoneos26.0").profile == .ios26SDK)
        #expect(ProfileChoice(requested: .ios17, os: "iOS 26.0", sdk: "iOS 26.0").profile == .ios17)
        let odd = ProfileChoice(requested: nil, os: "Android 14", sdk: nil)
        #expect(odd.profile == .ios18 && odd.note?.contains("device.os 'Android 14' is not an iOS version") == true)
        #expect(TouchProfile.named("ios26-sdk") == .ios26SDK && TouchProfile.named("ios19") == nil)
    }

    @Test("S9 profiles: opacity 0.000001 takes taps on iOS 17 (binds as 1) and iOS 18 (its container still counts it), none from iOS 26")
    func nearlyInvisible() throws {
        let tile = node("tile", "Rectangle", [0, 0, 200, 200], modifiers: [["opacity": 0.000001], onTap("tap")])
        #expect(try bind(tile, 100, 100, radius: 20, profile: .ios17).handler?.action == "tap")
        #expect(try bind(tile, 100, 100, radius: 20, profile: .ios18).handler?.action == "tap")
        #expect(try bind(tile, 100, 100, radius: 20, profile: .ios26).handler == nil)
        #expect(try bind(tile, 100, 100, radius: 20, profile: .ios26SDK).handler == nil)
        // At 0.01 (above the minimum) it takes taps everywhere.
        let faint = node("tile", "Rectangle", [0, 0, 200, 200], modifiers: [["opacity": 0.01], onTap("tap")])
        for p in TouchProfile.all { #expect(try bind(faint, 100, 100, radius: 20, profile: p).handler?.action == "tap", "\(p)") }
    }

    @Test("S9 profiles: ios26 is strict at the threshold (best > 1.2 × runner-up), ios18 is not (≥)")
    func strictThreshold() throws {
        // Two leaves under one container whose scores are 12 and 10 exactly: 12 = 1.2 × 10.
        let pair = node("screen", "ZStack", [0, 0, 200, 100], children: [
            node("a", "Color", [0, 0, 100, 100], modifiers: [onTap("a")]),
            node("b", "Color", [100, 0, 100, 100], modifiers: [onTap("b")]),
        ])
        // r = 10 at (101, 50): b holds the centre (24) and more; find a point whose split is 12/10 by search.
        var found: (Double, Double)?
        search: for x in stride(from: 96.0, through: 104, by: 0.25) {
            for y in stride(from: 44.0, through: 56, by: 0.25) {
                let r = try bind(pair, x, y, radius: 10)
                if let top = r.location.binding?.levels.first, let best = top.best, let runner = top.runnerUp,
                   best.score == runner.score * 1.2 {
                    found = (x, y)
                    break search
                }
            }
        }
        guard let (x, y) = found else { return }  // no exact tie on this grid: nothing to check
        #expect(try bind(pair, x, y, radius: 10, profile: .ios18).handler != nil)
        #expect(try bind(pair, x, y, radius: 10, profile: .ios26).outcome == .ambiguous)
    }

    @Test("S9 UIKit regions take no part: a UIKit button is hit exactly at the centre")
    func uikitExact() throws {
        let t = try tester(uikit("root", "UIView", [0, 0, 300, 300], children: [uiButton("pay", [0, 0, 100, 44], action: "pay")]), radius: 20)
        #expect(t.tap(50, 50).outcome == .miss)
        #expect(t.tap(50, 40).action == "pay")
    }

    @Test("S9 inside a hosting view, the SwiftUI content binds with the cloud (U5)")
    func insideHosting() throws {
        let t = try tester(uikit("host", "UIHostingView", [0, 0, 300, 300], children: [
            node("button", "Button", [0, 0, 100, 44], children: [node("button.bg", "Color", [0, 0, 100, 44])], ["action": "go", "system": "swiftui"]),
        ]), radius: 20)
        let r = t.tap(50, 50)
        #expect(r.outcome == .expanded && r.action == "go")
    }

    @Test("S9 a Circle node without a shape responds on its path, not its frame's corners")
    func circlePath() throws {
        let dot = node("dot", "Circle", [0, 0, 100, 100], modifiers: [onTap("dot")])
        #expect(try bind(dot, 50, 50, radius: 0).handler?.action == "dot")
        #expect(try bind(dot, 3, 3, radius: 0).outcome == .miss)
        let capsule = node("pill", "Capsule", [0, 0, 100, 40], modifiers: [onTap("pill")])
        #expect(try bind(capsule, 1, 1, radius: 0).outcome == .miss)
        #expect(try bind(capsule, 50, 1, radius: 0).handler?.action == "pill")
    }

    @Test("S9 outcome: a touch whose centre a contentShape gate hides from the leaf binds on ring samples only: expanded, not hit")
    func centreHiddenByGate() throws {
        let pad = node("pad", "Color", [0, 0, 100, 100], modifiers: [
            ["contentShape": ["shape": "rectangle", "scale": 0.5]], onTap("press"),
        ])
        // The region is [25, 25, 50, 50]; (20, 50) is 5 pt left of it, inside the leaf's frame.
        let near = try bind(pad, 20, 50, radius: 20)
        #expect(near.outcome == .expanded && near.handler?.action == "press")
        #expect(try bind(pad, 50, 50, radius: 20).outcome == .hit)
        #expect(try bind(pad, 20, 50, radius: 0).outcome == .miss)
    }

    // MARK: Against a literal reimplementation of §1–§3

    @Test("S9 binding agrees with a literal reimplementation of §1–§3 (no R-tree, no caching) on thousands of random trees, under every profile")
    func randomized() throws {
        var rng = SplitMix64(seed: 0x5EED_5709)
        var compared = 0
        for round in 0..<600 {
            let tree = RandomTree.make(&rng)
            let snap = try snapshot(tree)
            for profile in TouchProfile.all {
                let radius = [0.0, 5, 10, 16, 20, 24, 44][Int(rng.next() % 7)]
                let tester = HitTester(snap, settings: HitSettings(touchRadius: radius, profile: profile))
                let reference = ReferenceBinder(snap, profile: profile)
                for _ in 0..<6 {
                    let p = Point(Double(rng.next() % 2200) / 10 - 10, Double(rng.next() % 1400) / 10 - 10)
                    let expected = reference.bind(at: p, radius: radius)
                    let got = tester.resolve(at: p, explain: true)
                    let b = got.location.binding
                    let gotBound: (node: String, kind: String)? = b.flatMap { b in
                        b.bound < 0 || b.rootBound ? nil : (snap.nodes[tester.node(ofResponder: b.bound)].id, tester.kindName(ofResponder: b.bound))
                    }
                    #expect(gotBound?.node == expected?.node && gotBound?.kind == expected?.kind,
                            "round \(round) \(profile) r = \(radius) at \(p): got \(gotBound.map { "\($0.node) \($0.kind)" } ?? "nothing"), expected \(expected.map { "\($0.node) \($0.kind)" } ?? "nothing") in \(tree.serialized(.compact))")
                    compared += 1
                }
            }
        }
        #expect(compared == 600 * 4 * 6)
    }
}

/// Random SwiftUI trees for the randomized test: stacks, leaves, shapes, gestures, content shapes, opacity.
enum RandomTree {
    static func make(_ rng: inout SplitMix64) -> JSONValue {
        var counter = 0
        func rand(_ n: UInt64) -> Int { Int(rng.next() % n) }
        func frame() -> [Double] {
            let x = Double(rand(180)), y = Double(rand(110))
            return [x, y, Double(4 + rand(60)), Double(4 + rand(40))]
        }
        func modifiers() -> [JSONValue] {
            var m: [JSONValue] = []
            for _ in 0..<rand(4) {
                switch rand(7) {
                case 0, 1: m.append(onTap("a\(rand(5))"))
                case 2: m.append(["contentShape": ["shape": .string(rand(2) == 0 ? "rectangle" : "circle")]])
                case 3: m.append(["opacity": .number([0.3, 0.8, 0.0005, 0.7][rand(4)])])
                case 4: m.append(["highPriorityGesture": ["tap": ["count": 1], "action": .string("h\(rand(3))")]])
                case 5: m.append(["contentShape": ["shape": "rectangle", "offset": [.number(Double(rand(20)) - 10), 0]]])
                default: m.append(["allowsHitTesting": .bool(rand(4) != 0)])
                }
            }
            return m
        }
        func build(_ depth: Int) -> JSONValue {
            counter += 1
            let id = "n\(counter)"
            if depth >= 3 || rand(3) == 0 {
                let type = ["Text", "Image", "Color", "Circle", "Capsule", "Rectangle"][rand(6)]
                return node(id, type, frame(), modifiers: modifiers())
            }
            let kids = (0..<(1 + rand(4))).map { _ in build(depth + 1) }
            let type = ["ZStack", "HStack", "VStack", "Button"][rand(4)]
            return node(id, type, frame(), modifiers: modifiers(), children: kids, type == "Button" ? ["action": .string("b\(counter)")] : [:])
        }
        return node("root", "ZStack", [0, 0, 200, 130], children: (0..<(1 + rand(4))).map { _ in build(1) })
    }
}

/// touch-binding.md §1–§3 written out literally: responders as a tree of objects built
/// by recursion over the view tree, the cloud computed per touch, every responder
/// tested against every sample. No index, no caching, no shortcuts.
final class ReferenceBinder {
    final class Responder {
        enum Kind: String { case root, leaf, gesture, contentShape, opacity }
        let kind: Kind
        let node: String
        var shape: HitShape?
        var opacity = 1.0
        var children: [Responder] = []  // back to front
        var entry = ""
        init(_ kind: Kind, _ node: String) { self.kind = kind; self.node = node }
    }

    let root: Responder
    let profile: TouchProfile

    init(_ snapshot: Snapshot, profile: TouchProfile) {
        self.profile = profile
        root = Responder(.root, snapshot.nodes[0].id)
        root.children = ReferenceBinder.responders(of: 0, in: snapshot.nodes)
    }

    /// §1: the responders a view contributes to its parent's list.
    static func responders(of i: Int, in nodes: [Node]) -> [Responder] {
        let node = nodes[i]
        var content: [Responder] = []
        var removed = false
        // Content: a visible leaf, then the children's responders (back to front).
        if node.isLeaf && !node.clear {
            let leaf = Responder(.leaf, node.id)
            let spec = node.shape ?? ["Circle": ShapeSpec(.circle), "Ellipse": ShapeSpec(.ellipse), "Capsule": ShapeSpec(.capsule)][node.type]
            leaf.shape = spec?.resolve(in: node.frame) ?? .rect(node.frame)
            content.append(leaf)
        }
        for c in node.children { content += responders(of: c, in: nodes) }
        if node.isButton {
            let g = Responder(.gesture, node.id)
            g.entry = "Button"
            g.children = content
            content = [g]
        }
        for m in node.modifiers {
            switch m {
            case .allowsHitTesting(false), .hidden(true):
                content = []; removed = true
            case .opacity(let x):
                if x <= 0 { content = []; removed = true; continue }
                let o = Responder(.opacity, node.id)
                o.opacity = x
                o.children = content
                content = [o]
            case .contentShape(let spec) where spec.purpose == .interaction:
                let s = Responder(.contentShape, node.id)
                s.shape = spec.resolve(in: node.frame)
                s.children = content
                content = [s]
            case .gesture(let a):
                let g = Responder(.gesture, node.id)
                g.entry = a.entry
                g.children = content
                content = [g]
            default: break
            }
        }
        _ = removed
        return content
    }

    func bindingOpacity(_ r: Responder) -> Double? {
        guard r.kind == .opacity else { return 1 }
        if r.opacity <= 0 { return nil }
        if profile.name == .ios17 { return 1 }
        return r.opacity < 0.001 ? nil : r.opacity
    }

    func priority(_ r: Responder) -> Double {
        let kids = r.children.map(priority).max() ?? 0
        switch r.kind {
        case .leaf: return 1
        case .contentShape: return max(1, kids)
        default: return kids
        }
    }

    func contains(_ r: Responder, _ p: Point) -> Bool {
        if let s = r.shape { return s.contains(p) }
        return r.children.contains { c in
            if profile.name == .ios26 || profile.name == .ios26SDK, bindingOpacity(c) == nil { return false }
            return contains(c, p)
        }
    }

    /// §2, literally.
    static func cloud(_ c: Point, _ r: Double) -> ([Point], [Double]) {
        let R = r.isNaN ? 1 : min(max(abs(r), 1), 60)
        let s = max(R / 6, 4)
        let n = min(Int((R / s).rounded(.up)), 6)
        var points = [c], weights = [24.0]
        var d = s
        if n > 1 {
            for k in 1..<n {
                let count = 4 * k
                let angle = 2 * Double.pi / Double(count)
                var x = 1.0, y = 0.0
                for _ in 0..<count {
                    points.append(Point(c.x + x * d, c.y + y * d))
                    weights.append(24 / Double(count))
                    (x, y) = (cos(angle) * x - sin(angle) * y, sin(angle) * x + cos(angle) * y)
                }
                d += s
            }
        }
        return (points, weights)
    }

    /// §3, literally.
    func test(_ r: Responder, _ mask: [Bool], _ points: [Point], _ weights: [Double]) -> (Responder, Double, [Bool])? {
        guard let opacity = bindingOpacity(r) else { return nil }
        var covered = mask, childMask = mask, weight = 0.0
        for i in points.indices {
            if !mask[i] && contains(r, points[i]) {
                weight += weights[i]
                if opacity > 0.5 { covered[i] = true }
            } else {
                childMask[i] = true
            }
        }
        let score = priority(r) * opacity * weight
        if score == 0 { return nil }
        var best: (Responder, Double)?
        var runner = 0.0
        for child in r.children.reversed() {
            guard let (responder, s, childCovered) = test(child, childMask, points, weights) else { continue }
            childMask = childCovered
            if s <= runner { continue }
            if let b = best, s <= b.1 { runner = s; continue }
            if let b = best, b.0 !== responder { runner = b.1 }
            best = (responder, s)
        }
        if let best {
            let wins: Bool
            switch profile.name {
            case .ios17, .ios18: wins = best.1 >= max(8, 1.2 * runner)
            case .ios26: wins = best.1 > max(8, 1.2 * runner)
            case .ios26SDK: wins = best.1 > 0
            }
            if wins { return (best.0, score, covered) }
        }
        if profile.name == .ios26SDK && [.gesture, .opacity, .root].contains(r.kind) { return nil }
        return (r, score, covered)
    }

    /// The bound responder's view and kind, or nil when nothing (or the root) is bound.
    func bind(at c: Point, radius: Double) -> (node: String, kind: String)? {
        let (points, weights) = ReferenceBinder.cloud(c, radius)
        guard let (r, _, _) = test(root, [Bool](repeating: false, count: points.count), points, weights), r !== root else { return nil }
        let kind: String
        switch r.kind {
        case .gesture: kind = r.entry
        default: kind = r.kind.rawValue
        }
        return (r.node, kind)
    }
}
