import HitTesting
import ReplayEngine
import TapModel

/// A reviewed baseline for one suite (screen): what every press did and how
/// much of every target fired, as `Baselines/<screen>.json` holds it.
///
/// Encoding is canonical: keys sorted, two-space indent, presses by (trace,
/// press), targets by node id, numbers rounded to 4 decimals; the same run
/// always gives the same bytes, so a pull request shows only what changed.
public struct Baseline: Sendable, Equatable {
    public static let format = "tapreplay-baseline"
    public static let version = 1

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
        public var fired: Bool { outcome.fires }
    }

    public var suite: String
    public var touchRadius: Double
    public var gridStep: Double
    public var presses: [Press]
    public var targets: [TargetCoverage]

    public init(suite: String, touchRadius: Double, gridStep: Double, presses: [Press], targets: [TargetCoverage]) {
        self.suite = suite
        self.touchRadius = touchRadius
        self.gridStep = gridStep
        self.presses = presses.sorted { $0.key < $1.key }
        self.targets = targets.sorted { $0.node.utf8.lexicographicallyPrecedes($1.node.utf8) }
    }

    /// The baseline a replay would write.
    public init(_ replay: SuiteReplay, touchRadius: Double, gridStep: Double) {
        self.init(suite: replay.suite, touchRadius: touchRadius, gridStep: gridStep,
                  presses: replay.presses.map {
                      Press(trace: $0.trace, press: $0.press, at: $0.at, outcome: $0.outcome, node: $0.node, action: $0.action, latencyMs: $0.latencyMs)
                  },
                  targets: replay.coverage)
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

    public var json: JSONValue {
        .object([
            "format": .string(Baseline.format),
            "version": .number(Baseline.version),
            "suite": .string(suite),
            "settings": .object(["touchRadius": .rounded(touchRadius), "gridStep": .rounded(gridStep)]),
            "presses": .array(presses.map { p in
                .object([
                    "trace": .string(p.trace), "press": .number(p.press),
                    "at": .array([.rounded(p.at.x), .rounded(p.at.y)]),
                    "outcome": .string(p.outcome.rawValue), "node": .string(p.node), "action": .string(p.action),
                    "latencyMs": p.latencyMs.map { .rounded($0) } ?? .null,
                ])
            }),
            "targets": .array(targets.map { t in
                .object([
                    "node": .string(t.node), "action": .string(t.action),
                    "own": .rounded(t.own), "stolen": .rounded(t.stolen), "blocked": .rounded(t.blocked),
                    "ambiguous": .rounded(t.ambiguous), "disabled": .rounded(t.disabled), "miss": .rounded(t.miss),
                ])
            }),
        ])
    }

    /// The canonical text of the file.
    public var encoded: String { json.serialized(.canonical) + "\n" }

    // MARK: - Decoding

    /// Reads a baseline file's text.
    /// - Throws: `BaselineError` saying what is wrong and where.
    public init(decoding text: String) throws {
        do {
            let r = try JSONReader(parsing: Array(text.utf8))
            self = try BaselineReader(r: r).read()
        } catch let e as JSONReadError {
            throw BaselineError(line: e.line, e.path.isEmpty ? e.message : "\(e.path): \(e.message)")
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
public struct BaselineError: Error, CustomStringConvertible, Sendable {
    public let line: Int?
    public let message: String
    public init(line: Int?, _ message: String) { self.line = line; self.message = message }
    public var description: String { line.map { "line \($0): \(message)" } ?? message }
    public func located(in file: String) -> String { line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)" }
}

private struct BaselineReader {
    let r: JSONReader

    func read() throws(JSONReadError) -> Baseline {
        let root = r.root
        let top = try r.object(root)
        let formatValue = try r.required("format", in: top, of: root)
        let format = try r.string(formatValue)
        guard format == Baseline.format else { throw r.fail(formatValue, "unknown format '\(format)' (expected '\(Baseline.format)')") }
        let versionValue = try r.required("version", in: top, of: root)
        let version = try r.number(versionValue)
        guard version == Double(Baseline.version) else { throw r.fail(versionValue, "unsupported baseline version \(JSONValue.format(version))") }
        let suite = try r.string(try r.required("suite", in: top, of: root))
        var radius = 10.0, step = 1.0
        if let s = r.optional("settings", in: top) {
            let m = try r.object(s)
            if let v = r.optional("touchRadius", in: m) { radius = try r.number(v) }
            if let v = r.optional("gridStep", in: m) { step = try r.number(v) }
        }
        func optionalString(_ key: String, _ m: [JSONDocument.Member]) throws(JSONReadError) -> String? {
            guard let v = r.optional(key, in: m) else { return nil }
            return try r.string(v)
        }
        var presses: [Baseline.Press] = []
        for v in try r.array(try r.required("presses", in: top, of: root)) {
            let m = try r.object(v)
            let at = try r.numbers(try r.required("at", in: m, of: v), count: 2)
            let outcomeValue = try r.required("outcome", in: m, of: v)
            let outcomeText = try r.string(outcomeValue)
            guard let outcome = TouchResult.Outcome(rawValue: outcomeText) else { throw r.fail(outcomeValue, "unknown outcome '\(outcomeText)'") }
            presses.append(Baseline.Press(
                trace: try r.string(try r.required("trace", in: m, of: v)),
                press: Int(try r.number(try r.required("press", in: m, of: v))),
                at: Point(at[0], at[1]),
                outcome: outcome,
                node: try optionalString("node", m),
                action: try optionalString("action", m),
                latencyMs: try r.optional("latencyMs", in: m).map { v throws(JSONReadError) in try r.number(v) }))
        }
        var targets: [TargetCoverage] = []
        for v in try r.array(try r.required("targets", in: top, of: root)) {
            let m = try r.object(v)
            func fraction(_ key: String) throws(JSONReadError) -> Double { try r.number(try r.required(key, in: m, of: v)) }
            targets.append(TargetCoverage(
                node: try r.string(try r.required("node", in: m, of: v)),
                action: try optionalString("action", m),
                samples: 0, own: try fraction("own"), stolen: try fraction("stolen"), blocked: try fraction("blocked"),
                ambiguous: try fraction("ambiguous"), disabled: try fraction("disabled"), miss: try fraction("miss")))
        }
        return Baseline(suite: suite, touchRadius: radius, gridStep: step, presses: presses, targets: targets)
    }
}
