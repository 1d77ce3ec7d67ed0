import Foundation
import HitTesting
import ReplayEngine
import TapJSON
import TapModel
import TraceStore

/// `replay field`: the presses of real users (traces imported from production
/// recordings) replayed against the team's own snapshot of the same screen and
/// build, or, where none is stored, against the snapshot inferred from the
/// recording (said so). docs/field-report.md defines every number.
public struct FieldReport: Sendable {
    public var screens: [Screen] = []

    /// Taps within this many points and seconds of the first of them, `rageCount` or more: a rage burst.
    public static let rageDistance = 30.0
    public static let rageWindow = 1.0
    public static let rageCount = 3
    /// A press that fired nothing, then within this many seconds one that fired: a retry felt as "slow to respond".
    public static let retryWindow = 1.0
    /// A press that strays this far is a scroll or a drag, not a tap: not counted.
    public static let tapSlop = 10.0

    public struct Screen: Sendable {
        public var screen: String
        public var traces = 0
        public var presses = 0
        public var dead = 0
        public var rageBursts = 0
        public var slowRetries = 0
        /// Which snapshots explained the presses: `team` (the team's own, with its build) or `inferred`.
        public var snapshots: [SnapshotUse] = []
        public var targets: [Target] = []
        public var byVersion: [Version] = []
        public var notes: [String] = []
        public init(screen: String) { self.screen = screen }
    }

    public struct SnapshotUse: Sendable, Equatable {
        public var kind: String   // team, inferred
        public var build: String?
        public var file: String?
        public var traces: Int
    }

    public struct Target: Sendable {
        public var node: String
        /// Presses that fired it or landed on it (or nearest to it) and fired nothing.
        public var presses = 0
        public var fired = 0
        public var dead = 0
        public var causes: [Cause] = []
        public var rageBursts = 0
        public var slowRetries = 0
        /// Whether any of its presses was explained by an inferred snapshot.
        public var inferred = false
        /// Its taps and the ones that fired nothing, per app version of the traces (oldest version first).
        public var byVersion: [Version] = []
        public var deadRate: Double { presses == 0 ? 0 : Double(dead) / Double(presses) }
    }

    public struct Cause: Sendable {
        public var outcome: String
        public var reason: String
        public var presses: Int
        /// Where one of them landed (snapshot points).
        public var example: Point
    }

    public struct Version: Sendable {
        public var appVersion: String
        public var presses = 0
        public var dead = 0
        public var deadRate: Double { presses == 0 ? 0 : Double(dead) / Double(presses) }

        /// Oldest version first, by the numbers in it (`3.10.0` after `3.9.2`).
        static func ordered(_ versions: [String: Version]) -> [Version] {
            versions.values.sorted { $0.appVersion.compare($1.appVersion, options: .numeric) == .orderedAscending }
        }
    }

    public var presses: Int { screens.reduce(0) { $0 + $1.presses } }
    public var dead: Int { screens.reduce(0) { $0 + $1.dead } }
}

extension FieldReport {
    /// Builds the report from every production trace in the store (of `screen` only, when given).
    public static func make(store: TraceStore, screen: String? = nil, settings: HitSettings = HitSettings()) throws -> FieldReport {
        var testers: [String: HitTester] = [:]
        var byScreen: [String: ScreenWork] = [:]
        for (trace, visit) in try store.productionTraces(screen: screen) {
            let name = trace.header.screen
            var work = byScreen[name] ?? ScreenWork(screen: Screen(screen: name))
            defer { byScreen[name] = work }
            // The team's own snapshot: the same build if stored, else the newest; else the inferred one.
            let own = try store.snapshots(screen: name)
            let sameBuild = own.first(where: { $0.appBuild != nil && $0.appBuild == trace.header.appBuild })
            let chosen = sameBuild ?? own.max(by: { StoredSnapshot.isOlder($0, than: $1) })
            let json: String
            let use: SnapshotUse
            if let chosen, let text = try store.snapshotJSON(chosen.rowID) {
                json = text
                use = SnapshotUse(kind: "team", build: chosen.appBuild, file: chosen.importedFrom, traces: 1)
                if chosen.appBuild != trace.header.appBuild, let b = trace.header.appBuild {
                    work.note("no snapshot of build \(b) is stored; its presses were replayed against build \(chosen.appBuild ?? "(unknown)")")
                }
            } else if let inferred = visit.inferredSnapshot {
                json = inferred
                use = SnapshotUse(kind: "inferred", build: trace.header.appBuild, file: nil, traces: 1)
                work.note("no snapshot of \(name) is stored: presses were replayed against the screen inferred from the recording's wireframes, which cannot see gesture handlers (import the team's own snapshot for causes you can trust)")
            } else {
                work.note("\(trace.header.trace): no snapshot of \(name) is stored and the recording drew no wireframes: not replayed")
                continue
            }
            let key = use.kind + ":" + (use.kind == "team" ? (use.file ?? "") + (use.build ?? "") : trace.header.trace)
            let tester: HitTester
            if let t = testers[key] {
                tester = t
            } else {
                tester = HitTester(try Snapshot(json: Data(json.utf8)), settings: settings)
                testers[key] = tester
            }
            guard let events = scaled(try store.events(ofTrace: trace.rowID), trace: trace.header.trace, visit: visit,
                                      canvas: tester.snapshot.canvas, work: &work) else { continue }
            if let i = work.screen.snapshots.firstIndex(where: { $0.kind == use.kind && $0.build == use.build && $0.file == use.file }) {
                work.screen.snapshots[i].traces += 1
            } else {
                work.screen.snapshots.append(use)
            }
            work.screen.traces += 1
            work.add(events, trace: trace.header, tester: tester, inferred: use.kind == "inferred")
        }
        var report = FieldReport()
        report.screens = byScreen.keys.sorted().map { byScreen[$0]!.finished() }
        return report
    }

    /// The events in the snapshot's points: as they are when the sizes agree, scaled when only the
    /// scale differs (under 2 % between the axes), nil (refused, said so) when the shapes differ.
    static func scaled(_ events: [TouchEvent], trace: String, visit: StoredVisit, canvas: Rect, work: inout ScreenWork) -> [TouchEvent]? {
        guard let w = visit.width, let h = visit.height, w > 0, h > 0, canvas.width > 0, canvas.height > 0,
              abs(w - canvas.width) > 0.5 || abs(h - canvas.height) > 0.5 else { return events }
        let sx = canvas.width / w, sy = canvas.height / h
        let size = "\(JSONValue.format(w))×\(JSONValue.format(h))", target = "\(JSONValue.format(canvas.width))×\(JSONValue.format(canvas.height))"
        guard abs(sx - sy) / max(sx, sy) <= 0.02 else {
            work.note("\(trace): recorded on a \(size) pt screen, the snapshot is \(target) pt (another shape): not replayed")
            return nil
        }
        work.note("recorded on a \(size) pt screen, the snapshot is \(target) pt: touches scaled by \(JSONValue.format(JSONValue.round(sx, places: 3)))")
        return events.map { e in
            var e = e
            e.x *= sx; e.y *= sy
            return e
        }
    }

    /// One screen's report as it is built.
    struct ScreenWork {
        var screen: Screen
        var targets: [String: Target] = [:]
        var causes: [String: [String: Cause]] = [:]
        var versions: [String: Version] = [:]
        var targetVersions: [String: [String: Version]] = [:]

        mutating func note(_ s: String) { if !screen.notes.contains(s) { screen.notes.append(s) } }

        mutating func add(_ events: [TouchEvent], trace: TraceHeader, tester: HitTester, inferred: Bool) {
            let presses = Press.presses(from: events)
            let results = Replayer(tester: tester).replay(trace: trace.trace, presses: presses)
            var taps: [(press: Press, fired: Bool, target: String)] = []
            for (press, result) in zip(presses, results) {
                guard !press.cancelled, press.fingers == 1, press.maxDistance < FieldReport.tapSlop else { continue }
                let fired = result.fired || result.partOf != nil
                let target = (fired ? result.node : nil) ?? result.node ?? nearestTarget(press.start, tester) ?? "(no target)"
                taps.append((press, fired, target))
                var t = targets[target] ?? Target(node: target)
                t.presses += 1
                t.inferred = t.inferred || inferred
                screen.presses += 1
                let version = trace.appVersion ?? "(unknown)"
                versions[version, default: Version(appVersion: version)].presses += 1
                targetVersions[target, default: [:]][version, default: Version(appVersion: version)].presses += 1
                if fired {
                    t.fired += 1
                } else {
                    t.dead += 1
                    screen.dead += 1
                    versions[version]!.dead += 1
                    targetVersions[target]![version]!.dead += 1
                    let key = result.outcome.rawValue + "\u{1}" + result.reason
                    causes[target, default: [:]][key, default: Cause(outcome: result.outcome.rawValue, reason: result.reason, presses: 0, example: press.start)].presses += 1
                }
                targets[target] = t
            }
            // Rage bursts: rageCount or more taps within rageWindow and rageDistance of the first.
            var i = 0
            while i < taps.count {
                let first = taps[i].press
                var j = i + 1
                while j < taps.count, taps[j].press.startTime - first.startTime <= FieldReport.rageWindow,
                      taps[j].press.start.distance(to: first.start) <= FieldReport.rageDistance { j += 1 }
                if j - i >= FieldReport.rageCount {
                    targets[taps[i].target]!.rageBursts += 1
                    screen.rageBursts += 1
                    i = j
                } else {
                    i += 1
                }
            }
            // Slow to respond: a tap that fired nothing, then within retryWindow one that fired.
            for k in taps.indices.dropLast() where !taps[k].fired {
                let next = taps[k + 1]
                if next.fired, next.press.startTime - taps[k].press.endTime <= FieldReport.retryWindow {
                    targets[next.target]!.slowRetries += 1
                    screen.slowRetries += 1
                }
            }
        }

        /// The tap target a press that fired nothing was nearest to: the smallest one under it, else the nearest within 44 pt.
        func nearestTarget(_ p: Point, _ tester: HitTester) -> String? {
            let nodes = tester.snapshot.nodes
            let under = tester.targets.filter { nodes[$0].frame.contains(p) }
            if let n = under.min(by: { nodes[$0].frame.width * nodes[$0].frame.height < nodes[$1].frame.width * nodes[$1].frame.height }) {
                return nodes[n].id
            }
            let near = tester.targets.map { ($0, nodes[$0].frame.distance(to: p)) }.filter { $0.1 <= 44 }.min { $0.1 < $1.1 }
            return near.map { nodes[$0.0].id }
        }

        func finished() -> Screen {
            var s = screen
            s.targets = targets.values.map { t in
                var t = t
                t.causes = (causes[t.node] ?? [:]).values.sorted { $0.presses != $1.presses ? $0.presses > $1.presses : $0.reason < $1.reason }
                t.byVersion = Version.ordered(targetVersions[t.node] ?? [:])
                return t
            }.sorted { $0.dead != $1.dead ? $0.dead > $1.dead : $0.node < $1.node }
            s.byVersion = Version.ordered(versions)
            return s
        }
    }
}
