import Foundation
import TapReplayCapture
import TestSupport
import Testing

@Suite("What the kit records for the touch-binding profile: app.sdk and device.os")
struct CaptureEnvironmentTests {
    @Test("app.sdk from Info.plist DTSDKName: iphoneos26.0 is iOS 26.0, simulators and other platforms likewise; a name without a known platform and version gives none",
          arguments: [
              ("iphoneos26.0", "iOS 26.0"), ("iphonesimulator18.2", "iOS 18.2"), ("iphoneos17.4", "iOS 17.4"),
              ("xros2.0", "visionOS 2.0"), ("xrsimulator26.1", "visionOS 26.1"), ("macosx15.2", "macOS 15.2"),
              ("appletvos18.0", "tvOS 18.0"), ("watchsimulator11.0", "watchOS 11.0"), ("iPhoneOS26.0", "iOS 26.0"),
          ])
    func sdkName(_ name: String, _ expected: String) {
        #expect(CaptureEnvironment.sdk(fromDTSDKName: name) == expected)
    }

    @Test("DTSDKName that is not a platform and a version is not guessed",
          arguments: ["", "iphoneos", "iphoneos26.0.internal", "android14", "iphoneos26..0", "26.0", "iphoneos 26.0"])
    func sdkNameRejected(_ name: String) {
        #expect(CaptureEnvironment.sdk(fromDTSDKName: name) == nil)
    }

    @Test("device.os: UIDevice's name and version; iPadOS and the old iPhone OS are written iOS (same versions, same SwiftUI)")
    func osName() {
        #expect(CaptureEnvironment.os(systemName: "iOS", systemVersion: "18.1") == "iOS 18.1")
        #expect(CaptureEnvironment.os(systemName: "iPadOS", systemVersion: "26.0") == "iOS 26.0")
        #expect(CaptureEnvironment.os(systemName: "iPhone OS", systemVersion: "9.3.5") == "iOS 9.3.5")
        #expect(CaptureEnvironment.os(systemName: "visionOS", systemVersion: "2.0") == "visionOS 2.0")
        #expect(CaptureEnvironment.os(systemName: "macOS", systemVersion: "15.1") == "macOS 15.1")
        #expect(CaptureEnvironment.os(systemName: "iOS", systemVersion: "") == nil)
        #expect(CaptureEnvironment.os(systemName: "iOS", systemVersion: "beta") == nil)
    }

    @Test("The Info.plist gives the app's id, version, build and SDK")
    func infoDictionary() {
        let e = CaptureEnvironment(infoDictionary: ["CFBundleIdentifier": "com.example.flow", "CFBundleShortVersionString": "3.2.0",
                                                    "CFBundleVersion": "512", "DTSDKName": "iphonesimulator26.0"],
                                   deviceModel: "iPhone17,3", os: "iOS 26.0", scale: 3, width: 402, height: 874)
        #expect(e.appID == "com.example.flow" && e.appVersion == "3.2.0" && e.appBuild == "512" && e.appSDK == "iOS 26.0")
        let none = CaptureEnvironment(infoDictionary: [:], deviceModel: nil, os: nil, scale: nil, width: nil, height: nil)
        #expect(none.appSDK == nil && none.appID == nil)
    }

    @MainActor @Test("The bundle carries app.sdk and device.os")
    func bundleCarriesThem() throws {
        let window = FakeView("UIWindow", [0, 0, 393, 852])
        let data = try CaptureBundleWriter.data(screen: "Settings", windows: [window], environment: environment, capturedAt: Date())
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((top["app"] as? [String: Any])?["sdk"] as? String == "iOS 26.0")
        #expect((top["device"] as? [String: Any])?["os"] as? String == "iOS 18.1")
    }

    @Test("The trace header carries app.sdk and device.os, and the trace reader still accepts it")
    func traceHeaderCarriesThem() throws {
        let (temp, rec) = temporaryRecorder()
        defer { withExtendedLifetime(temp) {} }
        rec.setScreen("Settings", at: 5)
        rec.record([TouchSample(touch: 1, phase: .began, x: 1, y: 1)], at: 5.1)
        rec.record([TouchSample(touch: 1, phase: .ended, x: 1, y: 1)], at: 5.2)
        rec.stop()
        let url = try #require(rec.files.first)
        let header = try #require(try jsonLines(url).first)
        #expect((header["app"] as? [String: Any])?["sdk"] as? String == "iOS 26.0")
        #expect((header["device"] as? [String: Any])?["os"] as? String == "iOS 18.1")
        let (h, _) = try readTrace(url)
        #expect(h.os == "iOS 18.1")
    }
}
