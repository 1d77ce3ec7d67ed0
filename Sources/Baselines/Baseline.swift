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
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: text)
        } catch let e as JSONSyntaxError {
            throw BaselineError(line: e.line, "not valid JSON: \(e.message)")
        }
        var r = BaselineReader(doc: doc)
        self = try r.read()
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
    let doc: JSONDocument

    func fail(_ v: Int, _ message: String) -> BaselineError { BaselineError(line: doc.line(of: v), message) }

    func member(_ key: String, of v: Int, path: String) throws -> Int {
        guard let m = doc.member(key, of: v) else { throw fail(v, "\(path) lacks '\(key)'") }
        return m
    }

    func string(_ v: Int, _ path: String, nullable: Bool = false) throws -> String? {
        switch doc[v] {
        case .string(let s): return s
        case .null where nullable: return nil
        default: throw fail(v, "\(path) must be a string")
        }
    }

    func number(_ v: Int, _ path: String, nullable: Bool = false) throws -> Double? {
        switch doc[v] {
        case .number(let d) where d.isFinite: return d
        case .null where nullable: return nil
        default: throw fail(v, "\(path) must be a number")
        }
    }

    func array(_ v: Int, _ path: String) throws -> [Int] {
        guard case .array(let items) = doc[v] else { throw fail(v, "\(path) must be an array") }
        return items
    }

    mutating func read() throws -> Baseline {
        let root = doc.root
        guard case .object = doc[root] else { throw fail(root, "a baseline is a JSON object") }
        let format = try string(try member("format", of: root, path: "the baseline"), "format")!
        guard format == Baseline.format else { throw fail(root, "unknown format '\(format)' (expected '\(Baseline.format)')") }
        let version = try number(try member("version", of: root, path: "the baseline"), "version")!
        guard version == Double(Baseline.version) else { throw fail(root, "unsupported baseline version \(JSONValue.format(version))") }
        let suite = try string(try member("suite", of: root, path: "the baseline"), "suite")!
        var radius = 10.0, step = 1.0
        if let s = doc.member("settings", of: root) {
            if let r = doc.member("touchRadius", of: s) { radius = try number(r, "settings.touchRadius")! }
            if let g = doc.member("gridStep", of: s) { step = try number(g, "settings.gridStep")! }
        }
        var presses: [Baseline.Press] = []
        for (i, v) in try array(try member("presses", of: root, path: "the baseline"), "presses").enumerated() {
            let path = "presses[\(i)]"
            let at = try array(try member("at", of: v, path: path), "\(path).at")
            guard at.count == 2 else { throw fail(v, "\(path).at must be [x, y]") }
            let outcomeText = try string(try member("outcome", of: v, path: path), "\(path).outcome")!
            guard let outcome = TouchResult.Outcome(rawValue: outcomeText) else { throw fail(v, "\(path).outcome: unknown outcome '\(outcomeText)'") }
            let press = try number(try member("press", of: v, path: path), "\(path).press")!
            presses.append(Baseline.Press(
                trace: try string(try member("trace", of: v, path: path), "\(path).trace")!,
                press: Int(press),
                at: Point(try number(at[0], "\(path).at")!, try number(at[1], "\(path).at")!),
                outcome: outcome,
                node: try doc.member("node", of: v).flatMap { try string($0, "\(path).node", nullable: true) },
                action: try doc.member("action", of: v).flatMap { try string($0, "\(path).action", nullable: true) },
                latencyMs: try doc.member("latencyMs", of: v).flatMap { try number($0, "\(path).latencyMs", nullable: true) }))
        }
        var targets: [TargetCoverage] = []
        for (i, v) in try array(try member("targets", of: root, path: "the baseline"), "targets").enumerated() {
            let path = "targets[\(i)]"
            func fraction(_ key: String) throws -> Double { try number(try member(key, of: v, path: path), "\(path).\(key)")! }
            targets.append(TargetCoverage(
                node: try string(try member("node", of: v, path: path), "\(path).node")!,
                action: try doc.member("action", of: v).flatMap { try string($0, "\(path).action", nullable: true) },
                samples: 0, own: try fraction("own"), stolen: try fraction("stolen"), blocked: try fraction("blocked"),
                ambiguous: try fraction("ambiguous"), disabled: try fraction("disabled"), miss: try fraction("miss")))
        }
        return Baseline(suite: suite, touchRadius: radius, gridStep: step, presses: presses, targets: targets)
    }
}
