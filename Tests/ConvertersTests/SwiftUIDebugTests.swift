import Converters
import Foundation
import HitTesting
import TapJSON
import TapModel
import TestSupport
import Testing

@Suite("swiftui-debug: _ViewDebug data to snapshot nodes")
struct SwiftUIDebugTests {
    func snapshot(_ payload: String) throws -> Snapshot { try convert(payload, .swiftuiDebug).snapshot }

    @Test("A view's children are listed last-first and come out in drawing order")
    func childOrder() throws {
        let s = try snapshot(Raw.payload(Raw.view("VStack<TupleView>", [0, 0, 100, 100], [
            Raw.view("_VariadicView.Tree<_VStackLayout, TupleView>", nil, [Raw.text("second", [0, 50, 10, 10]), Raw.text("first", [0, 0, 10, 10])]),
        ])))
        #expect(s.nodes(ofType: "Text").map(\.label) == ["first", "second"])
    }

    @Test("A modifier's content is its last child; a background's own view is drawn behind the content, an overlay's over it")
    func backgroundAndOverlay() throws {
        let s = try snapshot(Raw.payload(Raw.view("ZStack<TupleView>", [0, 0, 100, 100], [
            Raw.modifier("_OverlayModifier<_ShapeView<Circle, Color>>", frame: [0, 0, 50, 50], [Raw.view("_ShapeView<Circle, Color>", [0, 0, 50, 50]), Raw.text("o", [0, 0, 50, 50])]),
            Raw.modifier("_BackgroundModifier<Color>", frame: [50, 50, 50, 50], [Raw.view("Color", [50, 50, 50, 50]), Raw.text("b", [50, 50, 50, 50])]),
        ])))
        #expect(s.nodes.dropFirst(2).map(\.type) == ["Color", "Text", "Text", "Circle"])
    }

    @Test("Modifiers met walking inward come out in source order on the next node (the first written is innermost)")
    func sourceOrder() throws {
        let tap = Raw.attr("gestureMask", "GestureMask", [Raw.attr("rawValue", "UInt32", value: "3")])
        let s = try snapshot(Raw.payload(
            Raw.modifier("AddGestureModifier<_EndedGesture<TapGesture>>", value: Raw.attr("", "AddGestureModifier", [tap]), [
                Raw.modifier("_ContentShapeModifier<Rectangle>", [
                    Raw.view("HStack<TupleView>", [0, 0, 100, 44], [Raw.text("row", [10, 10, 30, 20])]),
                ]),
            ])))
        let row = try #require(s.nodes(ofType: "HStack").first)
        #expect(row.modifiers == [.contentShape(ShapeSpec(.rectangle)), .gesture(GestureAttachment(entry: "onTapGesture", gesture: Gesture(.tap(count: 1))))])
    }

    @Test("A contentShape gets the frame of the layer it is applied at (after padding) as its bounds")
    func contentShapeBounds() throws {
        let s = try snapshot(Raw.payload(
            Raw.modifier("_ContentShapeModifier<Rectangle>", [
                Raw.modifier("_PaddingLayout", frame: [0, 0, 60, 40], [Raw.text("padded", [10, 10, 40, 20])]),
            ])))
        let text = try #require(s.nodes(ofType: "Text").first)
        var expected = ShapeSpec(.rectangle)
        expected.bounds = Rect(0, 0, 60, 40)
        #expect(text.modifiers == [.contentShape(expected)])
        let tester = HitTester(s)
        #expect(tester.resolve(at: Point(2, 2)).hitView == s.nodes.firstIndex { $0.type == "Text" })
    }

    @Test("Type names are matched with module prefixes and generic arguments; masks, counts and priorities come from the value")
    func typeNames() throws {
        let value = Raw.attr("", "HighPriority", [
            Raw.attr("gesture", "_EndedGesture<TapGesture>", [Raw.attr("content", "TapGesture", [Raw.attr("count", "Int", value: "2")])]),
            Raw.attr("gestureMask", "GestureMask", [Raw.attr("rawValue", "UInt32", value: "1")]),
        ])
        let s = try snapshot(Raw.payload(
            Raw.node("SwiftUI.AddGestureModifier<SwiftUI._EndedGesture<SwiftUI.TapGesture>, SwiftUI.HighPriorityGestureCombiner>", flags: 2, value: value, [
                Raw.view("Color", [0, 0, 10, 10]),
            ])))
        let color = try #require(s.nodes(ofType: "Color").first)
        #expect(color.modifiers == [.gesture(GestureAttachment(entry: "highPriorityGesture", priority: .high, mask: .gesture, gesture: Gesture(.tap(count: 2))))])
    }

    @Test("iOS 26 TapGestureModifier, long press, drag and compositions map to the snapshot's gestures")
    func gestures() throws {
        let count = Raw.attr("", "TapGestureModifier", [Raw.attr("count", "Int", value: "3")])
        let press = Raw.attr("", "x", [Raw.attr("gesture", "LongPressGesture", [Raw.attr("minimumDuration", "Double", value: "1.5")])])
        let s = try snapshot(Raw.payload(Raw.modifier("TapGestureModifier", value: count, [
            Raw.modifier("SimultaneousGestureModifier<LongPressGesture>", value: press, [
                Raw.modifier("AddGestureModifier<ExclusiveGesture<DragGesture, MagnifyGesture>, DefaultGestureCombiner>", [Raw.view("Color", [0, 0, 10, 10])]),
            ]),
        ])))
        let m = try #require(s.nodes(ofType: "Color").first).modifiers
        #expect(m == [
            .gesture(GestureAttachment(entry: "gesture", gesture: Gesture(.exclusively, parts: [Gesture(.drag(minimumDistance: 10)), Gesture(.magnify)]))),
            .gesture(GestureAttachment(entry: "simultaneousGesture", priority: .simultaneous, gesture: Gesture(.longPress(minimumDuration: 1.5, maximumDistance: 10)))),
            .gesture(GestureAttachment(entry: "onTapGesture", gesture: Gesture(.tap(count: 3)))),
        ])
    }

    @Test("ContentShapeKinds bits give the kind: interaction wins, else the first kind set")
    func contentShapeKinds() throws {
        func kind(_ bits: Int) throws -> ShapeSpec.Purpose? {
            let v = Raw.attr("", "k", [Raw.attr("kind", "ContentShapeKinds", [Raw.attr("rawValue", "Int", value: "\(bits)")])])
            let s = try snapshot(Raw.payload(Raw.modifier("SwiftUI._ContentShapeKindModifier<SwiftUI.Circle>", value: v, [Raw.view("Color", [0, 0, 10, 10])])))
            guard case .contentShape(let shape)? = s.nodes.last?.modifiers.first else { return nil }
            #expect(shape.form == .circle)
            return shape.purpose
        }
        #expect(try kind(9) == .interaction)
        #expect(try kind(4) == .contextMenuPreview)
        #expect(try kind(8) == .hoverEffect)
    }

    @Test("allowsHitTesting, opacity, hidden, clipped and an isEnabled writer are read from their values")
    func flagModifiers() throws {
        let s = try snapshot(Raw.payload(
            Raw.modifier("_AllowsHitTestingModifier", value: Raw.attr("", "a", [Raw.attr("allowsHitTesting", "Bool", value: "false")]), [
                Raw.modifier("_OpacityEffect", value: Raw.attr("", "o", [Raw.attr("opacity", "Double", value: "0")]), [
                    Raw.modifier("_HiddenModifier", [
                        Raw.modifier("_ClipEffect<Rectangle>", [
                            Raw.modifier("_EnvironmentKeyWritingModifier<Bool>", value: Raw.attr("", "e", [Raw.attr("keyPath", "WritableKeyPath", value: #""\\EnvironmentValues.isEnabled""#), Raw.attr("value", "Bool", value: "false")]), [
                                Raw.view("Color", [0, 0, 10, 10]),
                            ]),
                        ]),
                    ]),
                ]),
            ])))
        #expect(s.nodes.last?.modifiers == [.disabled(true), .clipped(true), .hidden(true), .opacity(0), .allowsHitTesting(false)])
        // An opacity above 1 (an animation's overshoot) is drawn as 1: clamped with a warning, and the snapshot reads back.
        let c = try convert(Raw.payload(
            Raw.modifier("_OpacityEffect", value: Raw.attr("", "o", [Raw.attr("opacity", "Double", value: "1.2")]), [
                Raw.view("Color", [0, 0, 10, 10]),
            ])))
        #expect(try Snapshot(json: c.json).nodes.last?.modifiers == [.opacity(1)])
        #expect(c.warnings.contains { $0.contains("opacity 1.2 is outside 0…1: taken as 1") }, "\(c.warnings)")
    }

    @Test("A Button (ButtonActionModifier) is named after its label text; a Text without a frame takes its layer's frame, stated as a limit")
    func buttonAndFramelessText() throws {
        let c = try convert(Raw.payload(
            Raw.modifier("AccessibilityAttachmentModifier", frame: [300, 10, 80, 40], [
                Raw.modifier("ButtonActionModifier<ModifierGesture<GestureLabelModifier<Void>, _ButtonGesture>>", [
                    Raw.view("HStack<ButtonStyleConfiguration.Label>", [310, 20, 60, 20], [Raw.text("Reset meter", nil)]),
                ]),
            ])), .swiftuiDebug)
        let button = try #require(c.snapshot.nodes(ofType: "Button").first)
        #expect(button.action == "Reset meter" && button.frame == Rect(300, 10, 80, 40))
        #expect(c.snapshot.nodes(ofType: "Text").first?.frame == Rect(310, 20, 60, 20))
        #expect(c.limits.contains { $0.contains("no frame") })
    }

    @Test("An accessibility identifier set on a view (AccessibilityAttachmentModifier, IdentifierKey) becomes its id; a Button without label text is named after it")
    func accessibilityIdentifier() throws {
        let entry = Raw.attr("", "AccessibilityProperties.Entry", [
            Raw.attr("key", "IdentifierKey.Type"),
            Raw.attr("value", "AccessibilityIdentifierStorage", [Raw.attr("identifier", "String", value: #""save""#)]),
        ])
        let value = Raw.attr("", "AccessibilityAttachmentModifier", [Raw.attr("storage", "MutableBox<AccessibilityAttachment>", [entry])])
        let s = try snapshot(Raw.payload(Raw.view("VStack<TupleView>", [0, 0, 100, 100], [
            Raw.modifier("AccessibilityAttachmentModifier", value: value, [
                Raw.modifier("ButtonActionModifier<_ButtonGesture>", frame: [0, 0, 50, 50], [Raw.view("Color", [0, 0, 50, 50])]),
            ]),
        ])))
        let button = try #require(s.node("save"))
        #expect(button.type == "Button" && button.action == "save")
        #expect(s.node("save/Color") != nil)
        // Above several children, the identifier goes on one node holding them, not on each.
        let group = try snapshot(Raw.payload(Raw.modifier("AccessibilityAttachmentModifier", value: value, [
            Raw.view("_VariadicView.Tree<_HStackLayout, TupleView>", nil, [Raw.view("Color", [0, 0, 5, 5]), Raw.view("Color", [5, 0, 5, 5])]),
        ])))
        #expect(group.node("save")?.type == "ModifiedContent" && group.node("save/Color") != nil && group.node("save#2") == nil)
    }

    @Test("A gesture with no touch equivalent is skipped with a warning naming it")
    func unknownGesture() throws {
        let c = try convert(Raw.payload(Raw.modifier("AddGestureModifier<_EndedGesture<PhysicalButtonPressGesture>, DefaultGestureCombiner>", [Raw.view("Color", [0, 0, 1, 1])])), .swiftuiDebug)
        #expect(c.warnings.contains { $0.contains("PhysicalButtonPressGesture") })
        #expect(c.snapshot.nodes.last?.modifiers.isEmpty == true)
    }

    @Test("One node that cannot be read is skipped with a warning naming its JSON path and line; unreadable JSON is an error")
    func malformed() throws {
        let c = try convert(#"[{"properties":[],"children":[{"properties":[], "children":[3, {"properties":"nope"}]}]}]"#, .swiftuiDebug)
        #expect(c.warnings.contains { $0.contains("line 1: [0].children[0].children[0]: a node must be an object") && $0.contains("skipped") })
        #expect(c.warnings.contains { $0.contains("[0].children[0].children[1].properties: properties must be an array") })
        #expect(captureError("[{\"properties\": [", .swiftuiDebug)?.line == 1)
    }

    @Test("A fixture shaped like a real iOS 27 payload: every Text, Button, gesture and contentShape is where it is on screen")
    func realShape() throws {
        let c = try Converter.convert(try Files.fixture("profile.swiftui.json"))
        let s = c.snapshot
        let texts = s.nodes(ofType: "Text")
        #expect(texts.map(\.label) == ["Ada Lovelace", "Meter owner", "Subscribe", "Latest readings"])
        #expect(texts.map(\.frame) == [Rect(80, 55, 120, 20), Rect(80, 77, 90, 18), Rect(300, 60, 60, 30), Rect(0, 140, 124, 26)])
        let button = try #require(s.nodes(ofType: "Button").first)
        #expect(button.action == "Subscribe" && button.frame == Rect(288, 52, 84, 46))
        #expect(texts[3].modifiers == [.gesture(GestureAttachment(entry: "onTapGesture", gesture: Gesture(.tap(count: 2))))])
        let shapes = s.nodes.flatMap(\.modifiers).filter { if case .contentShape = $0 { return true } else { return false } }
        #expect(shapes.count == 1)
        #expect(c.limits.contains { $0.contains("PhysicalButtonPressGesture") })
        // Backgrounds come before their content (drawn behind).
        #expect(s.nodes.map(\.type).firstIndex(of: "RoundedRectangle")! < s.nodes.map(\.type).firstIndex(of: "HStack")!)
        // Exactly (r = 0) the whole button fires; with a 20-pt touch its rounded corners compete with the
        // card drawn behind it, which covers as much of a touch there (blocked, touch-binding.md §3).
        #expect(HitTester(s, settings: HitSettings(touchRadius: 0)).coverage().first { $0.action == "Subscribe" }?.own == 1)
        let subscribe = try #require(HitTester(s).coverage().first { $0.action == "Subscribe" })
        #expect(subscribe.own > 0.95 && abs(subscribe.own + subscribe.blocked - 1) < 1e-9)
    }
}
