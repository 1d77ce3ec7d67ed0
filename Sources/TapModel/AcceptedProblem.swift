import TapJSON

/// A problem a team has reviewed and accepted: which rule, where, who accepted
/// it and why. The one format of a baseline's known problems (`known`, R1–R7,
/// docs/baselines.md) and of audit waivers (`--waivers`, A1–A10, docs/audit.md):
///
/// ```json
/// { "rule": "R6", "node": "row.units", "trace": "settings-session-0002", "press": 4,
///   "who": "ana", "why": "the Units row is redesigned in 3.3 (JIRA-123)", "since": "2026-11-22" }
/// ```
///
/// `rule`, `node` and `why` are required; `who` and `since` are optional (the
/// tool always writes them); `trace` and `press` name one press, for the rules
/// about presses. Its identity is rule and place (`key`), never who or why, so
/// accepting a problem again keeps the first acceptance.
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

    public init(rule: String, node: String, trace: String? = nil, press: Int? = nil, who: String? = nil, why: String, since: String? = nil) {
        self.rule = rule; self.node = node; self.trace = trace; self.press = press; self.who = who; self.why = why; self.since = since
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
    public static let fields = ["rule", "node", "trace", "press", "who", "why", "since"]

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
        let allowed = presses ? fields : fields.filter { $0 != "trace" && $0 != "press" }
        for m in members where !allowed.contains(m.key) {
            if !presses && (m.key == "trace" || m.key == "press") {
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
        return AcceptedProblem(rule: rule, node: try text("node", required: true)!, trace: trace, press: press,
                               who: try text("who", required: false), why: try text("why", required: true)!,
                               since: try text("since", required: false))
    }
}

/// An accepted-problem entry that cannot be used: the line, and a message that
/// starts with its JSON path (`$[0]: missing "why"`).
public struct AcceptedProblemError: LocatedError, Equatable {
    public let line: Int?
    public let message: String
    public init(line: Int?, message: String) { self.line = line; self.message = message }
}
