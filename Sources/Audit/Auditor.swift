import TapJSON
import TapModel

/// Runs the audit rules over a snapshot and applies waivers.
public enum Auditor {
    /// Every rule's findings on `snapshot`, waivers applied, ordered by the
    /// target's document order, then rule.
    ///
    /// - Complexity: one `resolve` per sample cell of every target's frame
    ///   (shared by the rules), plus A3's exact sampling around each target and
    ///   A4's sampling of the band within 2r of each SwiftUI target, and A10's quadrature
    ///   (about 34² resolves per target).
    public static func audit(_ snapshot: Snapshot, settings: AuditSettings = AuditSettings(),
                             rules: [any AuditRule.Type] = AuditRules.all, waivers: [Waiver] = [],
                             source: String? = nil) -> AuditResult {
        let context = AuditContext(snapshot, settings: settings)
        var findings: [AuditFinding] = []
        for rule in rules { findings += rule.init().findings(context) }
        findings = Waiver.apply(waivers, to: findings)
        findings.sort { a, b in
            if a.nodeIndex != b.nodeIndex { return a.nodeIndex < b.nodeIndex }
            if a.rule != b.rule { return ruleOrder(a.rule) < ruleOrder(b.rule) }
            return a.message < b.message
        }
        var result = AuditResult(screen: snapshot.screen, source: source, findings: findings, step: settings.step,
                                 targets: context.samples.map { (context.id($0.target), context.action(of: $0.target)) })
        result.limits = snapshot.capture?.limits ?? []
        result.profile = context.tester.profile.description
        result.touchRadius = settings.hit.touchRadius
        return result
    }

    static func ruleOrder(_ id: String) -> Int { AuditRules.all.firstIndex { $0.id == id } ?? Int.max }
}

/// A reviewed exception: `{ "rule": "A3", "node": "toolbar.close", "why": "…" }`, with
/// optional `who` and `since` — the format a baseline's known problems share
/// (`AcceptedProblem`, docs/baselines.md).
public struct Waiver: Sendable, Equatable {
    public var rule: String
    public var node: String
    public var why: String
    public var who: String?
    public var since: String?

    public init(rule: String, node: String, why: String, who: String? = nil, since: String? = nil) {
        self.rule = rule; self.node = node; self.why = why; self.who = who; self.since = since
    }

    /// Marks every finding a waiver matches (same rule and node) as waived; drops nothing.
    public static func apply(_ waivers: [Waiver], to findings: [AuditFinding]) -> [AuditFinding] {
        findings.map { f in
            guard let w = waivers.first(where: { $0.rule == f.rule && $0.node == f.node }) else { return f }
            var f = f
            f.waived = true
            f.waiverReason = w.why
            return f
        }
    }

    /// Waivers that matched no finding in any of `results` (stale ones, worth a warning).
    public static func unused(_ waivers: [Waiver], in results: [AuditResult]) -> [Waiver] {
        waivers.filter { w in !results.contains { $0.findings.contains { $0.rule == w.rule && $0.node == w.node } } }
    }

    /// Reads a waivers file: a JSON array of `{ "rule", "node", "why" }` (and optionally `who`, `since`).
    /// - Throws: `WaiverError` naming the line and JSON path of the first problem.
    public static func parse(_ text: String) throws -> [Waiver] {
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: text)
        } catch let e as JSONSyntaxError {
            throw WaiverError(line: e.line, message: "not JSON: \(e.message)")
        }
        do {
            return try AcceptedProblem.readList(doc, at: doc.root, path: "$", rules: Set(AuditRules.all.map { $0.id }),
                                                rulesText: "A1 … A11", presses: false)
                .map { Waiver(rule: $0.rule, node: $0.node, why: $0.why, who: $0.who, since: $0.since) }
        } catch let e as AcceptedProblemError {
            throw WaiverError(line: e.line ?? 1, message: e.message)
        }
    }
}

public struct WaiverError: LocatedError {
    public let line: Int?
    public let message: String
    public init(line: Int, message: String) { self.line = line; self.message = message }
}
