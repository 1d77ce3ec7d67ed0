import Foundation
import TapModel
import Testing

@Suite("replay convert and replay import of capture bundles, end to end")
struct ConvertCommandTests {
    static let dump = """
    <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
       | <UIButton: 0x3; frame = (20 40; 100 44); layer = <CALayer: 0x4>>
       |    | <UIButtonLabel: 0x5; frame = (10 10; 80 24); text = 'Save'; userInteractionEnabled = NO; layer = <CALayer: 0x6>>
    """

    @Test("A dump converts into a snapshot that hit and deadzones accept; limits on stderr, only JSON on stdout")
    func convertThenHit() throws {
        let dir = Scratch()
        let dump = dir.file("window.txt", Self.dump)
        let r = try Replay.run(["convert", dump, "--screen", "Checkout"])
        #expect(r.status == 0)
        let snapshot = try Snapshot(json: r.stdout)
        #expect(snapshot.screen == "Checkout" && snapshot.capture?.from == "recursive-description")
        #expect(r.stderr.contains("limit:") && r.stderr.contains("3 nodes"))
        let out = dir.file("out.json", r.stdout)
        let hit = try Replay.run(["hit", out, "30", "50", "--json"])
        #expect(hit.status == 0 && hit.stdout.contains("Save"))
        let dz = try Replay.run(["deadzones", out, "--json"])
        #expect(dz.status == 0 && dz.json?.at("targets.0.own") != nil)
    }

    @Test("An unreadable dump is exit 2 with file and line; the other dumps of the call are still converted")
    func unreadable() throws {
        let dir = Scratch()
        let good = dir.file("good.txt", Self.dump)
        let bad = dir.file("bad.txt", "<UIView; frame = (0 0; 1 1); layer = <CALayer>>\n   | <UIView; frame = (0 0; x 1); layer = <CALayer>>\n")
        let r = try Replay.run(["convert", bad, good, "-o", dir.path + "/out/"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(bad):2: "))
        #expect(FileManager.default.fileExists(atPath: dir.path + "/out/good.json"))
        let one = try Replay.run(["convert", bad])
        #expect(one.status == 2 && one.stdout.isEmpty)
        let usage = try Replay.run(["convert", good, bad])
        #expect(usage.status == 64)
    }

    @Test("--format overrides detection; a wrong one is an input error")
    func formatOption() throws {
        let dir = Scratch()
        let dump = dir.file("window.txt", Self.dump)
        #expect(try Replay.run(["convert", dump, "--format", "recursive-description", "-o", dir.path + "/a.json"]).status == 0)
        #expect(try Replay.run(["convert", dump, "--format", "wda-xml"]).status == 2)
        #expect(try Replay.run(["convert", dump, "--format", "nope"]).status == 64)
        #expect(try Replay.run(["convert", dump, "-o", dir.path + "/snaps/"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/snaps/window.json"))
    }

    @Test("replay import takes the example capture bundle directly and stores the converted Settings snapshot")
    func importBundle() throws {
        let dir = Scratch()
        let r = try Replay.run(["import", Replay.root + "/Traces/builds/Settings.capture.json", "--db", dir.db, "--json"])
        #expect(r.status == 0 && r.json?.number("snapshotsImported") == 1)
        let q = try Replay.run(["query", "SELECT screen, node_count FROM snapshot", "--db", dir.db, "--csv"])
        #expect(q.stdout.contains("Settings,35"))
    }

    static let badDeviceBundle = #"""
    {"format":"tapreplay-capture","version":1,"screen":"Meters",
     "device":{"width":1e24,"height":-5},
     "windows":[{"class":"UIWindow","frame":[0,0,393,852],"subviews":[
       {"class":"UIButton","frame":[10,10,100,44],"control":{"actions":["add:"]}}]}]}
    """#

    @Test("A bundle whose device is not a size converts (the values dropped, with warnings naming the bundle's lines) and hit accepts the result")
    func convertedBundleIsAccepted() throws {
        let dir = Scratch()
        let bundle = dir.file("meters.capture.json", Self.badDeviceBundle)
        let r = try Replay.run(["convert", bundle, "-o", dir.path + "/meters.json"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("warning: line 2: device.width: device.width 1e+24 is not a size"))
        let hit = try Replay.run(["hit", dir.path + "/meters.json", "20", "20", "--json"])
        #expect(hit.status == 0 && hit.stdout.contains("\"add\""))
        let imported = try Replay.run(["import", bundle, "--db", dir.db])
        #expect(imported.status == 0)
    }

    @Test("Errors about a bundle name the bundle's own line and JSON path, on convert and on import; nothing is stored")
    func bundleErrorsNameTheBundle() throws {
        let dir = Scratch()
        let bundle = dir.file("bad.capture.json", #"""
        {"format":"tapreplay-capture","version":1,"screen":"S",
         "windows":[{"class":"UIWindow","frame":[0,0,10,10],"subviews":[
           {"class":"UIView","frame":[0,0,10,10],
            "gestureRecognizers":[{"class":"UITapGestureRecognizer","numberOfTapsRequired":2.5}]}]}]}
        """#)
        let expected = "\(bundle):4: windows[0].subviews[0].gestureRecognizers[0].numberOfTapsRequired: expected a whole number from 0 up, found 2.5"
        let c = try Replay.run(["convert", bundle])
        #expect(c.status == 2 && c.stdout.isEmpty && c.stderr.contains(expected))
        let i = try Replay.run(["import", bundle, "--db", dir.db])
        #expect(i.status == 2 && i.stderr.contains(expected))
        let q = try Replay.run(["query", "SELECT count(*) AS n FROM snapshot", "--db", dir.db, "--csv"])
        #expect(!q.stdout.contains("1"))
    }

    /// One hostile integer for every reader of JSON (and CSV) the tool has: each is exit 2 with the file,
    /// the line and (in JSON) the path, never a trap. Audit waivers hold no number, and history is read
    /// from the database the tool wrote, so neither appears here.
    @Test("Every reader refuses an integer that does not fit with file, line and path: snapshot, trace JSONL and CSV, baseline and its known problems, capture bundle, SwiftUI debug data")
    func everyReaderChecksIntegers() throws {
        let dir = Scratch()
        let snapshot = dir.file("s.json", #"""
        {"format":"tapreplay-snapshot","version":1,"screen":"S",
         "root":{"id":"r","type":"Color","frame":[0,0,10,10],"modifiers":[{"onTapGesture":{"count":1e300}}]}}
        """#)
        let snapshotVersion = dir.file("v.json", #"{"format":"tapreplay-snapshot","version":1e300,"screen":"S","root":{"id":"r","type":"T","frame":[0,0,1,1]}}"#)
        let jsonl = dir.file("t.jsonl", """
        {"format":"tapreplay-trace","version":1,"trace":"t1","screen":"S"}
        {"t":0,"touch":1e300,"phase":"began","x":1,"y":1}
        """)
        let jsonlVersion = dir.file("h.jsonl", #"{"format":"tapreplay-trace","version":1e300,"trace":"t1","screen":"S"}"# + "\n")
        let csv = dir.file("t.csv", "trace,screen,t,touch,phase,x,y\nt2,S,0,1e300,began,1,1\n")
        let baselines = dir.path + "/baselines"
        try FileManager.default.createDirectory(atPath: baselines, withIntermediateDirectories: true)
        _ = dir.file("baselines/Settings.json", """
        {"format":"tapreplay-baseline","version":1,"suite":"Settings",
         "presses":[{"trace":"t","press":1e300,"at":[1,1],"outcome":"miss"}],
         "targets":[]}
        """)
        let known = dir.path + "/known"
        try FileManager.default.createDirectory(atPath: known, withIntermediateDirectories: true)
        _ = dir.file("known/Settings.json", """
        {"format":"tapreplay-baseline","version":1,"suite":"Settings","presses":[],"targets":[],
         "known":[{"rule":"R1","node":"x","trace":"t","press":1e300,"why":"w"}]}
        """)
        let bundle = dir.file("b.capture.json", #"{"format":"tapreplay-capture","version":1e300,"windows":[]}"#)
        let swiftUI = dir.file("p.swiftui.json", #"[{"properties":[{"id":0,"attribute":{"type":"T","readableType":"T","flags":1e300}}],"children":[]}]"#)
        let cases: [([String], String)] = [
            (["hit", snapshot, "1", "1"], "\(snapshot):2: root.modifiers[0].onTapGesture.count: "),
            (["hit", snapshotVersion, "1", "1"], "\(snapshotVersion):1: version: "),
            (["import", jsonl, "--db", dir.db], "\(jsonl):2: "),
            (["import", jsonlVersion, "--db", dir.db], "\(jsonlVersion):1: "),
            (["import", csv, "--db", dir.db], "\(csv):2: "),
            (["run", "--snapshots", Replay.root + "/Traces/snapshots/Settings.json", "--baseline", baselines, "--db", dir.path + "/b.sqlite"],
             "Settings.json:2: presses[0].press: "),
            (["run", "--snapshots", Replay.root + "/Traces/snapshots/Settings.json", "--baseline", known, "--db", dir.path + "/k.sqlite"],
             "Settings.json:2: known[0].press: "),
            (["convert", bundle], "\(bundle):1: version: "),
            (["import", bundle, "--db", dir.db], "\(bundle):1: version: "),
            (["convert", swiftUI], "\(swiftUI):1: [0].properties[0].attribute.flags: flags: "),
        ]
        for (arguments, located) in cases {
            let r = try Replay.run(arguments)
            #expect(r.status == 2, "\(arguments): exit \(r.status), \(r.stderr)")
            #expect(r.stderr.contains(located), "\(arguments): \(r.stderr)")
        }
    }
}

