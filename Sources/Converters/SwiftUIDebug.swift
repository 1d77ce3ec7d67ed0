import TapJSON
import TapModel

/// SwiftUI `_ViewDebug.serializedData` → snapshot nodes.
///
/// The walk (decided on a real iOS 27 payload, see docs/capture.md):
/// - A raw node is a view (type flags 1) or a modifier (flags 2). A modifier
///   node's last child is the content it modifies; its other children are the
///   modifier's own views (a `.background`'s shape), drawn behind the content,
///   or over it for overlays. A view node with several children lists them
///   last-first: they are reversed into drawing order.
/// - Modifiers wrap what they modify, outermost first, so walking inward meets
///   them in reverse source order; the hit-relevant ones are collected and
///   attached, reversed into source order, to the next node that is emitted.
/// - Nodes are emitted for leaves (Text, Image, shapes, Color, Spacer,
///   Divider), Buttons (`Button<…>` or `ButtonActionModifier`), the known
///   containers and the app's own view types. Wrappers (`ModifiedContent`,
///   `AnyView`, `_VariadicView.Tree`, …) are walked through; one with several
///   children and pending modifiers becomes a `ModifiedContent` node holding them.
/// - Position and size, on views and layout modifiers alike, are the frame of
///   the content at that layer. A node without its own frame takes the frame
///   found first inward, else its enclosing layer's. A `contentShape` gets as
///   `bounds` the frame of the layer it is applied at (its own, else the first
///   inward) when that differs from the frame of the view it ends up on.
struct SwiftUIDebugConverter {
    let v: ViewDebugDocument
    /// Added to every frame: the hosting view's origin in the window.
    let origin: Point
    var drafts: [Draft] = []
    var limits: [String] = []
    var warnings: [String] = []
    var inherited = 0
    var skippedGestures: [String: Int] = [:]
    var scrollNoted = false
    var osVersion: String?

    init(document: JSONDocument, origin: Point, osVersion: String? = nil) {
        self.v = ViewDebugDocument(doc: document)
        self.origin = origin
        self.osVersion = osVersion
    }

    struct Pending {
        var modifier: Modifier
        /// The frame of the layer a contentShape was applied at.
        var layer: Rect?
    }

    struct Context {
        var pending: [Pending] = []
        var layerFrame: Rect?
        /// The nearest frame met since the last emitted node (the layer just outside a Button).
        var chainFrame: Rect?
        /// A Button node was emitted for this chain: its ButtonActionModifier adds no second one.
        var inButton = false
        /// The accessibility identifier set outermost on this chain: the next node's id.
        var identifier: String?
    }

    struct Work {
        var raw: Int
        var depth: Int
        var ctx: Context
    }

    /// The JSON path of a raw value, spelled only when a message needs it.
    func path(_ raw: Int) -> String {
        let p = v.doc.path(of: raw)
        return p.isEmpty ? "$" : p
    }

    static let limits = [
        "gesture and Button action closures are unreadable: actions are named after a Button's label text, gestures have none",
        "shape transforms (offset, scale, rotation) of contentShapes are not in the debug data",
        "a Button's style is the resolved style body SwiftUI puts inside it (plain, borderless, bordered, a list's default: automatic, the app's own: custom); a Button without a body this reader names has no style; Toggle styles are not read (a switch Toggle's UISwitch is a UIKit view of its own)",
    ]

    // MARK: - Entry points

    /// A standalone payload: a hosting view at the window origin holding the converted SwiftUI nodes.
    static func convertPayload(_ text: String) throws -> DraftTree {
        let document = try CaptureError.parseJSON(text)
        var c = SwiftUIDebugConverter(document: document, origin: Point(0, 0))
        let roots = try c.roots(document.root)
        let size = roots.compactMap { c.frameInward($0) }.reduce(Rect.null) { $0.union($1) }
        let frame = size.width < 0 ? Rect(0, 0, 0, 0) : Rect(0, 0, max(0, size.maxX), max(0, size.maxY))
        let host = Draft(type: "UIHostingView", frame: frame, system: .uikit, depth: 0,
                         source: SourceRef(line: document.line(of: document.root), path: "$"))
        c.drafts.append(host)
        try c.walk(roots, depth: 1, layer: frame)
        c.limits.append("the hosting view's place in the window is unknown: frames are in the hosting view's space, its origin taken as the window's")
        return DraftTree(drafts: c.drafts, limits: SwiftUIDebugConverter.limits + c.limits, warnings: c.warnings, document: document)
    }

    /// The root nodes of a payload: an array of nodes, or one node.
    func roots(_ value: Int) throws -> [Int] {
        switch v.doc[value] {
        case .array(let a): return a
        case .object: return [value]
        default:
            throw CaptureError(line: v.doc.line(of: value), path: path(value),
                               "SwiftUI debug data must be an array of nodes {\"properties\", \"children\"}")
        }
    }

    /// Converts the trees under `roots`, appending drafts at `depth`.
    mutating func walk(_ roots: [Int], depth: Int, layer: Rect?) throws {
        var stack: [Work] = []
        for r in roots.reversed() {
            stack.append(Work(raw: r, depth: depth, ctx: Context(layerFrame: layer)))
        }
        var visited = 0
        while let w = stack.popLast() {
            visited += 1
            guard visited <= 1_000_000 else { throw CaptureError(path: path(w.raw), "more than a million nodes: refusing to convert") }
            do {
                try checkNode(w)
            } catch let e as CaptureError {
                // One node that cannot be read is skipped (with what it holds), never the whole payload.
                warnings.append("\(e.description): this node and what it holds are skipped")
                continue
            }
            try step(w, &stack)
        }
        if inherited > 0 {
            limits.append("\(inherited) view\(inherited == 1 ? " has" : "s have") no frame in the debug data and took the enclosing layer's frame")
        }
        for (name, n) in skippedGestures.sorted(by: { $0.key < $1.key }) {
            limits.append("gesture \(name) (\(n)×) has no touch equivalent in the snapshot format: not modelled")
        }
    }

    // MARK: - The walk

    func window(_ r: Rect) -> Rect { Rect(r.x + origin.x, r.y + origin.y, r.width, r.height) }

    func ownFrame(_ raw: Int) -> Rect? { v.frame(raw).map(window) }

    /// The frame found first inward: the union of the framed nodes nearest below `raw` (itself included).
    func frameInward(_ raw: Int) -> Rect? {
        var level = [raw]
        var steps = 0
        while !level.isEmpty, steps < 64 {
            steps += 1
            var found = Rect.null
            var next: [Int] = []
            for n in level {
                if let f = ownFrame(n) { found = found.union(f) } else { next.append(contentsOf: v.children(n)) }
            }
            if found.width >= 0 { return found }
            level = next
        }
        return nil
    }

    /// The first Text string inside `raw` (a Button's label).
    func labelText(_ raw: Int) -> String? {
        var queue = [raw]
        var i = 0
        while i < queue.count, i < 5_000 {
            let n = queue[i]
            i += 1
            if TypeNames.split(v.readableType(n)).base == "Text", let s = v.text(in: v.attribute(n, .value)) { return s }
            queue.append(contentsOf: v.children(n))
        }
        return nil
    }

    func checkNode(_ w: Work) throws {
        guard v.members(w.raw) != nil else {
            throw CaptureError(line: v.doc.line(of: w.raw), path: path(w.raw), "a node must be an object {\"properties\", \"children\"}")
        }
        if let p = v.member(w.raw, "properties"), v.array(p) == nil {
            throw CaptureError(line: v.doc.line(of: p), path: path(p), "properties must be an array")
        }
        if let c = v.member(w.raw, "children"), v.array(c) == nil {
            throw CaptureError(line: v.doc.line(of: c), path: path(c), "children must be an array")
        }
    }

    mutating func step(_ w: Work, _ stack: inout [Work]) throws {
        let readable = v.readableType(w.raw)
        let (base, args) = TypeNames.split(readable)
        let flags = try v.flags(w.raw) ?? 0
        let isModifier = flags & 2 != 0 || (flags & 1 == 0 && looksLikeModifier(base))
        var ctx = w.ctx
        let own = ownFrame(w.raw)
        if let own { ctx.layerFrame = own; ctx.chainFrame = own }
        let children = v.children(w.raw)
        func push(_ list: [Int], _ depth: Int, _ c: Context) {
            for child in list.reversed() {
                stack.append(Work(raw: child, depth: depth, ctx: c))
            }
        }
        /// A Button (or its action modifier): emitted once, its label walked inside it.
        func enterButton(_ w: Work, ctx: Context, children: [Int]) {
            let depth = emitButton(w, ctx: ctx)
            var inner = Context(layerFrame: drafts.last?.frame)
            inner.inButton = true
            push(children, depth + 1, inner)
        }
        if isModifier {
            if base == "ButtonActionModifier" && !ctx.inButton {
                enterButton(w, ctx: ctx, children: children)
                return
            }
            if base != "ButtonActionModifier" { try mapModifier(base, args, readable, raw: w.raw, ctx: &ctx) }
            guard children.count > 1 else {
                if children.isEmpty { dropPending(ctx, at: readable) }
                push(children, w.depth, ctx)
                return
            }
            // Own views (a background's shape) and the content, which comes last.
            var ordered = children
            if SwiftUITypeMapping.drawsOver(base), let content = ordered.popLast() { ordered.insert(content, at: 0) }
            if ctx.pending.isEmpty && ctx.identifier == nil {
                push(ordered, w.depth, ctx)
            } else {
                let depth = emit(type: "ModifiedContent", frame: own ?? frameInward(w.raw) ?? ctx.layerFrame, w, ctx: ctx)
                push(ordered, depth + 1, Context(layerFrame: drafts.last?.frame))
            }
            return
        }
        // A view.
        if base == "EmptyView" { dropPending(ctx, at: readable); return }
        if let leaf = SwiftUITypeMapping.leaf(base, args) {
            emitLeaf(leaf, base: base, w, ctx: ctx)
            return
        }
        let reversed = Array(children.reversed())
        if SwiftUITypeMapping.isSpacer(base) {
            _ = emit(type: "Spacer", frame: own ?? ctx.layerFrame, w, ctx: ctx)
            return
        }
        if base == "Button" && !ctx.inButton {
            enterButton(w, ctx: ctx, children: reversed)
            return
        }
        if base.hasSuffix("ScrollView") && !scrollNoted {
            scrollNoted = true
            limits.append("content of a SwiftUI ScrollView is placed where the debug data puts it: a scrolled offset not applied there is not corrected")
        }
        if SwiftUITypeMapping.containers.contains(base) || isAppType(w.raw) {
            let type = SwiftUITypeMapping.containers.contains(base) ? base : appTypeName(base)
            let depth = emit(type: type, frame: own ?? frameInward(w.raw) ?? ctx.layerFrame, w, ctx: ctx)
            push(reversed, depth + 1, Context(layerFrame: drafts.last?.frame))
            return
        }
        // A wrapper: walk through it.
        if reversed.count <= 1 || (ctx.pending.isEmpty && ctx.identifier == nil) {
            if reversed.isEmpty { dropPending(ctx, at: readable) }
            push(reversed, w.depth, ctx)
        } else {
            let depth = emit(type: "ModifiedContent", frame: own ?? frameInward(w.raw) ?? ctx.layerFrame, w, ctx: ctx)
            push(reversed, depth + 1, Context(layerFrame: drafts.last?.frame))
        }
    }

    func looksLikeModifier(_ base: String) -> Bool {
        base.hasSuffix("Modifier") || base.hasSuffix("Effect") || base.hasSuffix("Layout") || base.hasPrefix("ContentShapeModifier")
    }

    /// A view type of the app itself (not SwiftUI's): `MyApp.ProfileView`.
    func isAppType(_ raw: Int) -> Bool {
        let full = v.fullType(raw)
        guard let dot = full.firstIndex(of: "."), !full.hasPrefix("(") else { return false }
        let module = full[..<dot]
        guard !["SwiftUI", "SwiftUICore", "Swift", "__C", "UIKit", "CoreGraphics", "Foundation"].contains(String(module)),
              !module.contains("<") else { return false }
        return !full.contains("(unknown context")
    }

    func appTypeName(_ base: String) -> String {
        base.split(separator: ".").last.map(String.init) ?? base
    }

    // MARK: - Emitting

    /// Appends a node with the pending modifiers (in source order); returns its depth.
    @discardableResult
    mutating func emit(type: String, frame: Rect?, _ w: Work, ctx: Context, leaf: Bool? = nil) -> Int {
        var f = frame
        if f == nil {
            f = Rect(origin.x, origin.y, 0, 0)
            warnings.append("\(path(w.raw)): \(type) has no frame anywhere around it: placed as an empty frame at the hosting view's origin")
        }
        var d = Draft(type: type, frame: f!, system: .swiftui, depth: w.depth, source: SourceRef(line: v.doc.line(of: w.raw), jsonValue: w.raw))
        d.leaf = leaf
        d.identifier = ctx.identifier
        d.modifiers = ctx.pending.reversed().map { p in
            guard case .contentShape(var shape) = p.modifier else { return p.modifier }
            if let layer = p.layer, layer != f! { shape.bounds = layer }
            return .contentShape(shape)
        }
        drafts.append(d)
        return w.depth
    }

    mutating func emitButton(_ w: Work, ctx: Context) -> Int {
        let frame = ownFrame(w.raw) ?? ctx.chainFrame ?? frameInward(w.raw) ?? ctx.layerFrame
        let depth = emit(type: "Button", frame: frame, w, ctx: ctx)
        let label = labelText(w.raw)
        drafts[drafts.count - 1].action = label ?? ctx.identifier ?? "Button"
        drafts[drafts.count - 1].label = label
        drafts[drafts.count - 1].style = buttonStyle(w.raw)
        return depth
    }

    /// A Button's resolved style, from the `ResolvedButtonStyleBody<Style>` SwiftUI puts inside it
    /// (docs/capture.md, "Lists, rows and styles"); nil when there is none or its name is not one
    /// this reader knows.
    func buttonStyle(_ raw: Int) -> String? {
        var queue = [raw]
        var i = 0
        while i < queue.count && i < 64 {
            let n = queue[i]
            i += 1
            let readable = v.readableType(n)
            if let r = readable.range(of: "ResolvedButtonStyleBody<") {
                let (base, _) = TypeNames.split(String(readable[r.upperBound...].prefix { $0 != ">" && $0 != "," }))
                return SwiftUITypeMapping.buttonStyle(base, appType: isAppStyle(n, base))
            }
            queue.append(contentsOf: v.children(n))
        }
        return nil
    }

    /// The style is the app's own type: its full type names a module other than SwiftUI's.
    func isAppStyle(_ raw: Int, _ base: String) -> Bool {
        let full = v.fullType(raw)
        guard let r = full.range(of: "ResolvedButtonStyleBody<") else { return false }
        let inner = full[r.upperBound...]
        return !(inner.hasPrefix("SwiftUI.") || inner.hasPrefix("SwiftUICore.")) && inner.contains(".")
    }

    mutating func emitLeaf(_ leaf: (type: String, shape: ShapeSpec.Form?), base: String, _ w: Work, ctx: Context) {
        var frame = ownFrame(w.raw)
        if frame == nil, let layer = ctx.layerFrame {
            frame = layer
            inherited += 1
        }
        let known = Node.leafTypes.contains(leaf.type)
        emit(type: leaf.type, frame: frame, w, ctx: ctx, leaf: known ? nil : true)
        let value = v.attribute(w.raw, .value)
        switch leaf.type {
        case "Text":
            drafts[drafts.count - 1].label = v.text(in: value)
        case "Color":
            if v.mentions("clear", in: value) || transparent(value) { drafts[drafts.count - 1].clear = true }
        default:
            if let form = leaf.shape, form != .rectangle {
                var s = ShapeSpec(form)
                if form == .roundedRectangle { s.cornerRadius = cornerRadius(value) }
                drafts[drafts.count - 1].shape = s
            } else if leaf.shape == nil && !known {
                limits.append("shape \(leaf.type) is drawn as its whole frame")
            }
        }
    }

    /// A resolved colour with alpha 0 (`{"color": [r, g, b, 0]}`).
    func transparent(_ value: Int?) -> Bool {
        guard let a = v.find("color", in: value), let inner = v.member(a, "value") else { return false }
        let rgba = v.array(v.member(inner, "color")) ?? v.array(inner) ?? []
        return rgba.count == 4 && v.number(rgba[3]) == 0
    }

    func cornerRadius(_ value: Int?) -> Double {
        if let r = v.numberValue("cornerRadius", in: value) { return max(0, r) }
        guard let size = v.find("cornerSize", in: value) else { return 0 }
        if let pair = v.array(v.member(size, "value")), let w = pair.first.flatMap({ v.number($0) }) { return max(0, w) }
        return max(0, v.numberValue("width", in: size) ?? 0)
    }

    /// Modifiers above a view that never came: a gesture or contentShape there is lost, say so.
    mutating func dropPending(_ ctx: Context, at type: String) {
        for p in ctx.pending {
            switch p.modifier {
            case .gesture, .contentShape:
                warnings.append("a \(describe(p.modifier)) on \(TypeNames.split(type).base) (nothing laid out) is not placed")
            default: break
            }
        }
    }

    func describe(_ m: Modifier) -> String {
        switch m {
        case .gesture(let g): return g.entry
        case .contentShape: return "contentShape"
        default: return "modifier"
        }
    }

    // MARK: - Modifiers

    mutating func mapModifier(_ base: String, _ args: [String], _ readable: String, raw: Int, ctx: inout Context) throws {
        let value = v.attribute(raw, .value)
        switch base {
        case "_ContentShapeModifier", "_ContentShapeKindModifier", "ContentShapeModifier_v2", "ContentShapeModifier":
            var purpose = ShapeSpec.Purpose.interaction
            if base != "_ContentShapeModifier", let bits = try v.integerValue("rawValue", in: v.find("kind", in: value)) {
                guard let p = SwiftUITypeMapping.purpose(kindBits: bits) else {
                    limits.append("contentShape kinds \(bits) unknown\(osNote)")
                    return
                }
                purpose = p
            }
            var shape = contentShape(args.first, value: value)
            shape.purpose = purpose
            let layer = ownFrame(raw) ?? frameInward(raw)
            // `_ContentShapeKindModifier` holding `ContentShapeModifier_v2` with the same shape is one contentShape.
            if let last = ctx.pending.last, case .contentShape(let prev) = last.modifier, prev == shape, last.layer == layer { return }
            ctx.pending.append(Pending(modifier: .contentShape(shape), layer: layer))
        case "AddGestureModifier", "HighPriorityGestureModifier", "SimultaneousGestureModifier", "_GestureModifier":
            var priority = SwiftUITypeMapping.priority(combiner: args.count > 1 ? args[1] : nil)
            if base == "HighPriorityGestureModifier" { priority = .high }
            if base == "SimultaneousGestureModifier" { priority = .simultaneous }
            let maskBits = try v.integerValue("rawValue", in: v.find("gestureMask", in: value)) ?? 3
            guard let gType = args.first else { return }
            guard let g = try gesture(gType, value: v.find("gesture", in: value) ?? value, depth: 0) else {
                let name = unknownGestureName(gType)
                skippedGestures[name, default: 0] += 1
                warnings.append("skipped gesture \(name) in \(readable.prefix(120)): no touch gesture to map it to")
                return
            }
            var entry = priority == .normal ? "gesture" : (priority == .high ? "highPriorityGesture" : "simultaneousGesture")
            if priority == .normal, maskBits == 3, case .tap = g.kind, TypeNames.split(gType).base == "_EndedGesture" { entry = "onTapGesture" }
            let attach = GestureAttachment(entry: entry, priority: priority, mask: SwiftUITypeMapping.mask(rawValue: maskBits), gesture: g)
            ctx.pending.append(Pending(modifier: .gesture(attach)))
        case "TapGestureModifier":
            let count = try v.integerValue("count", in: value) ?? 1
            ctx.pending.append(Pending(modifier: .gesture(GestureAttachment(entry: "onTapGesture", gesture: Gesture(.tap(count: count))))))
        case "AccessibilityAttachmentModifier":
            if ctx.identifier == nil, let id = accessibilityIdentifier(value) { ctx.identifier = id }
        case "_AllowsHitTestingModifier":
            if let allowed = v.boolValue("allowsHitTesting", in: value) {
                ctx.pending.append(Pending(modifier: .allowsHitTesting(allowed)))
            } else {
                limits.append("allowsHitTesting value unreadable\(osNote): treated as true")
            }
        case "_OpacityEffect":
            if let o = v.numberValue("opacity", in: value), o != 1 { ctx.pending.append(Pending(modifier: .opacity(o))) }
        case "_HiddenModifier":
            ctx.pending.append(Pending(modifier: .hidden(true)))
        case "_ClipEffect":
            ctx.pending.append(Pending(modifier: .clipped(true)))
        case "_EnvironmentKeyWritingModifier", "_EnvironmentKeyTransformModifier":
            guard args.first == "Bool" else { return }
            let keyPath = v.find("keyPath", in: value).flatMap { v.string(v.member($0, "value")) } ?? ""
            if keyPath.contains("isEnabled") {
                if base == "_EnvironmentKeyWritingModifier", let enabled = v.boolValue("value", in: value) {
                    ctx.pending.append(Pending(modifier: .disabled(!enabled)))
                } else {
                    limits.append("a disabled(_:) value is unreadable (an isEnabled transform): treated as enabled")
                }
            } else if keyPath.isEmpty {
                limits.append("an environment writer of a Bool with an unreadable key path: if it is isEnabled, disabled state is unknown")
            }
        default:
            if base.contains("Gesture") || base.contains("HitTest") || base.contains("ContentShape") {
                if !["GestureLabelModifier", "HitTestBindingModifier"].contains(base) {
                    limits.append("unfamiliar SwiftUI type \(base)\(osNote) not mapped")
                }
            }
        }
    }

    /// `.accessibilityIdentifier("save")`: the string under the `IdentifierKey` entry of an
    /// `AccessibilityAttachmentModifier`'s properties, when the data shows one.
    func accessibilityIdentifier(_ value: Int?) -> String? {
        guard let entry = v.findFirst(in: value, limit: 2_000, { a in
            v.subattributes(a).contains { v.string(v.member($0, "readableType"))?.hasPrefix("IdentifierKey") == true }
        }), let stored = v.find("value", in: entry) else { return nil }
        var stack = [stored]
        var seen = 0
        while let a = stack.popLast(), seen < 200 {
            seen += 1
            if let s = v.string(v.member(a, "value")), !s.isEmpty { return s }
            stack.append(contentsOf: v.subattributes(a).reversed())
        }
        return nil
    }

    var osNote: String { osVersion.map { " (\($0))" } ?? "" }

    func unknownGestureName(_ type: String) -> String {
        var t = type
        for _ in 0..<16 {
            let (base, args) = TypeNames.split(t)
            if SwiftUITypeMapping.gestureWrappers.contains(base), let a = args.first { t = a; continue }
            if base == "ModifierGesture", args.count == 2 { t = args[1]; continue }
            return base
        }
        return TypeNames.split(t).base
    }

    mutating func contentShape(_ type: String?, value: Int?) -> ShapeSpec {
        let name = type.map { SwiftUITypeMapping.shapeBase($0) } ?? "Rectangle"
        if let form = SwiftUITypeMapping.shapeForm(name) {
            var s = ShapeSpec(form)
            if form == .roundedRectangle { s.cornerRadius = cornerRadius(v.find("shape", in: value)) }
            return s
        }
        limits.append("contentShape \(name) is approximated by the rectangle of its bounds")
        return ShapeSpec(.rectangle)
    }

    /// A gesture type string (with its value tree) → a snapshot gesture, nil when it has no touch equivalent.
    func gesture(_ type: String, value: Int?, depth: Int) throws -> Gesture? {
        guard depth < Snapshot.maxGestureDepth else { return nil }
        let (base, args) = TypeNames.split(type)
        let own = v.find(type: type, in: value) ?? v.find(type: TypeNames.stripModules(type), in: value)
        if SwiftUITypeMapping.gestureWrappers.contains(base), let a = args.first { return try gesture(a, value: value, depth: depth + 1) }
        if base == "ModifierGesture", args.count == 2 { return try gesture(args[1], value: value, depth: depth + 1) }
        switch base {
        case "TapGesture":
            return Gesture(.tap(count: try v.integerValue("count", in: own) ?? 1))
        case "SpatialTapGesture":
            return Gesture(.spatialTap(count: try v.integerValue("count", in: own) ?? 1))
        case "LongPressGesture":
            let d = v.numberValue("minimumDuration", in: own) ?? 0.5
            let dist = v.numberValue("maximumDistance", in: own) ?? v.numberValue("_maximumDistance", in: own) ?? 10
            return Gesture(.longPress(minimumDuration: max(0, d), maximumDistance: max(0, dist)))
        case "DragGesture":
            return Gesture(.drag(minimumDistance: max(0, v.numberValue("minimumDistance", in: own) ?? 10)))
        case "MagnifyGesture", "MagnificationGesture":
            return Gesture(.magnify)
        case "RotateGesture", "RotationGesture":
            return Gesture(.rotate)
        case "ExclusiveGesture", "SimultaneousGesture", "SequenceGesture":
            guard args.count == 2 else { return nil }
            let first = v.find("first", in: own) ?? own
            let second = v.find("second", in: own) ?? own
            guard let a = try gesture(args[0], value: first, depth: depth + 1),
                  let b = try gesture(args[1], value: second, depth: depth + 1) else { return nil }
            let kind: Gesture.Kind = base == "ExclusiveGesture" ? .exclusively : (base == "SequenceGesture" ? .sequenced : .simultaneously)
            return Gesture(kind, parts: [a, b])
        default:
            return nil
        }
    }
}
