import Converters
import Foundation
import HitTesting
import TapModel
import Testing

/// Converted controls fire where the app fires (issue 41): a tap at the centre of every actionable
/// element of a converted dump fires that element, unless the dump itself says it cannot (hidden,
/// alpha 0 or not interactive, on it or above it), that it is disabled, or that something covers it.
/// Each fixture is written by us in a real format: lldb, gdb, Cycript and NSLog `recursiveDescription`,
/// SwiftUI-hosted UIKit, XCUITest `debugDescription` (Xcode 16 with pointers, Xcode 26 without,
/// macOS, tvOS), WebDriverAgent XML and JSON responses, and a capture bundle.
@Suite("Converted controls fire at their centre")
struct ConvertedControlsFireTests {
    /// What a tap at a target's centre does when it does not fire the target itself.
    enum Otherwise: Equatable, CustomStringConvertible {
        /// The dump says it is disabled (`enabled = NO`, `Disabled`, `enabled="false"`).
        case disabled
        /// Something the dump draws over it takes the tap: fires another target (named), or intercepts it.
        case covered(by: String)

        var description: String {
            switch self {
            case .disabled: "disabled"
            case .covered(let by): "covered by \(by)"
            }
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let fixture: String
        let format: CaptureFormat
        /// Targets (by label, else identifier, else id) that do not fire at their centre, and why.
        let otherwise: [String: Otherwise]
        /// At least this many targets fire at their centre.
        let firing: Int
        var testDescription: String { fixture }
    }

    static let cases: [Case] = [
        Case(fixture: "lldb-settings-table.recursive.txt", format: .recursiveDescription, otherwise: [:], firing: 6),
        Case(fixture: "gdb-delete-confirmation.recursive.txt", format: .recursiveDescription,
             otherwise: ["UITableViewCellDeleteConfirmationControl": .covered(by: "_UITableViewCellDeleteConfirmationControl")], firing: 5),
        Case(fixture: "cycript-signin.recursive.txt", format: .recursiveDescription, otherwise: [:], firing: 4),
        Case(fixture: "nslog-checkout.recursive.txt", format: .recursiveDescription,
             otherwise: ["Apply code": .covered(by: "Flow.ShimmerView"), "Pay with points": .disabled], firing: 3),
        Case(fixture: "swiftui-hosted.recursive.txt", format: .recursiveDescription, otherwise: [:], firing: 2),
        Case(fixture: "mid-transition.recursive.txt", format: .recursiveDescription,
             otherwise: ["Read now": .covered(by: "_UIParallaxDimmingView")], firing: 2),
        Case(fixture: "tabbar-segments.recursive.txt", format: .recursiveDescription, otherwise: [:], firing: 6),
        Case(fixture: "continuation-lines.recursive.txt", format: .recursiveDescription, otherwise: [:], firing: 0),
        Case(fixture: "call-tabs.xcuitest.txt", format: .xcuitest, otherwise: ["add call": .disabled], firing: 9),
        Case(fixture: "xcode26-settings.xcuitest.txt", format: .xcuitest, otherwise: ["Save": .disabled], firing: 3),
        Case(fixture: "macos-menubar.xcuitest.txt", format: .xcuitest, otherwise: [:], firing: 8),
        Case(fixture: "tvos-elided.xcuitest.txt", format: .xcuitest, otherwise: [:], firing: 3),
        Case(fixture: "wda-description.json", format: .xcuitest, otherwise: [:], firing: 2),
        Case(fixture: "settings-rows.wda.xml", format: .wdaXML,
             otherwise: ["Calibrate (needs a meter)": .disabled], firing: 7),
        Case(fixture: "retry-source.wda.json", format: .wdaXML, otherwise: [:], firing: 3),
        Case(fixture: "processing-instruction.wda.xml", format: .wdaXML, otherwise: [:], firing: 0),
    ]

    @Test("Every actionable element fires at its centre unless the dump says it is hidden, disabled or covered", arguments: cases)
    func centresFire(_ c: Case) throws {
        let conversion = try Converter.convert(try Files.fixture(c.fixture), fallbackScreen: "S")
        #expect(conversion.from == c.format)
        try Self.expectFiring(conversion.snapshot, c.otherwise, firing: c.firing, in: c.fixture)
    }

    @Test("A capture bundle's controls fire at their centre (the example app's Settings screen)")
    func captureBundle() throws {
        let conversion = try Converter.convert(try Files.repo("Traces/builds/Settings.capture.json"), fallbackScreen: "S")
        #expect(conversion.from == .tapreplayCapture)
        try Self.expectFiring(conversion.snapshot, [:], firing: 1, in: "Settings.capture.json")
    }

    /// Taps every target's centre and checks the outcome against what the dump says of it.
    static func expectFiring(_ snapshot: Snapshot, _ otherwise: [String: Otherwise], firing: Int, in fixture: String) throws {
        let tester = HitTester(snapshot)
        var fired = 0
        var named = Set<String>()
        for t in tester.targets {
            let node = snapshot.nodes[t]
            let name = node.label?.split(separator: "\n").first.map(String.init) ?? node.id
            // The dump says no touch reaches it (hidden, alpha 0, not interactive, here or above): not a tap target.
            if let (_, why) = tester.untouchableBecause(t) {
                #expect(!why.isEmpty)
                continue
            }
            let r = tester.resolve(at: node.frame.center)
            let fires = r.outcome.fires && r.handler?.node == t
            switch otherwise[name] ?? otherwise[node.type] {
            case nil:
                #expect(fires, "\(fixture): \(name) (\(node.id)) at its centre \(node.frame.center): \(r.outcome.rawValue) — \(tester.reason(for: r))")
                if fires { fired += 1 }
            case .disabled:
                named.insert(name)
                #expect(r.outcome == .disabled, "\(fixture): \(name) should be disabled at its centre, got \(r.outcome.rawValue)")
            case .covered(let by):
                named.insert(otherwise[name] != nil ? name : node.type)
                let taker = r.outcome == .blocked ? r.interceptor : (r.handler?.node ?? -1)
                #expect(taker >= 0 && taker != t && snapshot.nodes[taker].type == by,
                        "\(fixture): \(name) should be covered by \(by) at its centre, got \(r.outcome.rawValue) — \(tester.reason(for: r))")
            }
        }
        #expect(fired >= firing, "\(fixture): \(fired) targets fired at their centre, expected at least \(firing)")
        #expect(named == Set(otherwise.keys), "\(fixture): the exceptions found are \(named.sorted()), listed \(otherwise.keys.sorted())")
    }
}
