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
}
