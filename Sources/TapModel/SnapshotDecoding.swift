/// A snapshot that cannot be used, with where: the JSON path of the offending
/// value (`root.children[2].modifiers[0]`) and its line in the file.
public struct SnapshotError: Error, CustomStringConvertible, Sendable, Equatable {
    public let path: String
    public let line: Int?
    public let message: String

    public init(path: String, line: Int?, message: String) {
        self.path = path; self.line = line; self.message = message
    }

    /// `line N: path: message` (the caller adds the file name in front).
    public var description: String {
        let location = path.isEmpty ? "" : "\(path): "
        if let line { return "line \(line): \(location)\(message)" }
        return "\(location)\(message)"
    }

    /// `file:line: path: message`, the form the command line prints.
    public func located(in file: String) -> String {
        let location = path.isEmpty ? "" : "\(path): "
        if let line { return "\(file):\(line): \(location)\(message)" }
        return "\(file): \(location)\(message)"
    }
}

extension Snapshot {
    public static let format = "tapreplay-snapshot"
    public static let supportedVersion = 1
    /// Compositions nest at most this deep (a guard against hostile input; real gestures nest two or three).
    public static let maxGestureDepth = 64

    /// Decodes and validates snapshot JSON.
    /// - Throws: `SnapshotError` naming the JSON path and line of the first problem.
    public init<Bytes: Collection>(json bytes: Bytes) throws where Bytes.Element == UInt8 {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes)
        } catch let e as JSONSyntaxError {
            throw SnapshotError(path: "", line: e.line, message: "not valid JSON: \(e.message) (column \(e.column))")
        }
        var decoder = SnapshotDecoder(document)
        self = try decoder.decode()
    }

    public init(json text: String) throws {
        try self.init(json: Array(text.utf8))
    }
}

/// Reads a `JSONDocument` into a `Snapshot`, checking every rule of the format.
struct SnapshotDecoder {
    let doc: JSONDocument

    init(_ doc: JSONDocument) { self.doc = doc }

    /// A lazily built JSON path: paths are only spelled out when an error is reported,
    /// so deep trees do not build long strings for every node.
    indirect enum Path {
        case top(String)
        case key(Path, String)
        case index(Path, Int)
        case node(Int)  // the path of a decoded node, resolved through `nodePaths`

        func render(_ nodePaths: [(parent: Int, childIndex: Int)]) -> String {
            var parts: [String] = []
            var p = self
            while true {
                switch p {
                case .top(let s): parts.append(s); return parts.reversed().joined()
                case .key(let base, let k): parts.append("." + k); p = base
                case .index(let base, let i): parts.append("[\(i)]"); p = base
                case .node(var n):
                    while nodePaths[n].parent >= 0 {
                        parts.append(".children[\(nodePaths[n].childIndex)]")
                        n = nodePaths[n].parent
                    }
                    parts.append("root")
                    return parts.reversed().joined()
                }
            }
        }
    }

    private var nodePaths: [(parent: Int, childIndex: Int)] = []

    func fail(_ path: Path, _ value: Int?, _ message: String) -> SnapshotError {
        SnapshotError(path: path.render(nodePaths), line: value.map { doc.line(of: $0) }, message: message)
    }

    // MARK: Typed access

    func object(_ v: Int, _ path: Path) throws -> [JSONDocument.Member] {
        guard case .object(let m) = doc[v] else { throw fail(path, v, "expected an object, found \(typeName(v))") }
        return m
    }

    func string(_ v: Int, _ path: Path) throws -> String {
        guard case .string(let s) = doc[v] else { throw fail(path, v, "expected a string, found \(typeName(v))") }
        return s
    }

    func number(_ v: Int, _ path: Path) throws -> Double {
        guard case .number(let d) = doc[v] else { throw fail(path, v, "expected a number, found \(typeName(v))") }
        guard d.isFinite else { throw fail(path, v, "number is not finite") }
        return d
    }

    func bool(_ v: Int, _ path: Path) throws -> Bool {
        guard case .bool(let b) = doc[v] else { throw fail(path, v, "expected true or false, found \(typeName(v))") }
        return b
    }

    func array(_ v: Int, _ path: Path) throws -> [Int] {
        guard case .array(let a) = doc[v] else { throw fail(path, v, "expected an array, found \(typeName(v))") }
        return a
    }

    func numbers(_ v: Int, _ path: Path, count: Int) throws -> [Double] {
        let items = try array(v, path)
        guard items.count == count else { throw fail(path, v, "expected \(count) numbers, found \(items.count)") }
        return try items.enumerated().map { try number($0.element, .index(path, $0.offset)) }
    }

    func typeName(_ v: Int) -> String {
        switch doc[v] {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    func optional(_ members: [JSONDocument.Member], _ key: String) -> Int? {
        guard let v = members.last(where: { $0.key == key })?.value else { return nil }
        if case .null = doc[v] { return nil }
        return v
    }

    // MARK: Decoding

    mutating func decode() throws -> Snapshot {
        let top = try object(doc.root, .top(""))
        func required(_ key: String) throws -> Int {
            guard let v = optional(top, key) else { throw fail(.top(key), doc.root, "missing required field '\(key)'") }
            return v
        }
        let formatValue = try required("format")
        let format = try string(formatValue, .top("format"))
        guard format == Snapshot.format else {
            throw fail(.top("format"), formatValue, "unknown format '\(format)' (expected '\(Snapshot.format)')")
        }
        let versionValue = try required("version")
        let version = try number(versionValue, .top("version"))
        guard version == Double(Snapshot.supportedVersion) else {
            throw fail(.top("version"), versionValue, "unsupported version \(JSONValue.format(version)) (this tool reads version \(Snapshot.supportedVersion))")
        }
        let screen = try string(try required("screen"), .top("screen"))
        guard !screen.isEmpty else { throw fail(.top("screen"), optional(top, "screen"), "screen must not be empty") }

        var app = Snapshot.AppInfo()
        if let a = optional(top, "app") {
            let m = try object(a, .top("app"))
            app.id = try optional(m, "id").map { try string($0, .key(.top("app"), "id")) }
            app.version = try optional(m, "version").map { try string($0, .key(.top("app"), "version")) }
            app.build = try optional(m, "build").map { try scalarText($0, .key(.top("app"), "build")) }
        }
        var device = Snapshot.DeviceInfo()
        if let d = optional(top, "device") {
            let m = try object(d, .top("device"))
            let p = Path.top("device")
            device.model = try optional(m, "model").map { try string($0, .key(p, "model")) }
            device.os = try optional(m, "os").map { try string($0, .key(p, "os")) }
            device.scale = try optional(m, "scale").map { try number($0, .key(p, "scale")) }
            device.width = try optional(m, "width").map { try number($0, .key(p, "width")) }
            device.height = try optional(m, "height").map { try number($0, .key(p, "height")) }
        }
        let capturedAt = try optional(top, "capturedAt").map { try string($0, .top("capturedAt")) }
        let nodes = try decodeTree(try required("root"))
        return Snapshot(screen: screen, app: app, device: device, capturedAt: capturedAt, nodes: nodes)
    }

    /// A build number may be written as a string or a number.
    func scalarText(_ v: Int, _ path: Path) throws -> String {
        switch doc[v] {
        case .string(let s): return s
        case .number(let d): return JSONValue.format(d)
        default: throw fail(path, v, "expected a string, found \(typeName(v))")
        }
    }

    /// Decodes the node tree iteratively, in document order.
    mutating func decodeTree(_ rootValue: Int) throws -> [Node] {
        var nodes: [Node] = []
        var seen: [String: Int] = [:]
        // (json value, parent node index, index among the parent's children)
        var stack: [(value: Int, parent: Int, childIndex: Int)] = [(rootValue, -1, 0)]
        while let (value, parent, childIndex) = stack.popLast() {
            let index = nodes.count
            nodePaths.append((parent, childIndex))
            let path = Path.node(index)
            let parentSystem = parent >= 0 ? nodes[parent].system : .swiftui
            let (node, childValues) = try decodeNode(value, path: path, parent: parent, parentSystem: parentSystem,
                                                     depth: parent >= 0 ? nodes[parent].depth + 1 : 0)
            if let first = seen[node.id] {
                let firstPath = Path.node(first).render(nodePaths)
                throw fail(.key(path, "id"), optional(try object(value, path), "id"), "duplicate id '\(node.id)' (also at \(firstPath))")
            }
            seen[node.id] = index
            nodes.append(node)
            if parent >= 0 { nodes[parent].children.append(index) }
            for (i, child) in childValues.enumerated().reversed() {
                stack.append((child, index, i))
            }
        }
        // Subtree ends: children come after their parent, so a reverse sweep sees children first.
        for i in stride(from: nodes.count - 1, through: 0, by: -1) {
            nodes[i].end = nodes[i].children.last.map { nodes[$0].end } ?? i + 1
        }
        return nodes
    }

    func decodeNode(_ value: Int, path: Path, parent: Int, parentSystem: UISystem, depth: Int) throws -> (Node, [Int]) {
        let m = try object(value, path)
        func required(_ key: String) throws -> Int {
            guard let v = optional(m, key) else { throw fail(path, value, "missing required field '\(key)'") }
            return v
        }
        let id = try string(try required("id"), .key(path, "id"))
        guard !id.isEmpty else { throw fail(.key(path, "id"), optional(m, "id"), "id must not be empty") }
        let type = try string(try required("type"), .key(path, "type"))
        let framePath = Path.key(path, "frame")
        let frameValue = try required("frame")
        let f = try numbers(frameValue, framePath, count: 4)
        guard f[2] >= 0, f[3] >= 0 else { throw fail(framePath, frameValue, "width and height must not be negative") }
        var system = parentSystem
        if let s = optional(m, "system") {
            let text = try string(s, .key(path, "system"))
            guard let sys = UISystem(rawValue: text) else {
                throw fail(.key(path, "system"), s, "unknown system '\(text)' (expected 'swiftui' or 'uikit')")
            }
            system = sys
        }
        var childValues: [Int] = []
        if let c = optional(m, "children") { childValues = try array(c, .key(path, "children")) }
        let label = try optional(m, "label").map { try string($0, .key(path, "label")) }
        let leaf = try optional(m, "leaf").map { try bool($0, .key(path, "leaf")) }
        let clear = try optional(m, "clear").map { try bool($0, .key(path, "clear")) } ?? false
        let action = try optional(m, "action").map { try string($0, .key(path, "action")) }
        let shape = try optional(m, "shape").map { try decodeShape($0, .key(path, "shape")) }
        var modifiers: [Modifier] = []
        if let mv = optional(m, "modifiers") {
            let items = try array(mv, .key(path, "modifiers"))
            for (i, item) in items.enumerated() {
                modifiers.append(try decodeModifier(item, .index(.key(path, "modifiers"), i)))
            }
        }
        var uikit = UIKitProperties()
        if system == .uikit && Node.nonInteractiveUIKitTypes.contains(type) { uikit.userInteractionEnabled = false }
        if let v = optional(m, "alpha") { uikit.alpha = try number(v, .key(path, "alpha")) }
        if let v = optional(m, "hidden") { uikit.hidden = try bool(v, .key(path, "hidden")) }
        if let v = optional(m, "userInteractionEnabled") { uikit.userInteractionEnabled = try bool(v, .key(path, "userInteractionEnabled")) }
        if let v = optional(m, "clipsToBounds") { uikit.clipsToBounds = try bool(v, .key(path, "clipsToBounds")) }
        if let v = optional(m, "hitInsets") { uikit.hitInsets = try numbers(v, .key(path, "hitInsets"), count: 4) }
        if let v = optional(m, "hitTestOverride") {
            let text = try string(v, .key(path, "hitTestOverride"))
            switch text {
            case "none": uikit.passThroughSelf = false
            case "passThroughSelf": uikit.passThroughSelf = true
            default: throw fail(.key(path, "hitTestOverride"), v, "unknown hitTestOverride '\(text)' (expected 'none' or 'passThroughSelf')")
            }
        }
        if let v = optional(m, "control") {
            let cp = Path.key(path, "control")
            let cm = try object(v, cp)
            let act = try optional(cm, "action").map { try string($0, .key(cp, "action")) }
            let enabled = try optional(cm, "enabled").map { try bool($0, .key(cp, "enabled")) } ?? true
            uikit.control = .init(action: act, enabled: enabled)
        }
        if let v = optional(m, "gestureRecognizers") {
            let gp = Path.key(path, "gestureRecognizers")
            for (i, item) in try array(v, gp).enumerated() {
                uikit.gestureRecognizers.append(try decodeRecognizer(item, .index(gp, i)))
            }
        }
        let node = Node(id: id, type: type, frame: Rect(f[0], f[1], f[2], f[3]), system: system, parent: parent,
                        depth: depth, label: label, isLeaf: leaf, shape: shape, clear: clear, action: action,
                        modifiers: modifiers, uikit: uikit)
        return (node, childValues)
    }

    func decodeRecognizer(_ v: Int, _ path: Path) throws -> UIKitProperties.Recognizer {
        let m = try object(v, path)
        guard let tv = optional(m, "type") else { throw fail(path, v, "missing required field 'type'") }
        let text = try string(tv, .key(path, "type"))
        guard let kind = UIKitProperties.Recognizer.Kind(rawValue: text) else {
            let known = UIKitProperties.Recognizer.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(.key(path, "type"), tv, "unknown gesture recognizer type '\(text)' (known: \(known))")
        }
        var r = UIKitProperties.Recognizer(kind: kind)
        r.action = try optional(m, "action").map { try string($0, .key(path, "action")) }
        if let e = optional(m, "enabled") { r.enabled = try bool(e, .key(path, "enabled")) }
        if let n = optional(m, "numberOfTapsRequired") { r.numberOfTapsRequired = try count(n, .key(path, "numberOfTapsRequired")) }
        if let d = optional(m, "minimumPressDuration") { r.minimumPressDuration = try nonNegative(d, .key(path, "minimumPressDuration")) }
        if let d = optional(m, "allowableMovement") { r.allowableMovement = try nonNegative(d, .key(path, "allowableMovement")) }
        return r
    }

    func count(_ v: Int, _ path: Path) throws -> Int {
        let d = try number(v, path)
        guard d >= 1, d == d.rounded(), d <= 100 else { throw fail(path, v, "expected a whole number from 1 to 100, found \(JSONValue.format(d))") }
        return Int(d)
    }

    func nonNegative(_ v: Int, _ path: Path) throws -> Double {
        let d = try number(v, path)
        guard d >= 0 else { throw fail(path, v, "must not be negative") }
        return d
    }

    func decodeShape(_ v: Int, _ path: Path) throws -> ShapeSpec {
        let m = try object(v, path)
        guard let formValue = optional(m, "shape") else { throw fail(path, v, "missing required field 'shape'") }
        let text = try string(formValue, .key(path, "shape"))
        guard let form = ShapeSpec.Form(rawValue: text) else {
            let known = ShapeSpec.Form.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(.key(path, "shape"), formValue, "unknown shape '\(text)' (known: \(known))")
        }
        var s = ShapeSpec(form)
        if let r = optional(m, "cornerRadius") { s.cornerRadius = try nonNegative(r, .key(path, "cornerRadius")) }
        if let i = optional(m, "inset") { s.inset = try number(i, .key(path, "inset")) }
        if let o = optional(m, "offset") {
            let n = try numbers(o, .key(path, "offset"), count: 2)
            s.offset = Point(n[0], n[1])
        }
        if let sc = optional(m, "scale") {
            if case .number = doc[sc] {
                let k = try number(sc, .key(path, "scale"))
                s.scale = Point(k, k)
            } else {
                let n = try numbers(sc, .key(path, "scale"), count: 2)
                s.scale = Point(n[0], n[1])
            }
        }
        if let b = optional(m, "bounds") {
            let n = try numbers(b, .key(path, "bounds"), count: 4)
            guard n[2] >= 0, n[3] >= 0 else { throw fail(.key(path, "bounds"), b, "width and height must not be negative") }
            s.bounds = Rect(n[0], n[1], n[2], n[3])
        }
        if let k = optional(m, "kind") {
            let kt = try string(k, .key(path, "kind"))
            guard let purpose = ShapeSpec.Purpose(rawValue: kt) else {
                let known = ShapeSpec.Purpose.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail(.key(path, "kind"), k, "unknown shape kind '\(kt)' (known: \(known))")
            }
            s.purpose = purpose
        }
        if let p = optional(m, "points") {
            let pp = Path.key(path, "points")
            s.points = try array(p, pp).enumerated().map { i, item in
                let n = try numbers(item, .index(pp, i), count: 2)
                return Point(n[0], n[1])
            }
        }
        if form == .polygon && s.points.count < 3 {
            throw fail(path, v, "a polygon needs at least 3 points, found \(s.points.count)")
        }
        return s
    }

    static let modifierNames = ["contentShape", "onTapGesture", "onLongPressGesture", "gesture", "highPriorityGesture",
                                "simultaneousGesture", "allowsHitTesting", "disabled", "opacity", "hidden", "clipped"]

    func decodeModifier(_ v: Int, _ path: Path) throws -> Modifier {
        let m = try object(v, path)
        // One key; a gesture entry may carry its mask beside it: {"gesture": g, "mask": "gesture"}.
        let attaching: Set<String> = ["gesture", "highPriorityGesture", "simultaneousGesture"]
        let siblingMask = m.count == 2 && m.contains { $0.key == "mask" } && m.contains { attaching.contains($0.key) }
        guard m.count == 1 || siblingMask, let entry = m.first(where: { $0.key != "mask" }) else {
            throw fail(path, v, "a modifier is an object with exactly one key, found \(m.count)")
        }
        let value = entry.value
        let vp = Path.key(path, entry.key)
        switch entry.key {
        case "contentShape":
            return .contentShape(try decodeShape(value, vp))
        case "onTapGesture":
            let om = try object(value, vp)
            let count = try optional(om, "count").map { try self.count($0, .key(vp, "count")) } ?? 1
            let action = try optional(om, "action").map { try string($0, .key(vp, "action")) }
            return .gesture(GestureAttachment(entry: "onTapGesture", gesture: Gesture(.tap(count: count), action: action)))
        case "onLongPressGesture":
            let om = try object(value, vp)
            let duration = try optional(om, "minimumDuration").map { try nonNegative($0, .key(vp, "minimumDuration")) } ?? 0.5
            let distance = try optional(om, "maximumDistance").map { try nonNegative($0, .key(vp, "maximumDistance")) } ?? 10
            let action = try optional(om, "action").map { try string($0, .key(vp, "action")) }
            return .gesture(GestureAttachment(entry: "onLongPressGesture",
                                              gesture: Gesture(.longPress(minimumDuration: duration, maximumDistance: distance), action: action)))
        case "gesture", "highPriorityGesture", "simultaneousGesture":
            let priority: GestureAttachment.Priority = entry.key == "gesture" ? .normal : (entry.key == "highPriorityGesture" ? .high : .simultaneous)
            let om = try object(value, vp)
            var mask = GestureAttachment.Mask.all
            let maskValue = optional(om, "mask").map { ($0, Path.key(vp, "mask")) } ?? optional(m, "mask").map { ($0, Path.key(path, "mask")) }
            if let (mv, mp) = maskValue {
                let text = try string(mv, mp)
                guard let parsed = GestureAttachment.Mask(rawValue: text) else {
                    throw fail(mp, mv, "unknown mask '\(text)' (expected all, gesture, subviews or none)")
                }
                mask = parsed
            }
            let gesture = try decodeGesture(value, vp, depth: 0)
            return .gesture(GestureAttachment(entry: entry.key, priority: priority, mask: mask, gesture: gesture))
        case "allowsHitTesting":
            return .allowsHitTesting(try bool(value, vp))
        case "disabled":
            return .disabled(try bool(value, vp))
        case "opacity":
            let o = try number(value, vp)
            return .opacity(o)
        case "hidden":
            return .hidden(try bool(value, vp))
        case "clipped":
            return .clipped(try bool(value, vp))
        default:
            throw fail(path, v, "unknown modifier '\(entry.key)' (known: \(SnapshotDecoder.modifierNames.joined(separator: ", ")))")
        }
    }

    static let gestureNames = ["tap", "spatialTap", "longPress", "drag", "magnify", "rotate", "exclusively", "simultaneously", "sequenced"]

    /// A gesture object: one kind key (`tap`, `exclusively`, ...) with its
    /// parameters, an optional `action` beside it or inside it, and on the
    /// attaching entry an optional `mask` (read by the caller).
    func decodeGesture(_ v: Int, _ path: Path, depth: Int) throws -> Gesture {
        guard depth < Snapshot.maxGestureDepth else { throw fail(path, v, "gestures nested more than \(Snapshot.maxGestureDepth) deep") }
        let m = try object(v, path)
        let kinds = m.filter { SnapshotDecoder.gestureNames.contains($0.key) }
        let unknownKinds = m.filter { !SnapshotDecoder.gestureNames.contains($0.key) && $0.key != "action" && $0.key != "mask" }
        guard kinds.count == 1, let entry = kinds.first else {
            if kinds.isEmpty, let other = unknownKinds.first {
                throw fail(path, v, "unknown gesture '\(other.key)' (known: \(SnapshotDecoder.gestureNames.joined(separator: ", ")))")
            }
            throw fail(path, v, kinds.isEmpty ? "missing gesture kind (one of \(SnapshotDecoder.gestureNames.joined(separator: ", ")))"
                                              : "a gesture has exactly one kind, found \(kinds.map(\.key).joined(separator: ", "))")
        }
        let kp = Path.key(path, entry.key)
        var action = try optional(m, "action").map { try string($0, .key(path, "action")) }
        func params() throws -> [JSONDocument.Member] {
            let pm = try object(entry.value, kp)
            if action == nil, let a = optional(pm, "action") { action = try string(a, .key(kp, "action")) }
            return pm
        }
        switch entry.key {
        case "tap", "spatialTap":
            let pm = try params()
            let n = try optional(pm, "count").map { try count($0, .key(kp, "count")) } ?? 1
            return Gesture(entry.key == "tap" ? .tap(count: n) : .spatialTap(count: n), action: action)
        case "longPress":
            let pm = try params()
            let d = try optional(pm, "minimumDuration").map { try nonNegative($0, .key(kp, "minimumDuration")) } ?? 0.5
            let dist = try optional(pm, "maximumDistance").map { try nonNegative($0, .key(kp, "maximumDistance")) } ?? 10
            return Gesture(.longPress(minimumDuration: d, maximumDistance: dist), action: action)
        case "drag":
            let pm = try params()
            let d = try optional(pm, "minimumDistance").map { try nonNegative($0, .key(kp, "minimumDistance")) } ?? 10
            return Gesture(.drag(minimumDistance: d), action: action)
        case "magnify":
            _ = try params()
            return Gesture(.magnify, action: action)
        case "rotate":
            _ = try params()
            return Gesture(.rotate, action: action)
        default:
            let items = try array(entry.value, kp)
            guard items.count == 2 else { throw fail(kp, entry.value, "\(entry.key) composes exactly 2 gestures, found \(items.count)") }
            let parts = try items.enumerated().map { try decodeGesture($0.element, .index(kp, $0.offset), depth: depth + 1) }
            let kind: Gesture.Kind = entry.key == "exclusively" ? .exclusively : (entry.key == "sequenced" ? .sequenced : .simultaneously)
            return Gesture(kind, action: action, parts: parts)
        }
    }
}
