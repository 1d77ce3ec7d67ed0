import Converters
import Foundation
import TapModel
import Testing

/// A deterministic generator (Knuth's MMIX linear congruential, high bits), so a failure can be replayed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return (state >> 32) | (state << 32)
    }
}

@Suite("Parsers never crash: truncated and mutated dumps")
struct FuzzTests {
    static func samples() throws -> [(String, Data)] {
        [
            ("bundle", try Files.repo("Traces/builds/Settings.capture.json")),
            ("swiftui", try Files.fixture("profile.swiftui.json")),
            ("recursive", Data("""
            // <UIWindow: 0x1; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x5>; layer = <UIWindowLayer: 0x6>>
            //   | <UITableView; frame = (0 0; 390 700); contentOffset: {0, 120}; layer = <CALayer>>
            //   |    | <UILabel; frame = (12.5 30; 80.25 20.5); text = 'Don't'; userInteractionEnabled = NO; layer = <_UILabelLayer>>
            ...
            //   |    | <UIImageView: 0x3; frame = (8 12; 30 30); image = <UIImage:0x7 symbol "gear"; (24 23)@2{1}>; layer = <CALayer: 0x4>>
            """.utf8)),
            ("xcuitest", Data(AccessibilityDumpTests.xcuitest.utf8)),
            ("wda", Data(AccessibilityDumpTests.wda.utf8)),
        ]
    }

    @Test("Random truncations and byte mutations convert or throw CaptureError; what converts reads back as a valid snapshot")
    func fuzz() throws {
        var rng = SeededRandom(state: 20261122)
        let noise: [UInt8] = Array("{}[]<>()|;:,'\"\\\n 0123456789-.eE".utf8) + [0xFF, 0x00, 0xEF]
        for (name, data) in try Self.samples() {
            let bytes = [UInt8](data)
            for round in 0..<120 {
                var m = bytes
                switch round % 3 {
                case 0: m = Array(m.prefix(Int.random(in: 0...m.count, using: &rng)))
                case 1:
                    for _ in 0..<Int.random(in: 1...8, using: &rng) where !m.isEmpty {
                        m[Int.random(in: 0..<m.count, using: &rng)] = noise.randomElement(using: &rng)!
                    }
                default:
                    if m.count > 2 {
                        let a = Int.random(in: 0..<m.count, using: &rng), b = Int.random(in: a..<m.count, using: &rng)
                        m.removeSubrange(a..<b)
                    }
                }
                do {
                    let c = try Converter.convert(Data(m))
                    #expect(!c.snapshot.nodes.isEmpty)
                    do {
                        _ = try Snapshot(json: c.snapshot.encoded())
                    } catch {
                        Issue.record("\(name) round \(round): converted snapshot does not read back: \(error)")
                    }
                } catch is CaptureError {
                } catch {
                    Issue.record("\(name) round \(round): unexpected error \(error)")
                }
            }
        }
    }
}

@Suite("Deep trees")
struct DeepTreeTests {
    @Test("A 5,000-deep SwiftUI payload converts without recursion: ids stay short, the JSON is compact and reads back")
    func deepSwiftUI() throws {
        let node = #"{"properties":[{"id":0,"attribute":{"readableType":"VStack<X>","flags":1}},{"id":3,"attribute":{"value":[0,0]}},{"id":4,"attribute":{"value":[10,10]}}],"children":["#
        let depth = 5_000
        let payload = "[" + String(repeating: node, count: depth) + String(repeating: "]}", count: depth) + "]"
        let c = try convert(payload, .swiftuiDebug)
        #expect(c.snapshot.nodes.count == depth + 1)
        #expect(c.snapshot.nodes.allSatisfy { $0.id.utf8.count < 300 })
        #expect(Set(c.snapshot.nodes.map(\.id)).count == depth + 1)
        let json = c.json
        #expect(json.utf8.count < 2_000_000)
        #expect(try Snapshot(json: json).nodes.count == depth + 1)
    }
}
