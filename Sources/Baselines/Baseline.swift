import HitTesting
import ReplayEngine
import TapJSON
import TapModel

/// A reviewed baseline for one suite (screen): the accepted snapshot itself and
/// the coverage of its targets (with their predicted first-try success, R7), as
/// `Baselines/<screen>.json` holds it (version 2; `predicted` is optional when read).
/// Its size grows with the view tree, never with the number of recorded presses;
/// a run replays every trace against both this snapshot and the new one.
///
/// Encoding is canonical: keys sorted, two-space indent, targets by node id,
/// fractions rounded to 4 decimals, the snapshot in canonical form; the same
/// screen always gives the same bytes, so a pull request shows only what changed.
///
/// A version-1 file (per-press results, no snapshot) is still read: its presses
/// stand in for the replay against the baseline's snapshot.
public struct Baseline: Sendable {
    public static let format = "tapreplay-baseline"
    public static let version = 2

    /// A press as a version-1 baseline recorded it.
    public struct Press: Sendable, Equatable {
        public var trace: String
        public var press: Int
        public var at: Point
        public var outcome: TouchResult.Outcome
        public var node: String?
        public var action: String?
        public var latencyMs: Double?

        public init(trace: String, press: Int, at: Point, outcome: TouchResult.Outcome, node: String?, action: String?, latencyMs: Double?) {
            self.trace = trace; self.press = press; self.at = at; self.outcome = outcome
            self.node = node; self.action = action; self.latencyMs = latencyMs
        }

        public var key: PressKey { PressKey(trace: trace, press: press) }
    }

    public var suite: String
    public var settings: BaselineSettings
    /// The accepted snapshot (nil only in a version-1 file).
    public var snapshot: Snapshot?
    /// Coverage of every target of the accepted snapshot, by node id.
    public var targets: [TargetCoverage]
    /// Version 1 only: every press as it was recorded, by (trace, press).
    public var legacyPresses: [Press]
    /// The version the file was read from (1 or 2).
    public var fileVersion: Int
    /// Problems accepted on review (`known`): listed as known, never failing
    /// (docs/baselines.md, "Known problems"). Sorted by rule and place.
    public var known: [AcceptedProblem] = [] {
        didSet { known = AcceptedProblem.sorted(known) }
    }

    public init(suite: String, settings: BaselineSettings, snapshot: Snapshot?, targets: [TargetCoverage],
                legacyPresses: [Press] = [], fileVersion: Int = Baseline.version) {
        self.suite = suite
        self.settings = settings
        self.snapshot = snapshot
        self.targets = targets.sorted { $0.node.utf8.lexicographicallyPrecedes($1.node.utf8) }
        self.legacyPresses = legacyPresses.sorted { $0.key < $1.key }
        self.fileVersion = fileVersion
    }

    /// The baseline a run writes: the snapshot it replayed against and its coverage.
    public init(snapshot: Snapshot, coverage: [TargetCoverage], settings: BaselineSettings) {
        self.init(suite: snapshot.screen, settings: settings, snapshot: snapshot, targets: coverage)
    }

    /// The file name of a suite's baseline: the screen name with path separators and
    /// other characters unsafe in file names replaced by `_`.
    public static func fileName(for suite: String) -> String {
        let safe = suite.unicodeScalars.map { c -> String in
            let bad: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
            return (bad.contains(Character(c)) || c.value < 0x20) ? "_" : String(c)
        }.joined()
        let trimmed = safe.hasPrefix(".") ? "_" + safe.dropFirst() : safe
        return (trimmed.isEmpty ? "_" : trimmed) + ".json"
    }

    // MARK: - Encoding

    /// The canonical text of the file (always version 2; a version-1 baseline has
    /// no snapshot to write and is upgraded by recording it again).
    /// - Precondition: `snapshot` is not nil.
    public var encoded: String {
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.field("format", Baseline.format)
            if !known.isEmpty {
                w.key("known")
                w.array(known) { w, k in k.write(to: &w) }
            }
            w.key("settings")
            settings.write(to: &w)
            w.key("snapshot")
            snapshot!.write(to: &w)
            w.field("suite", suite)
            w.key("targets")
            w.array(targets) { w, t in w.object { w in t.writeFields(to: &w, sorted: true) } }
            w.field("version", Baseline.version)
        }
        return w.text + "\n"
    }

    // MARK: - Decoding

    /// Reads a baseline file's text (version 2, or version 1).
    /// - Throws: `BaselineError` saying what is wrong and where (line and JSON path).
    /// - Complexity: linear in the size of the file.
    public init(decoding text: String) throws {
        do {
            let r = try JSONReader(parsing: Array(text.utf8))
            self = try BaselineReader(r: r).read()
        } catch {
            throw BaselineError(line: error.line, path: error.path, error.message)
        }
    }
}

/// Every tunable that changes outcomes: a baseline records the ones it was made
/// with, and a run with others is still compared, with a warning.
public struct BaselineSettings: Sendable, Equatable {
    /// The touch-binding profile coverage was computed under (nil: a baseline older than profiles).
    public var profile: String?
    public var touchRadius: Double
    public var gridStep: Double
    public var tapSlop: Double
    public var tapMaxDuration: Double
    public var multiTapWindow: Double
    public var multiTapDistance: Double
    /// The screen density the targets' predictions were made at (nil: a baseline older than predictions).
    public var mmPerPoint: Double?

    public init(profile: String? = nil, touchRadius: Double = 10, gridStep: Double = 1, replay: ReplaySettings = ReplaySettings(),
                mmPerPoint: Double? = nil) {
        self.profile = profile
        self.mmPerPoint = mmPerPoint
        self.touchRadius = touchRadius
        self.gridStep = gridStep
        self.tapSlop = replay.tapSlop
        self.tapMaxDuration = replay.tapMaxDuration
        self.multiTapWindow = replay.multiTapWindow
        self.multiTapDistance = replay.multiTapDistance
    }

    /// Whether coverage computed under `other` differs from coverage under these (every setting but the
    /// density, which changes predictions only).
    public func coverageDiffers(from other: BaselineSettings) -> Bool {
        var a = self, b = other
        a.mmPerPoint = nil
        b.mmPerPoint = nil
        return a != b
    }

    /// `profile ios18, touch radius 20, grid step 1, …` for the note.
    public var description: String {
        "profile \(profile ?? "(none: the 10-pt disk of version 1)"), touch radius \(JSONValue.format(touchRadius)), grid step \(JSONValue.format(gridStep)), tap slop \(JSONValue.format(tapSlop)), "
            + "tap duration \(JSONValue.format(tapMaxDuration)) s, multi-tap window \(JSONValue.format(multiTapWindow)) s, multi-tap distance \(JSONValue.format(multiTapDistance))"
    }

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.field("gridStep", gridStep)
            if let mmPerPoint { w.field("mmPerPoint", rounded: mmPerPoint) }
            w.field("multiTapDistance", multiTapDistance)
            w.field("multiTapWindow", multiTapWindow)
            if let profile { w.field("profile", profile) }
            w.field("tapMaxDuration", tapMaxDuration)
            w.field("tapSlop", tapSlop)
            w.field("touchRadius", touchRadius)
        }
    }
}

/// The identity of a press across runs: `(trace, press)`.
public struct PressKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var trace: String
    public var press: Int
    public init(trace: String, press: Int) { self.trace = trace; self.press = press }
    public static func < (a: PressKey, b: PressKey) -> Bool {
        if a.trace != b.trace { return a.trace.utf8.lexicographicallyPrecedes(b.trace.utf8) }
        return a.press < b.press
    }
    public var description: String { "\(trace)#\(press)" }
}

/// A baseline file that cannot be used.
public struct BaselineError: LocatedError {
    public let line: Int?
    public let path: String
    public let message: String
    public init(line: Int?, path: String = "", _ message: String) { self.line = line; self.path = path; self.message = message }
}

private struct BaselineReader {
    let r: JSONReader

    func read() throws(JSONReadError) -> Baseline {
        let root = r.root
        let top = try r.object(root)
        let formatValue = try r.required("format", in: top, of: root)
        let format = try r.string(formatValue)
        guard format == Baseline.format else { throw r.fail(formatValue, "unknown format '\(format.clipped)' (expected '\(Baseline.format)')") }
        let versionValue = try r.required("version", in: top, of: root)
        let version = try r.number(versionValue)
        guard version == 1 || version == 2 else {
            throw r.fail(versionValue, "unsupported baseline version \(JSONValue.format(version)) (this tool reads versions 1 and 2)")
        }
        let fileVersion = try r.integer(versionValue, in: 1...2)
        let suite = try r.string(try r.required("suite", in: top, of: root))
        var settings = BaselineSettings()
        if let s = r.optional("settings", in: top) {
            let m = try r.object(s)
            func read(_ key: String, _ into: inout Double) throws(JSONReadError) {
                if let v = r.optional(key, in: m) { into = try r.number(v) }
            }
            if let v = r.optional("profile", in: m) { settings.profile = try r.string(v) }
            if let v = r.optional("mmPerPoint", in: m) { settings.mmPerPoint = try r.number(v) }
            try read("touchRadius", &settings.touchRadius)
            try read("gridStep", &settings.gridStep)
            try read("tapSlop", &settings.tapSlop)
            try read("tapMaxDuration", &settings.tapMaxDuration)
            try read("multiTapWindow", &settings.multiTapWindow)
            try read("multiTapDistance", &settings.multiTapDistance)
        }
        var snapshot: Snapshot?
        if version == 2 { snapshot = try Snapshot(reader: r, at: try r.required("snapshot", in: top, of: root)) }
        var presses: [Baseline.Press] = []
        if version == 1 {
            for v in try r.array(try r.required("presses", in: top, of: root)) { presses.append(try press(v)) }
        }
        var targets: [TargetCoverage] = []
        for v in try r.array(try r.required("targets", in: top, of: root)) {
            let m = try r.object(v)
            func fraction(_ key: String) throws(JSONReadError) -> Double { try r.number(try r.required(key, in: m, of: v)) }
            let node = try r.string(try r.required("node", in: m, of: v))
            var target = TargetCoverage(
                node: node,
                action: try optionalString("action", m),
                samples: 0, own: try fraction("own"), stolen: try fraction("stolen"), blocked: try fraction("blocked"),
                ambiguous: try fraction("ambiguous"), disabled: try fraction("disabled"), miss: try fraction("miss"))
            if let p = r.optional("predicted", in: m) { target.predicted = try predicted(p, node: node, mmPerPoint: settings.mmPerPoint) }
            targets.append(target)
        }
        var baseline = Baseline(suite: suite, settings: settings, snapshot: snapshot, targets: targets, legacyPresses: presses,
                                fileVersion: fileVersion)
        if let k = r.optional("known", in: top) { baseline.known = try known(k) }
        return baseline
    }

    /// `known`: accepted problems, R1–R7, each a rule on a target; an entry of a press rule may
    /// instead name one press (as older files did), a target rule's never does.
    func known(_ v: Int) throws(JSONReadError) -> [AcceptedProblem] {
        let list: [AcceptedProblem]
        do {
            list = try AcceptedProblem.readList(r.document, at: v, path: "known", rules: Set(Rule.regressionRules.map(\.rawValue)),
                                                rulesText: "R1 … R7", presses: true)
        } catch let e as AcceptedProblemError {
            throw JSONReadError(path: "", line: e.line, e.message)
        } catch {
            throw r.fail(v, "\(error)")
        }
        for (i, k) in list.enumerated() {
            let aboutTarget = Rule(rawValue: k.rule)?.isAboutTarget ?? false
            if aboutTarget && k.trace != nil {
                throw JSONReadError(path: "", line: r.document.line(of: try r.array(v)[i]),
                                    "known[\(i)]: \(k.rule) is about a target: name the node, not a trace and press")
            }
        }
        return list
    }

    /// A target's `predicted` object: `success` required, the rest optional (0).
    func predicted(_ v: Int, node: String, mmPerPoint: Double?) throws(JSONReadError) -> TargetPrediction {
        let m = try r.object(v)
        func number(_ key: String) throws(JSONReadError) -> Double {
            guard let x = r.optional(key, in: m) else { return 0 }
            let n = try r.number(x)
            guard n >= 0 && n <= 1 else { throw r.fail(x, "expected a probability between 0 and 1") }
            return n
        }
        let successValue = try r.required("success", in: m, of: v)
        let success = try r.number(successValue)
        guard success >= 0 && success <= 1 else { throw r.fail(successValue, "expected a probability between 0 and 1") }
        var stolen: [TargetPrediction.Share] = []
        if let s = r.optional("stolen", in: m) {
            for item in try r.array(s) {
                let im = try r.object(item)
                stolen.append(TargetPrediction.Share(node: try r.string(try r.required("node", in: im, of: item)),
                                                     p: try r.number(try r.required("p", in: im, of: item))))
            }
        }
        return TargetPrediction(node: node, success: success, stolen: stolen, miss: try number("miss"), blocked: try number("blocked"),
                                ambiguous: try number("ambiguous"), disabled: try number("disabled"),
                                mmPerPoint: mmPerPoint ?? ScreenDensity.unknown)
    }

    func optionalString(_ key: String, _ m: [JSONDocument.Member]) throws(JSONReadError) -> String? {
        guard let v = r.optional(key, in: m) else { return nil }
        return try r.string(v)
    }

    func press(_ v: Int) throws(JSONReadError) -> Baseline.Press {
        let m = try r.object(v)
        let at = try r.numbers(try r.required("at", in: m, of: v), count: 2)
        let outcomeValue = try r.required("outcome", in: m, of: v)
        let outcomeText = try r.string(outcomeValue)
        guard let outcome = TouchResult.Outcome(rawValue: outcomeText) else { throw r.fail(outcomeValue, "unknown outcome '\(outcomeText.clipped)'") }
        return Baseline.Press(
            trace: try r.string(try r.required("trace", in: m, of: v)),
            press: try r.count(try r.required("press", in: m, of: v)),
            at: Point(at[0], at[1]),
            outcome: outcome,
            node: try optionalString("node", m),
            action: try optionalString("action", m),
            latencyMs: try r.optional("latencyMs", in: m).map { v throws(JSONReadError) in try r.number(v) })
    }
}
