import Baselines
import Foundation
import HitTesting
@testable import Pipeline
import ReplayEngine
import AuditDocuments
import Reports
import RunResults
import TapJSON
import TapModel
import Testing

@Suite("Reports drawn from the engine's sampling")
struct ReportTests {
    func tester(_ root: JSONValue) throws -> HitTester {
        let doc: JSONValue = ["format": "tapreplay-snapshot", "version": 1, "screen": "Row",
                              "device": ["width": 200, "height": 60], "root": root]
        return HitTester(try Snapshot(json: doc.serialized(.compact)), settings: HitSettings(touchRadius: 0))
    }

    /// Parses the drawing's region rectangles: (x, y, w, h, fill).
    func regions(_ svg: String) -> [(Double, Double, Double, Double, String)] {
        guard let start = svg.range(of: "<g class=\"regions\">"), let end = svg.range(of: "</g>", range: start.upperBound..<svg.endIndex) else { return [] }
        return svg[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            func attr(_ name: String) -> String? {
                guard let r = line.range(of: " \(name)=\"") else { return nil }
                return String(line[r.upperBound...].prefix { $0 != "\"" })
            }
            guard let x = attr("x").flatMap(Double.init), let y = attr("y").flatMap(Double.init),
                  let w = attr("width").flatMap(Double.init), let h = attr("height").flatMap(Double.init), let fill = attr("fill") else { return nil }
            return (x, y, w, h, fill)
        }
    }

    @Test("Dead zones are red and firing regions carry their target's colour, exactly where the engine's screen map says")
    func regionsFollowSampling() throws {
        // A row without contentShape: only the title and the chevron fire.
        let t = try tester(["id": "row", "type": "HStack", "frame": [0, 0, 200, 44], "modifiers": [["onTapGesture": ["action": "open"]]],
                            "children": [["id": "row.title", "type": "Text", "frame": [10, 10, 60, 24]],
                                         ["id": "row.chevron", "type": "Image", "frame": [180, 15, 10, 14]]]])
        let drawing = ScreenDrawing(ScreenPicture(t))
        let svg = drawing.svg(marks: [])
        let rects = regions(svg)
        let rowColor = try #require(drawing.targets.first { $0.id == "row" }?.color)
        let map = t.screenMap(step: 1, area: Rect(0, 0, 200, 60))
        var painted = 0
        for (x, y, w, h, fill) in rects {
            for row in Int(y)..<Int(y + h) {
                for column in Int(x)..<Int(x + w) {
                    let i = map.index(column: column, row: row)
                    painted += 1
                    if fill == ScreenDrawing.deadColor {
                        #expect(map.outcomes[i] == .miss && row < 44, "dead cell (\(column), \(row))")
                    } else {
                        #expect(fill == rowColor && map.outcomes[i] == .hit && map.nodes[i] == 0, "cell (\(column), \(row))")
                    }
                }
            }
        }
        // Every cell of the row's frame is painted: fired (title 60×24 + chevron 10×14) or dead.
        #expect(painted == 200 * 44)
        let fired = rects.filter { $0.4 == rowColor }.reduce(0.0) { $0 + $1.2 * $1.3 }
        #expect(fired == 60 * 24 + 10 * 14)
        #expect(rects.count < 20)  // runs merged into rectangles
    }

    @Test("The picture shades each target by its predicted first-try success, with the number, and the legend names the model")
    func predictedShading() throws {
        let t = try tester(["id": "bar", "type": "HStack", "frame": [0, 0, 200, 60], "children": [
            ["id": "big", "type": "Color", "frame": [0, 0, 120, 60], "modifiers": [["onTapGesture": ["action": "big"]]]],
            ["id": "dot", "type": "Color", "frame": [160, 20, 12, 12], "modifiers": [["onTapGesture": ["action": "dot"]]]]]])
        let coverage = t.coverage(predict: true)
        var suite = SuiteOutcome(suite: "Row", snapshot: SnapshotInfo(source: "row.json", contentHash: "x"), stats: SuiteStats(),
                                 coverage: coverage, diff: Comparison.Result(), baseline: .none, passed: true)
        suite.picture = ScreenPicture(t)
        suite.mmPerPoint = 0.16
        let run = RunOutcome(suites: [suite], passed: true, runID: nil, startedAt: "now", revision: nil, request: RunRequest())
        let html = HTMLReport.html(run, drawings: HTMLReport.drawings(run))
        let dot = try #require(coverage.first { $0.node == "dot" }?.predicted)
        let big = try #require(coverage.first { $0.node == "big" }?.predicted)
        #expect(dot.success < 0.85 && big.success > 0.95)  // an exact 12 pt dot misses often; the large block hardly ever
        for p in [dot, big] {
            let text = ScreenDrawing.percentText(p.success)
            #expect(html.contains("<title>\(p.node): predicted first-try success \(text)</title><rect"), "\(p.node)")
            #expect(html.contains("fill=\"\(ScreenDrawing.predictedShade(p.success))\""))
        }
        #expect(ScreenDrawing.predictedShade(dot.success) != ScreenDrawing.predictedShade(big.success))
        #expect(html.contains("predicted first-try success</b>") && html.contains("Bi and Zhai") && html.contains("at 0.16 mm/pt"))
        #expect(html.contains("<th>predicted first try</th>"))
    }

    @Test("A screen of 2,000 targets renders a file of a few MB")
    func scale() throws {
        var buttons: [JSONValue] = []
        for i in 0..<2000 {
            let x = Double(i % 40) * 10, y = Double(i / 40) * 17
            buttons.append(["id": .string("b\(i)"), "type": "Button", "frame": [.number(x), .number(y), 9, 16], "action": .string("a\(i)"),
                            "children": [["id": .string("b\(i).t"), "type": "Text", "frame": [.number(x + 1), .number(y + 2), 6, 10]]]])
        }
        let doc: JSONValue = ["format": "tapreplay-snapshot", "version": 1, "screen": "Grid", "device": ["width": 400, "height": 852],
                              "root": ["id": "root", "type": "ZStack", "frame": [0, 0, 400, 852], "children": .array(buttons)]]
        let tester = HitTester(try Snapshot(json: doc.serialized(.compact)))
        var suite = SuiteOutcome(suite: "Grid", snapshot: SnapshotInfo(source: "grid.json", contentHash: "x"), stats: SuiteStats(),
                                 coverage: tester.coverage(), diff: Comparison.Result(), baseline: .none, passed: true)
        suite.picture = ScreenPicture(tester)
        let run = RunOutcome(suites: [suite], passed: true, runID: nil, startedAt: "now", revision: nil, request: RunRequest())
        let html = HTMLReport.html(run, drawings: HTMLReport.drawings(run))
        #expect(html.utf8.count < 4_000_000)
        #expect(html.components(separatedBy: "<tr>").count >= 2000)
    }
}


@Suite("The screen under the map and the presses played back")
struct PictureTests {
    func snapshot() throws -> Snapshot {
        let doc: JSONValue = ["format": "tapreplay-snapshot", "version": 1, "screen": "Row", "device": ["width": 200, "height": 100],
                              "root": ["id": "list", "type": "List", "frame": [0, 0, 200, 100], "children": [
                                ["id": "row", "type": "HStack", "frame": [0, 0, 200, 44], "modifiers": [["onTapGesture": ["action": "open"]]],
                                 "children": [["id": "row.icon", "type": "Image", "frame": [10, 10, 24, 24], "label": "gear"],
                                              ["id": "row.title", "type": "Text", "frame": [40, 11, 60, 22], "label": "Flow <Meter>"]]],
                                ["id": "divider", "type": "Divider", "frame": [16, 44, 184, 0.5]],
                                ["id": "secret", "type": "SecureField", "frame": [10, 60, 180, 30], "label": "hunter2"]]]]
        return try Snapshot(json: doc.serialized(.compact))
    }

    @Test("The wireframe draws labels as text, images as glyph boxes, dividers as separators, says it is a wireframe, and never shows a secure field's text")
    func wireframe() throws {
        let svg = Wireframe.svg(try snapshot())
        #expect(svg.contains(">Flow &lt;Meter&gt;</text>"))
        #expect(svg.contains("<title>row.icon: gear</title>"))
        #expect(svg.contains("<path d=\"M16 44.25H200\""))
        #expect(svg.contains("WIREFRAME · drawn from the view tree"))
        #expect(!svg.contains("hunter2") && svg.contains("••••••"))
    }

    @Test("A suite's page: both sides drawn over the wireframe, the presses as data with the explanation of replay hit, targets highlightable on both sides")
    func page() throws {
        let tester = HitTester(try snapshot(), settings: HitSettings(touchRadius: 0))
        var suite = SuiteOutcome(suite: "Row", snapshot: SnapshotInfo(source: "row.json", contentHash: "x"), stats: SuiteStats(),
                                 coverage: tester.coverage(), diff: Comparison.Result(), baseline: .compared, passed: true)
        suite.picture = ScreenPicture(tester)
        suite.pictureTester = tester
        suite.baselinePicture = suite.picture
        suite.baselineTester = tester
        suite.marks = [PressMark(key: PressKey(trace: "t1", press: 0), at: Point(20, 20), fired: true, regressed: false, title: "",
                                 outcome: .hit, node: "row", action: "open", reason: "tap on row fires", baseline: nil),
                       PressMark(key: PressKey(trace: "t1", press: 1), at: Point(150, 20), fired: false, regressed: true, title: "",
                                 outcome: .miss, reason: "gap", baseline: PressSide(outcome: .hit, node: "row", action: "open", latencyMs: 0))]
        let run = RunOutcome(suites: [suite], passed: true, runID: nil, startedAt: "now", revision: nil, request: RunRequest())
        let html = HTMLReport.html(run, drawings: HTMLReport.drawings(run))
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"side-baseline\""))
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"side-now\""))
        #expect(html.components(separatedBy: "WIREFRAME · drawn from the view tree").count == 3)
        #expect(html.components(separatedBy: "<rect data-target=\"row\"").count == 3)
        #expect(html.contains("<button type=\"button\" class=\"target\" data-target=\"row\""))
        // The presses' data: the first fired row (its explanation names it as the winner), the second missed and regressed.
        let start = try #require(html.range(of: "<script type=\"application/json\" class=\"presses-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let text = String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "<\\/", with: "</")
        let data = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let presses = try #require(data["presses"] as? [[Double]])
        let frames = try #require(data["frames"] as? [[Any]])
        let explanations = try #require(data["explanations"] as? [[Any]])
        try #require(presses.count == 2)
        #expect(presses[0][5] == 0 && presses[1][5] == 5 && presses[1][7] == 0 && presses[1][9] == 1)  // hit; miss, hit on the baseline, regressed
        let winner = try #require(explanations[Int(presses[0][11])][0] as? Int)
        #expect(frames[winner][0] as? String == "row")
    }
}

@Suite("Finding JSON")
struct FindingJSONTests {
    @Test("Sides and shared fields written once (FindingJSON.Cache) read exactly as written each time, in every style")
    func writtenOnce() {
        let node = String(repeating: "row.flowMeter", count: 2)  // a string on the heap, shared by its findings
        let message = String(repeating: "no longer fires → ", count: 3)
        let sameText = String(repeating: "no longer fires → ", count: 3)  // the same text in another string
        let sides: [Finding.Side?] = [
            nil, Finding.Side(outcome: "hit", node: node, action: "open", latencyMs: 12.5), Finding.Side(outcome: "miss"),
            Finding.Side(outcome: "hit", node: node, action: "open", latencyMs: 12.5), Finding.Side(outcome: "hit", node: "x\"y", latencyMs: nil),
            Finding.Side(node: node, own: 0.5, miss: 0.25), Finding.Side(outcome: "hit", node: node, action: "open", latencyMs: 13),
        ]
        var findings: [Finding] = []
        for (i, before) in sides.enumerated() {
            for after in sides.reversed() {
                // The same fields from `node` on for many presses and traces, and ones that differ in each of them.
                for (k, text) in [message, sameText, "m", "another"].enumerated() {  // (the last: as the first but for its message)
                    var f = Finding(kind: .regression, rule: k == 2 ? .stolen : .deadZone, suite: "S", trace: k == 1 ? nil : "t\(i % 2)",
                                    press: i, at: Point(1, 2), node: k == 2 ? nil : node, action: k == 0 || k == 3 ? "open" : nil,
                                    expect: k == 1 ? node : nil, before: before, after: after, message: text)
                    f.probe = i % 3 == 0
                    findings.append(f)
                    if i == 4 { f.accepted = AcceptedProblem(rule: "R1", node: node, who: "me", why: "known", since: "2026-11-01"); findings.append(f) }
                }
            }
        }
        for style in [JSONWriter.Style.line, .compact, .pretty] {
            var cached = JSONWriter(style: style), plain = JSONWriter(style: style)
            var cache = FindingJSON.Cache()
            cached.array(findings) { w, f in FindingJSON.writeFinding(f, to: &w, cache: &cache) }
            cached.array(findings) { w, f in FindingJSON.writeFinding(f, to: &w, cache: &cache) }  // and again, from what was kept
            plain.array(findings) { w, f in FindingJSON.writeFinding(f, to: &w) }
            plain.array(findings) { w, f in FindingJSON.writeFinding(f, to: &w) }
            #expect(cached.text == plain.text)
        }
        // In a pretty document each finding stands on one line, written from what was kept.
        var doc = JSONWriter(style: .pretty), fresh = JSONWriter(style: .pretty)
        var cache = FindingJSON.Cache()
        doc.object { w in w.key("regressions"); w.array(findings) { w, f in w.line { w in FindingJSON.writeFinding(f, to: &w, cache: &cache) } } }
        fresh.object { w in w.key("regressions"); w.array(findings) { w, f in w.line { w in FindingJSON.writeFinding(f, to: &w) } } }
        #expect(doc.text == fresh.text)
        #expect(doc.text.split(separator: "\n").count == findings.count + 4)
    }
}
