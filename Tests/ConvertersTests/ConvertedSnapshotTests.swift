import Converters
import Foundation
import TapModel
import TestSupport
import Testing

/// `convert` never writes a snapshot that `replay` itself refuses (issue 27).
@Suite("Converted snapshots always read back")
struct ConvertedSnapshotTests {
    /// Converts and reads the result back with the snapshot reader, as `hit`, `run` and `import` do.
    func roundTrip(_ text: String, _ format: CaptureFormat? = nil) throws -> (Conversion, Snapshot) {
        let c = try convert(text, format)
        return (c, try Snapshot(json: c.json))
    }

    @Test("A bundle's device width, height and scale that are not sizes are dropped with a warning naming the bundle's line and path")
    func bundleDevice() throws {
        let (c, s) = try roundTrip(#"""
        {"format":"tapreplay-capture","version":1,"screen":"S",
         "device":{"width":1e24,"height":-5,"scale":3},
         "windows":[{"class":"UIWindow","frame":[0,0,393,852]}]}
        """#)
        #expect(s.device.width == nil && s.device.height == nil && s.device.scale == 3)
        #expect(c.warnings.contains { $0.hasPrefix("line 2: device.width: device.width 1e+24 is not a size") })
        #expect(c.warnings.contains { $0.hasPrefix("line 2: device.height: ") })
    }

    @Test("The device size comes from the root's edges only when they make a size: a window at x -500, or at 90,000 with width 90,000, gives the root's size")
    func deviceFromRoot() throws {
        let (left, l) = try roundTrip("<UIView: 0x1; frame = (-500 0; 100 100); layer = <CALayer: 0x2>>")
        #expect(l.device.width == 100 && l.device.height == 100)
        #expect(left.warnings.contains { $0.hasPrefix("line 1: the root UIView's right and bottom edges (-400, 100)") })
        let (_, far) = try roundTrip("<UIView: 0x1; frame = (90000 0; 90000 100); layer = <CALayer: 0x2>>")
        #expect(far.device.width == 90_000 && far.device.height == 100)
    }

    @Test("Frames summed beyond ±100,000 pt are clamped with a warning naming the line")
    func summedFrames() throws {
        let (c, s) = try roundTrip("""
        <UIView: 0x1; frame = (0 0; 100 100); layer = <CALayer: 0x2>>
           | <UIView: 0x3; frame = (90000 0; 10 10); layer = <CALayer: 0x4>>
           |    | <UIView: 0x5; frame = (90000 0; 10 10); layer = <CALayer: 0x6>>
        """)
        #expect(s.nodes[2].frame == Rect(100_000, 0, 10, 10))
        #expect(c.warnings.contains { $0.hasPrefix("line 3: UIView: frame [180000, 0, 10, 10] is outside what a snapshot holds") })
    }

    /// The three places SwiftUI data gives a tap count: iOS 26's `TapGestureModifier`, and the `count` of a
    /// `TapGesture` or `SpatialTapGesture` attached by `AddGestureModifier`.
    static let tapCountSites: [(name: String, payload: @Sendable (Int) -> String, gesture: @Sendable (Int) -> GestureAttachment)] = [
        ("TapGestureModifier", { n in
            Raw.payload(Raw.modifier("TapGestureModifier", value: Raw.attr("", "TapGestureModifier", [Raw.attr("count", "Int", value: "\(n)")]),
                                     [Raw.view("Color", [0, 0, 10, 10])]))
        }, { n in GestureAttachment(entry: "onTapGesture", gesture: Gesture(.tap(count: n))) }),
        ("TapGesture", { n in HostileInputTests.gesturePayload("_EndedGesture<TapGesture>", "TapGesture", count: "\(n)") },
         { n in GestureAttachment(entry: "onTapGesture", gesture: Gesture(.tap(count: n))) }),
        ("SpatialTapGesture", { n in HostileInputTests.gesturePayload("SpatialTapGesture", "SpatialTapGesture", count: "\(n)") },
         { n in GestureAttachment(entry: "gesture", gesture: Gesture(.spatialTap(count: n))) }),
    ]

    @Test("SwiftUI tap counts outside 1…100 are clamped with a warning naming the line and path (a count of 500 was written and then refused)",
          arguments: 0..<3)
    func tapCounts(site: Int) throws {
        let (name, payload, gesture) = Self.tapCountSites[site]
        let (c, s) = try roundTrip(payload(500), .swiftuiDebug)
        #expect(s.nodes[1].modifiers == [.gesture(gesture(100))], "\(name)")
        #expect(c.warnings.contains { $0.hasPrefix("line 1: [0].children[0]: Color: tap count 500 is outside 1…100: clamped to 100") }, "\(name)")
        let (_, zero) = try roundTrip(payload(0), .swiftuiDebug)
        #expect(zero.nodes[1].modifiers == [.gesture(gesture(1))], "\(name)")
    }

    @Test("A bundle's tap count of 500 and a negative press duration are clamped with warnings; a screen given empty falls back to the file's name")
    func bundleValues() throws {
        let (c, s) = try roundTrip(#"""
        {"format":"tapreplay-capture","version":1,"screen":"",
         "windows":[{"class":"UIWindow","frame":[0,0,100,100],"gestureRecognizers":[
           {"class":"UITapGestureRecognizer","numberOfTapsRequired":500},
           {"class":"UILongPressGestureRecognizer","minimumPressDuration":-1}]}]}
        """#)
        #expect(s.nodes[0].uikit.gestureRecognizers.map(\.numberOfTapsRequired) == [100, 1])
        #expect(s.nodes[0].uikit.gestureRecognizers[1].minimumPressDuration == 0)
        #expect(c.warnings.count == 2 && c.warnings.allSatisfy { $0.hasPrefix("line 2: windows[0]: UIWindow: ") })
        #expect(s.screen == "Screen")
    }

    @Test("An alpha outside 0…1 (a bundle's) is clamped with a warning, as UIKit does: the snapshot is written and reads back")
    func alphaOutsideUnit() throws {
        let (c, s) = try roundTrip(#"""
        {"format":"tapreplay-capture","version":1,"screen":"S",
         "windows":[{"class":"UIWindow","frame":[0,0,100,100],"alpha":2,
           "subviews":[{"class":"UIView","frame":[0,0,10,10],"alpha":-0.5}]}]}
        """#)
        #expect(s.nodes.map(\.uikit.alpha) == [1, 0])
        #expect(c.warnings.contains { $0.contains("alpha 2 is outside 0…1: taken as 1") }, "\(c.warnings)")
        #expect(c.warnings.contains { $0.contains("alpha -0.5 is outside 0…1: taken as 0") }, "\(c.warnings)")
    }

    /// Every dump the repository holds: the fixtures, the inputs that once crashed a fuzz target, the example
    /// bundle and the fuzz seeds of every converter.
    static func allDumps() throws -> [(String, Data)] {
        var out: [(String, Data)] = []
        let fm = FileManager.default
        let root = URL(fileURLWithPath: repositoryRoot)
        var folders = [Files.tests.appendingPathComponent("Fixtures"), Files.tests.appendingPathComponent("Fixtures/crashes"),
                       root.appendingPathComponent("Traces/builds")]
        let corpus = root.appendingPathComponent("Fuzz/Corpus")
        for target in (try? fm.contentsOfDirectory(atPath: corpus.path)) ?? [] where FuzzTargets.converters.contains(target) {
            folders.append(corpus.appendingPathComponent(target))
        }
        for folder in folders {
            for name in try fm.contentsOfDirectory(atPath: folder.path).sorted() {
                let url = folder.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                out.append((url.path.replacingOccurrences(of: root.path + "/", with: ""), try Data(contentsOf: url)))
            }
        }
        return out
    }

    @Test("Property: for every fixture and every fuzz seed of every format, a successful convert (detected or forced) produces a snapshot that decodes")
    func everyDumpReadsBack() throws {
        let dumps = try Self.allDumps()
        #expect(dumps.count >= 17)
        var converted = 0
        for (name, data) in dumps {
            for format in [nil] + CaptureFormat.allCases.map(Optional.some) {
                guard let c = try? Converter.convert(data, format: format) else { continue }
                converted += 1
                do {
                    _ = try Snapshot(json: c.json)
                } catch {
                    Issue.record("\(name) as \(format?.rawValue ?? "detected"): converted, but the snapshot does not read back: \(error)")
                }
            }
        }
        #expect(converted >= dumps.count)
    }
}

/// The fuzz targets of `Fuzz/` that run a converter (their seed folders are named after them).
enum FuzzTargets {
    static let converters: Set<String> = ["bundle", "swiftui", "recursive", "xcuitest", "wda"]
}
