import Foundation
import TapJSON
import Testing

/// `replay convert` then `replay audit` on dumps written in the real formats (issue 41): what a
/// team reads names the element, says nothing of what UIKit switches off itself, and names in its
/// fixes only findings that exist.
@Suite("replay audit on converted dumps, end to end")
struct ConvertedAuditTests {
    static let fixtures = Replay.root + "/Tests/ConvertersTests/Fixtures/"

    struct Finding {
        let rule: String, node: String, label: String?, action: String?, message: String, fix: String
    }

    /// Converts the fixture and audits it: the findings of `audit --json` and the text of `audit`.
    func audit(_ fixture: String, text: Bool = false) throws -> (findings: [Finding], text: String) {
        let dir = Scratch()
        let snapshot = dir.path + "/s.json"
        let c = try Replay.run(["convert", Self.fixtures + fixture, "-o", snapshot])
        #expect(c.status == 0, "\(c.stderr)")
        let r = try Replay.run(["audit", snapshot, "--json"])
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        let doc = try #require(r.json)
        var findings: [Finding] = []
        for i in 0..<(doc.count("findings") ?? 0) {
            let p = "findings.\(i)"
            findings.append(Finding(rule: doc.string(p + ".rule") ?? "", node: doc.string(p + ".node") ?? "",
                                    label: doc.string(p + ".label"), action: doc.string(p + ".action"),
                                    message: doc.string(p + ".message") ?? "", fix: doc.string(p + ".fix") ?? ""))
        }
        return (findings, text ? try Replay.run(["audit", snapshot, "--wide"]).stdout : "")
    }

    static let all = [
        "lldb-settings-table.recursive.txt", "gdb-delete-confirmation.recursive.txt", "cycript-signin.recursive.txt",
        "nslog-checkout.recursive.txt", "swiftui-hosted.recursive.txt", "mid-transition.recursive.txt", "tabbar-segments.recursive.txt",
        "call-tabs.xcuitest.txt", "macos-menubar.xcuitest.txt", "settings-rows.wda.xml", "retry-source.wda.json",
    ]

    @Test("UIKit's own parts switched off by UIKit (disclosure indicators, a hidden clear button, bar button innards) get no A8; the outer delete-confirmation control no A10")
    func uikitsOwnParts() throws {
        let gdb = try audit("gdb-delete-confirmation.recursive.txt")
        #expect(!gdb.findings.contains { $0.rule == "A8" }, "\(gdb.findings.map { "\($0.rule) \($0.node)" })")
        #expect(!gdb.findings.contains { $0.rule == "A10" && $0.node.hasSuffix("/UITableViewCellDeleteConfirmationControl") })
        let cycript = try audit("cycript-signin.recursive.txt")
        #expect(!cycript.findings.contains { $0.rule == "A8" }, "\(cycript.findings.map { "\($0.rule) \($0.node)" })")
        let lldb = try audit("lldb-settings-table.recursive.txt")
        #expect(!lldb.findings.contains { $0.rule == "A8" })
    }

    @Test("Off screen is not hidden, and an element without a frame is no target: no A8 telling a team to make them visible or to add a contentShape")
    func offScreenAndFrameless() throws {
        for fixture in ["settings-rows.wda.xml", "call-tabs.xcuitest.txt", "macos-menubar.xcuitest.txt"] {
            let r = try audit(fixture)
            #expect(!r.findings.contains { $0.rule == "A8" }, "\(fixture): \(r.findings.filter { $0.rule == "A8" }.map(\.message))")
            #expect(!r.findings.contains { $0.fix.contains("contentShape") && $0.message.contains("MenuBarItem") })
        }
    }

    @Test("Every fix names only findings that exist: a rule a fix cites reports the same element")
    func fixesNameRealFindings() throws {
        for fixture in Self.all {
            let r = try audit(fixture)
            for f in r.findings {
                for cited in Self.rulesCited(in: f.fix) where cited != f.rule {
                    #expect(r.findings.contains { $0.node == f.node && $0.rule == cited },
                            "\(fixture): \(f.rule) on \(f.node) cites \(cited), which does not report it: \(f.fix)")
                }
            }
        }
    }

    @Test("Findings on converted dumps name the element by its label where its id is a path of types (JSON and text)")
    func namedElements() throws {
        let dir = Scratch()
        let dump = dir.path + "/cells.txt"
        try """
        <UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>
           | <UITableView: 0x3; frame = (0 0; 390 844); clipsToBounds = YES; layer = <CALayer: 0x4>; contentOffset: {0, 0}>
           |    | <UITableViewCell: 0x5; frame = (0 100; 390 20); text = 'Units'; layer = <CALayer: 0x6>>
           |    |    | <UITableViewCellContentView: 0x7; frame = (0 0; 390 20); layer = <CALayer: 0x8>>
           |    |    |    | <UITableViewLabel: 0x9; frame = (20 0; 60 20); text = 'Units'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0xa>>
        """.write(toFile: dump, atomically: true, encoding: .utf8)
        let snapshot = dir.path + "/cells.json"
        #expect(try Replay.run(["convert", dump, "-o", snapshot]).status == 0)
        let json = try #require(try Replay.run(["audit", snapshot, "--json"]).json)
        let i = try #require((0..<(json.count("findings") ?? 0)).first { json.string("findings.\($0).rule") == "A3" })
        #expect(json.string("findings.\(i).node") == "UIWindow/UITableView/UITableViewCell")
        #expect(json.string("findings.\(i).label") == "Units" && json.string("findings.\(i).action") == "select Units")
        let text = try Replay.run(["audit", snapshot, "--wide"]).stdout
        #expect(text.contains("● UIWindow/UITableView/UITableViewCell 'Units' (select Units): error A10 error-prone target"))
        #expect(text.contains("of the touches a person aims at the centre of UIWindow/UITableView/UITableViewCell 'Units' do not fire it"))
    }

    @Test("A dump captured mid-transition says so next to the findings")
    func midTransition() throws {
        let r = try audit("mid-transition.recursive.txt", text: true)
        #expect(r.text.contains("capture limits: ") && r.text.contains("captured mid-transition: 4 views carry running animations"))
    }

    /// `A1`, `A10` … written in a fix.
    static func rulesCited(in text: String) -> [String] {
        var out: [String] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            if chars[i] == "A", i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber) {
                var j = i + 1
                while j < chars.count, chars[j].isNumber { j += 1 }
                if j > i + 1, j == chars.count || !chars[j].isLetter { out.append(String(chars[i..<j])) }
                i = j
            } else {
                i += 1
            }
        }
        return out
    }
}
