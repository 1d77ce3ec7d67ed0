/// One screen visit of a production session recording (docs/field-report.md):
/// the trace it becomes, the screen size recorded, and the snapshot inferred
/// from its wireframes. The readers make it; the store keeps it.
public struct ScreenVisit: Sendable {
    public var header: TraceHeader
    public var events: [TouchEvent]
    /// The recording's screen size in points, when it said (a meta record).
    public var width: Double?
    public var height: Double?
    /// Canonical snapshot JSON inferred from the wireframes shown at the visit's first touch (nil: none recorded).
    public var inferredSnapshot: String?

    public init(header: TraceHeader, events: [TouchEvent], width: Double?, height: Double?, inferredSnapshot: String?) {
        self.header = header; self.events = events; self.width = width; self.height = height; self.inferredSnapshot = inferredSnapshot
    }
}
