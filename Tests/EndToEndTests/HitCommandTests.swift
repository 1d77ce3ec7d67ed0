import Foundation
import TapModel
import Testing

@Suite("replay hit and replay deadzones, end to end")
struct HitCommandTests {
    let settings = Replay.root + "/Traces/snapshots/Settings.json"
    let regressed = Replay.root + "/Traces/builds/Settings.no-content-shape.json"

    @Test("hit --json prints exactly the contract's object and nothing else")
    func hitJSON() throws {
        let r = try Replay.run(["hit", settings, "24", "121.5", "--json"])
        #expect(r.status == 0)
        let doc = try #require(r.json)
        #expect(doc.keys() == ["point", "outcome", "node", "handler", "path", "candidates", "reason", "profile", "radius", "scores"])
        #expect(doc.string("profile") == "ios18" && doc.number("radius") == 20)
        #expect(doc.string("scores.0.best.node") == "row.flowMeter" && doc.number("scores.0.best.score") == 120)
        #expect(doc.number("point.0") == 24 && doc.number("point.1") == 121.5)
        #expect(doc.string("outcome") == "hit")
        #expect(doc.string("node") == "row.flowMeter.icon")
        #expect(doc.string("handler.node") == "row.flowMeter")
        #expect(doc.string("handler.action") == "openFlowMeter")
        #expect(doc.string("handler.gesture") == "tap")
        #expect(doc.string("path.0") == "window" && doc.string("path.3") == "row.flowMeter")
        #expect(doc.string("candidates.0.node") == "row.flowMeter" && doc.number("candidates.0.distance") == 0)
        #expect(doc.string("reason")?.isEmpty == false)
    }

    @Test("hit takes one point, and its help says so: usage `<x> <y>`; two points are refused with what to do instead")
    func onePoint() throws {
        let help = try Replay.run(["hit", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: replay hit <snapshot> <x> <y>") && !help.stdout.contains("[<x y> ...]"))
        #expect(help.stdout.contains("One point per call"))
        let two = try Replay.run(["hit", settings, "24", "121.5", "200", "122"])
        #expect(two.status == 64 && two.stderr.contains("hit explains one point, x and y (got 4 numbers): run it once per point"))
        let one = try Replay.run(["hit", settings, "24"])
        #expect(one.status == 64 && one.stderr.contains("give the point as two numbers, x and y (got 1 number)"))
    }

    @Test("hit --json on a miss: node and handler are null; --touch-radius 0 turns tolerance off")
    func hitMiss() throws {
        let miss = try #require(try Replay.run(["hit", regressed, "250", "122", "--json"]).json)
        #expect(miss.string("outcome") == "miss")
        #expect(miss.isNull("node") && miss.isNull("handler"))
        #expect(miss.count("candidates") == 0)
        #expect(miss.string("reason") == "row.flowMeter: tap lands in the gap between its leaves; its container has no contentShape before onTapGesture")
        let near = try #require(try Replay.run(["hit", regressed, "130", "122", "--json"]).json)
        #expect(near.string("outcome") == "expanded")
        #expect(near.number("candidates.0.distance") == 4)
        let exact = try #require(try Replay.run(["hit", regressed, "130", "122", "--json", "--touch-radius", "0"]).json)
        #expect(exact.string("outcome") == "miss")
    }

    @Test("deadzones --json: the screen and every target's six fractions and predicted first-try success, by node id")
    func deadzonesJSON() throws {
        let r = try Replay.run(["deadzones", regressed, "--json"])
        #expect(r.status == 0)
        let doc = try #require(r.json)
        #expect(doc.string("screen") == "Settings")
        let ids = (0..<(doc.count("targets") ?? 0)).compactMap { doc.string("targets.\($0).node") }
        #expect(ids == ids.sorted() && ids.contains("row.flowMeter"))
        let i = try #require(ids.firstIndex(of: "row.flowMeter"))
        #expect(doc.keys("targets.\(i)") == ["node", "action", "own", "stolen", "blocked", "ambiguous", "disabled", "miss", "predicted"])
        #expect(doc.keys("targets.\(i).predicted") == ["success", "stolen", "miss", "blocked", "ambiguous", "disabled"])
        // Aimed at its centre, the hollow row's touch lands in its Spacer gap: almost every first try fails.
        let success = try #require(doc.number("targets.\(i).predicted.success"))
        #expect(success < 0.1 && abs(success + (doc.number("targets.\(i).predicted.miss") ?? 0) + (doc.number("targets.\(i).predicted.blocked") ?? 0) - 1) < 0.01)
        #expect(abs((doc.number("mmPerPoint") ?? 0) - 0.1657) < 0.0001)
        let own = try #require(doc.number("targets.\(i).own")), miss = try #require(doc.number("targets.\(i).miss"))
        let fractions = ["own", "stolen", "blocked", "ambiguous", "disabled", "miss"].compactMap { doc.number("targets.\(i).\($0)") }
        #expect(own > 0.1 && own < 0.5 && miss > 0.5 && abs(fractions.reduce(0, +) - 1) < 0.001)
        #expect(doc.string("profile") == "ios18" && doc.number("touchRadius") == 20)
        let table = try Replay.run(["deadzones", regressed])
        #expect(table.stdout.contains("row.flowMeter") && table.stdout.contains("miss") && table.stdout.contains("predicted"))
        #expect(table.stdout.contains("its own dead area"))
        let bare = try Replay.run(["deadzones", regressed, "--json", "--no-predicted"])
        #expect(bare.json?.keys("targets.\(i)").contains("predicted") == false)
    }

    @Test("A malformed snapshot: exit 2, the file, line and JSON path on stderr, nothing on stdout")
    func badSnapshot() throws {
        let dir = Scratch()
        let path = dir.file("bad.json", """
            {"format":"tapreplay-snapshot","version":1,"screen":"S",
             "root":{"id":"r","type":"VStack","frame":[0,0,10,10],"children":[
               {"id":"a","type":"Text","frame":[0,0,1,1]},{"id":"b","type":"Text","frame":[0,0,1,1]},
               {"id":"c","type":"Text","frame":[0,0,1,1],"modifiers":[{"onHoverWiggle":{}}]}]}}
            """)
        for args in [["hit", path, "1", "1", "--json"], ["deadzones", path, "--json"]] {
            let r = try Replay.run(args)
            #expect(r.status == 2)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains("\(path):4: root.children[2].modifiers[0]: unknown modifier 'onHoverWiggle'"))
        }
        let missing = try Replay.run(["hit", dir.path + "/none.json", "1", "1"])
        #expect(missing.status == 2 && missing.stderr.contains("none.json"))
    }
}
