import TapJSON
import TapModel

/// The one way a converter makes a snapshot: every value a reader found is
/// checked against the rules the snapshot reader applies (docs/snapshot.md), so
/// `convert` never writes a file that `hit`, `run` or `import` then refuse.
///
/// What cannot be represented is clamped or dropped with a warning naming the
/// dump's line (and JSON path): a frame beyond ±100,000 pt, a tap count
/// outside 1…100, a negative duration, a device size that is not a size.
/// As a last check the snapshot is written and read back before it is handed
/// out; a refusal there names the line of the element it came from.
enum SnapshotBuilder {
    static func build(_ tree: DraftTree, from format: CaptureFormat) throws -> Conversion {
        guard !tree.drafts.isEmpty else { throw CaptureError(line: 1, "no view found in the dump") }
        var checker = ValueChecker(document: tree.document)
        var drafts = tree.drafts
        for i in drafts.indices { checker.check(&drafts[i]) }
        var device = tree.device
        device.scale = checker.size(device.scale, "device.scale", tree.deviceSource["scale"])
        device.width = checker.size(device.width, "device.width", tree.deviceSource["width"])
        device.height = checker.size(device.height, "device.height", tree.deviceSource["height"])
        var snapshot = Snapshot(screen: tree.screen.isEmpty ? "Screen" : tree.screen, app: tree.app, device: device,
                                capturedAt: tree.capturedAt, nodes: TreeBuilder.nodes(drafts))
        snapshot.screenshot = tree.screenshot
        let limits = unique(tree.limits)
        snapshot.capture = Snapshot.CaptureInfo(from: format.rawValue, limits: limits)
        let conversion = Conversion(snapshot: snapshot, from: format, limits: limits, warnings: tree.warnings + checker.warnings)
        try readBack(conversion, drafts: drafts, document: tree.document)
        return conversion
    }

    static func unique(_ list: [String]) -> [String] {
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }

    /// Writes the snapshot and reads it back with the snapshot reader; a refusal names the
    /// dump's line of the node it is about (a bug in a converter, never the user's).
    static func readBack(_ conversion: Conversion, drafts: [Draft], document: JSONDocument?) throws {
        do {
            _ = try Snapshot(json: conversion.snapshot.encoded(.compact))
        } catch let e as SnapshotError {
            let node = nodeIndex(atPath: e.path, in: conversion.snapshot)
            let source = node.map { drafts[$0].source } ?? .none
            throw source.located("the converted snapshot would be refused at \(e.path.isEmpty ? "its top" : e.path): \(e.message)",
                                 document: document)
        }
    }

    /// `root.children[2].children[0].frame` → the index of that node in `snapshot.nodes`.
    static func nodeIndex(atPath path: String, in snapshot: Snapshot) -> Int? {
        guard path.hasPrefix("root"), !snapshot.nodes.isEmpty else { return nil }
        var node = 0
        var rest = Substring(path.dropFirst("root".count))
        while rest.hasPrefix(".children[") {
            rest = rest.dropFirst(".children[".count)
            guard let close = rest.firstIndex(of: "]"), let k = Int(rest[..<close]),
                  k >= 0, k < snapshot.nodes[node].children.count else { return node }
            node = snapshot.nodes[node].children[k]
            rest = rest[rest.index(after: close)...]
        }
        return node
    }
}

/// The snapshot reader's limits, applied to converted values: clamp or drop, and say so.
struct ValueChecker {
    let document: JSONDocument?
    var warnings: [String] = []
    static let limit = Snapshot.maxCoordinate

    init(document: JSONDocument?) { self.document = document }

    mutating func warn(_ d: Draft, _ message: String) {
        warnings.append(d.source.warning("\(d.type): \(message)", document: document))
    }

    /// A device size or scale: 0…100,000, else dropped.
    mutating func size(_ value: Double?, _ name: String, _ source: SourceRef?) -> Double? {
        guard let value else { return nil }
        guard value.isFinite, value >= 0, value <= ValueChecker.limit else {
            warnings.append((source ?? .none).warning("\(name) \(JSONValue.format(value)) is not a size from 0 to 100000: dropped",
                                                      document: document))
            return nil
        }
        return value
    }

    static func coordinate(_ v: Double) -> Double {
        v.isFinite ? min(limit, max(-limit, v)) : 0
    }

    static func length(_ v: Double) -> Double {
        v.isFinite ? min(limit, max(0, v)) : 0
    }

    static func rect(_ r: Rect) -> Rect {
        Rect(coordinate(r.x), coordinate(r.y), length(r.width), length(r.height))
    }

    static func describe(_ r: Rect) -> String {
        "[\([r.x, r.y, r.width, r.height].map(JSONValue.format).joined(separator: ", "))]"
    }

    mutating func check(_ d: inout Draft) {
        let frame = ValueChecker.rect(d.frame)
        if frame != d.frame {
            warn(d, "frame \(ValueChecker.describe(d.frame)) is outside what a snapshot holds (±100,000 pt, sizes ≥ 0): clamped to \(ValueChecker.describe(frame))")
            d.frame = frame
        }
        if !d.uikit.alpha.isFinite {
            warn(d, "alpha is not a number: taken as 1")
            d.uikit.alpha = 1
        } else if d.uikit.alpha < 0 || d.uikit.alpha > 1 {
            // UIKit keeps alpha within 0…1; a snapshot holds it so.
            let clamped = min(1, max(0, d.uikit.alpha))
            warn(d, "alpha \(JSONValue.format(d.uikit.alpha)) is outside 0…1: taken as \(JSONValue.format(clamped)), as UIKit does")
            d.uikit.alpha = clamped
        }
        if d.uikit.hitInsets.count != 4 || !d.uikit.hitInsets.allSatisfy({ ValueChecker.coordinate($0) == $0 }) {
            warn(d, "hit insets outside ±100,000 pt: dropped")
            d.uikit.hitInsets = [0, 0, 0, 0]
        }
        for k in d.uikit.gestureRecognizers.indices {
            var r = d.uikit.gestureRecognizers[k]
            r.numberOfTapsRequired = count(r.numberOfTapsRequired, "numberOfTapsRequired", d)
            r.minimumPressDuration = bounded(r.minimumPressDuration, "minimumPressDuration", d)
            r.allowableMovement = bounded(r.allowableMovement, "allowableMovement", d)
            d.uikit.gestureRecognizers[k] = r
        }
        if let s = d.shape { d.shape = shape(s, d) }
        var modifiers: [Modifier] = []
        for m in d.modifiers {
            switch m {
            case .contentShape(let s):
                if let checked = shape(s, d) { modifiers.append(.contentShape(checked)) }
            case .opacity(let o):
                if !o.isFinite {
                    warn(d, "opacity is not a number: dropped")
                } else if o < 0 || o > 1 {
                    // SwiftUI draws an opacity above 1 as 1 (an animation may overshoot); a snapshot holds 0…1.
                    let clamped = min(1, max(0, o))
                    warn(d, "opacity \(JSONValue.format(o)) is outside 0…1: taken as \(JSONValue.format(clamped)), as SwiftUI draws it")
                    modifiers.append(.opacity(clamped))
                } else {
                    modifiers.append(.opacity(o))
                }
            case .gesture(var g):
                guard let checked = gesture(g.gesture, d, depth: 0) else {
                    warn(d, "a gesture nested more than \(Snapshot.maxGestureDepth) deep: dropped")
                    continue
                }
                g.gesture = checked
                modifiers.append(.gesture(g))
            default:
                modifiers.append(m)
            }
        }
        d.modifiers = modifiers
    }

    mutating func count(_ n: Int, _ name: String, _ d: Draft) -> Int {
        let range = Snapshot.countRange
        guard !range.contains(n) else { return n }
        let clamped = min(range.upperBound, max(range.lowerBound, n))
        warn(d, "\(name) \(n) is outside \(range.lowerBound)…\(range.upperBound): clamped to \(clamped)")
        return clamped
    }

    mutating func bounded(_ v: Double, _ name: String, _ d: Draft) -> Double {
        let clamped = ValueChecker.length(v)
        if clamped != v { warn(d, "\(name) \(JSONValue.format(v)) is outside 0…100000: clamped to \(JSONValue.format(clamped))") }
        return clamped
    }

    mutating func shape(_ s: ShapeSpec, _ d: Draft) -> ShapeSpec? {
        var s = s
        s.cornerRadius = bounded(s.cornerRadius, "cornerRadius", d)
        let inset = ValueChecker.coordinate(s.inset)
        let offset = Point(ValueChecker.coordinate(s.offset.x), ValueChecker.coordinate(s.offset.y))
        let scale = Point(ValueChecker.coordinate(s.scale.x), ValueChecker.coordinate(s.scale.y))
        let points = s.points.map { Point(ValueChecker.coordinate($0.x), ValueChecker.coordinate($0.y)) }
        let bounds = s.bounds.map(ValueChecker.rect)
        if inset != s.inset || offset != s.offset || scale != s.scale || points != s.points || bounds != s.bounds {
            warn(d, "a \(s.form.rawValue) shape has numbers outside ±100,000: clamped")
            s.inset = inset; s.offset = offset; s.scale = scale; s.points = points; s.bounds = bounds
        }
        if s.form == .polygon && s.points.count < 3 {
            warn(d, "a polygon shape with fewer than 3 points: dropped")
            return nil
        }
        return s
    }

    mutating func gesture(_ g: Gesture, _ d: Draft, depth: Int) -> Gesture? {
        guard depth < Snapshot.maxGestureDepth else { return nil }
        var g = g
        switch g.kind {
        case .tap(let n): g.kind = .tap(count: count(n, "tap count", d))
        case .spatialTap(let n): g.kind = .spatialTap(count: count(n, "tap count", d))
        case .longPress(let duration, let distance):
            g.kind = .longPress(minimumDuration: bounded(duration, "minimumDuration", d),
                                maximumDistance: bounded(distance, "maximumDistance", d))
        case .drag(let distance): g.kind = .drag(minimumDistance: bounded(distance, "minimumDistance", d))
        case .exclusively, .simultaneously, .sequenced:
            guard g.parts.count == 2 else { return nil }
            var parts: [Gesture] = []
            for p in g.parts {
                guard let checked = gesture(p, d, depth: depth + 1) else { return nil }
                parts.append(checked)
            }
            g.parts = parts
        case .magnify, .rotate, .button: break
        }
        return g
    }
}
