import Audit
import Converters
import Foundation
import TapJSON
import TapModel

/// What `assertTappable` saw and found on one screen.
public struct TappableAudit: Sendable {
    /// The screen as the audit saw it: the capture converted by the code of
    /// `replay convert`, exactly what record mode writes.
    public var snapshot: Snapshot
    /// Every finding, waived ones marked, as `replay audit` lists them.
    public var result: AuditResult
    /// What failed the assertion besides findings: a capture that cannot be
    /// audited, a bad option or waivers file, a baseline record mode wrote.
    public var problems: [String]
    /// What the log says besides findings: capture limits, converter warnings,
    /// stale waivers, options that do not apply yet, files written.
    public var notes: [String]
    /// The files record mode wrote.
    public var recorded: [String]
    /// The snapshot as JSON, as `replay convert` writes it (what record mode writes and the attachments hold).
    public var snapshotJSON: String = ""

    /// The findings that fail the assertion: unwaived errors, as `replay audit` exits 1 on them.
    public var failures: [AuditFinding] { result.findings.filter(\.fails) }
    public var passed: Bool { failures.isEmpty && problems.isEmpty }

    /// The failing findings whose target's frame holds the point (window points): in a UI
    /// test, the failures of the row under an element (`element.frame.midX`, `.midY`).
    public func failures(atX x: Double, y: Double) -> [AuditFinding] {
        failures.filter { $0.frame.contains(Point(x, y)) }
    }

    /// What chose the touch-binding profile: the simulator's system and the SDK the app was built with.
    public var device: String {
        var parts = ["device.os \(snapshot.device.os ?? "unknown")"]
        if let sdk = snapshot.app.sdk { parts.append("app.sdk \(sdk)") }
        return parts.joined(separator: ", ")
    }
}

/// The core of `assertTappable`, free of Apple's frameworks: a capture bundle
/// in, converted by `replay convert`'s code (module Converters), audited by
/// `replay audit`'s (`Auditor.audit`, every rule of `AuditRules.all` not
/// skipped), waivers applied, and record mode's files written.
public enum TappableAuditor {
    /// Audits the capture bundle `bundle`.
    /// - Parameters:
    ///   - screen: the screen name; nil: the bundle's.
    ///   - testFolder: the folder of the test file (waivers files and record mode's files are found from it).
    ///   - environment: the process environment (`REPLAY_RECORD`).
    /// - Returns: the audit, or the problems that kept it from running.
    public static func audit(bundle: Data, screen: String?, options: TappableOptions, testFolder: URL,
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<TappableAudit, Problems> {
        var problems = Problems()
        let rules = checkOptions(options, into: &problems)
        let waivers = options.waivers + loadWaivers(options.waiversFile, testFolder: testFolder, into: &problems)
        let conversion: Conversion
        do {
            conversion = try Converter.convert(bundle, format: .tapreplayCapture, options: ConversionOptions(screen: screen))
        } catch {
            problems.append("the capture could not be converted: \(error)")
            return .failure(problems)
        }
        var snapshot = conversion.snapshot
        if snapshot.app.sdk == nil { snapshot.app.sdk = BundleHeader.appSDK(bundle) }
        problems.messages += hostingViewsWithoutDebugData(snapshot)

        var settings = AuditSettings(minSize: options.minSize.isFinite && options.minSize > 0 ? options.minSize : 44)
        if let r = options.touchRadius, r.isFinite, r >= 0 { settings.hit.touchRadius = r }
        if let p = options.minimumPredictedSuccess, p.isFinite, (0...1).contains(p) {
            // A10 fails a target whose predicted success is below p: its error threshold is the failure 1 − p,
            // taken just above so that a target predicted at exactly p (to the 4 decimals reported) passes.
            settings.failureError = min(1, 1 - p + 0.00005)
            settings.failureWarning = min(settings.failureWarning, settings.failureError)
        }
        let result = Auditor.audit(snapshot, settings: settings, rules: rules, waivers: waivers)

        var notes = conversion.warnings.map { "convert: warning: \($0)" }
        if !conversion.limits.isEmpty { notes.append("capture limits: " + conversion.limits.joined(separator: "; ")) }
        for w in Waiver.unused(waivers, in: [result]) {
            notes.append("the waiver for \(w.rule) on \(w.node) matches no finding; remove it if the problem is fixed")
        }
        let json = conversion.json(for: snapshot)
        var audit = TappableAudit(snapshot: snapshot, result: result, problems: problems.messages, notes: notes, recorded: [], snapshotJSON: json)
        TappableRecorder.record(&audit, json: json, settings: settings, options: options,
                                testFolder: testFolder, environment: environment)
        return .success(audit)
    }

    /// Problems that keep an audit from running or make it fail.
    public struct Problems: Error, Sendable {
        public var messages: [String] = []
        mutating func append(_ message: String) { messages.append(message) }
    }

    /// The rules to run, once the options are checked: skip ids and numbers.
    static func checkOptions(_ options: TappableOptions, into problems: inout Problems) -> [any AuditRule.Type] {
        let ids = AuditRules.all.map { rule in rule.id }
        for id in options.skip.sorted() where !ids.contains(id) {
            var message = "options.skip: unknown rule '\(id.clipped)'"
            if let near = Suggestion.nearest(id, among: ids) { message += " (did you mean '\(near)'?)" }
            problems.append(message + "; the rules are \(ids.joined(separator: ", "))")
        }
        if !(options.minSize.isFinite && options.minSize > 0) {
            problems.append("options.minSize must be a number of points > 0 (it is \(options.minSize)); 44 was used")
        }
        if let r = options.touchRadius, !(r.isFinite && r >= 0) {
            problems.append("options.touchRadius must be a number of points ≥ 0 (it is \(r)); the default was used")
        }
        if let p = options.minimumPredictedSuccess, !(p.isFinite && (0...1).contains(p)) {
            problems.append("options.minimumPredictedSuccess must be a fraction between 0 and 1 (it is \(p))")
        }
        return AuditRules.all.filter { !options.skip.contains($0.id) }
    }

    /// The waivers of `options.waiversFile`, read as `replay audit --waivers` reads them.
    static func loadWaivers(_ file: String?, testFolder: URL, into problems: inout Problems) -> [Waiver] {
        guard let file else { return [] }
        let path = resolve(file, from: testFolder)
        guard let data = FileManager.default.contents(atPath: path) else {
            problems.append("\(path): cannot read the waivers file")
            return []
        }
        do {
            return try Waiver.parse(String(decoding: data, as: UTF8.self))
        } catch let e as WaiverError {
            problems.append(e.located(in: path))
        } catch {
            problems.append("\(path): \(error)")
        }
        return []
    }

    /// `path`, or `path` taken from `folder` when it is relative.
    static func resolve(_ path: String, from folder: URL) -> String {
        path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardized.path
    }

    /// A hosting view whose SwiftUI content came without its debug data is one opaque
    /// view to the engine (no SwiftUI node under it): an audit of it would pass
    /// whatever the content does.
    static func hostingViewsWithoutDebugData(_ snapshot: Snapshot) -> [String] {
        let bare = snapshot.nodes.filter { host in
            host.type == "UIHostingView" && !host.children.contains { snapshot.nodes[$0].system == .swiftui }
        }
        guard !bare.isEmpty else { return [] }
        return ["SwiftUI kept no debug data for \(bare.map(\.id).joined(separator: ", ")), so its content cannot be audited: "
            + "set SWIFTUI_VIEW_DEBUG=31 in the test's environment before the first SwiftUI view is built "
            + "(the scheme's Test action, Arguments, Environment Variables; a UI test: app.prepareForAssertTappable() before launch)"]
    }
}

extension Conversion {
    /// `json` for a snapshot changed after the conversion.
    func json(for snapshot: Snapshot) -> String {
        var copy = self
        copy.snapshot = snapshot
        return copy.json
    }
}

/// What `replay convert` does not carry over from a bundle's header yet.
enum BundleHeader {
    /// `app.sdk` of a capture bundle (the SDK the app was built with), which chooses the touch-binding profile.
    static func appSDK(_ bundle: Data) -> String? {
        guard let top = try? JSONSerialization.jsonObject(with: bundle) as? [String: Any] else { return nil }
        return (top["app"] as? [String: Any])?["sdk"] as? String
    }
}
