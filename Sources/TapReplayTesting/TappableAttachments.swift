import AuditDocuments
import Foundation

/// One file `assertTappable` attaches to the test: its name, its uniform type
/// identifier, and its bytes.
public struct TappableAttachment: Sendable, Equatable {
    public var name: String
    /// `public.svg-image`, `public.png`, `public.json`.
    public var uniformType: String
    public var data: Data

    public init(name: String, uniformType: String, data: Data) {
        self.name = name; self.uniformType = uniformType; self.data = data
    }
}

/// What `assertTappable` attaches, so a reviewer sees a failure in Xcode's test
/// report (and the `.xcresult` bundle) without running it again: the screen's
/// map with the findings drawn on it (SVG), a picture of the screen (PNG, where
/// the platform can draw one), the snapshot the audit read and its findings
/// (`replay audit --json`'s shape), named after the screen (docs/testing.md,
/// "Attachments"). Built here, free of Apple's frameworks; `TestIssues.attach`
/// hands them to XCTest or Swift Testing.
public enum TappableAttachments {
    /// When to attach: on failure (the default: kept in the report with the failure), always, or never.
    public enum Policy: String, Sendable, CaseIterable { case onFailure, always, never }

    /// - Parameter screenshot: PNG bytes of the screen, when the platform drew them.
    public static func make(_ audit: TappableAudit, screenshot: Data? = nil) -> [TappableAttachment] {
        let name = fileName(audit.snapshot.screen)
        var out = [TappableAttachment(name: "\(name).map.svg", uniformType: "public.svg-image",
                                      data: Data(AuditMap.svg(audit.snapshot, result: audit.result).utf8))]
        if let screenshot { out.append(TappableAttachment(name: "\(name).png", uniformType: "public.png", data: screenshot)) }
        out.append(TappableAttachment(name: "\(name).snapshot.json", uniformType: "public.json", data: Data(audit.snapshotJSON.utf8)))
        out.append(TappableAttachment(name: "\(name).findings.json", uniformType: "public.json",
                                      data: Data(AuditJSON.json([audit.result]).utf8)))
        return out
    }

    /// The capture itself, when it could not be audited: the one thing there is to look at.
    public static func capture(_ bundle: Data, screen: String?) -> [TappableAttachment] {
        [TappableAttachment(name: "\(fileName(screen ?? "screen")).capture.json", uniformType: "public.json", data: bundle)]
    }

    /// Whether an assertion that `passed` attaches under `policy`.
    public static func wanted(_ policy: Policy, passed: Bool) -> Bool {
        switch policy {
        case .always: return true
        case .onFailure: return !passed
        case .never: return false
        }
    }

    /// A screen name as a file name: letters, digits, `-`, `_` and `.` kept, anything else `_`.
    static func fileName(_ screen: String) -> String {
        let kept = screen.unicodeScalars.map { c -> Character in
            CharacterSet.alphanumerics.contains(c) || c == "-" || c == "_" || c == "." ? Character(c) : "_"
        }
        let name = String(kept)
        return name.isEmpty ? "screen" : name
    }
}
