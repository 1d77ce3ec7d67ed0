import Audit
import Baselines
import CodeScanning
import Foundation
import RunResults
import TapJSON

/// Where a snapshot's nodes are written: the line of each node's `"id"` in
/// the snapshot file it was read from, so a finding on `row.flowMeter` points
/// a pull request's reader at that node (docs/replay.md, "Annotations and SARIF").
public struct SnapshotLines: Sendable {
    /// The file, as the run or audit named it.
    public var file: String
    public var lines: [String: Int]

    /// - Parameter bytes: the snapshot file's JSON; nodes are the value of `root` and the elements of each
    ///   node's `children`. A file that is not such JSON (a converted dump) maps no node: findings point at the file.
    public init<Bytes: Collection>(file: String, bytes: Bytes) where Bytes.Element == UInt8 {
        self.file = file
        lines = [:]
        guard let doc = try? JSONDocument(parsing: bytes), let root = doc.member("root", of: doc.root) else { return }
        var stack = [root]
        while let node = stack.popLast() {
            if let id = doc.member("id", of: node), case .string(let s) = doc[id], lines[s] == nil { lines[s] = doc.line(of: id) }
            if let children = doc.member("children", of: node), case .array(let items) = doc[children] { stack += items.reversed() }
        }
    }

    /// The snapshot file a run names (`db:<id> (<file>)` for a stored snapshot: the file it was imported from).
    public static func file(ofSource source: String) -> String {
        guard source.hasPrefix("db:"), let open = source.firstIndex(of: "("), source.hasSuffix(")") else { return source }
        return String(source[source.index(after: open)..<source.index(before: source.endIndex)])
    }
}

/// `run`, `merge` and `audit` as GitHub workflow annotations and SARIF 2.1.0:
/// one annotation per cause (a run's cause groups every finding one change
/// made; an audit's groups a target's findings), at the line of its node in
/// the snapshot file; one SARIF result per cause of a run and per unwaived
/// finding of an audit.
public enum CodeScanningReport {
    /// - Parameter snapshots: the snapshot files read, by the source the run or audit names (absent: no line).
    public static func annotations(_ outcome: RunOutcome, snapshots: [String: SnapshotLines]) -> [GitHubAnnotations.Annotation] {
        var out: [GitHubAnnotations.Annotation] = []
        for suite in outcome.suites {
            let lines = snapshots[suite.snapshot.source]
            let file = lines?.file ?? SnapshotLines.file(ofSource: suite.snapshot.source)
            for cause in suite.diff.causes {
                let rules = cause.counts.keys.sorted().map { "\($0.rawValue) ×\(cause.counts[$0]!)" }.joined(separator: ", ")
                out.append(.init(level: .error, file: located(file), line: lines?.lines[cause.node],
                                 title: "\(suite.suite): \(cause.node) (\(rules))", message: cause.text + touch(suite)))
            }
            if !suite.passed && suite.diff.causes.isEmpty {
                out.append(.init(level: .error, file: suite.baselineFile.flatMap(located), line: nil,
                                 title: "\(suite.suite): baseline \(suite.baseline.rawValue)", message: baselineMessage(suite)))
            }
        }
        return out
    }

    public static func annotations(_ results: [AuditResult], snapshots: [String: SnapshotLines]) -> [GitHubAnnotations.Annotation] {
        var out: [GitHubAnnotations.Annotation] = []
        for result in results {
            let lines = result.source.flatMap { snapshots[$0] }
            let file = lines?.file ?? result.source
            for cause in AuditCause.group(result) where !cause.cause.waived {
                let f = cause.cause
                var explained: [String] = []
                for rule in (cause.symptoms + cause.others).filter({ !$0.waived }).map(\.rule) where !explained.contains(rule) { explained.append(rule) }
                let level: GitHubAnnotations.Level = f.severity == .error ? .error : f.severity == .warning ? .warning : .notice
                let name = AuditRules.rule(f.rule)?.name ?? ""
                out.append(.init(level: level, file: file.flatMap(located), line: lines?.lines[f.node],
                                 title: "\(f.rule) \(name): \(f.node) (\(result.screen))\(explained.isEmpty ? "" : ", also \(explained.joined(separator: ", "))")",
                                 message: "\(f.message). Fix: \(f.fix)." + touch(result.profile, result.touchRadius)))
            }
        }
        return out
    }

    /// Every output names the touch-binding profile and radius it used: ` (ios18, 20 pt touch)`.
    static func touch(_ profile: String?, _ radius: Double?) -> String {
        guard let profile, let radius else { return "" }
        return " (\(profile), \(JSONValue.format(radius)) pt touch)"
    }

    static func touch(_ suite: SuiteOutcome) -> String { touch(suite.profile, suite.touchRadius) }

    // MARK: - SARIF

    public static func sarif(_ outcome: RunOutcome, snapshots: [String: SnapshotLines], root: String) -> String {
        let rules = Rule.regressionRules.map { rule in
            SARIFLog.Rule(id: rule.rawValue, name: String(describing: rule).prefix(1).uppercased() + String(describing: rule).dropFirst(),
                          shortDescription: "\(rule.rawValue) \(rule.title(outcome.request.thresholds))",
                          fullDescription: "A regression against the accepted baseline: \(rule.title(outcome.request.thresholds)).",
                          helpText: "replay run compares every recorded press and every target with the baseline's accepted snapshot (docs/replay.md).",
                          helpMarkdown: "`replay run` compares every recorded press and every target with the baseline's accepted snapshot; `replay hit SNAPSHOT X Y` explains one press.",
                          level: .error, tags: ["hit-testing", "regression"])
        }
        var log = SARIFLog(toolName: "replay run", toolFullName: "TapReplay run: recorded touches against view-tree snapshots and baselines",
                           rules: rules, root: root)
        for suite in outcome.suites {
            let lines = snapshots[suite.snapshot.source]
            let file = lines?.file ?? SnapshotLines.file(ofSource: suite.snapshot.source)
            for cause in suite.diff.causes {
                let rule = cause.counts.keys.sorted().first ?? .deadZone
                log.results.append(SARIFLog.Result(
                    ruleId: rule.rawValue, level: .error, message: "\(suite.suite): \(cause.text)" + touch(suite),
                    place: located(file).map { SARIFLog.Place(file: $0, startLine: lines?.lines[cause.node] ?? 1) },
                    fingerprint: "\(suite.suite)/\(cause.node)/\(rule.rawValue)"))
            }
            if !suite.passed && suite.diff.causes.isEmpty {
                log.results.append(SARIFLog.Result(ruleId: "baseline", level: .error, message: baselineMessage(suite),
                                                   place: suite.baselineFile.flatMap(located).map { SARIFLog.Place(file: $0) },
                                                   fingerprint: "\(suite.suite)/baseline"))
            }
        }
        return log.json
    }

    public static func sarif(_ results: [AuditResult], snapshots: [String: SnapshotLines], root: String) -> String {
        let rules = AuditRules.all.map { rule in
            SARIFLog.Rule(id: rule.id, name: rule.name.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
                          shortDescription: "\(rule.id) \(rule.name)", fullDescription: rule.summary + ".",
                          helpText: "\(rule.summary). replay audit explains each finding with its numbers and a fix (docs/audit.md).",
                          helpMarkdown: "**\(rule.id) \(rule.name)**: \(rule.summary).\n\nEach finding carries its numbers and a fix; waive one with `--waivers` (docs/audit.md).",
                          level: .warning, tags: ["hit-testing", "accessibility"])
        }
        var log = SARIFLog(toolName: "replay audit", toolFullName: "TapReplay audit: static findings over view-tree snapshots",
                           rules: rules, root: root)
        for result in results {
            let lines = result.source.flatMap { snapshots[$0] }
            let file = lines?.file ?? result.source
            for f in result.findings where !f.waived {
                let level: SARIFLog.Level = f.severity == .error ? .error : f.severity == .warning ? .warning : .note
                log.results.append(SARIFLog.Result(
                    ruleId: f.rule, level: level, message: "\(result.screen): \(f.message). Fix: \(f.fix)." + touch(result.profile, result.touchRadius),
                    place: file.flatMap(located).map { SARIFLog.Place(file: $0, startLine: lines?.lines[f.node] ?? 1) },
                    fingerprint: "\(result.screen)/\(f.node)/\(f.rule)"))
            }
        }
        return log.json
    }

    /// A file a finding can point at: not one stored in the database only.
    static func located(_ file: String) -> String? {
        file.hasPrefix("db:") || file.isEmpty ? nil : file
    }

    static func baselineMessage(_ suite: SuiteOutcome) -> String {
        switch suite.baseline {
        case .written: return "\(suite.suite): a new baseline was written; review it, commit it and run again"
        case .missing: return "\(suite.suite): no baseline, and the record mode forbids writing one"
        case .noSnapshot: return "\(suite.suite): a baseline exists but no snapshot of the screen was in the run"
        default: return "\(suite.suite): did not pass (unmet expectations)"
        }
    }
}
