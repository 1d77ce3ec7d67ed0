import Foundation
import TapReplayCapture
import TestSupport
import Testing

/// The README's settings screen as the capture kit recorded it
/// (Traces/builds/Settings.capture.json: iOS 18 spellings, identifiers on the
/// rows): every row has `contentShape(Rectangle())` before its gesture, the
/// good build. `hollow` takes it off the Flow Meter row, as in the example app.
enum SettingsCapture {
    static let file = repositoryRoot + "/Traces/builds/Settings.capture.json"

    static func bundle(hollowFlowMeter hollow: Bool) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        var bundle = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        guard hollow else { return bundle }
        var windows = try #require(bundle["windows"] as? [[String: Any]])
        var hosts = try #require(windows[0]["subviews"] as? [[String: Any]])
        let payload = try #require(hosts[0]["swiftUI"] as? [Any])
        var removed = 0
        hosts[0]["swiftUI"] = payload.map { removeContentShape(in: $0, underRow: "row.flowMeter", inRow: false, removed: &removed) }
        try #require(removed == 1, "the Flow Meter row of \(file) has no contentShape to remove")
        windows[0]["subviews"] = hosts
        bundle["windows"] = windows
        return bundle
    }

    static func data(hollowFlowMeter hollow: Bool) throws -> Data {
        try JSONSerialization.data(withJSONObject: try bundle(hollowFlowMeter: hollow), options: [.sortedKeys])
    }

    /// The key window the kit would walk on the simulator, built from the bundle.
    @MainActor static func window(hollowFlowMeter hollow: Bool) throws -> FakeView {
        let windows = try #require(try bundle(hollowFlowMeter: hollow)["windows"] as? [[String: Any]])
        return try FakeView(bundleView: windows[0])
    }

    /// The app and device of the bundle: an iPhone 15 on iOS 18.1.
    static let environment = CaptureEnvironment(appID: "com.example.flow", appVersion: "3.2.0", appBuild: "512", deviceModel: "iPhone16,1",
                                                os: "iOS 18.1", scale: 3, width: 393, height: 852)

    /// A `_ContentShapeModifier` node inside the accessibility node of `row` is replaced by its content (its last child).
    static func removeContentShape(in node: Any, underRow row: String, inRow: Bool, removed: inout Int) -> Any {
        guard var object = node as? [String: Any] else { return node }
        let type = ((object["properties"] as? [[String: Any]])?.first { ($0["id"] as? Int) == 0 }?["attribute"] as? [String: Any])?["readableType"] as? String ?? ""
        let properties = (try? JSONSerialization.data(withJSONObject: object["properties"] ?? [])).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let here = inRow || (type == "AccessibilityAttachmentModifier" && properties.contains("\"\(row)\""))
        if here, type.hasPrefix("_ContentShapeModifier"), let content = (object["children"] as? [Any])?.last {
            removed += 1
            return removeContentShape(in: content, underRow: row, inRow: here, removed: &removed)
        }
        if let children = object["children"] as? [Any] {
            object["children"] = children.map { removeContentShape(in: $0, underRow: row, inRow: here, removed: &removed) }
        }
        return object
    }
}

/// Every issue `body` records, kept as known issues so that the test itself passes.
func recordedIssues(_ body: () -> Void) -> [Issue] {
    let box = IssueBox()
    withKnownIssue {
        body()
    } matching: { issue in
        box.append(issue)
        return true
    }
    return box.issues
}

final class IssueBox: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Issue] = []
    func append(_ issue: Issue) { lock.lock(); list.append(issue); lock.unlock() }
    var issues: [Issue] { lock.lock(); defer { lock.unlock() }; return list }
}

extension Issue {
    /// The text the issue was recorded with.
    var text: String { comments.map(\.rawValue).joined(separator: "\n") }
}
