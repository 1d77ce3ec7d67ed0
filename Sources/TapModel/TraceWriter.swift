import TapJSON

/// Writes traces as JSON Lines (docs/traces-and-database.md), the reverse of `JSONLTraceReader`:
/// what `replay probe` writes is read back by `replay import`.
public enum TraceWriter {
    /// The whole trace: the header line, then one event a line.
    public static func jsonl(_ header: TraceHeader, _ events: [TouchEvent]) -> String {
        var out = headerLine(header) + "\n"
        for e in events { out += eventLine(e) + "\n" }
        return out
    }

    /// The header line (compact JSON, no newline).
    public static func headerLine(_ h: TraceHeader) -> String {
        var w = JSONWriter(style: .compact)
        w.object { w in
            w.field("format", TraceHeader.format)
            w.field("version", TraceHeader.supportedVersion)
            w.field("trace", h.trace)
            w.field("screen", h.screen)
            if h.deviceModel != nil || h.os != nil {
                w.key("device")
                w.object { w in
                    if let m = h.deviceModel { w.field("model", m) }
                    if let o = h.os { w.field("os", o) }
                }
            }
            if h.appVersion != nil || h.appBuild != nil {
                w.key("app")
                w.object { w in
                    if let v = h.appVersion { w.field("version", v) }
                    if let b = h.appBuild { w.field("build", b) }
                }
            }
            if let r = h.recordedAt { w.field("recordedAt", r) }
            w.field("source", h.source)
        }
        return w.text
    }

    /// One event line (compact JSON, no newline).
    public static func eventLine(_ e: TouchEvent) -> String {
        var w = JSONWriter(style: .compact)
        if let action = e.firedAction {
            w.object { w in
                w.field("t", e.t)
                w.field("fired", action)
            }
            return w.text
        }
        w.object { w in
            w.field("t", e.t)
            w.field("touch", e.touch)
            w.field("phase", e.phase.rawValue)
            w.field("x", e.x)
            w.field("y", e.y)
            if let r = e.radius { w.field("radius", r) }
            if let expect = e.expect { w.field("expect", expect) }
        }
        return w.text
    }
}
