import Foundation

/// The revision a run records.
public enum Revision {
    /// The CI's commit variable, else `git rev-parse HEAD`, else nil.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for key in ["GITHUB_SHA", "CI_COMMIT_SHA", "BUILDKITE_COMMIT", "CIRCLE_SHA1", "GIT_COMMIT", "TRAVIS_COMMIT", "BITBUCKET_COMMIT"] {
            if let v = environment[key], !v.isEmpty { return v }
        }
        return git(["rev-parse", "HEAD"])
    }

    /// What `git ARGUMENTS` prints, trimmed; nil when git is missing, fails, or prints nothing.
    public static func git(_ arguments: [String]) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git"] + arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
