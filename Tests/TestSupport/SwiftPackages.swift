import Foundation

/// Runs `swift` on the sample packages of Tests/Fixtures (an app's package that
/// adds this repository), in a temporary folder of their own.
public enum SwiftPackages {
    public struct FixtureError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `swift` with `arguments` in `directory`; nil when it did not finish within `timeout` seconds.
    public static func run(_ arguments: [String], in directory: String, timeout: TimeInterval = 900) throws -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let log = URL(fileURLWithPath: directory).appendingPathComponent("swift-\(arguments.first ?? "run").log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                process.waitUntilExit()
                return nil
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }

    /// Tests/Fixtures/`name` copied into `temp`, its path dependency (`path: "../../.."`) pointed at this repository.
    /// - Returns: the copy's folder.
    public static func fixture(_ name: String, in temp: TemporaryFolder) throws -> String {
        let app = temp.path + "/" + name
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Tests/Fixtures/" + name, toPath: app)
        try? FileManager.default.removeItem(atPath: app + "/.build")
        let manifest = try String(contentsOfFile: app + "/Package.swift", encoding: .utf8)
        let pointed = manifest.replacingOccurrences(of: "path: \"../../..\"", with: "path: \"\(repositoryRoot)\"")
        guard pointed != manifest else { throw FixtureError(description: "\(name)'s path dependency is no longer `path: \"../../..\"`") }
        try pointed.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
        return app
    }

    /// The JSON object that `swift` printed after any notes before it.
    public static func json(_ output: String) throws -> [String: Any] {
        let text = output[(output.firstIndex(of: "{") ?? output.startIndex)...]
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw FixtureError(description: "not a JSON object: \(output.prefix(300))")
        }
        return object
    }
}
