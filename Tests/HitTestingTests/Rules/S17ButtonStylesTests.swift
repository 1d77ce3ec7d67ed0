import HitTesting
import TapJSON
import TapModel
import Testing

/// Tests of Sources/HitTesting/Rules/S17ButtonStyles.swift.
@Suite("S17 button styles")
struct S17ButtonStylesTests {
    func button(_ style: String?, profile: TouchProfile = .ios18) throws -> HitTester {
        var extra: [String: JSONValue] = ["action": "showMore"]
        if let style { extra["style"] = .string(style) }
        let root = node("more", "Button", [20, 100, 300, 44], children: [
            node("more.stack", "HStack", [20, 100, 300, 44], children: [
                node("more.title", "Text", [20, 111, 80, 22]), node("more.chevron", "Image", [312, 115, 8, 14]),
            ]),
        ], extra)
        return HitTester(try snapshot(root), settings: HitSettings(touchRadius: 0, profile: profile))
    }

    @Test("S17 automatic, borderless, bordered, borderedProminent and glass fill the frame", arguments: ["automatic", "borderless", "bordered", "borderedProminent", "glass"])
    func s17Fills(_ style: String) throws {
        let t = try button(style)
        #expect(t.tap(200, 122).action == "showMore")
        #expect(t.resolve(at: Point(200, 122)).rule == "S17")
        #expect(t.tap(200, 150).outcome == .miss)
    }

    @Test("S17 plain, custom and no style keep the label as written; ios17 keeps it for every style")
    func s17Label() throws {
        for style in ["plain", "custom", nil] as [String?] {
            #expect(try button(style).tap(200, 122).outcome == .miss)
            #expect(try button(style).tap(50, 122).action == "showMore")
        }
        #expect(try button("automatic", profile: .ios17).tap(200, 122).outcome == .miss)
    }
}
