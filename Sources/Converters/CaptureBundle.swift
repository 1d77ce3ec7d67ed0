import TapJSON
import TapModel

/// The capture kit's bundle (`tapreplay-capture`, version 1): windows of UIKit
/// views with window frames, and each hosting view's `swiftUI` payload
/// converted by `SwiftUIDebugConverter` at the hosting view's origin.
enum CaptureBundleConverter {
    static let viewKeys: Set<String> = [
        "class", "frame", "alpha", "hidden", "userInteractionEnabled", "clipsToBounds", "accessibilityIdentifier",
        "accessibilityLabel", "control", "gestureRecognizers", "overridesHitTest", "subviews", "swiftUI", "extra",
    ]

    static func convert(_ text: String) throws -> Conversion {
        let doc = try CaptureError.parseJSON(text)
        let r = Reader(doc: doc)
        let top = doc.root
        guard case .object = doc[top] else { throw r.fail(top, "$", "a capture bundle is a JSON object") }
        let format = try r.string(try r.required(top, "format", "$"), "format")
        guard format == "tapreplay-capture" else { throw r.fail(doc.member("format", of: top)!, "format", "unknown format '\(format)' (expected 'tapreplay-capture')") }
        let versionValue = try r.required(top, "version", "$")
        guard try r.number(versionValue, "version") == 1 else { throw r.fail(versionValue, "version", "unsupported capture bundle version (this tool reads version 1)") }
        var snapshot = Snapshot(screen: try doc.member("screen", of: top).map { try r.string($0, "screen") } ?? "", nodes: [])
        snapshot.capturedAt = try doc.member("capturedAt", of: top).map { try r.string($0, "capturedAt") }
        if let app = doc.member("app", of: top) {
            snapshot.app.id = r.optionalString(app, "id")
            snapshot.app.version = r.optionalString(app, "version")
            snapshot.app.build = r.optionalString(app, "build") ?? doc.member("build", of: app).flatMap { r.view.number($0) }.map { JSONValue.format($0) }
        }
        if let device = doc.member("device", of: top) {
            snapshot.device.model = r.optionalString(device, "model")
            snapshot.device.os = r.optionalString(device, "os")
            snapshot.device.scale = doc.member("scale", of: device).flatMap { r.view.number($0) }
            snapshot.device.width = doc.member("width", of: device).flatMap { r.view.number($0) }
            snapshot.device.height = doc.member("height", of: device).flatMap { r.view.number($0) }
        }
        let windows = try r.array(try r.required(top, "windows", "$"), "windows")
        guard !windows.isEmpty else { throw r.fail(doc.member("windows", of: top)!, "windows", "no window captured") }

        var drafts: [Draft] = []
        var limits = ["gesture recognizer and control actions are selector names or absent; recognizer targets are not recorded"]
        var warnings: [String] = []
        var unknownKeys = Set<String>()
        var hostingWithout = 0
        var stack: [(value: Int, depth: Int)] = []
        var baseDepth = 0
        if windows.count > 1 {
            let w = snapshot.device.width ?? 0, h = snapshot.device.height ?? 0
            drafts.append(Draft(type: "UIScreen", frame: Rect(0, 0, max(0, w), max(0, h)), system: .uikit, depth: 0))
            baseDepth = 1
        }
        for w in windows.reversed() { stack.append((w, baseDepth)) }
        func visit(_ value: Int, _ depth: Int) throws {
            let path = doc.path(of: value)
            guard case .object(let members) = doc[value] else { throw r.fail(value, path, "a view must be an object") }
            for m in members where !viewKeys.contains(m.key) { unknownKeys.insert(m.key) }
            let cls = try r.string(try r.required(value, "class", path), path + ".class")
            let f = try r.frame(try r.required(value, "frame", path), path + ".frame")
            var d = Draft(type: TypeNames.uikitClass(cls), frame: f, system: .uikit, depth: depth)
            d.identifier = r.optionalString(value, "accessibilityIdentifier")
            d.label = r.optionalString(value, "accessibilityLabel")
            if let a = doc.member("alpha", of: value) { d.uikit.alpha = try r.number(a, path + ".alpha") }
            if let h = doc.member("hidden", of: value) { d.uikit.hidden = try r.bool(h, path + ".hidden") }
            if let u = doc.member("userInteractionEnabled", of: value) { d.uikit.userInteractionEnabled = try r.bool(u, path + ".userInteractionEnabled") }
            if let c = doc.member("clipsToBounds", of: value) { d.uikit.clipsToBounds = try r.bool(c, path + ".clipsToBounds") }
            if let c = doc.member("control", of: value) {
                let enabled = try doc.member("enabled", of: c).map { try r.bool($0, path + ".control.enabled") } ?? true
                let actions = try doc.member("actions", of: c).map { try r.array($0, path + ".control.actions") } ?? []
                var action = actions.first.flatMap { r.view.string($0) }
                if let a = action, a.hasSuffix(":") { action = String(a.dropLast()) }
                d.uikit.control = .init(action: action ?? d.identifier ?? d.label, enabled: enabled)
            }
            if let g = doc.member("gestureRecognizers", of: value) {
                for (k, item) in try r.array(g, path + ".gestureRecognizers").enumerated() {
                    let rp = "\(path).gestureRecognizers[\(k)]"
                    let rc = try r.string(try r.required(item, "class", rp), rp + ".class")
                    guard let kind = recognizerKind(rc) else {
                        if !rc.hasPrefix("_") && !rc.contains("SwiftUI") {
                            warnings.append("\(rp): gesture recognizer \(rc) of unknown kind skipped")
                        }
                        continue
                    }
                    var rec = UIKitProperties.Recognizer(kind: kind)
                    if let e = doc.member("enabled", of: item) { rec.enabled = try r.bool(e, rp + ".enabled") }
                    if let n = doc.member("numberOfTapsRequired", of: item) { rec.numberOfTapsRequired = max(1, min(100, Int(try r.number(n, rp + ".numberOfTapsRequired")))) }
                    if let m = doc.member("minimumPressDuration", of: item) { rec.minimumPressDuration = max(0, try r.number(m, rp + ".minimumPressDuration")) }
                    d.uikit.gestureRecognizers.append(rec)
                }
            }
            if let o = doc.member("overridesHitTest", of: value), try r.bool(o, path + ".overridesHitTest") {
                limits.append("\(cls) at \(path) overrides hitTest(_:with:) or point(inside:with:): modelled as a plain view")
            }
            drafts.append(d)
            if let ui = doc.member("swiftUI", of: value), !isNull(doc, ui) {
                var converter = SwiftUIDebugConverter(document: doc, origin: Point(f.x, f.y), osVersion: snapshot.device.os)
                let roots = try converter.roots(ui)
                try converter.walk(roots, depth: depth + 1, layer: f)
                drafts.append(contentsOf: converter.drafts)
                limits.append(contentsOf: converter.limits)
                warnings.append(contentsOf: converter.warnings)
                limits.append(contentsOf: SwiftUIDebugConverter.limits)
            } else if d.type == "UIHostingView" {
                hostingWithout += 1
            }
            if let s = doc.member("subviews", of: value) {
                for sub in try r.array(s, path + ".subviews").reversed() {
                    stack.append((sub, depth + 1))
                }
            }
                }
        while let (value, depth) = stack.popLast() {
            do {
                try visit(value, depth)
            } catch let e as CaptureError where depth > baseDepth {
                // One subview that cannot be read is skipped (with its subviews), never the whole bundle.
                warnings.append("\(e.description): this view and its subviews are skipped")
            }
        }
        if hostingWithout > 0 {
            limits.append("\(hostingWithout) SwiftUI hosting view\(hostingWithout == 1 ? "" : "s") without debug data (SWIFTUI_VIEW_DEBUG not set at launch): SwiftUI content is one opaque view")
        }
        for key in unknownKeys.sorted() { warnings.append("unknown view field '\(key)' ignored") }
        snapshot.nodes = TreeBuilder.nodes(drafts)
        return Conversion(snapshot: snapshot, from: .tapreplayCapture, limits: limits, warnings: warnings)
    }

    static func isNull(_ doc: JSONDocument, _ v: Int) -> Bool {
        if case .null = doc[v] { return true }
        return false
    }

    /// UIKit recognizer classes, subclasses included by their name's ending.
    static func recognizerKind(_ cls: String) -> UIKitProperties.Recognizer.Kind? {
        let table: [(String, UIKitProperties.Recognizer.Kind)] = [
            ("TapGestureRecognizer", .tap), ("LongPressGestureRecognizer", .longPress), ("PanGestureRecognizer", .pan),
            ("SwipeGestureRecognizer", .swipe), ("PinchGestureRecognizer", .pinch), ("RotationGestureRecognizer", .rotation),
        ]
        return table.first(where: { cls.hasSuffix($0.0) })?.1
    }

    /// Typed access with JSON paths and lines in errors.
    struct Reader {
        let doc: JSONDocument
        var view: ViewDebugDocument { ViewDebugDocument(doc: doc) }

        func fail(_ v: Int, _ path: String, _ message: String) -> CaptureError {
            CaptureError(line: doc.line(of: v), path: path, message)
        }
        func required(_ object: Int, _ key: String, _ path: String) throws -> Int {
            guard let v = doc.member(key, of: object) else {
                throw fail(object, path, "missing required field '\(key)'")
            }
            return v
        }
        func string(_ v: Int, _ path: String) throws -> String {
            guard case .string(let s) = doc[v] else { throw fail(v, path, "expected a string") }
            return s
        }
        func optionalString(_ object: Int, _ key: String) -> String? {
            doc.member(key, of: object).flatMap { view.string($0) }
        }
        func number(_ v: Int, _ path: String) throws -> Double {
            guard case .number(let d) = doc[v], d.isFinite else { throw fail(v, path, "expected a finite number") }
            return d
        }
        func bool(_ v: Int, _ path: String) throws -> Bool {
            guard case .bool(let b) = doc[v] else { throw fail(v, path, "expected true or false") }
            return b
        }
        func array(_ v: Int, _ path: String) throws -> [Int] {
            guard case .array(let a) = doc[v] else { throw fail(v, path, "expected an array") }
            return a
        }
        func frame(_ v: Int, _ path: String) throws -> Rect {
            let items = try array(v, path)
            guard items.count == 4 else { throw fail(v, path, "a frame is [x, y, width, height]") }
            let n = try items.enumerated().map { try number($0.element, "\(path)[\($0.offset)]") }
            guard n[2] >= 0, n[3] >= 0, n.allSatisfy({ abs($0) <= 100_000 }) else {
                throw fail(v, path, "width and height must not be negative and numbers within ±100,000")
            }
            return Rect(n[0], n[1], n[2], n[3])
        }
    }
}
