import Foundation
import TapModel

/// What differs between SwiftUI releases in how a touch binds (docs/snapshot.md, S9 "Profiles"):
/// a handful of parameters, never a fork of the engine. Every output names the
/// profile it used.
public struct TouchProfile: Sendable, Hashable, CustomStringConvertible {
    public enum Name: String, Sendable, CaseIterable {
        case ios17, ios18, ios26, ios26SDK = "ios26-sdk"
    }

    /// How a child's score must compare with the threshold max(8, 1.2 × runner-up).
    public enum Threshold: Sendable, Hashable {
        /// best ≥ max(8, 1.2 × runner-up) (iOS 17, iOS 18).
        case atLeast
        /// best > max(8, 1.2 × runner-up) (iOS 26, apps built with an earlier SDK).
        case above
        /// Any positive score: the best child always wins (iOS 26 SDK).
        case anyPositive
    }

    public let name: Name
    /// Below this opacity a responder takes no touches (it is `> 0` on iOS 17).
    public let minimumOpacity: Double
    /// iOS 17: any opacity above 0 binds as 1, in scores and claims.
    public let opacityAboveZeroBindsAsOne: Bool
    /// iOS 26+: a child below the minimum opacity is left out of its container's region.
    public let translucentLeftOutOfUnion: Bool
    public let threshold: Threshold
    /// iOS 26 SDK: containers pass through (a touch no leaf, shape or platform view scores binds nothing).
    public let containersPassThrough: Bool

    public static let ios17 = TouchProfile(name: .ios17, minimumOpacity: 0, opacityAboveZeroBindsAsOne: true,
                                           translucentLeftOutOfUnion: false, threshold: .atLeast, containersPassThrough: false)
    public static let ios18 = TouchProfile(name: .ios18, minimumOpacity: 0.001, opacityAboveZeroBindsAsOne: false,
                                           translucentLeftOutOfUnion: false, threshold: .atLeast, containersPassThrough: false)
    public static let ios26 = TouchProfile(name: .ios26, minimumOpacity: 0.001, opacityAboveZeroBindsAsOne: false,
                                           translucentLeftOutOfUnion: true, threshold: .above, containersPassThrough: false)
    public static let ios26SDK = TouchProfile(name: .ios26SDK, minimumOpacity: 0.001, opacityAboveZeroBindsAsOne: false,
                                              translucentLeftOutOfUnion: true, threshold: .anyPositive, containersPassThrough: true)

    public static let all: [TouchProfile] = [.ios17, .ios18, .ios26, .ios26SDK]
    /// Where nothing says otherwise (the strongest evidence: OpenSwiftUI's audited iOS 18.5).
    public static let `default` = TouchProfile.ios18

    public var description: String { name.rawValue }

    /// The profile named `text` (`ios17`, `ios18`, `ios26`, `ios26-sdk`), or nil.
    public static func named(_ text: String) -> TouchProfile? {
        all.first { $0.name.rawValue == text.lowercased() }
    }

    /// Whether a child with score `best` takes the touch against a runner-up scoring `runnerUp`.
    @inline(__always) func wins(_ best: Double, over runnerUp: Double) -> Bool {
        switch threshold {
        case .atLeast: return best >= max(8, runnerUp * 1.2)
        case .above: return best > max(8, runnerUp * 1.2)
        case .anyPositive: return best > 0
        }
    }

    /// The score a child needs against a runner-up scoring `runnerUp` (any positive one on `ios26-sdk`).
    public func needed(against runnerUp: Double) -> Double {
        threshold == .anyPositive ? 0 : max(8, runnerUp * 1.2)
    }

    /// Whether the 1.2 × runner-up part of the threshold is what `best` failed (the two are
    /// within 20 % of each other): the touch is ambiguous between them.
    func isTooClose(_ best: Double, to runnerUp: Double) -> Bool {
        switch threshold {
        case .atLeast: return runnerUp > 0 && best < runnerUp * 1.2
        case .above: return runnerUp > 0 && best <= runnerUp * 1.2
        case .anyPositive: return false
        }
    }

    /// The opacity a responder binds with, or nil when it takes no touches at all.
    @inline(__always) func bindingOpacity(_ opacity: Double) -> Double? {
        if opacity <= 0 { return nil }
        if opacityAboveZeroBindsAsOne { return 1 }
        return opacity < minimumOpacity ? nil : opacity
    }
}

/// How the profile of a snapshot was chosen, for the outputs that name it.
public struct ProfileChoice: Sendable, Equatable {
    public let profile: TouchProfile
    /// `--profile`, `device.os iOS 18.1`, `device.os iOS 26.0 and app.sdk iOS 26.0`, or `the default`.
    public let because: String
    /// A note for stderr when `device.os` or `app.sdk` could not be read.
    public let note: String?

    /// The profile for a snapshot: `requested` (`--profile`), else from its `device.os` and
    /// `app.sdk` (docs/snapshot.md, S9 "Profiles"), else `ios18`.
    public init(requested: TouchProfile?, os: String?, sdk: String?) {
        if let requested {
            profile = requested; because = "--profile"; note = nil
            return
        }
        var notes: [String] = []
        let osVersion = os.flatMap { text -> Int? in
            let v = ProfileChoice.majorVersion(text)
            if v == nil { notes.append("device.os '\(text)' is not an iOS version") }
            return v
        }
        let sdkVersion = sdk.flatMap { text -> Int? in
            let v = ProfileChoice.majorVersion(text)
            if v == nil { notes.append("app.sdk '\(text)' is not an iOS SDK version") }
            return v
        }
        note = notes.isEmpty ? nil : notes.joined(separator: "; ") + ": the default profile \(TouchProfile.default) is used"
        guard let v = osVersion, let os else {
            profile = .default; because = "the default"
            return
        }
        if v < 18 {
            profile = .ios17; because = "device.os \(os)"
        } else if v < 26 {
            profile = .ios18; because = "device.os \(os)"
        } else if let s = sdkVersion, let sdk, s >= 26 {
            profile = .ios26SDK; because = "device.os \(os) and app.sdk \(sdk)"
        } else {
            profile = .ios26; because = sdk == nil || sdkVersion == nil ? "device.os \(os)" : "device.os \(os) and app.sdk \(sdk!)"
        }
    }

    /// The major version of `iOS 18.1`, `18.1`, `iPadOS 26`, `iphoneos26.0`, `iphonesimulator17.5`; nil otherwise.
    static func majorVersion(_ text: String) -> Int? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
        for prefix in ["iphonesimulator", "iphoneos", "ipados", "ios"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            break
        }
        rest = rest.drop { $0 == " " }
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3, let v = Int(digits) else { return nil }
        let after = rest.dropFirst(digits.count)
        guard after.isEmpty || after.first == "." else { return nil }
        return v
    }
}

// MARK: - S17 (Rules/S17ButtonStyles.swift)

extension TouchProfile {
    /// S17: whether Button styles that fill their frame do so under this profile (not `ios17`).
    public var buttonStylesFillFrame: Bool { name != .ios17 }
}
