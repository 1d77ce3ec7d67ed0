import TapJSON
import TapModel
import TraceStore

/// Totals of an import call, as text and as JSON.
public struct ImportSummary: Sendable {
    public var results: [FileImport]
    public var failures: [String]

    public init(results: [FileImport], failures: [String]) { self.results = results; self.failures = failures }

    public var tracesAdded: Int { results.reduce(0) { $0 + $1.tracesAdded.count } }
    public var tracesPresent: Int { results.reduce(0) { $0 + $1.tracesPresent.count } }
    public var events: Int { results.reduce(0) { $0 + $1.eventsAdded } }
    public var snapshotsAdded: Int { results.reduce(0) { $0 + $1.snapshotsAdded } }
    public var snapshotsPresent: Int { results.reduce(0) { $0 + $1.snapshotsPresent } }

    public var text: String {
        var s = "imported \(plural(tracesAdded, "trace")) (\(plural(events, "event"))) and \(plural(snapshotsAdded, "snapshot"))"
        s += "; already present: \(plural(tracesPresent, "trace")), \(plural(snapshotsPresent, "snapshot"))"
        if !failures.isEmpty { s += "; \(plural(failures.count, "file")) rejected (nothing of them stored)" }
        return s + "\n"
    }

    public var json: String {
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.field("files", results.count + failures.count)
            w.field("tracesImported", tracesAdded)
            w.field("tracesAlreadyPresent", tracesPresent)
            w.field("eventsImported", events)
            w.field("snapshotsImported", snapshotsAdded)
            w.field("snapshotsAlreadyPresent", snapshotsPresent)
            w.key("rejected")
            w.array(failures) { w, f in w.string(f) }
        }
        return w.text + "\n"
    }
}
