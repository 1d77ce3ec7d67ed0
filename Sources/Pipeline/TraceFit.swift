import Audit
import Baselines
import Foundation
import HitTesting
import ReplayEngine
import RunResults
import TapJSON
import TapModel
import TraceStore

/// Whether recorded traces fit the snapshot they are replayed against: touches
/// outside its bounds, a different device, an `expect` naming no node.
struct TraceFit {
    let snapshot: Snapshot
    let tester: HitTester
    var outside = 0
    var outsideTraces = Set<String>()
    var devices = Set<String>()
    var unknownExpect: [String: Int] = [:]

    init(snapshot: Snapshot, tester: HitTester) { self.snapshot = snapshot; self.tester = tester }

    mutating func check(_ trace: StoredTrace, _ results: [PressResult]) {
        let bounds = snapshot.canvas
        if let model = trace.header.deviceModel, let mine = snapshot.device.model, model != mine { devices.insert(model) }
        for i in results.indices where results[i].partOf == nil {  // by index: no copy of each result
            if !bounds.containsClosed(results[i].at) { outside += 1; outsideTraces.insert(results[i].trace) }
            if let e = results[i].expect, tester.index(ofID: e) == nil { unknownExpect[e, default: 0] += 1 }
        }
    }

    var warnings: [String] {
        var out: [String] = []
        if outside > 0 {
            let c = snapshot.canvas
            out.append("\(plural(outside, "press")) outside the snapshot's \(JSONValue.format(c.width))×\(JSONValue.format(c.height)) pt bounds (traces \(outsideTraces.sorted().prefix(5).joined(separator: ", ")))")
        }
        if !devices.isEmpty, let mine = snapshot.device.model {
            out.append("traces recorded on \(devices.sorted().joined(separator: ", ")), the snapshot on \(mine): frames may not match")
        }
        for (e, n) in unknownExpect.sorted(by: { $0.key < $1.key }) {
            out.append("\(plural(n, "press")) expect '\(e.clipped)', which is no node of this snapshot")
        }
        return out
    }
}
