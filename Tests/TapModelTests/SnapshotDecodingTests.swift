import TapModel
import Testing

@Suite("Snapshot format v1: decoding and validation")
struct SnapshotDecodingTests {
    func decode(_ root: String, top: String = #""format":"tapreplay-snapshot","version":1,"screen":"S","#) throws -> Snapshot {
        try Snapshot(json: "{\(top)\"root\":\(root)}")
    }

    func error(_ root: String, top: String = #""format":"tapreplay-snapshot","version":1,"screen":"S","#) -> SnapshotError? {
        do { _ = try decode(root, top: top); return nil } catch let e as SnapshotError { return e } catch { return nil }
    }

    @Test("A valid snapshot keeps document order, parents, subtree ranges and defaults")
    func valid() throws {
        let s = try decode(#"""
        {"id":"root","type":"ZStack","frame":[0,0,100,100],"children":[
          {"id":"a","type":"Text","frame":[0,0,10,10]},
          {"id":"b","type":"VStack","frame":[0,0,50,50],"system":"uikit","children":[{"id":"c","type":"UILabel","frame":[1,2,3,4]}]}
        ]}
        """#)
        #expect(s.nodes.map(\.id) == ["root", "a", "b", "c"])
        #expect(s.nodes.map(\.parent) == [-1, 0, 0, 2])
        #expect(s.nodes.map(\.end) == [4, 2, 4, 4])
        #expect(s.nodes[1].isLeaf && !s.nodes[0].isLeaf)
        #expect(s.nodes[3].system == .uikit)  // inherited
        #expect(s.nodes[3].uikit.userInteractionEnabled == false)  // UILabel default
        #expect(s.nodes[3].frame == Rect(1, 2, 3, 4))
    }

    @Test("An unknown modifier is rejected with its JSON path and line")
    func unknownModifier() {
        let e = error("""
        {"id":"root","type":"VStack","frame":[0,0,1,1],"children":[
          {"id":"a","type":"Text","frame":[0,0,1,1]},
          {"id":"b","type":"Text","frame":[0,0,1,1]},
          {"id":"c","type":"Text","frame":[0,0,1,1],
           "modifiers":[{"onHoverWiggle":{}}]}
        ]}
        """)
        #expect(e?.path == "root.children[2].modifiers[0]")
        #expect(e?.message.hasPrefix("unknown modifier 'onHoverWiggle'") == true)
        #expect(e?.line == 5)
        #expect(e?.located(in: "x.json").hasPrefix("x.json:5: root.children[2].modifiers[0]: unknown modifier 'onHoverWiggle'") == true)
    }

    @Test("Every format rule is checked", arguments: [
        (#"{"type":"Text","frame":[0,0,1,1]}"#, "root", "missing required field 'id'"),
        (#"{"id":"a","frame":[0,0,1,1]}"#, "root", "missing required field 'type'"),
        (#"{"id":"a","type":"Text"}"#, "root", "missing required field 'frame'"),
        (#"{"id":"a","type":"Text","frame":[0,0,-1,1]}"#, "root.frame", "width and height must not be negative"),
        (#"{"id":"a","type":"Text","frame":[0,0,1]}"#, "root.frame", "expected 4 numbers, found 3"),
        (#"{"id":"a","type":"Text","frame":[0,0,"1",1]}"#, "root.frame[2]", "expected a number, found a string"),
        (#"{"id":"a","type":"Text","frame":[0,0,1e999,1]}"#, "root.frame[2]", "number is not finite"),
        (#"{"id":"a","type":"V","frame":[0,0,1,1],"children":[{"id":"a","type":"T","frame":[0,0,1,1]}]}"#, "root.children[0].id", "duplicate id 'a' (also at root)"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"system":"appkit"}"#, "root.system", "unknown system 'appkit' (expected 'swiftui' or 'uikit')"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"shape":{"shape":"star"}}"#, "root.shape.shape", "unknown shape 'star'"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"modifiers":[{"contentShape":{"shape":"rectangle","kind":"peek"}}]}"#, "root.modifiers[0].contentShape.kind", "unknown shape kind 'peek'"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"modifiers":[{"gesture":{"swipe":{}}}]}"#, "root.modifiers[0].gesture", "unknown gesture 'swipe'"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"modifiers":[{"gesture":{"tap":{},"mask":"some"}}]}"#, "root.modifiers[0].gesture.mask", "unknown mask 'some'"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"modifiers":[{"onTapGesture":{"count":0}}]}"#, "root.modifiers[0].onTapGesture.count", "expected a whole number from 1 to 100"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"modifiers":[{"gesture":{"exclusively":[{"tap":{}}]}}]}"#, "root.modifiers[0].gesture.exclusively", "exclusively composes exactly 2 gestures"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"gestureRecognizers":[{"type":"wiggle"}],"system":"uikit"}"#, "root.gestureRecognizers[0].type", "unknown gesture recognizer type 'wiggle'"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"modifiers":[{"disabled":true,"hidden":true}]}"#, "root.modifiers[0]", "a modifier is an object with exactly one key"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"modifiers":[{"opacity":5}]}"#, "root.modifiers[0].opacity", "opacity 5 is outside 0…1"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"modifiers":[{"opacity":1e300}]}"#, "root.modifiers[0].opacity", "opacity 1e+300 is outside 0…1"),
        (#"{"id":"a","type":"T","frame":[0,0,1,1],"modifiers":[{"opacity":-0.5}]}"#, "root.modifiers[0].opacity", "opacity -0.5 is outside 0…1"),
        (#"{"id":"a","type":"UIView","frame":[0,0,1,1],"system":"uikit","alpha":2}"#, "root.alpha", "alpha 2 is outside 0…1"),
    ])
    func rules(root: String, path: String, message: String) {
        let e = error(root)
        #expect(e?.path == path, "\(root)")
        #expect(e?.message.hasPrefix(message) == true, "\(String(describing: e))")
    }

    @Test("Format, version, screen and root are required and checked")
    func topLevel() {
        let leaf = #"{"id":"a","type":"Text","frame":[0,0,1,1]}"#
        #expect(error(leaf, top: #""format":"other","version":1,"screen":"S","#)?.message.hasPrefix("unknown format 'other'") == true)
        #expect(error(leaf, top: #""format":"tapreplay-snapshot","version":2,"screen":"S","#)?.message.hasPrefix("unsupported version 2") == true)
        #expect(error(leaf, top: #""format":"tapreplay-snapshot","version":1,"#)?.message == "missing required field 'screen'")
        #expect(throws: SnapshotError.self) { try Snapshot(json: #"{"format":"tapreplay-snapshot","version":1,"screen":"S"}"#) }
        #expect(throws: SnapshotError.self) { try Snapshot(json: "{not json") }
        #expect(throws: SnapshotError.self) { try Snapshot(json: "[1,2]") }
    }

    @Test("Unknown snapshot fields are errors with a suggestion; extra holds free-form data")
    func unknownFields() throws {
        // `isHidden` on a UIKit button: ignoring it would leave a hidden button tappable.
        let e = error(#"{"id":"b","type":"UIButton","system":"uikit","frame":[0,0,44,44],"isHidden":true}"#)
        #expect(e?.path == "root.isHidden")
        #expect(e?.message.contains("did you mean 'hidden'?") == true)
        // On a SwiftUI node the UIKit name points at the modifier.
        let s = error(#"{"id":"t","type":"Text","frame":[0,0,1,1],"isHidden":true}"#)
        #expect(s?.message.contains("{\"hidden\": true}") == true)
        #expect(error(#"{"id":"a","type":"Text","frame":[0,0,1,1],"zIndex":3}"#)?.message.hasPrefix("unknown field 'zIndex'") == true)
        // Free-form data goes under `extra`, on a node or at the top.
        let ok = try decode(#"{"id":"a","type":"Text","frame":[0,0,1,1],"extra":{"accessibilityTraits":["button"],"zIndex":3}}"#)
        #expect(ok.nodes.count == 1)
    }

    @Test("SwiftUI modifiers on a UIKit node are an error")
    func modifiersOnUIKit() {
        let e = error(#"{"id":"v","type":"UIView","system":"uikit","frame":[0,0,10,10],"modifiers":[{"opacity":0}]}"#)
        #expect(e?.path == "root.modifiers")
        #expect(e?.message.contains("SwiftUI-only") == true)
    }

    @Test("Coordinates beyond ±100,000 pt are an input error, not a crash or a hang")
    func hugeNumbers() {
        let e = error(#"{"id":"b","type":"Button","frame":[1e308,0,1e308,10]}"#)
        #expect(e?.path == "root.frame[0]")
        #expect(e?.message.contains("100,000") == true)
        #expect(error(#"{"id":"b","type":"Color","frame":[0,0,10,10],"modifiers":[{"contentShape":{"shape":"rectangle","offset":[0,-2e5]}}]}"#) != nil)
    }

    @Test("Gestures: kinds, compositions, actions beside or inside, masks and defaults")
    func gestures() throws {
        let s = try decode(#"""
        {"id":"a","type":"Color","frame":[0,0,1,1],"modifiers":[
          {"onLongPressGesture":{}},
          {"highPriorityGesture":{"exclusively":[{"tap":{"count":2},"action":"double"},{"tap":{"action":"single"}}],"mask":"gesture"}},
          {"simultaneousGesture":{"drag":{"minimumDistance":20},"action":"pan"}}
        ]}
        """#)
        guard case .gesture(let lp) = s.nodes[0].modifiers[0],
              case .gesture(let ex) = s.nodes[0].modifiers[1],
              case .gesture(let drag) = s.nodes[0].modifiers[2] else {
            Issue.record("expected gestures"); return
        }
        #expect(lp.gesture.kind == .longPress(minimumDuration: 0.5, maximumDistance: 10))
        #expect(ex.priority == .high && ex.mask == .gesture)
        #expect(ex.gesture.parts.map(\.action) == ["double", "single"])
        #expect(ex.action == "single")  // what a single tap fires
        #expect(drag.priority == .simultaneous && drag.gesture.kind == .drag(minimumDistance: 20) && drag.action == "pan")
    }

    @Test("A screenshot is kept as written, in canonical form, and a bad one is refused at its field")
    func screenshot() throws {
        let png = "iVBORw0KGgoAAAANSUhEUg=="
        let leaf = #""root":{"id":"a","type":"Color","frame":[0,0,10,10]}"#
        let good = try Snapshot(json: #"{"format":"tapreplay-snapshot","version":1,"screen":"S","screenshot":{"png":"\#(png)","scale":2,"frame":[0,0,10,10]},\#(leaf)}"#)
        #expect(good.screenshot == Snapshot.Screenshot(png: png, scale: 2, frame: Rect(0, 0, 10, 10)))
        #expect(try Snapshot(json: good.encoded()).screenshot == good.screenshot)
        func refusal(_ shot: String) -> SnapshotError? {
            do { _ = try Snapshot(json: #"{"format":"tapreplay-snapshot","version":1,"screen":"S","screenshot":\#(shot),\#(leaf)}"#); return nil } catch let e as SnapshotError { return e } catch { return nil }
        }
        #expect(refusal(#"{"png":"R0lGOD","scale":2,"frame":[0,0,10,10]}"#)?.message.hasPrefix("the screenshot is not a base64 PNG") == true)
        #expect(refusal(#"{"png":"\#(png)","scale":0,"frame":[0,0,10,10]}"#)?.path == "screenshot.scale")
        #expect(refusal(#"{"png":"\#(png)","scale":2,"frame":[0,0,10]}"#)?.message == "frame is [x, y, width, height]")
        #expect(refusal(#"{"png":"\#(png)","scale":2,"frame":[0,0,10,10],"alt":"x"}"#) != nil)
    }

    @Test("Shapes lay out into bounds: inset, then scale about the centre, then offset")
    func shapes() throws {
        var spec = ShapeSpec(.rectangle)
        spec.inset = 10
        spec.scale = Point(0.5, 0.5)
        spec.offset = Point(5, -5)
        #expect(spec.resolve(in: Rect(0, 0, 100, 100)) == .rect(Rect(35, 25, 40, 40)))
        var circle = ShapeSpec(.circle)
        circle.bounds = Rect(0, 0, 200, 100)
        #expect(circle.resolve(in: Rect(0, 0, 1, 1)) == .ellipse(Rect(50, 0, 100, 100)))
        var poly = ShapeSpec(.polygon)
        poly.points = [Point(0, 0), Point(10, 0), Point(0, 10)]
        #expect(poly.resolve(in: Rect(100, 100, 10, 10)) == .polygon([Point(100, 100), Point(110, 100), Point(100, 110)]))
    }
}
