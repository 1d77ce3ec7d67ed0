import Foundation

/// The app and device a capture or trace comes from. `app.sdk` and `device.os`
/// choose the touch-binding profile when the touches are replayed, so the kit
/// fills both (docs/snapshot.md, S9 "Profiles").
public struct CaptureEnvironment: Sendable, Equatable {
    public var appID: String?
    public var appVersion: String?
    public var appBuild: String?
    /// The SDK the app was built with, `iOS 26.0` (from Info.plist `DTSDKName`).
    public var appSDK: String?
    public var deviceModel: String?
    /// The running system, `iOS 18.1`.
    public var os: String?
    public var scale: Double?
    public var width: Double?
    public var height: Double?

    public init(appID: String? = nil, appVersion: String? = nil, appBuild: String? = nil, appSDK: String? = nil,
                deviceModel: String? = nil, os: String? = nil, scale: Double? = nil, width: Double? = nil, height: Double? = nil) {
        self.appID = appID; self.appVersion = appVersion; self.appBuild = appBuild; self.appSDK = appSDK
        self.deviceModel = deviceModel; self.os = os; self.scale = scale; self.width = width; self.height = height
    }

    /// The app's id, version, build and SDK from its Info.plist (`Bundle.main.infoDictionary`).
    public init(infoDictionary info: [String: Any], deviceModel: String?, os: String?, scale: Double?, width: Double?, height: Double?) {
        self.init(appID: info["CFBundleIdentifier"] as? String, appVersion: info["CFBundleShortVersionString"] as? String,
                  appBuild: info["CFBundleVersion"] as? String,
                  appSDK: (info["DTSDKName"] as? String).flatMap(CaptureEnvironment.sdk(fromDTSDKName:)),
                  deviceModel: deviceModel, os: os, scale: scale, width: width, height: height)
    }

    /// Xcode's SDK name as the snapshot writes it: `iphoneos26.0` and
    /// `iphonesimulator26.0` → `iOS 26.0`, `xros2.0` → `visionOS 2.0`,
    /// `macosx15.2` → `macOS 15.2`. Nil when the name is not a known platform
    /// followed by a version (the profile is then chosen without it).
    public static func sdk(fromDTSDKName name: String) -> String? {
        let platforms: [(prefix: String, name: String)] = [
            ("iphonesimulator", "iOS"), ("iphoneos", "iOS"), ("xrsimulator", "visionOS"), ("xros", "visionOS"),
            ("appletvsimulator", "tvOS"), ("appletvos", "tvOS"), ("watchsimulator", "watchOS"), ("watchos", "watchOS"),
            ("macosx", "macOS"), ("driverkit", "DriverKit"),
        ]
        let lower = name.lowercased()
        guard let platform = platforms.first(where: { lower.hasPrefix($0.prefix) }) else { return nil }
        let version = String(lower.dropFirst(platform.prefix.count))
        guard isVersion(version) else { return nil }
        return "\(platform.name) \(version)"
    }

    /// `UIDevice`'s system name and version as the snapshot writes them: `iOS 18.1`.
    /// iPads report `iPadOS` and old systems `iPhone OS`: both are written `iOS`,
    /// since they share iOS's version numbers and its SwiftUI (the profiles are
    /// keyed on them). Nil when the version is not a version.
    public static func os(systemName: String, systemVersion: String) -> String? {
        let version = systemVersion.trimmingCharacters(in: .whitespaces)
        guard isVersion(version) else { return nil }
        let names: [String: String] = ["ios": "iOS", "ipados": "iOS", "iphone os": "iOS", "xros": "visionOS", "visionos": "visionOS",
                                       "tvos": "tvOS", "watchos": "watchOS", "macos": "macOS", "mac os x": "macOS"]
        let trimmed = systemName.trimmingCharacters(in: .whitespaces)
        let name = names[trimmed.lowercased()] ?? trimmed
        return name.isEmpty ? nil : "\(name) \(version)"
    }

    /// `26`, `18.1`, `17.0.1`: digits separated by single dots.
    static func isVersion(_ s: String) -> Bool {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        return !s.isEmpty && parts.count <= 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    var appJSON: [String: Any] {
        var a: [String: Any] = [:]
        if let appID { a["id"] = appID }
        if let appVersion { a["version"] = appVersion }
        if let appBuild { a["build"] = appBuild }
        if let appSDK { a["sdk"] = appSDK }
        return a
    }

    var deviceJSON: [String: Any] {
        var d: [String: Any] = [:]
        if let deviceModel { d["model"] = deviceModel }
        if let os { d["os"] = os }
        if let scale, scale.isFinite { d["scale"] = scale }
        if let width, width.isFinite { d["width"] = width }
        if let height, height.isFinite { d["height"] = height }
        return d
    }
}
