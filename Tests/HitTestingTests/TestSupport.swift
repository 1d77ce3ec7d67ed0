import HitTesting
import TapJSON
import TapModel

/// Tiny view trees for the rule tests, written as the snapshot JSON they stand for.
func node(_ id: String, _ type: String, _ frame: [Double], modifiers: [JSONValue] = [], children: [JSONValue] = [],
          _ extra: [String: JSONValue] = [:]) -> JSONValue {
    var pairs: [JSONValue.Pair] = [.init("id", .string(id)), .init("type", .string(type)),
                                   .init("frame", .array(frame.map { .number($0) }))]
    if !modifiers.isEmpty { pairs.append(.init("modifiers", .array(modifiers))) }
    if !children.isEmpty { pairs.append(.init("children", .array(children))) }
    for key in extra.keys.sorted() { pairs.append(.init(key, extra[key]!)) }
    return .object(pairs)
}

func uikit(_ id: String, _ type: String, _ frame: [Double], children: [JSONValue] = [], _ extra: [String: JSONValue] = [:]) -> JSONValue {
    var e = extra
    e["system"] = "uikit"
    return node(id, type, frame, children: children, e)
}

func uiButton(_ id: String, _ frame: [Double], action: String, enabled: Bool = true, _ extra: [String: JSONValue] = [:]) -> JSONValue {
    var e = extra
    e["control"] = ["action": .string(action), "enabled": .bool(enabled)]
    return uikit(id, "UIButton", frame, e)
}

func onTap(_ action: String, count: Int = 1) -> JSONValue { ["onTapGesture": ["count": .number(count), "action": .string(action)]] }
let rectangleShape: JSONValue = ["contentShape": ["shape": "rectangle"]]

func snapshot(_ root: JSONValue, screen: String = "Test") throws -> Snapshot {
    let doc: JSONValue = ["format": "tapreplay-snapshot", "version": 1, "screen": .string(screen), "root": root]
    return try Snapshot(json: doc.serialized(.compact))
}

func tester(_ root: JSONValue, radius: Double = 10) throws -> HitTester {
    HitTester(try snapshot(root), settings: HitSettings(touchRadius: radius))
}

/// What a tap did, by ids, for compact assertions.
struct Tapped: Equatable, CustomStringConvertible {
    var outcome: TouchResult.Outcome
    var node: String?       // the view that took it
    var handler: String?    // the view whose handler fires
    var action: String?
    var description: String { "\(outcome.rawValue) node=\(node ?? "nil") handler=\(handler ?? "nil") action=\(action ?? "nil")" }
}

extension HitTester {
    func tap(_ x: Double, _ y: Double) -> Tapped {
        let r = resolve(at: Point(x, y))
        let ids = snapshot.nodes
        return Tapped(outcome: r.outcome,
                      node: r.hitView >= 0 && r.outcome != .miss ? ids[r.hitView].id : nil,
                      handler: r.handler.map { ids[$0.node].id },
                      action: r.handler?.action)
    }

    func coverage(ofID id: String, step: Double = 1) -> TargetCoverage {
        coverage(of: index(ofID: id)!, step: step)
    }
}

/// A parent with the given modifiers around a Button (S10, S11 tests).
func parentWithButton(_ parentModifiers: [JSONValue]) -> JSONValue {
    node("parent", "ZStack", [0, 0, 200, 100], modifiers: parentModifiers, children: [
        node("parent.bg", "Color", [0, 0, 200, 100]),
        node("child", "Button", [0, 0, 100, 100], children: [node("child.bg", "Color", [0, 0, 100, 100])], ["action": "child"]),
    ])
}

