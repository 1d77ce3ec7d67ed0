import Foundation

/// Whether python3 with the `jsonschema` package can run here (CI installs it), and
/// validation of a JSON file against a JSON schema (SARIF 2.1.0's, in the tests).
public enum SchemaValidator {
    public static let python: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(dir)/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    public static let available: Bool = {
        guard let python else {
            print("SARIF schema test skipped: python3 is not on PATH")
            return false
        }
        let ok = (try? run(python, ["-c", "import jsonschema"]))?.status == 0
        if !ok { print("SARIF schema test skipped: python3 has no jsonschema (pip install jsonschema)") }
        return ok
    }()

    /// SARIF 2.1.0's schema, as OASIS publishes it, kept in the lint tests' resources.
    public static var sarifSchema: String { repositoryRoot + "/Tests/SourceLintTests/Resources/sarif-schema-2.1.0.json" }

    /// Validates `file` against `schema` (draft 4, formats checked): status 0, or 1 with one error a line.
    public static func validate(_ file: String, schema: String) throws -> (status: Int32, output: String) {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            doc = json.load(open(sys.argv[2]))
            v = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
            errors = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
            for e in errors: print("/".join(map(str, e.path)), e.message)
            sys.exit(1 if errors else 0)
            """
        return try run(python ?? "python3", ["-c", script, schema, file])
    }

    public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
