import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TapJSON
import TapModel
import TapReplayTesting
import TestSupport
import Testing

/// What `assertTappable` attaches, decoded on Linux through the code path the assertion takes.
@Suite("assertTappable's attachments: the map, the snapshot and the findings, named after the screen")
struct AttachmentTests {
    /// Runs the assertion on the hollow (or good) Settings capture and returns what it would attach.
    func attachments(hollow: Bool, policy: TappableAttachments.Policy = .onFailure, screenshot: Data? = nil) throws -> [TappableAttachment] {
        let data = try SettingsCapture.data(hollowFlowMeter: hollow)
        var attached: [TappableAttachment] = []
        let run = {
            TappableAssertion.run(bundle: data, screen: nil, options: TappableOptions(attachments: policy), at: AssertionLocation(),
                                  screenshot: screenshot, attach: { attached += $0 })
        }
        if hollow { _ = recordedIssues { _ = run() } } else { _ = run() }
        return attached
    }

    @Test("On failure: Settings.map.svg (well-formed SVG with every finding), the snapshot JSON, the findings JSON as replay audit --json")
    func failureAttachesDecodableFiles() throws {
        let files = try attachments(hollow: true)
        #expect(files.map(\.name) == ["Settings.map.svg", "Settings.snapshot.json", "Settings.findings.json"])
        #expect(files.map(\.uniformType) == ["public.svg-image", "public.json", "public.json"])

        let svg = files[0].data
        let parser = XMLParser(data: svg)
        let collector = ElementCollector()
        parser.delegate = collector
        #expect(parser.parse(), "the map is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.root == "svg")
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains("A1 row.flowMeter: ") && text.contains("class=\"wireframe\"") && text.contains("class=\"audit\""))

        let snapshot = try Snapshot(json: files[1].data)
        #expect(snapshot.screen == "Settings" && snapshot.nodes.contains { $0.id == "row.flowMeter" })

        let findings = try JSONDocument(parsing: Array(files[2].data))
        guard case .array(let items)? = findings.member("findings", of: findings.root).map({ findings[$0] }) else {
            Issue.record("no findings array"); return
        }
        let rules = items.compactMap { item -> String? in
            guard let r = findings.member("rule", of: item), case .string(let s) = findings[r] else { return nil }
            return s
        }
        #expect(rules.contains("A1"))
        #expect(findings.member("screen", of: findings.root).map { findings[$0] }.flatMap { if case .string(let s) = $0 { s } else { nil } } == "Settings")
    }

    @Test("A picture of the screen goes beside the map when the platform drew one; a passing screen attaches nothing unless .always; .never never")
    func policies() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47])
        #expect(try attachments(hollow: true, screenshot: png).map(\.name) == ["Settings.map.svg", "Settings.png", "Settings.snapshot.json", "Settings.findings.json"])
        #expect(try attachments(hollow: false).isEmpty)
        #expect(try attachments(hollow: false, policy: .always).count == 3)
        #expect(try attachments(hollow: true, policy: .never).isEmpty)
    }

    @Test("A capture that cannot be audited attaches the capture itself")
    func unreadableCapture() {
        var attached: [TappableAttachment] = []
        _ = recordedIssues {
            TappableAssertion.run(bundle: Data("{}".utf8), screen: "Broken screen", options: TappableOptions(), at: AssertionLocation(),
                                  attach: { attached += $0 })
        }
        #expect(attached.map(\.name) == ["Broken_screen.capture.json"] && attached.first?.data == Data("{}".utf8))
    }
}

/// The name of the document's root element.
final class ElementCollector: NSObject, XMLParserDelegate {
    var root: String?
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil { root = name }
    }
}
