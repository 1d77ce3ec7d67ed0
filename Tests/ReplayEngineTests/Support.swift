import HitTesting
import ReplayEngine
import TapJSON
import TapModel

/// Touch events, written compactly.
struct Touches {
    var events: [TouchEvent] = []

    /// A one-finger press: down at `t`, optional moves (dt, x, y) after down, up after `duration`.
    mutating func press(_ x: Double, _ y: Double, at t: Double, duration: Double = 0.08, touch: Int = 1,
                        moves: [(Double, Double, Double)] = [], cancelled: Bool = false, expect: String? = nil) {
        events.append(TouchEvent(t: t, touch: touch, phase: .began, x: x, y: y, expect: expect))
        var last = (x, y)
        for (dt, mx, my) in moves {
            events.append(TouchEvent(t: t + dt, touch: touch, phase: .moved, x: mx, y: my))
            last = (mx, my)
        }
        events.append(TouchEvent(t: t + duration, touch: touch, phase: cancelled ? .cancelled : .ended, x: last.0, y: last.1))
    }

    /// Two fingers down together at `t`, moving apart by `spread` points, up after `duration`.
    mutating func pinch(center: (Double, Double), at t: Double, from: Double = 40, spread: Double = 60, duration: Double = 0.4) {
        let (cx, cy) = center
        events.append(TouchEvent(t: t, touch: 1, phase: .began, x: cx - from / 2, y: cy))
        events.append(TouchEvent(t: t + 0.01, touch: 2, phase: .began, x: cx + from / 2, y: cy))
        events.append(TouchEvent(t: t + duration / 2, touch: 1, phase: .moved, x: cx - (from + spread) / 2, y: cy))
        events.append(TouchEvent(t: t + duration / 2, touch: 2, phase: .moved, x: cx + (from + spread) / 2, y: cy))
        events.append(TouchEvent(t: t + duration, touch: 1, phase: .ended, x: cx - (from + spread) / 2, y: cy))
        events.append(TouchEvent(t: t + duration, touch: 2, phase: .ended, x: cx + (from + spread) / 2, y: cy))
    }
}

func snapshot(_ root: JSONValue) throws -> Snapshot {
    let doc: JSONValue = ["format": "tapreplay-snapshot", "version": 1, "screen": "Test", "root": root]
    return try Snapshot(json: doc.serialized(.compact))
}

/// A 200×100 tile (a Color leaf) carrying `modifiers`.
func tile(_ modifiers: [JSONValue], id: String = "tile") -> JSONValue {
    ["id": .string(id), "type": "Color", "frame": [0, 0, 200, 100], "modifiers": .array(modifiers)]
}

func replay(_ root: JSONValue, _ touches: Touches, settings: ReplaySettings = ReplaySettings(), radius: Double = 10) throws -> [PressResult] {
    let tester = HitTester(try snapshot(root), settings: HitSettings(touchRadius: radius))
    return Replayer(tester: tester, settings: settings).replay(trace: "t", events: touches.events)
}

func onTap(_ action: String, count: Int = 1) -> JSONValue { ["onTapGesture": ["count": .number(count), "action": .string(action)]] }
