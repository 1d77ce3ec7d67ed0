import Foundation
import TapJSON
import TestSupport
import Testing

/// `replay import` of a production recording and `replay field` (docs/field-report.md), end to end.
@Suite("replay field: taps from production")
struct FieldCommandTests {
    static let recording = Replay.root + "/Tests/Fixtures/Production/settings.ph-recording.json"
    static let teamSnapshot = Replay.root + "/Traces/builds/Settings.no-content-shape.json"

    @Test("A PostHog export imports as one trace per screen visit and explains the dead gap, the rage burst and the retry")
    func fieldReport() throws {
        let dir = Scratch()
        let imported = try Replay.run(["import", Self.recording, Self.teamSnapshot, "--db", dir.db, "--json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.json?.number("tracesImported") == 2)
        #expect(imported.stderr.contains("1 record of unknown type skipped (type 42: 1)"))
        #expect(imported.stderr.contains("2 touches over a keyboard or a secure field dropped"))
        let r = try Replay.run(["field", "--db", dir.db, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try #require(r.json)
        // Settings: replayed against the team's snapshot of build 513, whose flow-meter row has a gap between its leaves.
        #expect(report.string("screens.1.screen") == "Settings")
        #expect(report.string("screens.1.snapshots.0.kind") == "team" && report.string("screens.1.snapshots.0.build") == "513")
        #expect(report.number("screens.1.presses") == 7 && report.number("screens.1.dead") == 3)
        #expect(report.string("screens.1.targets.0.node") == "row.flowMeter")
        #expect(report.number("screens.1.targets.0.dead") == 3 && report.number("screens.1.targets.0.presses") == 5)
        #expect(report.number("screens.1.targets.0.rageBursts") == 1 && report.number("screens.1.targets.0.slowRetries") == 1)
        #expect(report.string("screens.1.targets.0.causes.0.outcome") == "miss")
        #expect(report.number("screens.1.targets.0.causes.0.presses") == 3)
        #expect(report.string("screens.1.byVersion.0.appVersion") == "3.2.0")
        // The profile screen has no snapshot of the team's: the inferred one explains it, and says so.
        #expect(report.string("screens.0.screen") == "ProfileViewController")
        #expect(report.string("screens.0.snapshots.0.kind") == "inferred")
        #expect(report.number("screens.0.presses") == 2 && report.number("screens.0.dead") == 1)
        // Text and Markdown say the same.
        let md = dir.path + "/field.md"
        let text = try Replay.run(["field", "--db", dir.db, "--markdown", md])
        #expect(text.stdout.contains("row.flowMeter: 3 of 5 fired nothing (60%), 1 rage burst, 1 slow retry"))
        let markdown = try String(contentsOfFile: md, encoding: .utf8)
        #expect(markdown.contains("| `row.flowMeter` | 5 | 3 (60%) | 1 | 1 | miss: "))
        #expect(markdown.contains("**inferred**"))
        // The HTML page: the same rows, the rate drawn as a bar (60 % of 120 px), by app version too; no script.
        let page = dir.path + "/field.html"
        let withHTML = try Replay.run(["field", "--db", dir.db, "--html", page, "--json"])
        #expect(withHTML.status == 0 && withHTML.json != nil && withHTML.stderr.contains("wrote \(page)"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && !html.contains("<script"))
        #expect(html.contains("<code>row.flowMeter</code></td><td class=\"n\">5</td><td><span class=\"bar\" style=\"width: 72px\"></span>3 (60%)</td>"))
        #expect(html.contains("<tr><td>3.2.0</td><td class=\"n\">7</td>"))
        #expect(html.contains("<strong>inferred</strong>"))
        #expect(try Replay.run(["field", "--db", dir.db, "--html", dir.path + "/missing/x.html"]).status == 2)
        // Importing again is a no-op.
        let again = try Replay.run(["import", Self.recording, "--db", dir.db, "--json"])
        #expect(again.json?.number("tracesAlreadyPresent") == 2 && again.json?.number("tracesImported") == 0)
    }

    @Test("Datadog segments (one a line) import as traces and give the same field report for the settings screen")
    func datadog() throws {
        let dir = Scratch()
        let segments = Replay.root + "/Tests/Fixtures/Production/settings.datadog-segments.jsonl"
        let imported = try Replay.run(["import", segments, Self.teamSnapshot, "--db", dir.db, "--json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.json?.number("tracesImported") == 2)
        let report = try #require(try Replay.run(["field", "--db", dir.db, "--screen", "Settings", "--json"]).json)
        #expect(report.string("screens.0.snapshots.0.kind") == "team")
        #expect(report.number("screens.0.presses") == 7 && report.number("screens.0.dead") == 3)
        #expect(report.string("screens.0.targets.0.node") == "row.flowMeter")
        #expect(report.number("screens.0.targets.0.rageBursts") == 1 && report.number("screens.0.targets.0.slowRetries") == 1)
    }

    @Test("A Measure session imports as traces and gives the same field report for the settings screen")
    func measure() throws {
        let dir = Scratch()
        let session = Replay.root + "/Tests/Fixtures/Production/settings.measure-session.json"
        let imported = try Replay.run(["import", session, Self.teamSnapshot, "--db", dir.db, "--json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.json?.number("tracesImported") == 2)
        let report = try #require(try Replay.run(["field", "--db", dir.db, "--json"]).json)
        // The profile screen: no snapshot of the team's and no wireframes: not replayed, said so.
        #expect(report.string("screens.0.screen") == "ProfileViewController" && report.number("screens.0.presses") == 0)
        #expect(report.string("screens.0.notes.0")?.hasSuffix("no snapshot of ProfileViewController is stored and the recording drew no wireframes: not replayed") == true)
        #expect(report.number("screens.1.presses") == 7 && report.number("screens.1.dead") == 3)
        #expect(report.number("screens.1.targets.0.rageBursts") == 1 && report.number("screens.1.targets.0.slowRetries") == 1)
    }

    @Test("history field: per screen and target, taps that fired nothing by app version; --target keeps one, an unknown one is exit 2")
    func trendByVersion() throws {
        let dir = Scratch()
        let session = Replay.root + "/Tests/Fixtures/Production/settings.measure-session.json"
        // The next version's session: another session id, and the three taps in the row's gap moved onto its title.
        let next = String(decoding: try Data(contentsOf: URL(fileURLWithPath: session)), as: UTF8.self)
            .replacingOccurrences(of: "3f0c9e2a", with: "3f0c9e2b").replacingOccurrences(of: #""app_version": "3.2.0""#, with: #""app_version": "3.3.0""#)
            .replacingOccurrences(of: #""x": 200,"#, with: #""x": 24,"#).replacingOccurrences(of: #""x": 203,"#, with: #""x": 26,"#)
            .replacingOccurrences(of: #""x": 198,"#, with: #""x": 22,"#)
        try next.write(toFile: dir.path + "/next.json", atomically: true, encoding: .utf8)
        #expect(try Replay.run(["import", session, dir.path + "/next.json", Self.teamSnapshot, "--db", dir.db]).status == 0)
        let text = try Replay.run(["history", "field", "--db", dir.db])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("3.2.0") && text.stdout.contains("3.3.0"))
        let row = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("row.flowMeter") })
        #expect(row.contains("3/5 (60%)") && row.hasSuffix("0/5 (0%)"))
        #expect(!text.stdout.contains("ProfileViewController"), "a screen with no tap replayed is left out")
        let doc = try #require(try Replay.run(["history", "field", "--db", dir.db, "--target", "row.flowMeter", "--json"]).json)
        #expect(doc.count("screens") == 1 && doc.count("screens.0.targets") == 1)
        #expect(doc.string("screens.0.targets.0.byVersion.0.appVersion") == "3.2.0" && doc.number("screens.0.targets.0.byVersion.0.deadRate") == 0.6)
        #expect(doc.string("screens.0.targets.0.byVersion.1.appVersion") == "3.3.0" && doc.number("screens.0.targets.0.byVersion.1.dead") == 0)
        let unknown = try Replay.run(["history", "field", "--db", dir.db, "--target", "row.flowMter"])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'row.flowMeter'?"))
    }

    @Test("import --screen-map: a recorded view controller's visits are stored under the snapshot's screen and replayed against it; a bad map is exit 2 naming it")
    func screenMap() throws {
        let dir = Scratch()
        let session = Replay.root + "/Tests/Fixtures/Production/settings.measure-session.json"
        try #"{"ProfileViewController": "Profile"}"#.write(toFile: dir.path + "/screens.json", atomically: true, encoding: .utf8)
        let imported = try Replay.run(["import", "--screen-map", dir.path + "/screens.json", session, Self.teamSnapshot,
                                       Replay.root + "/Tests/Fixtures/Production/Profile.json", "--db", dir.db])
        #expect(imported.status == 0 && imported.stderr.contains("screens named by the screen map: ProfileViewController → Profile"), "\(imported.stderr)")
        let report = try #require(try Replay.run(["field", "--db", dir.db, "--screen", "Profile", "--json"]).json)
        #expect(report.number("screens.0.presses") == 1 && report.string("screens.0.snapshots.0.kind") == "team")
        #expect(report.string("screens.0.targets.0.node") == "saveProfile" && report.number("screens.0.targets.0.fired") == 1)
        // A PostHog export streams (docs/field-report.md, "Streamed"): each visit is renamed as it is read.
        let streamed = try Replay.run(["import", "--screen-map", dir.path + "/screens.json", Self.recording,
                                       Replay.root + "/Tests/Fixtures/Production/Profile.json", "--db", dir.path + "/posthog.sqlite"])
        #expect(streamed.status == 0 && streamed.stderr.contains("screens named by the screen map: ProfileViewController → Profile"), "\(streamed.stderr)")
        let posthog = try #require(try Replay.run(["field", "--db", dir.path + "/posthog.sqlite", "--screen", "Profile", "--json"]).json)
        #expect(posthog.number("screens.0.presses") == 2 && posthog.string("screens.0.snapshots.0.kind") == "team")
        try #"{"ProfileViewController": 3}"#.write(toFile: dir.path + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try Replay.run(["import", "--screen-map", dir.path + "/bad.json", session, "--db", dir.path + "/other.sqlite"])
        #expect(bad.status == 2 && bad.stderr.contains("bad.json") && bad.stderr.contains("$.ProfileViewController")
                && bad.stderr.contains("expected the snapshot's screen name"))
    }

    @Test("An inferred snapshot is never a baseline: replay run does not see it, writes nothing and fails nothing")
    func inferredNeverBaseline() throws {
        let dir = Scratch()
        #expect(try Replay.run(["import", Self.recording, "--db", dir.db]).status == 0)
        let run = try Replay.run(["run", "--db", dir.db, "--baseline", dir.path + "/Baselines"])
        #expect(run.stderr.contains("traces of screen 'Settings' are stored but no snapshot of it is in this run"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/Baselines/Settings.json"))
        #expect(try Replay.run(["query", "SELECT count(*) AS n FROM snapshot", "--db", dir.db, "--csv"]).stdout == "n\n0\n")
    }

    @Test("No database: exit 2, saying what to import, and no database is created")
    func noDatabase() throws {
        let dir = Scratch()
        let r = try Replay.run(["field", "--db", dir.db])
        #expect(r.status == 2 && r.stderr.contains("no database at \(dir.db): replay import a PostHog, Datadog or Measure recording first"))
        #expect(!FileManager.default.fileExists(atPath: dir.db))
    }

    @Test("Nothing of the recording's text, values or person is stored")
    func privacy() throws {
        let dir = Scratch()
        #expect(try Replay.run(["import", Self.recording, "--db", dir.db]).status == 0)
        let db = try Replay.run(["query", "SELECT group_concat(inferred_snapshot) AS s FROM recording_visit", "--db", dir.db, "--csv"]).stdout
        #expect(db.contains("button.13"))
        for secret in ["Flow Meter", "hunter2", "Ana Lima", "ana@example.com", "user-1"] { #expect(!db.contains(secret), "\(secret)") }
        let traces = try Replay.run(["query", "SELECT name, screen, source, app_build FROM trace ORDER BY name", "--db", dir.db, "--csv"]).stdout
        #expect(traces == "name,screen,source,app_build\nposthog-0192f3a1-settings-demo-001,Settings,posthog,513\nposthog-0192f3a1-settings-demo-002,ProfileViewController,posthog,513\n")
    }

    @Test("A malformed recording: an error naming the file and JSON path, exit 2, nothing stored")
    func malformed() throws {
        let dir = Scratch()
        let text = try String(contentsOfFile: Self.recording, encoding: .utf8)
            .replacingOccurrences(of: #""y": 795"#, with: #""y": null"#)
        let bad = dir.file("bad.ph-recording.json", text)
        let r = try Replay.run(["import", bad, "--db", dir.db])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(bad): $.data.snapshots[") && r.stderr.contains(".data.y: PostHog mobile session replay: missing"), "\(r.stderr)")
        #expect(try Replay.run(["query", "SELECT count(*) AS n FROM trace", "--db", dir.db, "--csv"]).stdout == "n\n0\n")
    }

    @Test("A recording from a screen of another size is scaled when only the scale differs, refused when the shape differs")
    func screenSize() throws {
        let dir = Scratch()
        let original = try String(contentsOfFile: Self.recording, encoding: .utf8)
        let scaled = dir.file("scaled.ph-recording.json", original.replacingOccurrences(of: "0192f3a1-settings-demo", with: "scaled")
            .replacingOccurrences(of: #""height": 852"#, with: #""height": 874"#).replacingOccurrences(of: #""width": 393,"#, with: #""width": 402,"#))
        let other = dir.file("other.ph-recording.json", original.replacingOccurrences(of: "0192f3a1-settings-demo", with: "tablet")
            .replacingOccurrences(of: #""height": 852"#, with: #""height": 1194"#).replacingOccurrences(of: #""width": 393,"#, with: #""width": 834,"#))
        #expect(try Replay.run(["import", scaled, other, Self.teamSnapshot, "--db", dir.db]).status == 0)
        let r = try Replay.run(["field", "--db", dir.db, "--screen", "Settings", "--json"])
        let report = try #require(r.json)
        #expect(report.number("screens.0.traces") == 1)
        let notes = (0..<(report.count("screens.0.notes") ?? 0)).compactMap { report.string("screens.0.notes.\($0)") }
        #expect(notes.contains { $0.contains("recorded on a 402×874 pt screen, the snapshot is 393×852 pt: touches scaled") })
        #expect(notes.contains { $0.contains("posthog-tablet-001: recorded on a 834×1194 pt screen") && $0.hasSuffix("(another shape): not replayed") })
    }
}

extension FieldCommandTests {
    @Test("A gzipped export (.json.gz) and a zlib-compressed Datadog segment file import as the plain ones do")
    func compressed() throws {
        let dir = Scratch()
        let gz = dir.path + "/settings.ph-recording.json.gz"
        try Compressed.gzip(try Data(contentsOf: URL(fileURLWithPath: Self.recording))).write(to: URL(fileURLWithPath: gz))
        let imported = try Replay.run(["import", gz, Self.teamSnapshot, "--db", dir.db, "--json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.json?.number("tracesImported") == 2)
        let report = try #require(try Replay.run(["field", "--db", dir.db, "--screen", "Settings", "--json"]).json)
        #expect(report.number("screens.0.presses") == 7 && report.number("screens.0.dead") == 3)
        // A folder of them is read too: the .gz is found beside the snapshots.
        let folder = Scratch()
        try FileManager.default.copyItem(atPath: gz, toPath: folder.path + "/settings.ph-recording.json.gz")
        let again = try Replay.run(["import", folder.path, "--db", folder.db, "--json"])
        #expect(again.json?.number("tracesImported") == 2, "\(again.stderr)")
        // Datadog's SDK uploads each segment as a zlib stream: a file of one, saved as .json, is recognised by its bytes.
        let segments = try String(contentsOfFile: Replay.root + "/Tests/Fixtures/Production/settings.datadog-segments.jsonl", encoding: .utf8)
        let z = dir.path + "/segment.json"
        try Compressed.zlib(Data(segments.utf8)).write(to: URL(fileURLWithPath: z))
        let ddDir = Scratch()
        let dd = try Replay.run(["import", z, "--db", ddDir.db, "--json"])
        #expect(dd.status == 0 && dd.json?.number("tracesImported") == 2, "\(dd.stderr)")
    }

    @Test("A cut-off .gz, or a compressed file that is no recording: exit 2, the file named, nothing stored")
    func compressedBad() throws {
        let dir = Scratch()
        let whole = try Compressed.gzip(try Data(contentsOf: URL(fileURLWithPath: Self.recording)))
        let cut = dir.path + "/cut.ph-recording.json.gz"
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        let r = try Replay.run(["import", cut, "--db", dir.db])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(cut): compressed data cut short"), "\(r.stderr)")
        #expect(try Replay.run(["query", "SELECT count(*) AS n FROM trace", "--db", dir.db, "--csv"]).stdout == "n\n0\n")
        let snapshot = dir.path + "/Settings.json.gz"
        try Compressed.gzip(try Data(contentsOf: URL(fileURLWithPath: Self.teamSnapshot))).write(to: URL(fileURLWithPath: snapshot))
        let s = try Replay.run(["import", snapshot, "--db", dir.db])
        #expect(s.status == 2 && s.stderr.contains("\(snapshot): a compressed file that is not a session recording"), "\(s.stderr)")
    }
}
