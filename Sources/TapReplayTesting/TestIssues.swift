import Foundation
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where an assertion is written: XCTest and Swift Testing show its failures there.
public struct AssertionLocation: Sendable {
    public var fileID: StaticString
    public var filePath: StaticString
    public var line: UInt
    public var column: UInt

    public init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.fileID = fileID; self.filePath = filePath; self.line = line; self.column = column
    }

    /// The folder of the test file (waivers files and record mode's files are found from it).
    public var folder: URL { URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent() }
}

/// Reports a failure the way the running test framework shows one.
///
/// **Decision: which framework is running.** Swift Testing when `Test.current`
/// is set (the body of a `@Test`, and every task it starts with structured
/// concurrency), else XCTest (`XCTFail`). A detached task started from a Swift
/// Testing test has no `Test.current`: its failures go to `XCTFail`, which
/// Swift Testing records too where it has its XCTest interoperability
/// (announced at WWDC 2026); before it, XCTest has no test to give them to.
public enum TestIssues {
    /// The framework a failure goes to right now.
    public enum Framework: Sendable, Equatable { case swiftTesting, xcTest, none }

    public static var running: Framework {
        #if canImport(Testing)
        if Test.current != nil { return .swiftTesting }
        #endif
        #if canImport(XCTest)
        return .xcTest
        #else
        return .none
        #endif
    }

    /// Records one failure at `location`.
    public static func fail(_ message: String, at location: AssertionLocation) {
        switch running {
        case .swiftTesting:
            #if canImport(Testing)
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: "\(location.fileID)", filePath: "\(location.filePath)",
                                                        line: Int(location.line), column: Int(location.column)))
            #endif
        case .xcTest:
            #if canImport(XCTest)
            XCTFail(message, file: location.filePath, line: location.line)
            #endif
        case .none:
            FileHandle.standardError.write(Data("\(location.filePath):\(location.line): error: \(message)\n".utf8))
        }
    }

    /// Attaches files to the running test: Swift Testing's `Attachment.record`, or XCTest's
    /// `XCTAttachment`s in one activity (`XCTestAttachments`). Where neither framework can
    /// hold them (XCTest on Linux), their names go to the log.
    public static func attach(_ attachments: [TappableAttachment], at location: AssertionLocation) {
        guard !attachments.isEmpty else { return }
        switch running {
        case .swiftTesting:
            #if canImport(Testing)
            let source = SourceLocation(fileID: "\(location.fileID)", filePath: "\(location.filePath)",
                                        line: Int(location.line), column: Int(location.column))
            for a in attachments { Attachment.record([UInt8](a.data), named: a.name, sourceLocation: source) }
            #endif
        case .xcTest:
            #if canImport(XCTest) && canImport(Darwin)
            XCTestAttachments.add(attachments)
            #else
            log("assertTappable: XCTest here cannot hold attachments; not attached: \(attachments.map(\.name).joined(separator: ", "))")
            #endif
        case .none:
            log("assertTappable: no test is running; not attached: \(attachments.map(\.name).joined(separator: ", "))")
        }
    }

    /// Writes to the test's log: standard error, where Swift Testing and Apple's
    /// XCTest write their failures, at once (unbuffered), so that it stays right
    /// before the failures it explains even when a runner (`swift test`)
    /// relays standard output and standard error through two pipes.
    public static func log(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}

#if canImport(XCTest) && canImport(Darwin)
/// XCTest's half of `TestIssues.attach`: one activity holding every file, each kept
/// even when the test passes (`lifetime = .keepAlways`). XCTest runs tests on the main
/// thread; called elsewhere, the names go to the log instead.
enum XCTestAttachments {
    static func add(_ attachments: [TappableAttachment]) {
        guard Thread.isMainThread else {
            TestIssues.log("assertTappable: not on the main thread, so not attached: \(attachments.map(\.name).joined(separator: ", "))")
            return
        }
        MainActor.assumeIsolated {
            XCTContext.runActivity(named: "assertTappable: \(attachments[0].name)") { activity in
                for a in attachments {
                    let attachment = XCTAttachment(data: a.data, uniformTypeIdentifier: a.uniformType)
                    attachment.name = a.name
                    attachment.lifetime = .keepAlways
                    activity.add(attachment)
                }
            }
        }
    }
}
#endif
