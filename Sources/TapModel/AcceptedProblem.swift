import TapJSON

/// A problem a team has reviewed and accepted: which rule, where, who accepted
/// it and why. The one format of a baseline's known problems (`known`, R1–R7,
/// docs/baselines.md) and of audit waivers (`--waivers`, A1–A10, docs/audit.md):
///
/// ```json
/// { "rule": "R1", "node": "row.units", "level": { "own": 0.3685, "miss": 0.6315, "predicted": 0.214 },
///   "who": "ana", "why": "the Units row is redesigned in 3.3 (JIRA-123)", "since": "2026-11-22" }
/// ```
///
/// `rule`, `node` and `why` are required; `who` and `since` are optional (the
/// tool always writes them). A baseline's entry names a target and a cause (the
/// rule), never the presses that showed it, so new presses on an accepted problem
/// are known; `level` is how bad the target was when accepted, and worse than it is
/// new. `trace` and `press` (one press) are what version-2 baselines written before
/// wrote; they are still read and mean that press (docs/baselines.md, "Known problems").
/// Its identity is rule and place (`key`), never who or why, so accepting a
/// problem again keeps the first acceptance.
public struct AcceptedProblem: Sendable, Hashable {
    public var rule: String
    /// The target: for a press finding, the node whose behaviour changed (what used
    /// to fire, or what the press expected); for a target finding, the target.
    public var node: String
    public var trace: String?
    public var press: Int?
    public var who: String?
    public var why: String
    /// The day it was accepted (`2026-11-22`).
    public var since: String?
    /// The target as it was when accepted (nil: any level is accepted).
    public var level: Level?

    public init(rule: String, node: String, trace: String? = nil, press: Int? = nil, who: String? = nil, why: String, since: String? = nil,
                level: Level? = nil) {
        self.rule = rule; self.node = node; self.trace = trace; self.press = press; self.who = who; self.why = why; self.since = since
        self.level = level
    }

    /// How bad an accepted target was: its coverage fractions (4 decimals) and predicted
    /// first-try success when the problem was accepted. A run that finds it worse (docs/baselines.md)
    /// reports the problem as new.
    public struct Level: Sendable, Hashable {
        public var own: Double?
        public var miss: Double?
        public var stolen: Double?
        public var blocked: Double?
        public var ambiguous: Double?
        public var disabled: Double?
        /// The target that took the stolen taps.
        public var stolenBy: String?
        public var predicted: Double?

        public init(own: Double? = nil, miss: Double? = nil, stolen: Double? = nil, blocked: Double? = nil, ambiguous: Double? = nil,
                    disabled: Double? = nil, stolenBy: String? = nil, predicted: Double? = nil) {
            self.own = own; self.miss = miss; self.stolen = stolen; self.blocked = blocked; self.ambiguous = ambiguous
            self.disabled = disabled; self.stolenBy = stolenBy; self.predicted = predicted
        }

        /// The fractions it holds, by name, `own` first (as `TargetCoverage.fractions` names them).
        public var fractions: [(name: String, value: Double)] {
            [("own", own), ("stolen", stolen), ("blocked", blocked), ("ambiguous", ambiguous), ("disabled", disabled), ("miss", miss)]
                .compactMap { n, v in v.map { (n, $0) } }
        }

        /// The fields a level may have.
        public static let fields = ["own", "miss", "stolen", "blocked", "ambiguous", "disabled", "stolenBy", "predicted"]

        /// One object, keys sorted; fractions rounded to 4 decimals.
        public func write(to w: inout JSONWriter) {
            w.object { w in
                if let ambiguous { w.field("ambiguous", rounded: ambiguous) }
                if let blocked { w.field("blocked", rounded: blocked) }
                if let disabled { w.field("disabled", rounded: disabled) }
                if let miss { w.field("miss", rounded: miss) }
                if let own { w.field("own", rounded: own) }
                if let predicted { w.field("predicted", rounded: predicted) }
                if let stolen { w.field("stolen", rounded: stolen) }
                if let stolenBy { w.field("stolenBy", stolenBy) }
            }
        }

        /// The same object as a value (a shard file carries its baseline's known problems).
        public var json: JSONValue {
            var pairs = fractions.map { JSONValue.Pair($0.name, .number($0.value)) }
            if let stolenBy { pairs.append(JSONValue.Pair("stolenBy", .string(stolenBy))) }
            if let predicted { pairs.append(JSONValue.Pair("predicted", .number(predicted))) }
            return .object(pairs)
        }

        /// Reads a level from a value written by `json` (nil when it is none).
        public init?(_ v: JSONValue?) {
            guard case .object(let pairs)? = v else { return nil }
            for p in pairs {
                switch (p.key, p.value) {
                case ("stolenBy", .string(let s)): stolenBy = s
                case (let k, .number(let d)): set(k, d)
                default: break
                }
            }
        }

        mutating func set(_ key: String, _ d: Double) {
            switch key {
            case "own": own = d
            case "miss": miss = d
            case "stolen": stolen = d
            case "blocked": blocked = d
            case "ambiguous": ambiguous = d
            case "disabled": disabled = d
            case "predicted": predicted = d
            default: break
            }
        }
    }

    /// What it is about, without who and why: rule and press, or rule and node.
    public struct Key: Sendable, Hashable, Comparable {
        public var rule: String
        public var node: String
        public var trace: String?
        public var press: Int?

        public init(rule: String, node: String, trace: String?, press: Int?) {
            self.rule = rule; self.trace = trace; self.press = press
            // A press is named by its trace and number alone: the node is for the reader.
            self.node = trace == nil ? node : ""
        }

        public static func < (a: Key, b: Key) -> Bool {
            if a.rule != b.rule { return a.rule.utf8.lexicographicallyPrecedes(b.rule.utf8) }
            if a.node != b.node { return a.node.utf8.lexicographicallyPrecedes(b.node.utf8) }
            if a.trace != b.trace { return (a.trace ?? "").utf8.lexicographicallyPrecedes((b.trace ?? "").utf8) }
            return (a.press ?? -1) < (b.press ?? -1)
        }
    }

    public var key: Key { Key(rule: rule, node: node, trace: trace, press: press) }

    /// `R6 settings-session-0002 press 4 (row.units)` or `A3 toolbar.close`.
    public var place: String {
        if let trace, let press { return "\(rule) \(trace) press \(press) (\(node))" }
        return "\(rule) \(node)"
    }

    /// `ana, 2026-11-22: the Units row is redesigned in 3.3`.
    public var attribution: String {
        let by = [who, since].compactMap { $0 }.joined(separator: ", ")
        return by.isEmpty ? why : "\(by): \(why)"
    }

    /// Sorted by rule, node, trace and press, so a file written twice is the same bytes.
    public static func sorted(_ list: [AcceptedProblem]) -> [AcceptedProblem] {
        list.sorted { a, b in
            let (ka, kb) = (a.key, b.key)
            if ka != kb { return ka < kb }
            return a.node.utf8.lexicographicallyPrecedes(b.node.utf8)
        }
    }

    // MARK: - Writing

    /// One object, keys sorted (the canonical form baselines use).
    public func write(to w: inout JSONWriter) {
        w.object { w in
            if let level { w.key("level"); level.write(to: &w) }
            w.field("node", node)
            if let press { w.field("press", press) }
            w.field("rule", rule)
            if let since { w.field("since", since) }
            if let trace { w.field("trace", trace) }
            if let who { w.field("who", who) }
            w.field("why", why)
        }
    }

    // MARK: - Reading

    /// The fields an entry may have.
    public static let fields = ["rule", "node", "level", "trace", "press", "who", "why", "since"]

    /// Reads a JSON array of entries.
    /// - Parameters:
    ///   - index: the array in `document`.
    ///   - path: how messages spell the array (`$` for a waivers file, `known` in a baseline).
    ///   - rules: the rule IDs allowed, and how a message lists them (`A1 … A10`).
    ///   - presses: whether entries may name a press (`trace`, `press`).
    /// - Throws: `AcceptedProblemError` with the line and the JSON path of the first problem.
    public static func readList(_ document: JSONDocument, at index: Int, path: String, rules: Set<String>, rulesText: String,
                                presses: Bool) throws -> [AcceptedProblem] {
        guard case .array(let items) = document[index] else {
            throw AcceptedProblemError(line: document.line(of: index),
                                       message: (path == "$" ? "" : "\(path): ") + "expected an array of { \"rule\", \"node\", \"why\" }")
        }
        var out: [AcceptedProblem] = []
        for (i, item) in items.enumerated() {
            out.append(try read(document, at: item, path: "\(path)[\(i)]", rules: rules, rulesText: rulesText, presses: presses))
        }
        return out
    }

    static func read(_ doc: JSONDocument, at item: Int, path: String, rules: Set<String>, rulesText: String,
                     presses: Bool) throws -> AcceptedProblem {
        func fail(_ at: Int, _ message: String) -> AcceptedProblemError {
            AcceptedProblemError(line: doc.line(of: at), message: message)
        }
        guard case .object(let members) = doc[item] else {
            throw fail(item, "\(path): expected an object { \"rule\", \"node\", \"why\" }")
        }
        let allowed = presses ? fields : fields.filter { $0 != "trace" && $0 != "press" && $0 != "level" }
        for m in members where !allowed.contains(m.key) {
            if !presses && (m.key == "trace" || m.key == "press" || m.key == "level") {
                throw fail(m.value, "\(path).\(m.key): these findings are about targets, not presses: name the rule and the node")
            }
            var message = "\(path).\(m.key.clipped): unknown field (known: \(allowed.joined(separator: ", ")))"
            if let near = Suggestion.nearest(m.key, among: allowed) { message += " (did you mean '\(near)'?)" }
            throw fail(m.value, message)
        }
        func text(_ key: String, required: Bool) throws -> String? {
            guard let v = doc.member(key, of: item) else {
                if required { throw fail(item, "\(path): missing \"\(key)\"") }
                return nil
            }
            guard case .string(let s) = doc[v], !s.isEmpty else { throw fail(v, "\(path).\(key): expected a non-empty string") }
            return s
        }
        let rule = try text("rule", required: true)!
        guard rules.contains(rule) else {
            throw fail(doc.member("rule", of: item)!, "\(path).rule: unknown rule '\(rule.clipped)' (\(rulesText))")
        }
        var press: Int?
        if let v = doc.member("press", of: item) {
            guard case .number(let d) = doc[v], d >= 0, d <= 1e9, d == d.rounded() else {
                throw fail(v, "\(path).press: expected a press number (a whole number ≥ 0)")
            }
            press = Int(d)
        }
        let trace = try text("trace", required: false)
        if (trace == nil) != (press == nil) {
            throw fail(item, "\(path): \(trace == nil ? "\"press\" without \"trace\"" : "\"trace\" without \"press\""): a press is named by both")
        }
        var level: Level?
        if let v = doc.member("level", of: item) {
            guard case .object(let fields) = doc[v] else {
                throw fail(v, "\(path).level: expected an object { \"own\", \"miss\", … } (the target when accepted)")
            }
            var l = Level()
            for f in fields {
                switch (f.key, doc[f.value]) {
                case ("stolenBy", .string(let s)) where !s.isEmpty:
                    l.stolenBy = s
                case (let k, .number(let d)) where k != "stolenBy" && Level.fields.contains(k):
                    guard d >= 0, d <= 1 else { throw fail(f.value, "\(path).level.\(k): expected a fraction from 0 to 1") }
                    l.set(k, d)
                default:
                    guard Level.fields.contains(f.key) else {
                        var message = "\(path).level.\(f.key.clipped): unknown field (known: \(Level.fields.joined(separator: ", ")))"
                        if let near = Suggestion.nearest(f.key, among: Level.fields) { message += " (did you mean '\(near)'?)" }
                        throw fail(f.value, message)
                    }
                    throw fail(f.value, "\(path).level.\(f.key): expected " + (f.key == "stolenBy" ? "a node id" : "a fraction from 0 to 1"))
                }
            }
            level = l
        }
        return AcceptedProblem(rule: rule, node: try text("node", required: true)!, trace: trace, press: press,
                               who: try text("who", required: false), why: try text("why", required: true)!,
                               since: try text("since", required: false), level: level)
    }
}

/// An accepted-problem entry that cannot be used: the line, and a message that
/// starts with its JSON path (`$[0]: missing "why"`).
public struct AcceptedProblemError: LocatedError, Equatable {
    public let line: Int?
    public let message: String
    public init(line: Int?, message: String) { self.line = line; self.message = message }
}
