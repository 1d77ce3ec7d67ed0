import Foundation
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

/// `replay verify`: replays every stored press that has a `fired` event (the app's own
/// record of the action it ran) against its screen's snapshot under each profile and a
/// range of radii, and counts where the engine fires exactly what the device fired. A press
/// with no `fired` event but a `hit` event (the view the device hit-tested: a Measure click's
/// target) is checked by `HitViewCheck` instead, where the snapshot has that view.
public enum Verifier {
    /// Replays every stored press with a `fired` event of the screens in `snapshots`.
    /// - Parameters:
    ///   - snapshots: as `replay run` chooses them (files, or the newest stored per screen).
    ///   - profiles: which profiles to try (default: all four).
    public static func verify(store: TraceStore, snapshotPaths: [String], profiles: [TouchProfile] = TouchProfile.all,
                              radii: [Verification.Radius] = Verification.defaultRadii, replay: ReplaySettings = ReplaySettings(),
                              log: (String) -> Void = { _ in }) throws -> Verification {
        var v = Verification()
        v.settings = profiles.flatMap { p in radii.map { Verification.Setting(profile: p, radius: $0) } }
        let snapshots = try RunPipeline(store: store).loadSnapshots(snapshotPaths)
        for (snapshot, _) in snapshots.sorted(by: { $0.0.screen < $1.0.screen }) {
            let stored = try store.traces(screen: snapshot.screen)
            v.chosen[snapshot.screen] = ProfileChoice(requested: nil, os: snapshot.device.os, sdk: snapshot.app.sdk).profile
            var testers: [TouchProfile: [Verification.Radius: Replayer]] = [:]
            func replayer(_ p: TouchProfile, _ r: Verification.Radius) -> Replayer {
                if let existing = testers[p]?[r] { return existing }
                let radius: Double
                switch r {
                case .recorded: radius = HitSettings.defaultTouchRadius
                case .fixed(let f): radius = f
                }
                let made = Replayer(tester: HitTester(snapshot, settings: HitSettings(touchRadius: radius, profile: p)), settings: replay)
                testers[p, default: [:]][r] = made
                return made
            }
            var screenPresses = 0
            for trace in stored {
                let events = try store.events(ofTrace: trace.rowID, expectedCount: trace.eventCount)
                let presses = Press.presses(from: events)
                // A press is checked by what the app fired, else by the view the device hit-tested where the snapshot has it.
                let viewed = presses.filter { p in p.fired.isEmpty && p.hitView != nil }
                let known = viewed.filter { !HitViewCheck.candidates($0.hitView!, at: $0.start, in: snapshot).isEmpty }
                v.unmatchedViews += viewed.count - known.count
                let checked = presses.filter { !$0.fired.isEmpty } + known
                guard !checked.isEmpty else { continue }
                v.viewPresses += known.count
                v.traces += 1
                screenPresses += checked.count
                for k in v.settings.indices {
                    let setting = v.settings[k]
                    var input = presses
                    if case .fixed = setting.radius { for i in input.indices { input[i].radius = nil } }
                    let results = replayer(setting.profile, setting.radius).replay(trace: trace.header.trace, presses: input)
                    var byPress: [Int: PressResult] = [:]
                    for r in results { byPress[r.press] = r }
                    let tester = replayer(setting.profile, setting.radius).tester
                    for p in checked {
                        guard let engine = byPress[p.number] else { continue }
                        v.settings[k].total += 1
                        let fired = engine.outcome.fires || (engine.outcome == .ambiguous && engine.action != nil)
                        // A row's handler fires its row-level actions together (S15): the device records each.
                        let said = fired ? Set((engine.action.map { $0.components(separatedBy: ", ") } ?? []) + engine.simultaneous) : []
                        let radiusUsed = setting.radius == .recorded ? p.radius : nil
                        let rule = engine.reason.hasSuffix("(U13)") ? "U13" : tester.resolve(at: p.start, radius: radiusUsed).rule
                        v.settings[k].byRule[rule ?? Verification.coreRules, default: .init()].total += 1
                        let agrees: Bool
                        if p.fired.isEmpty, let view = p.hitView {
                            agrees = HitViewCheck.check(view, press: p, engine: engine, tester: tester) == .agree
                        } else {
                            agrees = said == Set(p.fired)
                        }
                        if agrees {
                            v.settings[k].agree += 1
                            v.settings[k].byRule[rule ?? Verification.coreRules, default: .init()].agree += 1
                        } else {
                            let radius: Double
                            switch setting.radius {
                            case .recorded: radius = p.radius ?? HitSettings.defaultTouchRadius
                            case .fixed(let f): radius = f
                            }
                            v.settings[k].disagreements.append(Verification.Disagreement(screen: snapshot.screen, trace: trace.header.trace, press: p.number,
                                                                            at: p.start, radius: radius, engine: engine, device: p.fired,
                                                                            rule: rule, deviceView: p.fired.isEmpty ? p.hitView : nil))
                        }
                    }
                }
            }
            if screenPresses > 0 {
                v.screens.append(snapshot.screen)
                v.presses += screenPresses
                log("\(snapshot.screen): \(plural(screenPresses, "press")) with a fired event or a hit view, replayed under \(v.settings.count) settings")
            }
        }
        return v
    }
}
