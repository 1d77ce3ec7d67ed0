import HitTesting
import SourceLint
import TapModel
import Testing

/// Lint and the engine follow the same rules of real screens (docs/real-screens.md): for the List and Form
/// examples E1 and E2, the Swift source and the snapshot of the same screen get the same answer. Lint reads
/// code for the deployment target (iOS 15 by default), where S17's rectangle does not yet hold, so the
/// engine answers under the `ios17` profile.
@Suite("Lint agrees with the engine on the List and Form examples")
struct LintAgreesWithEngineTests {
    func lint(_ body: String) -> [String] {
        let source = "import SwiftUI\nstruct Screen: View {\n    var body: some View {\n\(body)\n    }\n}\n"
        return Linter().lint(source: source, file: "Example.swift", configuration: .default).map(\.rule)
    }

    func engine(_ root: String) throws -> HitTester {
        let json = #"{"format":"tapreplay-snapshot","version":1,"screen":"E","device":{"os":"iOS 17.5"},"root":"# + root + "}"
        return HitTester(try Snapshot(json: json), settings: HitSettings(touchRadius: 20, profile: .ios17))
    }

    /// E1: a Form row holding a Button around HStack { icon; title; Spacer; chevron }.
    func e1(style: String?, shape: Bool) throws -> (lint: [String], gapFires: Bool) {
        let source = """
            Form {
                Button { openAppearance() } label: {
                    HStack { Image(systemName: "paintbrush"); Text("Appearance"); Spacer(); Image(systemName: "chevron.right") }\(shape ? ".contentShape(Rectangle())" : "")
                }\(style.map { ".buttonStyle(.\($0))" } ?? "")
            }
            """
        let styleField = style.map { #""style":""# + $0 + #"","# } ?? ""
        let shapeField = shape ? #","modifiers":[{"contentShape":{"shape":"rectangle"}}]"# : ""
        let root = #"{"id":"form","type":"Form","role":"list","frame":[0,0,393,852],"children":[{"id":"row","type":"ListRow","role":"row","frame":[16,120,361,44],"children":[{"id":"app","type":"Button","#
            + styleField + #""action":"openAppearance","frame":[36,120,321,44],"children":[{"id":"stack","type":"HStack","frame":[36,120,321,44]"#
            + shapeField + #","children":[{"id":"icon","type":"Image","frame":[36,131,22,22]},{"id":"title","type":"Text","frame":[66,131,100,22]},{"id":"chevron","type":"Image","frame":[349,135,8,14]}]}]}]}]}"#
        let r = try engine(root).resolve(at: Point(250, 142))
        return (lint(source), r.outcome.fires)
    }

    @Test("E1: lint reports L1 exactly where the engine finds the row's gap dead", arguments: [
        (nil, false), ("automatic", false), ("plain", false), ("borderless", false), ("plain", true),
    ] as [(String?, Bool)])
    func e1Agrees(_ style: String?, _ shape: Bool) throws {
        let (rules, gapFires) = try e1(style: style, shape: shape)
        #expect(rules.contains("L1") == !gapFires, "style \(style ?? "none"), shape \(shape): lint \(rules), the engine fires in the gap: \(gapFires)")
    }

    /// E2: two Buttons in one row, the second of the given style.
    @Test("E2: lint reports L8 exactly where the engine fires both Buttons of the row together", arguments: [nil, "borderless"] as [String?])
    func e2Agrees(_ shareStyle: String?) throws {
        let source = "List { HStack { Button(\"Reply\") { reply() }; Spacer(); Button(\"Share\") { share() }\(shareStyle.map { ".buttonStyle(.\($0))" } ?? "") } }"
        let styleField = shareStyle.map { #""style":""# + $0 + #"","# } ?? ""
        let root = #"{"id":"list","type":"List","role":"list","frame":[0,0,393,852],"children":[{"id":"row","type":"ListRow","role":"row","frame":[16,240,361,60],"children":[{"id":"msg","type":"HStack","frame":[36,258,321,24],"children":[{"id":"reply","type":"Button","action":"reply","frame":[36,258,60,24],"children":[{"id":"reply.label","type":"Text","frame":[36,258,60,24]}]},{"id":"share","type":"Button","#
            + styleField + #""action":"share","frame":[297,258,60,24],"children":[{"id":"share.label","type":"Text","frame":[297,258,60,24]}]}]}]}]}"#
        let r = try engine(root).resolve(at: Point(60, 270))
        let together = (r.handler?.rowActions.count ?? 0) >= 2
        #expect(lint(source).contains("L8") == together, "share style \(shareStyle ?? "none"): lint \(lint(source)), the engine: \(r.handler?.rowActions ?? [])")
    }
}
