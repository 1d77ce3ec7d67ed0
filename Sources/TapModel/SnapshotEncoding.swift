import TapJSON
/// Writes a snapshot as snapshot JSON in canonical form: keys sorted, fields
/// at their default left out, numbers exact (shortest form that reads back
/// the same), so the same view tree always gives the same bytes and reading
/// the text back gives the same snapshot. Baselines embed this form, and
/// `replay convert` writes it.
///
/// Trees of any depth are written without recursion.
extension Snapshot {
    /// The canonical text, with a final newline.
    public func encoded(_ style: JSONWriter.Style = .pretty) -> String {
        var w = JSONWriter(style: style)
        write(to: &w)
        return w.text + "\n"
    }

    /// Writes the snapshot as one JSON value.
    /// - Complexity: O(n) in the number of nodes and modifiers.
    public func write(to w: inout JSONWriter) {
        w.beginObject()
        if app != AppInfo() {
            w.key("app")
            w.object { w in
                if let b = app.build { w.field("build", b) }
                if let id = app.id { w.field("id", id) }
                if let s = app.sdk { w.field("sdk", s) }
                if let v = app.version { w.field("version", v) }
            }
        }
        if let capture {
            w.key("capture")
            w.object { w in
                w.field("from", capture.from)
                w.key("limits")
                w.array(capture.limits) { w, l in w.string(l) }
            }
        }
        if let capturedAt { w.field("capturedAt", capturedAt) }
        if device != DeviceInfo() {
            w.key("device")
            w.object { w in
                if let h = device.height { w.field("height", h) }
                if let m = device.model { w.field("model", m) }
                if let os = device.os { w.field("os", os) }
                if let s = device.scale { w.field("scale", s) }
                if let wd = device.width { w.field("width", wd) }
            }
        }
        w.field("format", Snapshot.format)
        w.key("root")
        writeTree(to: &w)
        w.field("screen", screen)
        if let screenshot {
            w.key("screenshot")
            w.object { w in
                w.key("frame"); w.numbers([screenshot.frame.minX, screenshot.frame.minY, screenshot.frame.width, screenshot.frame.height])
                w.field("png", screenshot.png)
                w.field("scale", screenshot.scale)
            }
        }
        w.field("version", Snapshot.supportedVersion)
        w.endObject()
    }

    /// Nodes in sorted-key order: `action` and `alpha` come before `children`,
    /// everything else after, so each node is opened, its children written, then closed.
    private func writeTree(to w: inout JSONWriter) {
        guard !nodes.isEmpty else { w.null(); return }
        // (node, whether its children are written and the rest of it remains)
        var stack: [(node: Int, afterChildren: Bool)] = [(0, false)]
        while let (i, after) = stack.popLast() {
            let n = nodes[i]
            if after {
                w.endArray()
                writeFieldsAfterChildren(n, parentSystem: n.parent >= 0 ? nodes[n.parent].system : .swiftui, to: &w)
                w.endObject()
                continue
            }
            w.beginObject()
            if let a = n.action { w.field("action", a) }
            if n.system == .uikit && n.uikit.alpha != 1 { w.field("alpha", n.uikit.alpha) }
            if let c = n.canCancelContentTouches { w.field("canCancelContentTouches", c) }
            if n.children.isEmpty {
                writeFieldsAfterChildren(n, parentSystem: n.parent >= 0 ? nodes[n.parent].system : .swiftui, to: &w)
                w.endObject()
                continue
            }
            w.key("children")
            w.beginArray()
            stack.append((i, true))
            for c in n.children.reversed() { stack.append((c, false)) }
        }
    }

    private func writeFieldsAfterChildren(_ n: Node, parentSystem: UISystem, to w: inout JSONWriter) {
        let uikit = n.system == .uikit
        let u = n.uikit
        if !uikit && n.clear { w.field("clear", true) }
        if uikit && u.clipsToBounds { w.field("clipsToBounds", true) }
        if uikit, let c = u.control {
            w.key("control")
            w.object { w in
                if let a = c.action { w.field("action", a) }
                w.field("enabled", c.enabled)
                if c.kind != .unknown { w.field("kind", c.kind.rawValue) }
            }
        }
        if let d = n.delaysContentTouches { w.field("delaysContentTouches", d) }
        w.key("frame")
        w.numbers([n.frame.x, n.frame.y, n.frame.width, n.frame.height])
        if uikit && !u.gestureRecognizers.isEmpty {
            w.key("gestureRecognizers")
            w.array(u.gestureRecognizers) { w, r in
                w.object { w in
                    if let a = r.action { w.field("action", a) }
                    if r.allowableMovement != 10 { w.field("allowableMovement", r.allowableMovement) }
                    if !r.cancelsTouchesInView { w.field("cancelsTouchesInView", false) }
                    if !r.enabled { w.field("enabled", false) }
                    if r.minimumPressDuration != 0.5 { w.field("minimumPressDuration", r.minimumPressDuration) }
                    if r.numberOfTapsRequired != 1 { w.field("numberOfTapsRequired", r.numberOfTapsRequired) }
                    w.field("type", r.kind.rawValue)
                }
            }
        }
        if uikit && u.hidden { w.field("hidden", true) }
        if uikit && u.hitInsets != [0, 0, 0, 0] {
            w.key("hitInsets")
            w.numbers(u.hitInsets)
        }
        if uikit && u.passThroughSelf { w.field("hitTestOverride", "passThroughSelf") }
        w.field("id", n.id)
        if let l = n.label { w.field("label", l) }
        if !uikit && n.isLeaf != Node.leafTypes.contains(n.type) { w.field("leaf", n.isLeaf) }
        if !uikit && !n.modifiers.isEmpty {
            w.key("modifiers")
            w.array(n.modifiers) { w, m in m.write(to: &w) }
        }
        if let role = n.role { w.field("role", role.rawValue) }
        if let a = n.rowAction { w.field("rowAction", a) }
        if !uikit, let s = n.shape { w.key("shape"); s.write(to: &w) }
        if !uikit, let s = n.style { w.field("style", s) }
        if n.system != parentSystem || (n.parent < 0 && n.system != .swiftui) { w.field("system", n.system.rawValue) }
        if uikit, let t = u.touchAction {
            w.key("touchAction")
            w.object { w in
                if let a = t.action { w.field("action", a) }
                w.field("enabled", t.enabled)
            }
        }
        w.field("type", n.type)
        let defaultInteraction = !(uikit && Node.nonInteractiveUIKitTypes.contains(n.type))
        if uikit && u.userInteractionEnabled != defaultInteraction { w.field("userInteractionEnabled", u.userInteractionEnabled) }
    }
}

extension ShapeSpec {
    public func write(to w: inout JSONWriter) {
        w.object { w in
            if let b = bounds {
                w.key("bounds")
                w.numbers([b.x, b.y, b.width, b.height])
            }
            if cornerRadius != 0 { w.field("cornerRadius", cornerRadius) }
            if inset != 0 { w.field("inset", inset) }
            if purpose != .interaction { w.field("kind", purpose.rawValue) }
            if offset != Point(0, 0) { w.key("offset"); w.numbers([offset.x, offset.y]) }
            if !points.isEmpty { w.key("points"); w.array(points) { w, p in w.numbers([p.x, p.y]) } }
            if scale != Point(1, 1) { w.key("scale"); w.numbers([scale.x, scale.y]) }
            w.field("shape", form.rawValue)
        }
    }
}

extension Modifier {
    public func write(to w: inout JSONWriter) {
        w.object { w in
            switch self {
            case .contentShape(let s): w.key("contentShape"); s.write(to: &w)
            case .allowsHitTesting(let b): w.field("allowsHitTesting", b)
            case .disabled(let b): w.field("disabled", b)
            case .opacity(let o): w.field("opacity", o)
            case .hidden(let b): w.field("hidden", b)
            case .clipped(let b): w.field("clipped", b)
            case .gesture(let g): g.writeEntry(to: &w)
            }
        }
    }
}

extension GestureAttachment {
    /// The modifier entry's key and value (inside the modifier's object).
    func writeEntry(to w: inout JSONWriter) {
        switch (entry, gesture.kind) {
        case ("onTapGesture", .tap(let count)):
            w.key("onTapGesture")
            w.object { w in
                if let a = gesture.action { w.field("action", a) }
                w.field("count", count)
            }
        case ("onLongPressGesture", .longPress(let duration, let distance)):
            w.key("onLongPressGesture")
            w.object { w in
                if let a = gesture.action { w.field("action", a) }
                w.field("maximumDistance", distance)
                w.field("minimumDuration", duration)
            }
        default:
            w.key(priority == .high ? "highPriorityGesture" : (priority == .simultaneous ? "simultaneousGesture" : "gesture"))
            gesture.write(to: &w, mask: mask == .all ? nil : mask)
        }
    }
}

extension Gesture {
    /// The key a snapshot writes this gesture's kind under.
    public var entryName: String { kind == .button ? "tap" : kindName }

    public func write(to w: inout JSONWriter, mask: GestureAttachment.Mask? = nil) {
        w.object { w in
            if let a = action { w.field("action", a) }
            let name = entryName
            if let mask, name > "mask" { w.field("mask", mask.rawValue) }
            w.key(name)
            switch kind {
            case .tap(let n), .spatialTap(let n): w.object { w in w.field("count", n) }
            case .button: w.object { w in w.field("count", 1) }
            case .longPress(let d, let dist): w.object { w in w.field("maximumDistance", dist); w.field("minimumDuration", d) }
            case .drag(let d): w.object { w in w.field("minimumDistance", d) }
            case .magnify, .rotate: w.object { _ in }
            case .exclusively, .simultaneously, .sequenced: w.array(parts) { w, p in p.write(to: &w) }
            }
            if let mask, name < "mask" { w.field("mask", mask.rawValue) }
        }
    }
}
