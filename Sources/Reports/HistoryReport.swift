import HistoryValues
import TapJSON
import TapModel

/// `replay history`: runs, per-target trends and flaky presses.
public enum HistoryReport {
    public static func json(runs: [RunSummary], trends: [TargetTrendPoint], flaky: [FlakyPress]) -> String {
        var groups: [(key: String, points: [TargetTrendPoint])] = []
        for p in trends {
            let key = p.suite + "\u{1F}" + p.node
            if groups.last?.key == key { groups[groups.count - 1].points.append(p) } else { groups.append((key, [p])) }
        }
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.key("runs")
            w.array(runs) { w, r in
                w.object { w in
                    w.field("run", Int(r.id)); w.field("startedAt", r.startedAt); w.field("revision", r.revision)
                    w.field("passed", r.passed); w.field("regressions", r.regressions); w.field("improvements", r.improvements)
                    w.key("suites")
                    w.array(r.suites) { w, s in
                        w.object { w in
                            w.field("suite", s.suite); w.field("build", s.appBuild); w.field("snapshotHash", s.snapshotHash)
                            w.field("baseline", s.baseline?.rawValue); w.field("passed", s.passed); w.field("regressions", s.regressions)
                            w.field("presses", s.presses)
                        }
                    }
                }
            }
            w.key("targets")
            w.array(groups) { w, g in
                w.object { w in
                    w.field("suite", g.points[0].suite); w.field("node", g.points[0].node)
                    w.key("points")
                    w.array(g.points) { w, p in
                        w.object { w in
                            w.field("run", Int(p.runID)); w.field("startedAt", p.startedAt); w.field("revision", p.revision)
                            w.field("build", p.appBuild); w.field("own", rounded: p.own); w.field("miss", rounded: p.miss)
                            w.key("firstTry")
                            w.object { w in
                                w.field("tries", p.expectedTries); w.field("met", p.firstTryMet)
                                w.field("rate", rounded: p.expectedTries > 0 ? Double(p.firstTryMet) / Double(p.expectedTries) : nil)
                            }
                        }
                    }
                }
            }
            w.key("flaky")
            w.array(flaky) { w, f in
                w.object { w in
                    w.field("suite", f.suite); w.field("snapshotHash", f.snapshotHash); w.field("build", f.appBuild)
                    w.field("trace", f.trace); w.field("press", f.press)
                    w.key("outcomes")
                    w.array(f.outcomes) { w, o in w.object { w in w.field("run", Int(o.run)); w.field("outcome", o.outcome.rawValue) } }
                }
            }
        }
        return w.text + "\n"
    }

    public static func text(runs: [RunSummary], trends: [TargetTrendPoint], flaky: [FlakyPress], target: String?) -> String {
        if runs.isEmpty { return "no runs recorded yet\n" }
        var out = "Runs (newest first)\n"
        out += TextTable.render(header: ["run", "started", "revision", "result", "regressions", "screens"], rows: runs.map { r in
            ["#\(r.id)", r.startedAt, String((r.revision ?? "-").prefix(12)), r.passed ? "pass" : "FAIL", String(r.regressions),
             r.suites.map { "\($0.suite)\($0.appBuild.map { "@\($0)" } ?? "")\($0.passed ? "" : "✗")" }.joined(separator: " ")]
        }, rightAligned: [4])
        out += "\nTargets: own fraction per app build, oldest build first, as own@build (a build's latest run; a run without a build as own@#run); first-try success of the latest run\n"
        var rows: [[String]] = []
        var current: (String, String)?
        // One cell per build, in the order builds first ran; a build run again keeps its place with its latest value.
        var cells: [(build: String, text: String)] = []
        var tries = 0, met = 0
        func flush() {
            guard let c = current else { return }
            rows.append([c.0, c.1, cells.map(\.text).joined(separator: " "), tries > 0 ? "\(met)/\(tries)" : "-"])
        }
        for p in trends {
            if current?.0 != p.suite || current?.1 != p.node {
                flush()
                current = (p.suite, p.node)
                cells = []; tries = 0; met = 0
            }
            let build = p.appBuild ?? "#\(p.runID)"
            let text = "\(Int((p.own * 100).rounded()))%@\(build)"
            if let i = cells.firstIndex(where: { $0.build == build }) { cells[i].text = text } else { cells.append((build, text)) }
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
                [f.suite, f.appBuild ?? "-", f.trace, String(f.press), f.outcomes.map { "#\($0.run) \($0.outcome.rawValue)" }.joined(separator: ", ")]
            })
        }
        return out
    }
}
