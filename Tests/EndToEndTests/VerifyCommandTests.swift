import Foundation
import TapJSON
import Testing

/// `replay verify` end to end: a trace whose `fired` events were constructed to agree with
/// some settings of the model and not with others.
@Suite("replay verify, end to end")
struct VerifyCommandTests {
    /// touch-binding.md §8(a): a row without contentShape whose only leaf is a Text at 300–360 × 12–32.
    static let snapshot = """
    { "format": "tapreplay-snapshot", "version": 1, "screen": "Verify",
      "root": { "id": "row", "type": "HStack", "frame": [0, 0, 390, 44],
                "modifiers": [ { "onTapGesture": { "action": "openRow" } } ],
                "children": [ { "id": "row.spacer", "type": "Spacer", "frame": [0, 0, 300, 44] },
                              { "id": "row.text", "type": "Text", "frame": [300, 12, 60, 20] } ] } }
    """

    /// Three taps 8 pt left of the Text, each with the device's own `fired` event: a 20-pt touch
    /// (every profile fires it), a 10-pt touch (only ios26-sdk fires it: the Text covers 3 of the 8
    /// ios18 needs), and a tap on the Text itself that the device answered with another action.
    static let trace = """
    {"format":"tapreplay-trace","version":1,"trace":"verify-0001","screen":"Verify","device":{"model":"iPhone16,1","os":"iOS 18.1"},"app":{"version":"1.0","build":"1"},"recordedAt":"2026-11-20T10:00:00Z","source":"device"}
    {"t":0.0,"touch":1,"phase":"began","x":292,"y":22,"radius":20}
    {"t":0.08,"touch":1,"phase":"ended","x":292,"y":22}
    {"t":0.09,"fired":"openRow"}
    {"t":2.0,"touch":2,"phase":"began","x":292,"y":22,"radius":10}
    {"t":2.08,"touch":2,"phase":"ended","x":292,"y":22}
    {"t":2.09,"fired":"openRow"}
    {"t":4.0,"touch":3,"phase":"began","x":330,"y":22,"radius":10}
    {"t":4.08,"touch":3,"phase":"ended","x":330,"y":22}
    {"t":4.09,"fired":"somethingElse"}
    {"t":6.0,"touch":4,"phase":"began","x":150,"y":22,"radius":10}
    {"t":6.08,"touch":4,"phase":"ended","x":150,"y":22}

    """

    func prepared() throws -> (dir: String, db: String) {
        let dir = NSTemporaryDirectory() + "tapreplay-verify-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Self.snapshot.write(toFile: dir + "/Verify.json", atomically: true, encoding: .utf8)
        try Self.trace.write(toFile: dir + "/verify-0001.jsonl", atomically: true, encoding: .utf8)
        let db = dir + "/verify.sqlite"
        let imported = try Replay.run(["import", dir + "/verify-0001.jsonl", dir + "/Verify.json", "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return (dir, db)
    }

    func setting(_ doc: JSONDocument, _ profile: String, _ radius: String) -> (agree: Double?, total: Double?, disagreements: Int?)? {
        for i in 0..<(doc.count("settings") ?? 0) {
            let p = "settings.\(i)"
            let r = doc.string(p + ".radius") ?? doc.number(p + ".radius").map { String(Int($0)) }
            if doc.string(p + ".profile") == profile && r == radius {
                return (doc.number(p + ".agree"), doc.number(p + ".total"), doc.count(p + ".disagreements"))
            }
        }
        return nil
    }

    @Test("verify: each profile and radius agrees on exactly the presses constructed to agree; disagreements name the touch, the engine's answer and the device's")
    func agreesAsConstructed() throws {
        let (dir, db) = try prepared()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Replay.run(["verify", "--db", db, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(r.json)
        #expect(doc.number("presses") == 3, "the press without a fired event is not counted")
        // Recorded radii: 20 pt fires openRow everywhere; 10 pt only where the best child always wins.
        #expect(setting(doc, "ios18", "recorded")?.agree == 1 && setting(doc, "ios18", "recorded")?.total == 3)
        #expect(setting(doc, "ios26-sdk", "recorded")?.agree == 2)
        // A fixed 20-pt touch fires openRow for both near misses under ios18 too.
        #expect(setting(doc, "ios18", "20")?.agree == 2)
        // An exact touch fires nothing 8 pt from the Text.
        #expect(setting(doc, "ios18", "0")?.agree == 0)
        // The tap on the Text fires openRow in the engine and somethingElse on the device: never agrees.
        let ios18 = try #require(setting(doc, "ios18", "recorded"))
        #expect(ios18.disagreements == 2)
        var found = false
        for i in 0..<(doc.count("settings") ?? 0) where doc.string("settings.\(i).profile") == "ios18" && doc.string("settings.\(i).radius") == "recorded" {
            for j in 0..<(doc.count("settings.\(i).disagreements") ?? 0) {
                let d = "settings.\(i).disagreements.\(j)"
                if doc.number(d + ".press") == 1 {
                    found = true
                    #expect(doc.string(d + ".trace") == "verify-0001" && doc.number(d + ".at.0") == 292 && doc.number(d + ".radius") == 10)
                    #expect(doc.string(d + ".engine.outcome") == "miss" && doc.string(d + ".device.0") == "openRow")
                    #expect(doc.string(d + ".engine.reason")?.contains("covers 3 of the 8") == true)
                }
            }
        }
        #expect(found, "the 10-pt near miss is listed under ios18")
        // The text report names the best setting and the agreement table.
        let text = try Replay.run(["verify", "--db", db])
        #expect(text.status == 0 && text.stdout.contains("best: ") && text.stdout.contains("3 presses with a fired event"))
    }

    @Test("verify: nothing to verify (no fired event stored) is exit 2 with what to do")
    func nothingToVerify() throws {
        let dir = NSTemporaryDirectory() + "tapreplay-verify-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/empty.sqlite"
        _ = try Replay.run(["import", Replay.root + "/Traces/settings-leading-edge-0001.jsonl", Replay.root + "/Traces/snapshots/Settings.json", "--db", db])
        let r = try Replay.run(["verify", "--db", db, "--json"])
        #expect(r.status == 2 && r.stdout.isEmpty)
        #expect(r.stderr.contains("nothing to verify") && r.stderr.contains("TapReplayCapture.fired"))
    }

    @Test("verify with a Measure session: a click's hit-tested view agrees where the engine hits it, disagrees where the snapshot's toast covers it")
    func measureHitViews() throws {
        let dir = NSTemporaryDirectory() + "tapreplay-verify-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/measure.sqlite"
        let fixtures = Replay.root + "/Tests/Fixtures/Production/"
        let imported = try Replay.run(["import", fixtures + "profile.measure-session.json", fixtures + "Profile.json", "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let r = try Replay.run(["verify", "--db", db, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(r.json)
        // Three clicks the snapshot has a view for; the SwiftUI hosting view it has none for; the scroll is no click.
        #expect(doc.number("presses") == 3 && doc.number("viewPresses") == 3 && doc.number("unmatchedViews") == 1)
        let ios18 = try #require(setting(doc, "ios18", "recorded"))
        #expect(ios18.agree == 2 && ios18.total == 3 && ios18.disagreements == 1)
        for i in 0..<(doc.count("settings") ?? 0) where doc.string("settings.\(i).profile") == "ios18" && doc.string("settings.\(i).radius") == "recorded" {
            let d = "settings.\(i).disagreements.0"
            #expect(doc.number(d + ".press") == 2 && doc.string(d + ".engine.hitView") == "uploadToast" && doc.string(d + ".engine.outcome") == "blocked")
            #expect(doc.string(d + ".deviceView.view") == "UIButton" && doc.string(d + ".deviceView.id") == "retryUpload" && doc.number(d + ".deviceView.size.0") == 361)
        }
        let text = try Replay.run(["verify", "--db", db])
        #expect(text.stdout.contains("3 with the view the device hit-tested") && text.stdout.contains("the device hit-tested UIButton \"retryUpload\" 361×50"))
    }

    @Test("verify --radii rejects a radius that is not one, as a usage error")
    func badRadii() throws {
        let r = try Replay.run(["verify", "--radii", "10,abc"])
        #expect(r.status == 64 && r.stderr.contains("'abc' is not a radius"))
    }
}
