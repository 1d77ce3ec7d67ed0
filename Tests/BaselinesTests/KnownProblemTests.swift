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
            (#"[{"rule":"R1","node":"row","why":"x","level":{"own":1.5}}]"#, "known[0].level.own: expected a fraction from 0 to 1"),
            (#"[{"rule":"R1","node":"row","why":"x","level":{"owned":0.5}}]"#, "known[0].level.owned: unknown field (known: own, miss, stolen, blocked, ambiguous, disabled, stolenBy, predicted) (did you mean 'own'?)"),
            (#"[{"rule":"R1","node":"row","why":"x","level":[0.5]}]"#, "known[0].level: expected an object"),
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
        let r6row = AcceptedProblem(rule: "R6", node: "row", who: "ana", why: "redesign in 3.3", since: "2026-11-22")
        var c = Comparison(suite: "S", known: [r6row, r4])
        c.add(PressPair(current: press(1, .miss, expect: "row", met: false), before: nil))
        c.add(PressPair(current: press(2, .miss, expect: "other", met: false), before: nil))
        var result = c.finish(before: nil, after: [])
        #expect(result.known.count == 1 && result.regressions.count == 1)
        // Accepting: the new R6 on `other` joins; the one on `row` keeps its first acceptance.
        result.acceptRegressions(who: "bo", why: "later", since: "2026-12-01")
        #expect(result.regressions.isEmpty && result.causes.isEmpty && result.known.count == 2)
        let recorded = KnownProblems.next(old: [r6row, r4], result: result, rerecorded: true)
        #expect(recorded.kept == [r6row])
        #expect(recorded.added.map(\.node) == ["other"] && recorded.added[0].who == "bo" && recorded.added[0].why == "later")
        #expect(recorded.dropped == [r4])  // about the snapshot the record replaces
        let inPlace = KnownProblems.next(old: [r6row, r4], result: result, rerecorded: false)
        #expect(inPlace.kept == [r4, r6row])   // R4 was not checked (no baseline compared): kept
        #expect(inPlace.list.count == 3)
    }

    @Test("A finding becomes an entry named by its rule and target, never its press, with who, why, since and the target's level now")
    func findingToEntry() {
        var c = Comparison(suite: "S")
        c.add(PressPair(current: press(3, .miss, expect: "row.units", met: false), before: nil))
        var result = c.finish(before: nil, after: [])
        let f = result.regressions[0]
        let entry = f.accepting(who: "ana", why: "w", since: "2026-11-22")
        #expect(entry == AcceptedProblem(rule: "R6", node: "row.units", who: "ana", why: "w", since: "2026-11-22"))
        #expect(entry.key == f.acceptanceKey)
        #expect(entry.place == "R6 row.units")
        result.acceptRegressions(who: "ana", why: "w", since: "2026-11-22", after: [target("row.units", own: 0.4, miss: 0.6, predicted: 0.3)])
        #expect(result.known[0].accepted?.level == AcceptedProblem.Level(own: 0.4, miss: 0.6, stolen: 0, blocked: 0, ambiguous: 0, disabled: 0,
                                                                        predicted: 0.3))
    }

    // MARK: - Known by target and cause

    /// The hollow row accepted: its R1 (presses that no longer fire) at 40 % own, 60 % miss.
    let hollow = AcceptedProblem(rule: "R1", node: "row", who: "ana", why: "hollow until 3.3", since: "2026-11-22",
                                 level: AcceptedProblem.Level(own: 0.4, miss: 0.6, stolen: 0, blocked: 0, ambiguous: 0, disabled: 0, predicted: 0.3))

    /// Presses of a trace no one had recorded when the problem was accepted, on the hollow row.
    func newTrace(_ outcomes: [TouchResult.Outcome]) -> [PressPair] {
        outcomes.enumerated().map { i, o in
            var p = press(i, o)
            p.trace = "recorded-after-accepting"
            return PressPair(current: p, before: PressSide(press(i, .hit)))
        }
    }

    @Test("New presses (a new trace) on an accepted hollow row are known: the problem is accepted, not the presses that showed it")
    func newTraceOnAcceptedRow() {
        var c = Comparison(suite: "S", known: [hollow])
        for pair in newTrace([.miss, .miss, .hit]) { c.add(pair) }
        let result = c.finish(before: [target("row", own: 1, miss: 0)], after: [target("row", own: 0.4, miss: 0.6, predicted: 0.3)])
        #expect(result.regressions.filter { $0.rule == .deadZone }.isEmpty)
        #expect(result.known.map(\.press) == [0, 1] && result.known.allSatisfy { $0.accepted == hollow })
        #expect(result.fixed.isEmpty)
    }

    @Test("A wider dead area on an accepted row is new: its presses fail, and the cause says what is worse than accepted")
    func widerDeadAreaFails() {
        var c = Comparison(suite: "S", known: [hollow])
        for pair in newTrace([.miss, .miss]) { c.add(pair) }
        let result = c.finish(before: [target("row", own: 1, miss: 0)], after: [target("row", own: 0.2, miss: 0.8, predicted: 0.3)])
        #expect(result.known.isEmpty)
        #expect(result.regressions.filter { $0.rule == .deadZone }.count == 2)
        #expect(result.regressions[0].worse == "own 40% when accepted → 20%, miss 60% when accepted → 80%")
        #expect(result.causes.count == 1 && result.causes[0].summary.contains("worse than accepted: own 40% when accepted → 20%"))
    }

    @Test("A new cause on an accepted row is new: another rule, or another target taking its taps")
    func newCauseFails() {
        var c = Comparison(suite: "S", known: [hollow])
        var stolen = press(0, .hit, node: "neighbour", action: "other")
        stolen.trace = "recorded-after-accepting"
        c.add(PressPair(current: stolen, before: PressSide(press(0, .hit))))
        let row = target("row", own: 0.4, miss: 0.6, predicted: 0.3)
        let result = c.finish(before: [row], after: [row])
        #expect(result.regressions.map(\.rule) == [.stolen] && result.known.isEmpty)
        let level = AcceptedProblem.Level(own: 0.4, miss: 0.4, stolen: 0.2, stolenBy: "a")
        #expect(KnownProblems.worse(target("row", own: 0.4, miss: 0.4, stolen: 0.2, stolenBy: "b"), than: level, thresholds: DiffThresholds())
                == "stolen by b, accepted: by a")
        #expect(KnownProblems.worse(target("row", own: 0.405, miss: 0.395, stolen: 0.2, stolenBy: "a"), than: level, thresholds: DiffThresholds()) == nil)
    }

    @Test("A row's accepted R1 is fixed when presses on it were replayed, none failed, and the row is better than accepted")
    func targetEntryFixed() {
        var still = Comparison(suite: "S", known: [hollow])
        for pair in newTrace([.hit]) { still.add(pair) }   // only its live part pressed: still hollow, not fixed
        #expect(still.finish(before: [target("row", own: 1, miss: 0)], after: [target("row", own: 0.4, miss: 0.6)]).fixed.isEmpty)
        var whole = Comparison(suite: "S", known: [hollow])
        for pair in newTrace([.hit]) { whole.add(pair) }
        #expect(whole.finish(before: [target("row", own: 1, miss: 0)], after: [target("row", own: 1, miss: 0)]).fixed == [hollow])
        let unpressed = Comparison(suite: "S", known: [hollow])
        #expect(unpressed.finish(before: [target("row", own: 1, miss: 0)], after: [target("row", own: 1, miss: 0)]).fixed.isEmpty)
    }

    @Test("An entry naming one press (written by older versions) keeps its meaning, and is rewritten as its rule on its target when found again")
    func pressEntriesMigrate() throws {
        let old = AcceptedProblem(rule: "R1", node: "row", trace: "t", press: 0, who: "ana", why: "hollow", since: "2026-11-22")
        var c = Comparison(suite: "S", known: [old])
        c.add(PressPair(current: press(0, .miss), before: PressSide(press(0, .hit))))
        var other = press(1, .miss)
        other.trace = "recorded-after-accepting"
        c.add(PressPair(current: other, before: PressSide(press(1, .hit))))
        let result = c.finish(before: [target("row", own: 1, miss: 0)], after: [target("row", own: 0.4, miss: 0.6)])
        // The press it names is known; another press is not (the entry meant that press).
        #expect(result.known.map(\.press) == [0] && result.regressions.filter { $0.rule == .deadZone }.map(\.press) == [1])
        let next = KnownProblems.next(old: [old], result: result, rerecorded: false, after: [target("row", own: 0.4, miss: 0.6)])
        #expect(next.added.isEmpty && next.dropped.isEmpty)
        #expect(next.kept == [AcceptedProblem(rule: "R1", node: "row", who: "ana", why: "hollow", since: "2026-11-22",
                                              level: AcceptedProblem.Level(own: 0.4, miss: 0.6, stolen: 0, blocked: 0, ambiguous: 0, disabled: 0))])
        // An older baseline still loads.
        var b = BaselineFileTests.sample
        b.known = [old]
        #expect(try Baseline(decoding: b.encoded).known == [old])
    }

    @Test("A level is written in the entry, keys sorted, and read back")
    func levelRoundTrip() throws {
        var b = BaselineFileTests.sample
        b.known = [hollow]
        let text = b.encoded
        #expect(text.contains("""
                {
                  "level": {
                    "ambiguous": 0,
                    "blocked": 0,
                    "disabled": 0,
                    "miss": 0.6,
                    "own": 0.4,
                    "predicted": 0.3,
                    "stolen": 0
                  },
                  "node": "row",
                  "rule": "R1",
            """))
        #expect(try Baseline(decoding: text).known == [hollow])
    }
}
