import TapJSON
import TestSupport
import Foundation
import TapModel

/// Runs the built `replay` executable and captures what it prints.
struct Replay {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var json: JSONDocument? { try? JSONDocument(parsing: stdout) }
    }

    /// The `replay` built beside the test bundle.
    static var executable: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("replay")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/replay")
    }

    /// The repository root (for the example data).
    static var root: String { repositoryRoot }

    static func start(_ arguments: [String], cwd: String? = nil, env: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "REPLAY_DB")
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        return (p, out, err)
    }

    @discardableResult
    static func run(_ arguments: [String], cwd: String? = nil, env: [String: String] = [:]) throws -> Result {
        let (p, out, err) = try start(arguments, cwd: cwd, env: env)
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return Result(status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A temporary folder removed when the value goes away.
/// A temporary folder whose database is `e2e.sqlite`.
typealias Scratch = TemporaryFolder

extension JSONDocument {
    /// The value at a dotted path of object keys and array indices (`handler.node`, `targets.0.own`).
    func at(_ path: String) -> JSONDocument.Value? {
        var v = root
        for part in path.split(separator: ".") {
            if let i = Int(part) {
                guard case .array(let items) = self[v], i < items.count else { return nil }
                v = items[i]
            } else {
                guard let m = member(String(part), of: v) else { return nil }
                v = m
            }
        }
        return self[v]
    }

    func string(_ path: String) -> String? { if case .string(let s)? = at(path) { return s }; return nil }
    func number(_ path: String) -> Double? { if case .number(let d)? = at(path) { return d }; return nil }
    func isNull(_ path: String) -> Bool { if case .null? = at(path) { return true }; return false }
    func count(_ path: String) -> Int? {
        switch at(path) {
        case .array(let a)?: return a.count
        case .object(let m)?: return m.count
        default: return nil
        }
    }
    func keys(_ path: String = "") -> [String] {
        let v = path.isEmpty ? root : nil
        if let v, case .object(let m) = self[v] { return m.map(\.key) }
        if case .object(let m)? = at(path) { return m.map(\.key) }
        return []
    }
}
