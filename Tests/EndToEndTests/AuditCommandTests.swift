import Foundation
import TapJSON
import TapModel
import Testing

@Suite("replay probe and replay audit, end to end")
struct AuditCommandTests {
    let good = Replay.root + "/Traces/snapshots/Settings.json"
    let hollow = Replay.root + "/Traces/builds/Settings.no-content-shape.json"
    let shapeAfter = Replay.root + "/Traces/builds/Settings.shape-after.json"
    let checkout = Replay.root + "/Traces/snapshots/Checkout.json"

    @Test("probe prints trace JSON Lines on stdout: a probe header, then began/ended pairs expecting each target")
    func probeStdout() throws {
        let r = try Replay.run(["probe", good])
        #expect(r.status == 0 && r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let header = try JSONDocument(parsing: lines[0])
        #expect(header.string("format") == "tapreplay-trace" && header.string("source") == "probe" && header.string("screen") == "Settings")
        let first = try JSONDocument(parsing: lines[1])
        #expect(first.string("phase") == "began" && first.string("expect") == "row.flowMeter" && first.number("x") == 4 && first.number("y") == 122)
        #expect(lines.count == 1 + 5 * 5 * 2)
        #expect(try Replay.run(["probe", good]).stdout == r.stdout)
        let grid = try Replay.run(["probe", good, "--pattern", "grid", "--inset", "8"])
        #expect(grid.stdout.split(separator: "\n").count == 1 + 5 * 9 * 2)
        #expect(try Replay.run(["probe", good, "--pattern", "diagonal"]).status == 64)
        #expect(try Replay.run(["probe", good, "--inset=-1"]).status == 64)
    }

    @Test("probe -o, import, run: the probe catches the hollow rows with no recorded trace; the good build passes")
    func probeImportRun() throws {
        let dir = Scratch()
        let file = dir.path + "/settings-probe.jsonl"
        let p = try Replay.run(["probe", good, "-o", file])
        #expect(p.status == 0 && p.stdout.isEmpty && p.stderr.contains("wrote 25 taps"))
        #expect(try Replay.run(["import", file, "--db", dir.db]).status == 0)
        let again = try Replay.run(["import", file, "--db", dir.db])
        #expect(again.status == 0 && again.stdout.contains("already present: 1 trace"))
        let bad = try Replay.run(["run", "--db", dir.db, "--snapshots", hollow, "--json"])
        #expect(bad.status == 1)
        #expect(bad.json != nil)
        #expect(bad.stdout.contains("\"R6\"") && bad.stdout.contains("expected row.flowMeter"))
        #expect(try Replay.run(["run", "--db", dir.db, "--snapshots", good]).status == 0)
    }

    @Test("run --probe edges: on an empty database the probes alone fail the hollow build, their findings marked probe: true")
    func runProbe() throws {
        let dir = Scratch()
        let r = try Replay.run(["run", "--db", dir.db, "--snapshots", hollow, "--probe", "edges", "--json"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\"trace\": \"probe:edges:row.flowMeter\"") && r.stdout.contains("\"probe\": true"))
        #expect(r.stderr.contains("pressed 5 targets with edges probes"))
        #expect(try Replay.run(["run", "--db", dir.db, "--snapshots", good, "--probe", "edges"]).status == 0)
        #expect(try Replay.run(["run", "--db", dir.db, "--snapshots", good, "--probe", "sideways"]).status == 64)
    }

    @Test("probe --pattern human: --taps per target where people's touches land, seeded: the same file every time, another seed another file")
    func probeHuman() throws {
        let r = try Replay.run(["probe", good, "--pattern", "human", "--taps", "7"])
        #expect(r.status == 0 && r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + 5 * 7 * 2)
        #expect(try JSONDocument(parsing: lines[0]).string("trace")?.hasPrefix("probe-human-Settings-") == true)
        let first = try JSONDocument(parsing: lines[1])
        #expect(first.string("expect") == "row.flowMeter" && first.number("y").map { $0 > 60 && $0 < 190 } == true)
        #expect(try Replay.run(["probe", good, "--pattern", "human", "--taps", "7"]).stdout == r.stdout)
        #expect(try Replay.run(["probe", good, "--pattern", "human", "--taps", "7", "--seed", "2"]).stdout != r.stdout)
        #expect(try Replay.run(["probe", good, "--pattern", "human"]).stdout.split(separator: "\n").count == 1 + 5 * 50 * 2)
        #expect(try Replay.run(["probe", good, "--taps", "7"]).status == 64)  // --taps goes with the human pattern
    }

    @Test("run --probe human: per target the sampled rate and its 95 % interval beside the predicted one; no findings from people's misses")
    func runProbeHuman() throws {
        let dir = Scratch()
        let r = try Replay.run(["run", "--db", dir.db, "--snapshots", hollow, "--probe", "human", "--taps", "200", "--json"])
        #expect(r.status == 0, "\(r.stderr)")  // no baseline: the hollow rows are rates here, not R6 findings
        let doc = try #require(r.json)
        #expect(doc.count("suites.0.regressions") == 0)
        let n = doc.count("suites.0.targets") ?? 0
        let i = try #require((0..<n).first { doc.string("suites.0.targets.\($0).node") == "row.flowMeter" })
        #expect(doc.keys("suites.0.targets.\(i).sampled") == ["taps", "fired", "rate", "low", "high"])
        let predicted = try #require(doc.number("suites.0.targets.\(i).predicted.success"))
        let low = try #require(doc.number("suites.0.targets.\(i).sampled.low")), high = try #require(doc.number("suites.0.targets.\(i).sampled.high"))
        #expect(doc.number("suites.0.targets.\(i).sampled.taps") == 200 && low <= predicted && predicted <= high)
        let text = try Replay.run(["run", "--db", dir.db, "--snapshots", hollow, "--probe", "human", "--taps", "200"])
        #expect(text.stdout.contains("people (--probe human): 200 touches aimed at the centre of each target"))
        #expect(text.stdout.contains("row.flowMeter") && text.stdout.contains("predicted"))
    }

    @Test("audit exits 1 on the hollow build with A1 on every row, and 0 on the good build")
    func auditExitStatus() throws {
        let r = try Replay.run(["audit", hollow, "--json"])
        #expect(r.status == 1)
        let doc = try #require(r.json)
        #expect(doc.keys() == ["screen", "profile", "touchRadius", "findings"])
        #expect(doc.string("profile") == "ios18" && doc.number("touchRadius") == 20)
        #expect(doc.string("screen") == "Settings")
        let n = doc.count("findings") ?? 0
        #expect(doc.keys("findings.0") == ["rule", "severity", "node", "action", "value", "message", "fix", "waived"])
        let a1 = (0..<n).filter { doc.string("findings.\($0).rule") == "A1" }
        #expect(a1.compactMap { doc.string("findings.\($0).node") } == ["row.flowMeter", "row.units", "row.about"])
        #expect(a1.allSatisfy { doc.string("findings.\($0).severity") == "error" })
        // The dead fraction is exactly what deadzones reports as the row's miss.
        let dz = try #require(try Replay.run(["deadzones", hollow, "--json"]).json)
        let row = try #require((0..<(dz.count("targets") ?? 0)).first { dz.string("targets.\($0).node") == "row.flowMeter" })
        #expect(doc.number("findings.\(a1[0]).value") == dz.number("targets.\(row).miss"))
        let fine = try Replay.run(["audit", good])
        #expect(fine.status == 0 && !fine.stdout.contains("error A"))
        let after = try #require(try Replay.run(["audit", shapeAfter, "--json"]).json)
        #expect((0..<(after.count("findings") ?? 0)).filter { after.string("findings.\($0).rule") == "A2" }.count == 3)
    }

    @Test("audit on the UIKit screen reports the U2 control as A7; waivers mark findings waived, keep them, and the exit status follows")
    func auditWaivers() throws {
        let dir = Scratch()
        let plain = try #require(try Replay.run(["audit", checkout, "--json"]).json)
        let count = plain.count("findings") ?? 0
        let i = try #require((0..<count).first { plain.string("findings.\($0).rule") == "A7" })
        #expect(plain.string("findings.\(i).node") == "card.coupon" && plain.number("findings.\(i).value") == 0.5)
        let waivers = dir.file("waivers.json", """
        [{"rule":"A7","node":"card.coupon","why":"redesign lands in 3.3"},
         {"rule":"A10","node":"card.coupon","why":"redesign lands in 3.3"},
         {"rule":"A8","node":"hiddenButton","why":"shown after login"},
         {"rule":"A8","node":"ghostButton","why":"fades in"},
         {"rule":"A8","node":"frozen.button","why":"frozen while paying"},
         {"rule":"A3","node":"nothing.here","why":"stale"}]
        """)
        let r = try Replay.run(["audit", checkout, "--json", "--waivers", waivers])
        #expect(r.status == 0)
        #expect(r.stderr.contains("A3 on nothing.here matches no finding"))
        let doc = try #require(r.json)
        #expect(doc.count("findings") == count)
        let w = try #require((0..<count).first { doc.string("findings.\($0).rule") == "A7" })
        if case .bool(let waived)? = doc.at("findings.\(w).waived") { #expect(waived) } else { Issue.record("waived is not a bool") }
        let text = try Replay.run(["audit", checkout, "--waivers", waivers])
        #expect(text.stdout.contains("waived A7") && text.stdout.contains("redesign lands in 3.3"))
    }

    @Test("docs/audit.md quotes the audit of the hollow build as it prints: one cause per row, its symptoms folded, the summary at the end")
    func docQuote() throws {
        let doc = try String(contentsOfFile: Replay.root + "/docs/audit.md", encoding: .utf8)
        let start = try #require(doc.range(of: "```\nSettings (Traces/builds/Settings.no-content-shape.json)"))
        let end = try #require(doc.range(of: "\n```", range: start.upperBound..<doc.endIndex))
        let quoted = doc[doc.index(start.lowerBound, offsetBy: 4)..<end.lowerBound].split(separator: "\n").map(String.init)
        let r = try Replay.run(["audit", "Traces/builds/Settings.no-content-shape.json"], cwd: Replay.root)
        #expect(r.status == 1)
        let printed = r.stdout.split(separator: "\n").map(String.init)
        #expect(Array(printed.prefix(8)) == Array(quoted.prefix(8)))
        #expect(printed.last == quoted.last)
        #expect(printed.filter { $0.hasPrefix("  ● ") }.count == 3)
    }

    @Test("The shipped example waivers: the three hidden Checkout buttons are waived, the coupon's A7 still fails")
    func exampleWaivers() throws {
        let r = try Replay.run(["audit", checkout, "--waivers", Replay.root + "/docs/audit-waivers.json"])
        #expect(r.status == 1 && r.stderr.isEmpty)
        #expect(r.stdout.contains("● hiddenButton (hiddenAction): waived A8 invisible handler 100%")
                && r.stdout.contains("● card.coupon (applyCoupon): error A7 outside the parent 50%"))
        // One cause per target, symptoms folded; the summary at the end as well; no line over 120 columns.
        #expect(r.stdout.contains("      explains: error A10 error-prone target 50.7%"))
        #expect(r.stdout.hasSuffix("Checkout: 8 targets with findings, one cause each; 2 errors, 4 warnings, 1 note; 3 waived\n"))
        #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 120 })
        #expect(r.stdout.contains("; 3 waived"))
    }

    @Test("audit --junit writes a failure per target with an unwaived error; several snapshots give { screens: [...] }")
    func auditJUnitAndSeveral() throws {
        let dir = Scratch()
        let xml = dir.path + "/audit.xml"
        let r = try Replay.run(["audit", good, checkout, "--json", "--junit", xml])
        #expect(r.status == 1)
        let doc = try #require(r.json)
        #expect(doc.keys() == ["screens"] && doc.count("screens") == 2)
        #expect(doc.keys("screens.1") == ["snapshot", "screen", "profile", "touchRadius", "findings"] && doc.string("screens.1.screen") == "Checkout")
        let junit = try String(contentsOfFile: xml, encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"Checkout audit\" tests=\"14\" failures=\"4\""))
        #expect(junit.contains("<testsuite name=\"Settings audit\" tests=\"5\" failures=\"0\""))
        #expect(junit.contains("<failure type=\"A7\""))
    }

    @Test("Unusable input: a bad snapshot or waivers file is one line naming file and line, exit 2; no snapshot is a usage error")
    func badInput() throws {
        let dir = Scratch()
        let bad = dir.file("bad.json", "{\n  \"format\": \"tapreplay-snapshot\",\n  \"version\": 1\n}\n")
        let r = try Replay.run(["audit", bad])
        #expect(r.status == 2 && r.stdout.isEmpty && r.stderr.hasPrefix("replay: \(bad)"))
        let w = dir.file("w.json", "[\n  {\"rule\": \"A1\", \"node\": \"x\"}\n]\n")
        let rw = try Replay.run(["audit", good, "--waivers", w])
        #expect(rw.status == 2 && rw.stderr.contains("\(w):2: $[0]: missing \"why\""))
        #expect(try Replay.run(["audit"]).status == 64)
        #expect(try Replay.run(["probe", dir.path + "/missing.json"]).status == 2)
        #expect(try Replay.run(["audit", good, "--min-size", "0"]).status == 64)
    }
}

@Suite("replay report --audit, end to end")
struct ReportAuditTests {
    @Test("report --audit draws the audit's findings over the map and lists them beside it")
    func reportAudit() throws {
        let dir = Scratch()
        let html = dir.path + "/r.html"
        let r = try Replay.run(["report", Replay.root + "/Traces/builds/Settings.no-content-shape.json", "--html", html, "--audit", "--db", dir.db])
        #expect(r.status == 0, "\(r.stderr)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<g class=\"audit\""))
        #expect(page.contains("<table class=\"audit\">") && page.contains("A1"))
        let plain = try Replay.run(["report", Replay.root + "/Traces/builds/Settings.no-content-shape.json", "--html", html, "--db", dir.db])
        #expect(plain.status == 0)
        #expect(!(try String(contentsOfFile: html, encoding: .utf8)).contains("<g class=\"audit\""))
        let none = try Replay.run(["report", Replay.root + "/Traces/builds/Settings.no-content-shape.json", "--db", dir.db])
        #expect(none.status == 64 && none.stderr.contains("--html FILE and/or --svg DIR"))
    }
}
