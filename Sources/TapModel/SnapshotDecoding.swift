import TapJSON
/// A snapshot that cannot be used, with where: the JSON path of the offending
/// value (`root.children[2].modifiers[0]`) and its line in the file.
public struct SnapshotError: LocatedError, Equatable {
    public let path: String
    public let line: Int?
    public let message: String

    public init(path: String, line: Int?, message: String) {
        self.path = path; self.line = line; self.message = message
    }
}

extension SnapshotError {
    init(_ e: JSONReadError) { self.init(path: e.path, line: e.line, message: e.message) }
}

extension Snapshot {
    public static let format = "tapreplay-snapshot"
    public static let supportedVersion = 1
    /// Compositions nest at most this deep (a guard against hostile input; real gestures nest two or three).
    public static let maxGestureDepth = 64
    /// Coordinates and sizes beyond this many points are an input error: no screen is that large,
    /// and such numbers would make coverage sampling unbounded.
    public static let maxCoordinate = 100_000.0
    /// Tap counts (`count`, `numberOfTapsRequired`) lie in this range.
    public static let countRange = 1...100

    /// Decodes and validates snapshot JSON.
    /// - Throws: `SnapshotError` naming the JSON path and line of the first problem.
    public init<Bytes: Collection>(json bytes: Bytes) throws where Bytes.Element == UInt8 {
        do {
            let reader = try JSONReader(parsing: bytes)
            self = try SnapshotDecoder(reader).decode(reader.root)
        } catch {
            throw SnapshotError(error)
        }
    }

    public init(json text: String) throws {
        try self.init(json: Array(text.utf8))
    }

    /// Decodes a snapshot embedded in another document (a baseline's `snapshot`).
    public init(reader: JSONReader, at value: Int) throws(JSONReadError) {
        self = try SnapshotDecoder(reader).decode(value)
    }
}

/// Reads a snapshot through the JSON reader, checking every rule of the format.
struct SnapshotDecoder {
    let r: JSONReader

    init(_ reader: JSONReader) { self.r = reader }

    static let topKeys: Set<String> = ["format", "version", "screen", "app", "device", "capturedAt", "capture", "root", "extra", "screenshot"]
    static let swiftUIKeys: Set<String> = ["id", "type", "frame", "system", "children", "label", "leaf", "shape", "clear", "action", "modifiers", "extra",
                                           "role", "style", "rowAction", "delaysContentTouches", "canCancelContentTouches"]
    static let uikitOnlyKeys: Set<String> = ["alpha", "hidden", "userInteractionEnabled", "clipsToBounds", "hitInsets", "hitTestOverride", "control", "gestureRecognizers",
                                             "touchAction"]
    static let uikitKeys: Set<String> = swiftUIKeys.subtracting(["leaf", "shape", "clear", "modifiers", "style"]).union(uikitOnlyKeys)

    // MARK: Values with limits

    /// A coordinate or size in points: finite and within ±100,000.
    func coordinate(_ v: Int) throws(JSONReadError) -> Double {
        let d = try r.number(v)
        guard abs(d) <= Snapshot.maxCoordinate else {
            throw r.fail(v, "\(JSONValue.format(d)) is beyond ±100000 pt: coordinates and sizes must lie within ±100,000 points")
        }
        return d
    }

    /// An opacity or alpha: 0 to 1. SwiftUI and UIKit draw a value above 1 as 1, but in a snapshot one is
    /// a capture's or a person's mistake, and as a weight it would let the view outscore its neighbours (S9).
    func unitInterval(_ v: Int, _ what: String) throws(JSONReadError) -> Double {
        let d = try r.number(v)
        guard d >= 0 && d <= 1 else { throw r.fail(v, "\(what) \(JSONValue.format(d)) is outside 0…1") }
        return d
    }

    func coordinates(_ v: Int, count: Int) throws(JSONReadError) -> [Double] {
        let items = try r.array(v)
        guard items.count == count else { throw r.fail(v, "expected \(count) numbers, found \(items.count)") }
        var out: [Double] = []
        for item in items { out.append(try coordinate(item)) }
        return out
    }

    /// `[x, y, width, height]` with width and height ≥ 0.
    func rect(_ v: Int) throws(JSONReadError) -> Rect {
        let f = try coordinates(v, count: 4)
        guard f[2] >= 0, f[3] >= 0 else { throw r.fail(v, "width and height must not be negative") }
        return Rect(f[0], f[1], f[2], f[3])
    }

    func count(_ v: Int) throws(JSONReadError) -> Int {
        try r.integer(v, in: Snapshot.countRange)
    }

    func nonNegative(_ v: Int) throws(JSONReadError) -> Double {
        let d = try r.number(v)
        guard d >= 0 else { throw r.fail(v, "must not be negative") }
        return d
    }

    /// A duration in seconds or a distance in points: ≥ 0 and within the coordinate limit.
    func bounded(_ v: Int) throws(JSONReadError) -> Double {
        let d = try nonNegative(v)
        guard d <= Snapshot.maxCoordinate else { throw r.fail(v, "\(JSONValue.format(d)) is beyond the limit of 100000") }
        return d
    }

    // MARK: Decoding

    func decode(_ topValue: Int) throws(JSONReadError) -> Snapshot {
        let top = try r.object(topValue)
        try r.checkKeys(top, of: topValue, known: SnapshotDecoder.topKeys)
        let formatValue = try r.required("format", in: top, of: topValue)
        let format = try r.string(formatValue)
        guard format == Snapshot.format else {
            throw r.fail(formatValue, "unknown format '\(format.clipped)' (expected '\(Snapshot.format.clipped)')")
        }
        let versionValue = try r.required("version", in: top, of: topValue)
        let version = try r.number(versionValue)
        guard version == Double(Snapshot.supportedVersion) else {
            throw r.fail(versionValue, "unsupported version \(JSONValue.format(version)) (this tool reads version \(Snapshot.supportedVersion))")
        }
        let screenValue = try r.required("screen", in: top, of: topValue)
        let screen = try r.string(screenValue)
        guard !screen.isEmpty else { throw r.fail(screenValue, "screen must not be empty") }

        var app = Snapshot.AppInfo()
        if let a = r.optional("app", in: top) {
            let m = try r.object(a)
            try r.checkKeys(m, of: a, known: ["id", "version", "build", "sdk"])
            if let v = r.optional("id", in: m) { app.id = try r.string(v) }
            if let v = r.optional("version", in: m) { app.version = try r.scalarText(v) }
            if let v = r.optional("build", in: m) { app.build = try r.scalarText(v) }
            if let v = r.optional("sdk", in: m) { app.sdk = try r.string(v) }
        }
        var device = Snapshot.DeviceInfo()
        if let d = r.optional("device", in: top) {
            let m = try r.object(d)
            try r.checkKeys(m, of: d, known: ["model", "os", "scale", "width", "height"])
            if let v = r.optional("model", in: m) { device.model = try r.string(v) }
            if let v = r.optional("os", in: m) { device.os = try r.string(v) }
            if let v = r.optional("scale", in: m) { device.scale = try bounded(v) }
            if let v = r.optional("width", in: m) { device.width = try bounded(v) }
            if let v = r.optional("height", in: m) { device.height = try bounded(v) }
        }
        var capturedAt: String?
        if let v = r.optional("capturedAt", in: top) { capturedAt = try r.string(v) }
        var capture: Snapshot.CaptureInfo?
        if let c = r.optional("capture", in: top) {
            let m = try r.object(c)
            try r.checkKeys(m, of: c, known: ["from", "limits"])
            let fromValue = try r.required("from", in: m, of: c)
            let from = try r.string(fromValue)
            guard Snapshot.CaptureInfo.sources.contains(from) else {
                throw r.fail(fromValue, "unknown capture source '\(from.clipped)' (known: \(Snapshot.CaptureInfo.sources.joined(separator: ", ")))")
            }
            var limits: [String] = []
            if let l = r.optional("limits", in: m) {
                for item in try r.array(l) { limits.append(try r.string(item)) }
            }
            capture = Snapshot.CaptureInfo(from: from, limits: limits)
        }
        var screenshot: Snapshot.Screenshot?
        if let v = r.optional("screenshot", in: top) { screenshot = try Snapshot.Screenshot.read(v, r, strict: true) }
        let nodes = try decodeTree(try r.required("root", in: top, of: topValue))
        var snapshot = Snapshot(screen: screen, app: app, device: device, capturedAt: capturedAt, capture: capture, nodes: nodes)
        snapshot.screenshot = screenshot
        return snapshot
    }

    /// Decodes the node tree iteratively, in document order.
    func decodeTree(_ rootValue: Int) throws(JSONReadError) -> [Node] {
        var nodes: [Node] = []
        var seen: [String: Int] = [:]
        var values: [Int] = []  // the JSON value of each node, for error paths
        var stack: [(value: Int, parent: Int)] = [(rootValue, -1)]
        while let (value, parent) = stack.popLast() {
            let index = nodes.count
            let parentSystem = parent >= 0 ? nodes[parent].system : .swiftui
            let (node, childValues) = try decodeNode(value, parent: parent, parentSystem: parentSystem,
                                                     depth: parent >= 0 ? nodes[parent].depth + 1 : 0)
            if let first = seen[node.id] {
                let idValue = r.optional("id", in: try r.object(value)) ?? value
                throw r.fail(idValue, "duplicate id '\(node.id.clipped)' (also at \(r.document.path(of: values[first])))")
            }
            seen[node.id] = index
            nodes.append(node)
            values.append(value)
            if parent >= 0 { nodes[parent].children.append(index) }
            for child in childValues.reversed() { stack.append((child, index)) }
        }
        // Subtree ends: children come after their parent, so a reverse sweep sees children first.
        for i in stride(from: nodes.count - 1, through: 0, by: -1) {
            nodes[i].end = nodes[i].children.last.map { nodes[$0].end } ?? i + 1
        }
        try checkRoles(nodes, values: values)
        return nodes
    }

    /// Roles and styles that depend on where a node sits (docs/snapshot.md, "Lists and forms", "Toggle"):
    /// a `row` needs a `list` above it, a `switch` a Toggle, a `rowAction` a row; a switch-style Toggle has no action.
    func checkRoles(_ nodes: [Node], values: [Int]) throws(JSONReadError) {
        func field(_ i: Int, _ key: String) throws(JSONReadError) -> Int {
            r.optional(key, in: try r.object(values[i])) ?? values[i]
        }
        func hasAncestor(_ i: Int, _ test: (Node) -> Bool) -> Bool {
            var a = nodes[i].parent
            while a >= 0 { if test(nodes[a]) { return true }; a = nodes[a].parent }
            return false
        }
        for (i, node) in nodes.enumerated() {
            switch node.role {
            case .row?, .header?, .footer?:
                guard hasAncestor(i, { $0.role == .list }) else {
                    let what = node.role!.rawValue
                    throw r.fail(try field(i, "role"), "a '\(what)' needs a list around it: give the List or Form that holds it \"role\": \"list\"")
                }
            case .switch?:
                guard hasAncestor(i, { $0.type == "Toggle" }) else {
                    throw r.fail(try field(i, "role"), "a 'switch' is the switch of a Toggle: it needs a Toggle around it")
                }
            default: break
            }
            if node.rowAction != nil && node.role != .row {
                throw r.fail(try field(i, "rowAction"), "rowAction is a row's own action: it needs \"role\": \"row\" on this node")
            }
            if node.type == "Toggle" && node.style == "switch" && node.action != nil {
                throw r.fail(try field(i, "action"),
                             "a switch-style Toggle has no action of its own: only its switch responds; write the switch as a child with \"role\": \"switch\" and a control {\"kind\": \"switch\", \"action\": …}")
            }
        }
    }

    func decodeNode(_ value: Int, parent: Int, parentSystem: UISystem, depth: Int) throws(JSONReadError) -> (Node, [Int]) {
        let m = try r.object(value)
        let id = try r.string(try r.required("id", in: m, of: value))
        guard !id.isEmpty else { throw r.fail(r.optional("id", in: m)!, "id must not be empty") }
        let type = try r.string(try r.required("type", in: m, of: value))
        let frame = try rect(try r.required("frame", in: m, of: value))
        var system = parentSystem
        if let s = r.optional("system", in: m) {
            let text = try r.string(s)
            guard let sys = UISystem(rawValue: text) else {
                throw r.fail(s, "unknown system '\(text.clipped)' (expected 'swiftui' or 'uikit')")
            }
            system = sys
        }
        try checkNodeKeys(m, of: value, system: system)
        var childValues: [Int] = []
        if let c = r.optional("children", in: m) { childValues = try r.array(c) }
        let label = try r.optional("label", in: m).map { v throws(JSONReadError) in try r.string(v) }
        let leaf = try r.optional("leaf", in: m).map { v throws(JSONReadError) in try r.bool(v) }
        let clear = try r.optional("clear", in: m).map { v throws(JSONReadError) in try r.bool(v) } ?? false
        let action = try r.optional("action", in: m).map { v throws(JSONReadError) in try r.string(v) }
        let shape = try r.optional("shape", in: m).map { v throws(JSONReadError) in try decodeShape(v) }
        var role: Node.Role?
        if let v = r.optional("role", in: m) {
            let text = try r.string(v)
            guard let parsed = Node.Role(rawValue: text) else {
                throw r.fail(v, unknown("role", text, among: Node.Role.allCases.map(\.rawValue)))
            }
            role = parsed
        }
        let rowAction = try r.optional("rowAction", in: m).map { v throws(JSONReadError) in try r.string(v) }
        let delays = try r.optional("delaysContentTouches", in: m).map { v throws(JSONReadError) in try r.bool(v) }
        let cancels = try r.optional("canCancelContentTouches", in: m).map { v throws(JSONReadError) in try r.bool(v) }
        var modifiers: [Modifier] = []
        if let mv = r.optional("modifiers", in: m) {
            for item in try r.array(mv) { modifiers.append(try decodeModifier(item)) }
        }
        var uikit = UIKitProperties()
        if system == .uikit && Node.nonInteractiveUIKitTypes.contains(type) { uikit.userInteractionEnabled = false }
        if let v = r.optional("alpha", in: m) { uikit.alpha = try unitInterval(v, "alpha") }
        if let v = r.optional("hidden", in: m) { uikit.hidden = try r.bool(v) }
        if let v = r.optional("userInteractionEnabled", in: m) { uikit.userInteractionEnabled = try r.bool(v) }
        if let v = r.optional("clipsToBounds", in: m) { uikit.clipsToBounds = try r.bool(v) }
        if let v = r.optional("hitInsets", in: m) { uikit.hitInsets = try coordinates(v, count: 4) }
        if let v = r.optional("hitTestOverride", in: m) {
            let text = try r.string(v)
            switch text {
            case "none": uikit.passThroughSelf = false
            case "passThroughSelf": uikit.passThroughSelf = true
            default: throw r.fail(v, "unknown hitTestOverride '\(text.clipped)' (expected 'none' or 'passThroughSelf')")
            }
        }
        if let v = r.optional("control", in: m) {
            let cm = try r.object(v)
            try r.checkKeys(cm, of: v, known: ["action", "enabled", "kind"])
            let act = try r.optional("action", in: cm).map { v throws(JSONReadError) in try r.string(v) }
            let enabled = try r.optional("enabled", in: cm).map { v throws(JSONReadError) in try r.bool(v) } ?? true
            var kind = UIKitProperties.Control.Kind.unknown
            if let k = r.optional("kind", in: cm) {
                let text = try r.string(k)
                guard let parsed = UIKitProperties.Control.Kind(rawValue: text) else {
                    throw r.fail(k, unknown("control kind", text, among: UIKitProperties.Control.Kind.allCases.map(\.rawValue)))
                }
                kind = parsed
            }
            uikit.control = .init(action: act, enabled: enabled, kind: kind)
        }
        if let v = r.optional("touchAction", in: m) {
            let tm = try r.object(v)
            try r.checkKeys(tm, of: v, known: ["action", "enabled"])
            let act = try r.optional("action", in: tm).map { v throws(JSONReadError) in try r.string(v) }
            let enabled = try r.optional("enabled", in: tm).map { v throws(JSONReadError) in try r.bool(v) } ?? true
            uikit.touchAction = .init(action: act, enabled: enabled)
        }
        if let v = r.optional("gestureRecognizers", in: m) {
            for item in try r.array(v) { uikit.gestureRecognizers.append(try decodeRecognizer(item)) }
        }
        var style: String?
        if let v = r.optional("style", in: m) { style = try r.string(v) }
        if (delays != nil || cancels != nil) && system == .swiftui && type != "ScrollView" && role != .list {
            let key = delays != nil ? "delaysContentTouches" : "canCancelContentTouches"
            throw r.fail(r.optional(key, in: m)!, "\(key) applies to scroll views: a UIKit view, a ScrollView or a node with \"role\": \"list\"")
        }
        let node = Node(id: id, type: type, frame: frame, system: system, parent: parent,
                        depth: depth, label: label, isLeaf: leaf, shape: shape, clear: clear, action: action,
                        modifiers: modifiers, uikit: uikit, role: role, style: style, rowAction: rowAction,
                        delaysContentTouches: delays, canCancelContentTouches: cancels)
        if let style, !node.knownStyles.contains(style) {
            let family = node.styleFamily.rawValue
            throw r.fail(r.optional("style", in: m)!, unknown("\(family) style", style, among: node.knownStyles))
        }
        return (node, childValues)
    }

    /// "unknown X 'y' (did you mean 'z'?) (known: …)".
    func unknown(_ what: String, _ text: String, among known: [String]) -> String {
        var message = "unknown \(what) '\(text.clipped)'"
        if let near = Suggestion.nearest(text, among: known) { message += " (did you mean '\(near.clipped)'?)" }
        return message + " (known: \(known.joined(separator: ", ")))"
    }

    /// Unknown fields are errors with a suggestion; fields of the other system say so.
    func checkNodeKeys(_ m: [JSONDocument.Member], of value: Int, system: UISystem) throws(JSONReadError) {
        let known = system == .uikit ? SnapshotDecoder.uikitKeys : SnapshotDecoder.swiftUIKeys
        for member in m where !known.contains(member.key) {
            let all = SnapshotDecoder.swiftUIKeys.union(SnapshotDecoder.uikitOnlyKeys)
            let name = all.contains(member.key) ? member.key : Suggestion.nearest(member.key, among: all)
            var message = name == member.key ? "'\(member.key.clipped)' does not apply here" : "unknown field '\(member.key.clipped)'"
            if let name, name != member.key { message += " (did you mean '\(name.clipped)'?)" }
            if let name, system == .uikit, !SnapshotDecoder.uikitKeys.contains(name) {
                message += ": '\(name.clipped)' is SwiftUI-only and this node is UIKit (\"system\": \"uikit\", set here or inherited)"
            } else if let name, system == .swiftui, SnapshotDecoder.uikitOnlyKeys.contains(name) {
                let modifier = name == "hidden" ? "{\"hidden\": true}" : (name == "alpha" ? "{\"opacity\": 0}" : nil)
                message += ": '\(name.clipped)' is a UIKit field and this node is SwiftUI; set \"system\": \"uikit\" for a UIKit view"
                if let modifier { message += ", or write the SwiftUI modifier \(modifier) in \"modifiers\"" }
            }
            throw r.fail(value, key: member.key, value: member.value, message, kind: .unknownKey)
        }
    }

    func decodeRecognizer(_ v: Int) throws(JSONReadError) -> UIKitProperties.Recognizer {
        let m = try r.object(v)
        try r.checkKeys(m, of: v, known: ["type", "action", "enabled", "numberOfTapsRequired", "minimumPressDuration", "allowableMovement",
                                          "cancelsTouchesInView"])
        let tv = try r.required("type", in: m, of: v)
        let text = try r.string(tv)
        guard let kind = UIKitProperties.Recognizer.Kind(rawValue: text) else {
            let known = UIKitProperties.Recognizer.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw r.fail(tv, "unknown gesture recognizer type '\(text.clipped)' (known: \(known))")
        }
        var rec = UIKitProperties.Recognizer(kind: kind)
        if let a = r.optional("action", in: m) { rec.action = try r.string(a) }
        if let e = r.optional("enabled", in: m) { rec.enabled = try r.bool(e) }
        if let n = r.optional("numberOfTapsRequired", in: m) { rec.numberOfTapsRequired = try count(n) }
        if let d = r.optional("minimumPressDuration", in: m) { rec.minimumPressDuration = try bounded(d) }
        if let d = r.optional("allowableMovement", in: m) { rec.allowableMovement = try bounded(d) }
        if let c = r.optional("cancelsTouchesInView", in: m) { rec.cancelsTouchesInView = try r.bool(c) }
        return rec
    }

    static let shapeKeys: Set<String> = ["shape", "cornerRadius", "points", "offset", "scale", "inset", "bounds", "kind"]

    func decodeShape(_ v: Int) throws(JSONReadError) -> ShapeSpec {
        let m = try r.object(v)
        try r.checkKeys(m, of: v, known: SnapshotDecoder.shapeKeys)
        let formValue = try r.required("shape", in: m, of: v)
        let text = try r.string(formValue)
        guard let form = ShapeSpec.Form(rawValue: text) else {
            let known = ShapeSpec.Form.allCases.map(\.rawValue).joined(separator: ", ")
            throw r.fail(formValue, "unknown shape '\(text.clipped)' (known: \(known))")
        }
        var s = ShapeSpec(form)
        if let c = r.optional("cornerRadius", in: m) { s.cornerRadius = try bounded(c) }
        if let i = r.optional("inset", in: m) { s.inset = try coordinate(i) }
        if let o = r.optional("offset", in: m) {
            let n = try coordinates(o, count: 2)
            s.offset = Point(n[0], n[1])
        }
        if let sc = r.optional("scale", in: m) {
            if case .number = r[sc] {
                let k = try coordinate(sc)
                s.scale = Point(k, k)
            } else {
                let n = try coordinates(sc, count: 2)
                s.scale = Point(n[0], n[1])
            }
        }
        if let b = r.optional("bounds", in: m) { s.bounds = try rect(b) }
        if let k = r.optional("kind", in: m) {
            let kt = try r.string(k)
            guard let purpose = ShapeSpec.Purpose(rawValue: kt) else {
                let known = ShapeSpec.Purpose.allCases.map(\.rawValue).joined(separator: ", ")
                throw r.fail(k, "unknown shape kind '\(kt.clipped)' (known: \(known))")
            }
            s.purpose = purpose
        }
        if let p = r.optional("points", in: m) {
            for item in try r.array(p) {
                let n = try coordinates(item, count: 2)
                s.points.append(Point(n[0], n[1]))
            }
        }
        if form == .polygon && s.points.count < 3 {
            throw r.fail(v, "a polygon needs at least 3 points, found \(s.points.count)")
        }
        return s
    }

    static let modifierNames = ["contentShape", "onTapGesture", "onLongPressGesture", "gesture", "highPriorityGesture",
                                "simultaneousGesture", "allowsHitTesting", "disabled", "opacity", "hidden", "clipped"]

    func decodeModifier(_ v: Int) throws(JSONReadError) -> Modifier {
        let m = try r.object(v)
        // One key; a gesture entry may carry its mask beside it: {"gesture": g, "mask": "gesture"}.
        let attaching: Set<String> = ["gesture", "highPriorityGesture", "simultaneousGesture"]
        let siblingMask = m.count == 2 && m.contains { $0.key == "mask" } && m.contains { attaching.contains($0.key) }
        guard m.count == 1 || siblingMask, let entry = m.first(where: { $0.key != "mask" }) else {
            throw r.fail(v, "a modifier is an object with exactly one key, found \(m.count)")
        }
        let value = entry.value
        switch entry.key {
        case "contentShape":
            return .contentShape(try decodeShape(value))
        case "onTapGesture":
            let om = try r.object(value)
            try r.checkKeys(om, of: value, known: ["count", "action"])
            let n = try r.optional("count", in: om).map { v throws(JSONReadError) in try count(v) } ?? 1
            let action = try r.optional("action", in: om).map { v throws(JSONReadError) in try r.string(v) }
            return .gesture(GestureAttachment(entry: "onTapGesture", gesture: Gesture(.tap(count: n), action: action)))
        case "onLongPressGesture":
            let om = try r.object(value)
            try r.checkKeys(om, of: value, known: ["minimumDuration", "maximumDistance", "action"])
            let duration = try r.optional("minimumDuration", in: om).map { v throws(JSONReadError) in try bounded(v) } ?? 0.5
            let distance = try r.optional("maximumDistance", in: om).map { v throws(JSONReadError) in try bounded(v) } ?? 10
            let action = try r.optional("action", in: om).map { v throws(JSONReadError) in try r.string(v) }
            return .gesture(GestureAttachment(entry: "onLongPressGesture",
                                              gesture: Gesture(.longPress(minimumDuration: duration, maximumDistance: distance), action: action)))
        case "gesture", "highPriorityGesture", "simultaneousGesture":
            let priority: GestureAttachment.Priority = entry.key == "gesture" ? .normal : (entry.key == "highPriorityGesture" ? .high : .simultaneous)
            let om = try r.object(value)
            var mask = GestureAttachment.Mask.all
            if let mv = r.optional("mask", in: om) ?? r.optional("mask", in: m) {
                let text = try r.string(mv)
                guard let parsed = GestureAttachment.Mask(rawValue: text) else {
                    throw r.fail(mv, "unknown mask '\(text.clipped)' (expected all, gesture, subviews or none)")
                }
                mask = parsed
            }
            let gesture = try decodeGesture(value, depth: 0)
            return .gesture(GestureAttachment(entry: entry.key, priority: priority, mask: mask, gesture: gesture))
        case "allowsHitTesting":
            return .allowsHitTesting(try r.bool(value))
        case "disabled":
            return .disabled(try r.bool(value))
        case "opacity":
            return .opacity(try unitInterval(value, "opacity"))
        case "hidden":
            return .hidden(try r.bool(value))
        case "clipped":
            return .clipped(try r.bool(value))
        default:
            var message = "unknown modifier '\(entry.key.clipped)'"
            if let near = Suggestion.nearest(entry.key, among: SnapshotDecoder.modifierNames) { message += " (did you mean '\(near.clipped)'?)" }
            throw r.fail(v, message + " (known: \(SnapshotDecoder.modifierNames.joined(separator: ", ")))")
        }
    }

    static let gestureNames = ["tap", "spatialTap", "longPress", "drag", "magnify", "rotate", "exclusively", "simultaneously", "sequenced"]
    static let gestureParameters: [String: Set<String>] = [
        "tap": ["count", "action"], "spatialTap": ["count", "action"],
        "longPress": ["minimumDuration", "maximumDistance", "action"], "drag": ["minimumDistance", "action"],
        "magnify": ["action"], "rotate": ["action"],
    ]

    /// A gesture object: one kind key (`tap`, `exclusively`, ...) with its
    /// parameters, an optional `action` beside it or inside it, and on the
    /// attaching entry an optional `mask` (read by the caller).
    func decodeGesture(_ v: Int, depth: Int) throws(JSONReadError) -> Gesture {
        guard depth < Snapshot.maxGestureDepth else { throw r.fail(v, "gestures nested more than \(Snapshot.maxGestureDepth) deep") }
        let m = try r.object(v)
        let kinds = m.filter { SnapshotDecoder.gestureNames.contains($0.key) }
        let others = m.filter { !SnapshotDecoder.gestureNames.contains($0.key) && $0.key != "action" && $0.key != "mask" }
        guard kinds.count == 1, let entry = kinds.first else {
            if kinds.isEmpty, let other = others.first {
                var message = "unknown gesture '\(other.key.clipped)'"
                if let near = Suggestion.nearest(other.key, among: SnapshotDecoder.gestureNames) { message += " (did you mean '\(near.clipped)'?)" }
                throw r.fail(v, message + " (known: \(SnapshotDecoder.gestureNames.joined(separator: ", ")))")
            }
            throw r.fail(v, kinds.isEmpty ? "missing gesture kind (one of \(SnapshotDecoder.gestureNames.joined(separator: ", ")))"
                                          : "a gesture has exactly one kind, found \(kinds.map(\.key).joined(separator: ", "))")
        }
        try r.checkKeys(others, of: v, known: [])
        var action = try r.optional("action", in: m).map { v throws(JSONReadError) in try r.string(v) }
        func params() throws(JSONReadError) -> [JSONDocument.Member] {
            let pm = try r.object(entry.value)
            try r.checkKeys(pm, of: entry.value, known: SnapshotDecoder.gestureParameters[entry.key] ?? [])
            if action == nil, let a = r.optional("action", in: pm) { action = try r.string(a) }
            return pm
        }
        switch entry.key {
        case "tap", "spatialTap":
            let pm = try params()
            let n = try r.optional("count", in: pm).map { v throws(JSONReadError) in try count(v) } ?? 1
            return Gesture(entry.key == "tap" ? .tap(count: n) : .spatialTap(count: n), action: action)
        case "longPress":
            let pm = try params()
            let d = try r.optional("minimumDuration", in: pm).map { v throws(JSONReadError) in try bounded(v) } ?? 0.5
            let dist = try r.optional("maximumDistance", in: pm).map { v throws(JSONReadError) in try bounded(v) } ?? 10
            return Gesture(.longPress(minimumDuration: d, maximumDistance: dist), action: action)
        case "drag":
            let pm = try params()
            let d = try r.optional("minimumDistance", in: pm).map { v throws(JSONReadError) in try bounded(v) } ?? 10
            return Gesture(.drag(minimumDistance: d), action: action)
        case "magnify":
            _ = try params()
            return Gesture(.magnify, action: action)
        case "rotate":
            _ = try params()
            return Gesture(.rotate, action: action)
        default:
            let items = try r.array(entry.value)
            guard items.count == 2 else { throw r.fail(entry.value, "\(entry.key) composes exactly 2 gestures, found \(items.count)") }
            var parts: [Gesture] = []
            for item in items { parts.append(try decodeGesture(item, depth: depth + 1)) }
            let kind: Gesture.Kind = entry.key == "exclusively" ? .exclusively : (entry.key == "sequenced" ? .sequenced : .simultaneously)
            return Gesture(kind, action: action, parts: parts)
        }
    }
}

extension Snapshot.Screenshot {
    /// `{ "png": base64, "scale": number, "frame": [x, y, w, h] }` at `v`: a PNG (its signature checked), bounded
    /// in size; errors name the field's line. The snapshot reader and `replay convert` (a capture bundle) share it.
    /// - Parameter strict: unknown fields are an error (a snapshot), else ignored (a bundle).
    public static func read(_ v: Int, _ r: JSONReader, strict: Bool) throws(JSONReadError) -> Snapshot.Screenshot {
        let m = try r.object(v)
        if strict { try r.checkKeys(m, of: v, known: ["png", "scale", "frame"]) }
        let pngValue = try r.required("png", in: m, of: v), scaleValue = try r.required("scale", in: m, of: v)
        let frameValue = try r.required("frame", in: m, of: v)
        let png = try r.string(pngValue), scale = try r.number(scaleValue)
        var frame: [Double] = []
        for item in try r.array(frameValue) { frame.append(try r.number(item)) }
        if let (field, message) = problem(png: png, scale: scale, frame: frame) {
            throw r.fail(field == "png" ? pngValue : field == "scale" ? scaleValue : frameValue, message)
        }
        return Snapshot.Screenshot(png: png, scale: scale, frame: Rect(frame[0], frame[1], frame[2], frame[3]))
    }
}
