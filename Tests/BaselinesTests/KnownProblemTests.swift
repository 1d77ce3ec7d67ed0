import Baselines
import Foundation
import HitTesting
import ReplayEngine
import TapModel
import Testing

/// Known problems: accepted on review, written into the baseline (version 2, optional `known`),
/// listed as known, never failing; fixed when a run could have found them and did not.
@Suite("Known problems in baselines")
struct KnownProblemTests {
    let r6 = AcceptedProblem(rule: "R6", node: "row", trace: "t", press: 1, who: "ana", why: "redesign in 3.3", since: "2026-11-22")
    let r4 = AcceptedProblem(rule: "R4", node: "row", who: "ana", why: "redesign in 3.3", since: "2026-11-22")

    @Test("A baseline keeps its known problems: sorted, keys sorted, still version 2, and absent when there are none")
    func fileFormat() throws {
        var b = BaselineFileTests.sample
        let plain = b.encoded
        #expect(!plain.contains("\"known\""))
        b.known = [r6, r4]
        let text = b.encoded
        #expect(text.contains("""
              "known": [
                {
                  "node": "row",
                  "rule": "R4",
                  "since": "2026-11-22",
                  "who": "ana",
                  "why": "redesign in 3.3"
                },
                {
                  "node": "row",
                  "press": 1,
                  "rule": "R6",
                  "since": "2026-11-22",
                  "trace": "t",
                  "who": "ana",
                  "why": "redesign in 3.3"
                }
              ],
              "settings"
            """))
        #expect(text.hasSuffix("  \"version\": 2\n}\n"))
        let decoded = try Baseline(decoding: text)
        #expect(decoded.known == [r4, r6])
        #expect(decoded.encoded == text)
    }

    @Test("Bad known entries are rejected with the line and the entry's path")
    func badEntries() {
        let base = BaselineFileTests.sample.encoded
        func with(_ known: String) -> String {
            base.replacingOccurrences(of: "  \"settings\": {", with: "  \"known\": \(known),\n  \"settings\": {")
        }
        let cases: [(String, String)] = [
            (#"[{"rule":"R6","node":"row","trace":"t","press":1}]"#, "known[0]: missing \"why\""),
            (#"[{"rule":"A3","node":"row","why":"x"}]"#, "known[0].rule: unknown rule 'A3' (R1 … R7)"),
            (#"[{"rule":"R6","node":"row","why":"x"}]"#, "known[0]: R6 is about a press: name its \"trace\" and \"press\""),
            (#"[{"rule":"R4","node":"row","trace":"t","press":1,"why":"x"}]"#, "known[0]: R4 is about a target"),
            (#"[{"rule":"R6","node":"row","trace":"t","why":"x"}]"#, "\"trace\" without \"press\""),
            (#"[{"rule":"R6","node":"row","trace":"t","press":1.5,"why":"x"}]"#, "known[0].press: expected a press number"),
            (#"[{"rule":"R6","node":"row","trace":"t","press":1,"why":"x","reason":"y"}]"#, "known[0].reason: unknown field"),
        ]
        for (known, expected) in cases {
            do {
                _ = try Baseline(decoding: with(known))
                Issue.record("accepted \(known)")
            } catch {
                #expect("\(error)".contains(expected), "\(error)")
                #expect((error as? BaselineError)?.line != nil, "\(error)")
            }
        }
    }

    @Test("A finding a known problem names is listed as known, never a regression; the others still fail")
    func knownNeverFails() {
        let before = suite([press(0, .hit), press(1, .hit)])
        let after = [press(0, .miss), press(1, .miss, expect: "row", met: false)]
        var c = Comparison(suite: "Settings", known: [r6, AcceptedProblem(rule: "R1", node: "row", trace: "t", press: 1, why: "x")])
        for (i, p) in after.enumerated() { c.add(PressPair(current: p, before: PressSide(before.presses[i]))) }
        let result = c.finish(before: before.targets, after: [target("row", own: 1, miss: 0)])
        #expect(result.regressions.map { "\($0.rule.rawValue) \($0.press!)" } == ["R1 0"])
        #expect(result.known.map { "\($0.rule.rawValue) \($0.press!)" } == ["R1 1", "R6 1"])
        #expect(result.known.allSatisfy { $0.accepted != nil })
        #expect(result.causes.flatMap(\.regressions).count == 1)  // known ones are in no cause
        #expect(result.fixed.isEmpty)
    }

    @Test("A known problem is fixed only where the run could have found it: its press replayed, its targets compared")
    func fixedOnlyWhenChecked() {
        let unseen = AcceptedProblem(rule: "R6", node: "row", trace: "other", press: 0, why: "x")
        let r1 = AcceptedProblem(rule: "R1", node: "row", trace: "t", press: 0, why: "x")
        // Compared with a baseline: press 1 now meets its expectation, the target is whole again.
        var c = Comparison(suite: "S", known: [r6, r4, unseen, r1])
        c.add(PressPair(current: press(0, .hit), before: PressSide(press(0, .hit))))
        c.add(PressPair(current: press(1, .hit, expect: "row", met: true), before: PressSide(press(1, .hit))))
        let compared = c.finish(before: [target("row", own: 1, miss: 0)], after: [target("row", own: 1, miss: 0)])
        #expect(Set(compared.fixed.map(\.place)) == [r6.place, r4.place, r1.place])
        // Without a baseline (a record): R6 can be checked, R1 and R4 cannot.
        var record = Comparison(suite: "S", known: [r6, r4, r1])
        record.add(PressPair(current: press(0, .hit), before: nil))
        record.add(PressPair(current: press(1, .hit, expect: "row", met: true), before: nil))
        #expect(record.finish(before: nil, after: []).fixed == [r6])
    }

    @Test("Writing known problems: found ones keep their first who and why, new ones are added, fixed ones dropped, and a record drops those about the old snapshot")
    func nextList() {
        var c = Comparison(suite: "S", known: [r6, r4])
        c.add(PressPair(current: press(1, .miss, expect: "row", met: false), before: nil))
        c.add(PressPair(current: press(2, .miss, expect: "row", met: false), before: nil))
        var result = c.finish(before: nil, after: [])
        #expect(result.known.count == 1 && result.regressions.count == 1)
        // Accepting: the new R6 on press 2 joins; the old one on press 1 keeps its first acceptance.
        result.acceptRegressions(who: "bo", why: "later", since: "2026-12-01")
        #expect(result.regressions.isEmpty && result.causes.isEmpty && result.known.count == 2)
        let recorded = KnownProblems.next(old: [r6, r4], result: result, rerecorded: true)
        #expect(recorded.kept == [r6])
        #expect(recorded.added.map(\.press) == [2] && recorded.added[0].who == "bo" && recorded.added[0].why == "later")
        #expect(recorded.dropped == [r4])  // about the snapshot the record replaces
        let inPlace = KnownProblems.next(old: [r6, r4], result: result, rerecorded: false)
        #expect(inPlace.kept == [r4, r6])   // R4 was not checked (no baseline compared): kept
        #expect(inPlace.list.count == 3)
    }

    @Test("A finding becomes an entry named by rule and press (or target), with who, why and since")
    func findingToEntry() {
        var c = Comparison(suite: "S")
        c.add(PressPair(current: press(3, .miss, expect: "row.units", met: false), before: nil))
        let f = c.finish(before: nil, after: []).regressions[0]
        let entry = f.accepting(who: "ana", why: "w", since: "2026-11-22")
        #expect(entry == AcceptedProblem(rule: "R6", node: "row.units", trace: "t", press: 3, who: "ana", why: "w", since: "2026-11-22"))
        #expect(entry.key == f.acceptanceKey)
        #expect(entry.place == "R6 t press 3 (row.units)")
    }
}
