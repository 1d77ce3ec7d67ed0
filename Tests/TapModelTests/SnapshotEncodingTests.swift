import Foundation
import TapModel
import Testing
import TestSupport

@Suite("Snapshot encoding: canonical, lossless")
struct SnapshotEncodingTests {
    static let examples = ["Traces/snapshots/Settings.json", "Traces/snapshots/Checkout.json",
                           "Traces/builds/Settings.no-content-shape.json", "Traces/builds/Settings.shape-after.json"]

    static func repositoryFile(_ path: String) -> URL {
        URL(fileURLWithPath: repositoryRoot).appendingPathComponent(path)
    }

    @Test("Encoding then decoding gives the same snapshot, and encoding again the same bytes", arguments: examples)
    func roundTrip(path: String) throws {
        let original = try Snapshot(json: try Data(contentsOf: SnapshotEncodingTests.repositoryFile(path)))
        let text = original.encoded()
        let again = try Snapshot(json: text)
        #expect(again.encoded() == text)
        #expect(again.nodes.count == original.nodes.count)
        for (a, b) in zip(original.nodes, again.nodes) {
            #expect(a.id == b.id && a.type == b.type && a.frame == b.frame && a.system == b.system)
            #expect(a.children == b.children && a.isLeaf == b.isLeaf && a.shape == b.shape && a.clear == b.clear)
            #expect(a.action == b.action && a.modifiers == b.modifiers && a.uikit == b.uikit && a.label == b.label)
        }
        #expect(again.app == original.app && again.device == original.device && again.screen == original.screen)
    }

    @Test("A 20,000-deep tree is written without recursion and reads back")
    func deep() throws {
        var nodes: [Node] = []
        let depth = 20_000
        for i in 0..<depth {
            var n = Node(id: "n\(i)", type: "VStack", frame: Rect(0, 0, 10, 10), parent: i - 1, depth: i)
            if i + 1 < depth { n.children = [i + 1] }
            nodes.append(n)
        }
        for i in 0..<depth { nodes[i].end = depth }
        let snap = Snapshot(screen: "Deep", capture: Snapshot.CaptureInfo(from: "hand", limits: ["none"]), nodes: nodes)
        let back = try Snapshot(json: snap.encoded(.compact))
        #expect(back.nodes.count == depth)
        #expect(back.capture == snap.capture)
    }
}
