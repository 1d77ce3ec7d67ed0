import Foundation
import TapJSON

/// Node and TypeScript, as `replay lint` finds them for TSX files: `node` on the
/// `PATH` (or where Homebrew and Debian put it), TypeScript in the project's
/// `node_modules` (the nearest above the first file), then the system's.
public struct ExpoToolchain: Sendable, Equatable {
    public let node: String
    public let typescript: String

    /// Why TSX files cannot be read on this machine, or the toolchain.
    public static func find(for files: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<ExpoToolchain, ExpoUnavailable> {
        guard let node = findNode(environment) else {
            return .failure(ExpoUnavailable(reason: "no `node` on the PATH (or none at REPLAY_LINT_NODE); install Node.js to lint @expo/ui/swift-ui code"))
        }
        guard let typescript = findTypeScript(for: files, environment) else {
            return .failure(ExpoUnavailable(reason: "TypeScript not found in the project's node_modules or the system's (npm install --save-dev typescript)"))
        }
        return .success(ExpoToolchain(node: node, typescript: typescript))
    }

    /// `REPLAY_LINT_NODE` names the Node to use (and, naming none that runs, none).
    static func findNode(_ environment: [String: String]) -> String? {
        if let chosen = environment["REPLAY_LINT_NODE"] { return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil }
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let places = path + ["/opt/homebrew/bin", "/usr/local/bin", "/usr/bin"]
        for dir in places {
            for name in ["node", "nodejs"] where FileManager.default.isExecutableFile(atPath: dir + "/" + name) {
                return dir + "/" + name
            }
        }
        return nil
    }

    /// `node_modules/typescript` in the folder of the first file or above it, then
    /// `NODE_PATH`, npm's global folders and Debian's `/usr/share/nodejs`.
    static func findTypeScript(for files: [String], _ environment: [String: String]) -> String? {
        let module = "typescript/lib/typescript.js"
        if let first = files.first {
            var dir = (LintConfiguration.absolute(first) as NSString).deletingLastPathComponent
            while true {
                let candidate = dir + "/node_modules/" + module
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
                let up = (dir as NSString).deletingLastPathComponent
                if up == dir || up.isEmpty { break }
                dir = up
            }
        }
        let system = (environment["NODE_PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/opt/homebrew/lib/node_modules", "/usr/local/lib/node_modules", "/usr/lib/node_modules", "/usr/share/nodejs"]
        return system.map { $0 + "/" + module }.first { FileManager.default.fileExists(atPath: $0) }
    }
}

/// TSX files cannot be read here: no Node, or no TypeScript.
public struct ExpoUnavailable: Error, Sendable, Equatable {
    public let reason: String
}

/// The view trees of TSX files, as the script prints them.
enum ExpoTree {
    /// Runs the script on `files` (all at once).
    /// - Returns: one JSON object per file, in order, or why the script failed.
    static func read(_ files: [String], with toolchain: ExpoToolchain) -> Result<[JSONValue], ExpoUnavailable> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: toolchain.node)
        process.arguments = ["-e", ExpoTreeScript.source]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            return .failure(ExpoUnavailable(reason: "cannot run \(toolchain.node): \(error.localizedDescription)"))
        }
        let request = JSONValue.object(["typescript": .string(toolchain.typescript), "files": .array(files.map { .string(LintConfiguration.absolute($0)) })])
        // stderr is read on its own thread, so neither pipe fills while the other is read.
        let stderrReader = errors.fileHandleForReading
        let errorText = Background { stderrReader.readDataToEndOfFile() }
        input.fileHandleForWriting.write(Data(request.serialized(.compact).utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = (try? errorText.value) ?? Data()
        guard process.terminationStatus == 0,
              let document = try? JSONDocument(parsing: data),
              case .array(let out)? = JSONValue(document, at: document.root)["files"], out.count == files.count else {
            let message = String(decoding: errorData, as: UTF8.self).split(separator: "\n").first { $0.contains("Error") } ?? "exit status \(process.terminationStatus)"
            return .failure(ExpoUnavailable(reason: "the TSX reader failed (\(toolchain.node), \(toolchain.typescript)): \(message)"))
        }
        return .success(out)
    }
}
