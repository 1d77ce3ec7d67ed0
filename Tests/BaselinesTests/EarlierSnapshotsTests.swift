import Baselines
import Foundation
import HitTesting
import TapModel
import Testing

/// Snapshots written before the rules of real screens (docs/real-screens.md) mean what they meant: the
/// committed baselines' coverage, computed before those rules, is computed again the same, and on every
/// snapshot of the example no rule of real screens but S19 decides a tap anywhere on the screen.
@Suite("Earlier snapshots keep their answers")
struct EarlierSnapshotsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(_ folder: String) -> [URL] {
        let dir = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }

    @Test("The committed baselines' coverage is computed again unchanged", arguments: ["Checkout.json", "Settings.json"])
    func baselines(_ name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Baselines/\(name)"), encoding: .utf8)
        let baseline = try Baseline(decoding: text)
        let snapshot = try #require(baseline.snapshot)
        let s = baseline.settings
        let tester = HitTester(snapshot, settings: HitSettings(touchRadius: s.touchRadius, profile: s.profile.flatMap(TouchProfile.named),
                                                              mmPerPoint: s.mmPerPoint))
        let now = tester.coverage(step: s.gridStep).sorted { $0.node < $1.node }
        let then = baseline.targets.sorted { $0.node < $1.node }
        #expect(now.map(\.node) == then.map(\.node))
        for (a, b) in zip(now, then) {
            // (Baselines keep 4 decimals.)
            let rounded = [a.own, a.stolen, a.blocked, a.ambiguous, a.disabled, a.miss].map { ($0 * 10_000).rounded() / 10_000 }
            #expect(rounded == [b.own, b.stolen, b.blocked, b.ambiguous, b.disabled, b.miss],
                    "\(name): \(a.node)")
        }
    }

    @Test("On every example snapshot, no rule of real screens but S19 decides a tap")
    func exampleSnapshots() throws {
        let files = Self.files("Traces/snapshots") + Self.files("Traces/builds").filter { !$0.lastPathComponent.contains("capture") }
        var checked = 0
        for file in files {
            let snapshot = try Snapshot(json: Array(try Data(contentsOf: file)))
            // Snapshots that use the fields of real screens are not "earlier" ones.
            guard !snapshot.nodes.contains(where: { $0.role != nil || $0.style != nil || $0.uikit.control?.kind ?? .unknown != .unknown }) else { continue }
            for radius in [0.0, 20] {
                let tester = HitTester(snapshot, settings: HitSettings(touchRadius: radius))
                let canvas = snapshot.canvas
                for y in stride(from: canvas.y, to: canvas.maxY, by: 4) {
                    for x in stride(from: canvas.x, to: canvas.maxX, by: 4) {
                        let rule = tester.resolve(at: Point(x, y)).rule
                        #expect(rule == nil || rule == "S19" || rule == "S20", "\(file.lastPathComponent) at \(x), \(y): \(rule ?? "")")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 50_000)
    }
}
