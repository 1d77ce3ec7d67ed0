import TapModel
import TraceStore

/// `replay history`: runs, per-target trends and flaky presses.
public enum HistoryReport {
    public static func json(runs: [RunSummary], trends: [TargetTrendPoint], flaky: [FlakyPress]) -> JSONValue {
        var groups: [(key: String, points: [TargetTrendPoint])] = []
        for p in trends {
            let key = p.suite + "\u{1F}" + p.node
            if groups.last?.key == key { groups[groups.count - 1].points.append(p) } else { groups.append((key, [p])) }
        }
        return .object([
            "runs": .array(runs.map { r in
                .object([
                    "run": .number(Double(r.id)), "startedAt": .string(r.startedAt), "revision": .string(r.revision),
                    "passed": .bool(r.passed), "regressions": .number(r.regressions), "improvements": .number(r.improvements),
                    "suites": .array(r.suites.map { s in
                        .object(["suite": .string(s.suite), "build": .string(s.appBuild), "snapshotHash": .string(s.snapshotHash),
                                 "baseline": .string(s.baseline), "passed": .bool(s.passed), "regressions": .number(s.regressions),
                                 "presses": .number(s.presses)])
                    }),
                ])
            }),
            "targets": .array(groups.map { g in
                .object([
                    "suite": .string(g.points[0].suite), "node": .string(g.points[0].node),
                    "points": .array(g.points.map { p in
                        .object(["run": .number(Double(p.runID)), "startedAt": .string(p.startedAt), "revision": .string(p.revision),
                                 "build": .string(p.appBuild), "own": .rounded(p.own), "miss": .rounded(p.miss),
                                 "firstTry": .object(["tries": .number(p.expectedTries), "met": .number(p.firstTryMet),
                                                      "rate": p.expectedTries > 0 ? .rounded(Double(p.firstTryMet) / Double(p.expectedTries)) : .null])])
                    }),
                ])
            }),
            "flaky": .array(flaky.map { f in
                .object(["suite": .string(f.suite), "snapshotHash": .string(f.snapshotHash), "build": .string(f.appBuild),
                         "trace": .string(f.trace), "press": .number(f.press),
                         "outcomes": .array(f.outcomes.map { .object(["run": .number(Double($0.run)), "outcome": .string($0.outcome)]) })])
            }),
        ])
    }

    public static func text(runs: [RunSummary], trends: [TargetTrendPoint], flaky: [FlakyPress], target: String?) -> String {
        if runs.isEmpty { return "no runs recorded yet\n" }
        var out = "Runs (newest first)\n"
        out += TextTable.render(header: ["run", "started", "revision", "result", "regressions", "screens"], rows: runs.map { r in
            ["#\(r.id)", r.startedAt, String((r.revision ?? "-").prefix(12)), r.passed ? "pass" : "FAIL", String(r.regressions),
             r.suites.map { "\($0.suite)\($0.appBuild.map { "@\($0)" } ?? "")\($0.passed ? "" : "✗")" }.joined(separator: " ")]
        }, rightAligned: [4])
        out += "\nTargets: own fraction per run, oldest → newest, as own@build; first-try success of the latest run\n"
        var rows: [[String]] = []
        var current: (String, String)?
        var cells: [String] = []
        var tries = 0, met = 0
        func flush() {
            guard let c = current else { return }
            rows.append([c.0, c.1, cells.joined(separator: " "), tries > 0 ? "\(met)/\(tries)" : "-"])
        }
        for p in trends {
            if current?.0 != p.suite || current?.1 != p.node {
                flush()
                current = (p.suite, p.node)
                cells = []; tries = 0; met = 0
            }
            cells.append("\(Int((p.own * 100).rounded()))%@\(p.appBuild ?? "#\(p.runID)")")
            tries = p.expectedTries; met = p.firstTryMet
        }
        flush()
        out += rows.isEmpty ? (target.map { "  no results for target \($0)\n" } ?? "  none\n")
            : TextTable.render(header: ["screen", "target", "own", "first try (latest)"], rows: rows)
        out += "\nFlaky presses (outcome differs between runs of the same snapshot)\n"
        if flaky.isEmpty {
            out += "  none\n"
        } else {
            out += TextTable.render(header: ["screen", "build", "trace", "press", "outcomes by run"], rows: flaky.map { f in
                [f.suite, f.appBuild ?? "-", f.trace, String(f.press), f.outcomes.map { "#\($0.run) \($0.outcome)" }.joined(separator: ", ")]
            })
        }
        return out
    }
}
