import TapJSON
import TapModel

/// The capture kit's bundle (`tapreplay-capture`, version 1): windows of UIKit
/// views with window frames, and each hosting view's `swiftUI` payload
/// converted by `SwiftUIDebugConverter` at the hosting view's origin.
///
/// Every value is read through `JSONReader` (integers through its checked
/// `integer`/`count`), so an error names the bundle's own line and JSON path.
enum CaptureBundleConverter {
    static let viewKeys: Set<String> = [
        "class", "frame", "alpha", "hidden", "userInteractionEnabled", "clipsToBounds", "accessibilityIdentifier",
        "accessibilityLabel", "control", "gestureRecognizers", "overridesHitTest", "subviews", "swiftUI", "viewController", "extra",
        "scroll",
    ]

    static func convert(_ text: String) throws -> DraftTree {
        let doc = try CaptureError.parseJSON(text)
        do {
            return try read(doc)
        } catch let e as JSONReadError {
            throw CaptureError(e)
        }
    }

    static func read(_ doc: JSONDocument) throws -> DraftTree {
        let r = JSONReader(doc)
        let top = r.root
        guard case .object(let members) = doc[top] else { throw r.fail(top, "a capture bundle is a JSON object") }
        let formatValue = try r.required("format", in: members, of: top)
        let format = try r.string(formatValue)
        guard format == "tapreplay-capture" else {
            throw r.fail(formatValue, "unknown format '\(format.clipped)' (expected 'tapreplay-capture')")
        }
        let versionValue = try r.required("version", in: members, of: top)
        guard try r.integer(versionValue) == 1 else {
            throw r.fail(versionValue, "unsupported capture bundle version (this tool reads version 1)")
        }
        var tree = DraftTree(drafts: [], limits: ["gesture recognizer and control actions are selector names or absent; recognizer targets are not recorded"],
                             warnings: [], document: doc)
        tree.screen = try r.optional("screen", in: members).map { v throws(JSONReadError) in try r.string(v) } ?? ""
        tree.capturedAt = try r.optional("capturedAt", in: members).map { v throws(JSONReadError) in try r.string(v) }
        if let app = r.optional("app", in: members) {
            let m = try r.object(app)
            func text(_ key: String) -> String? { r.optional(key, in: m).flatMap { try? r.scalarText($0) } }
            tree.app = Snapshot.AppInfo(id: text("id"), version: text("version"), build: text("build"), sdk: text("sdk"))
        }
        if let device = r.optional("device", in: members) {
            let m = try r.object(device)
            tree.device.model = r.optional("model", in: m).flatMap { try? r.string($0) }
            tree.device.os = r.optional("os", in: m).flatMap { try? r.string($0) }
            for key in ["scale", "width", "height"] {
                guard let v = r.optional(key, in: m) else { continue }
                let value = try r.number(v)
                tree.deviceSource[key] = SourceRef(line: doc.line(of: v), jsonValue: v)
                switch key {
                case "scale": tree.device.scale = value
                case "width": tree.device.width = value
                default: tree.device.height = value
                }
            }
        }
        // The kit's picture of the window, when the app opted in (docs/capture.md, "Privacy").
        if let v = r.optional("screenshot", in: members) { tree.screenshot = try Snapshot.Screenshot.read(v, r, strict: false) }
        let windowsValue = try r.required("windows", in: members, of: top)
        let windows = try r.array(windowsValue)
        guard !windows.isEmpty else { throw r.fail(windowsValue, "no window captured") }

        var walk = Walk(r: r, osVersion: tree.device.os)
        if windows.count > 1 {
            let w = tree.device.width ?? 0, h = tree.device.height ?? 0
            walk.drafts.append(Draft(type: "UIScreen", frame: Rect(0, 0, max(0, w), max(0, h)), system: .uikit, depth: 0,
                                     source: SourceRef(line: doc.line(of: windowsValue), jsonValue: windowsValue)))
            walk.baseDepth = 1
        }
        try walk.run(windows)
        tree.drafts = walk.drafts
        tree.limits += walk.limits
        tree.warnings = walk.warnings
        if walk.hostingWithout > 0 {
            tree.limits.append("\(walk.hostingWithout) SwiftUI hosting view\(walk.hostingWithout == 1 ? "" : "s") without debug data (SWIFTUI_VIEW_DEBUG not set at launch): SwiftUI content is one opaque view")
        }
        if walk.selectableCells > 0 { tree.limits.append(CellSelection.limit) }
        if let kinds = Controls.settleKinds(&tree.drafts) { tree.limits.append(kinds) }
        if tree.drafts.contains(where: { $0.role == .list }) { tree.limits.append(SwiftUILists.limit) }
        for key in walk.unknownKeys.sorted() { tree.warnings.append("unknown view field '\(key.clipped)' ignored") }
        return tree
    }

    /// The iterative walk over the windows' views (back to front, depth first).
    struct Walk {
        let r: JSONReader
        let osVersion: String?
        var drafts: [Draft] = []
        var limits: [String] = []
        var warnings: [String] = []
        var unknownKeys = Set<String>()
        var hostingWithout = 0
        var selectableCells = 0
        var baseDepth = 0

        init(r: JSONReader, osVersion: String?) { self.r = r; self.osVersion = osVersion }

        struct Pending {
            var value: Int
            var depth: Int
            /// Inside a table or collection view: cells here are selectable.
            var inList: Bool
        }

        mutating func run(_ windows: [Int]) throws(JSONReadError) {
            var stack = windows.reversed().map { Pending(value: $0, depth: baseDepth, inList: false) }
            while let p = stack.popLast() {
                do {
                    try visit(p, &stack)
                } catch {
                    // One subview that cannot be read is skipped (with its subviews), never the whole bundle;
                    // a number that is no whole number where one is meant is not (it stops the conversion).
                    guard p.depth > baseDepth, error.kind != .invalid else { throw error }
                    warnings.append("\(error.description): this view and its subviews are skipped")
                }
            }
            Controls.nameActions(&drafts)
            SwiftUILists.settle(&drafts)
        }

        mutating func visit(_ p: Pending, _ stack: inout [Pending]) throws(JSONReadError) {
            let value = p.value
            let doc = r.document
            let m = try r.object(value)
            for member in m where !CaptureBundleConverter.viewKeys.contains(member.key) { unknownKeys.insert(member.key) }
            let cls = try r.string(try r.required("class", in: m, of: value))
            let f = try r.numbers(try r.required("frame", in: m, of: value), count: 4)
            let source = SourceRef(line: doc.line(of: value), jsonValue: value)
            var d = Draft(type: TypeNames.uikitClass(cls), frame: Rect(f[0], f[1], f[2], f[3]), system: .uikit, depth: p.depth, source: source)
            d.identifier = r.optional("accessibilityIdentifier", in: m).flatMap { try? r.string($0) }
            d.label = r.optional("accessibilityLabel", in: m).flatMap { try? r.string($0) }
            d.viewController = try r.optional("viewController", in: m).map { v throws(JSONReadError) in try r.string(v) }
            if let a = r.optional("alpha", in: m) { d.uikit.alpha = try r.number(a) }
            if let h = r.optional("hidden", in: m) { d.uikit.hidden = try r.bool(h) }
            if let u = r.optional("userInteractionEnabled", in: m) { d.uikit.userInteractionEnabled = try r.bool(u) }
            if let c = r.optional("clipsToBounds", in: m) { d.uikit.clipsToBounds = try r.bool(c) }
            if let c = r.optional("control", in: m) {
                let cm = try r.object(c)
                let enabled = try r.optional("enabled", in: cm).map { v throws(JSONReadError) in try r.bool(v) } ?? true
                let actions = try r.optional("actions", in: cm).map { v throws(JSONReadError) in try r.array(v) } ?? []
                var action = actions.first.flatMap { try? r.string($0) }
                if let a = action, a.hasSuffix(":") { action = String(a.dropLast()) }
                d.uikit.control = .init(action: action ?? d.identifier ?? d.label, enabled: enabled, kind: UIKitClasses.controlKind(cls))
            }
            if let g = r.optional("gestureRecognizers", in: m) {
                let items = try r.array(g)
                d.saysRecognizers = !items.isEmpty
                for item in items {
                    let im = try r.object(item)
                    let rc = try r.string(try r.required("class", in: im, of: item))
                    guard let kind = CaptureBundleConverter.recognizerKind(rc) else {
                        if !rc.hasPrefix("_") && !rc.contains("SwiftUI") {
                            warnings.append(SourceRef(line: doc.line(of: item), jsonValue: item)
                                .warning("gesture recognizer \(rc.clipped) of unknown kind skipped", document: doc))
                        }
                        continue
                    }
                    var rec = UIKitProperties.Recognizer(kind: kind)
                    if let e = r.optional("enabled", in: im) { rec.enabled = try r.bool(e) }
                    if let n = r.optional("numberOfTapsRequired", in: im) { rec.numberOfTapsRequired = try r.count(n) }
                    if let n = r.optional("minimumPressDuration", in: im) { rec.minimumPressDuration = try r.number(n) }
                    if let c = r.optional("cancelsTouchesInView", in: im) { rec.cancelsTouchesInView = try r.bool(c) }
                    d.uikit.gestureRecognizers.append(rec)
                }
            }
            if let sv = r.optional("scroll", in: m) {
                // A UIScrollView's touch delays (U12, U13); the defaults (true, true) are not written.
                let sm = try r.object(sv)
                if let v = r.optional("delaysContentTouches", in: sm), !(try r.bool(v)) { d.delaysContentTouches = false }
                if let v = r.optional("canCancelContentTouches", in: sm), !(try r.bool(v)) { d.canCancelContentTouches = false }
            }
            d.role = SwiftUILists.role(cls)
            if let o = r.optional("overridesHitTest", in: m), try r.bool(o) {
                limits.append("\(cls) at \(doc.path(of: value)) overrides hitTest(_:with:) or point(inside:with:): modelled as a plain view")
            }
            let isList = CellSelection.isList(cls)
            if p.inList, CellSelection.isCell(cls), CellSelection.makeSelectable(&d) { selectableCells += 1 }
            drafts.append(d)
            if let ui = r.optional("swiftUI", in: m) {
                var converter = SwiftUIDebugConverter(document: doc, origin: Point(d.frame.x, d.frame.y), osVersion: osVersion)
                do {
                    let roots = try converter.roots(ui)
                    try converter.walk(roots, depth: p.depth + 1, layer: d.frame)
                } catch let e as CaptureError {
                    throw JSONReadError(path: e.path, line: e.line, kind: e.unusable ? .invalid : .wrongType, e.message)
                } catch {
                    throw JSONReadError(path: doc.path(of: ui), line: doc.line(of: ui), kind: .invalid, "\(error)")
                }
                drafts.append(contentsOf: converter.drafts)
                limits.append(contentsOf: converter.limits)
                warnings.append(contentsOf: converter.warnings)
                limits.append(contentsOf: SwiftUIDebugConverter.limits)
            } else if d.type == "UIHostingView" {
                hostingWithout += 1
            }
            if let s = r.optional("subviews", in: m) {
                for sub in try r.array(s).reversed() {
                    stack.append(Pending(value: sub, depth: p.depth + 1, inList: isList || (p.inList && !CellSelection.isCell(cls))))
                }
            }
        }
    }

    /// UIKit recognizer classes, subclasses included by their name's ending.
    static func recognizerKind(_ cls: String) -> UIKitProperties.Recognizer.Kind? {
        let table: [(String, UIKitProperties.Recognizer.Kind)] = [
            ("TapGestureRecognizer", .tap), ("LongPressGestureRecognizer", .longPress), ("PanGestureRecognizer", .pan),
            ("SwipeGestureRecognizer", .swipe), ("PinchGestureRecognizer", .pinch), ("RotationGestureRecognizer", .rotation),
        ]
        return table.first(where: { cls.hasSuffix($0.0) })?.1
    }
}
