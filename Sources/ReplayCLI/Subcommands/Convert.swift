import ArgumentParser
import Converters
import Foundation
import TapModel

extension CaptureFormat: ExpressibleByArgument {}

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a capture bundle, SwiftUI debug data, recursiveDescription, XCUITest debugDescription or WebDriverAgent XML into a snapshot.",
        discussion: """
        The format is detected from the content unless --format is given. What the source cannot know (capture.limits) and the elements skipped are printed on stderr. A dump that cannot be read is exit status 2 with file and line (or JSON path); the other dumps of the call are still converted.

        Examples:
          replay convert Traces/builds/Settings.capture.json -o Settings.json
          replay convert Traces/builds/Settings.capture.json --screen Home
          replay convert Traces/builds/*.capture.json -o snapshots/
        """)

    @Argument(help: "Dump files to convert.") var dumps: [String]
    @Option(help: "The dump's format (default: detected from the content).") var format: CaptureFormat?
    @Option(help: "The screen name (default: the bundle's, else the file name).") var screen: String?
    @Option(help: ArgumentHelp("The window size when the dump does not tell it.", valueName: "WxH")) var size: String?
    @Option(name: .shortAndLong, help: ArgumentHelp("Output file (one dump) or folder (several; <dump name>.json each). Default: stdout.", valueName: "FILE")) var output: String?

    /// `-o` names a folder when it ends with `/` or is one.
    func isFolder(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue)
    }

    func parsedSize() throws -> (width: Double, height: Double)? {
        guard let size else { return nil }
        let parts = size.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w <= 100_000, h <= 100_000 else {
            throw ValidationError("--size must be WIDTHxHEIGHT in points, like 393x852")
        }
        return (w, h)
    }

    func validate() throws {
        _ = try parsedSize()
        if dumps.count > 1 {
            guard let output else { throw ValidationError("several dumps need -o FOLDER (one snapshot file each)") }
            guard isFolder(output) else {
                throw ValidationError("with several dumps, -o must be a folder (end it with /)")
            }
        }
    }

    func run() throws {
        var failed = false
        try runReportingInputErrors {
            let options = ConversionOptions(screen: screen, size: try parsedSize())
            for dump in dumps {
                do {
                    try convertOne(dump, options)
                } catch let e as InputError where dumps.count > 1 {
                    // One unreadable dump does not stop the others; the exit status says so.
                    Console.error(e.description)
                    failed = true
                }
            }
        }
        if failed { throw ExitCode(2) }
    }

    func convertOne(_ dump: String, _ options: ConversionOptions) throws {
        let conversion = try CaptureFiles.convert(dump, format: format, options: options)
        var destination = output
        if let folder = output, dumps.count > 1 || isFolder(folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw InputError("\(folder): cannot create the folder (\(reasonText(error)))")
            }
            destination = (folder as NSString).appendingPathComponent(CaptureFiles.stem(dump) + ".json")
        }
        let text = conversion.json
        if let destination {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: destination))
            } catch {
                throw InputError("\(destination): cannot write (\(reasonText(error)))")
            }
        } else {
            Console.out(text)
        }
        Console.progress(CaptureFiles.summary(dump, conversion, to: destination))
    }
}

/// Reading dump files for `convert` and `import`.
enum CaptureFiles {
    /// Converts one file; its errors become `file:line: message` input errors.
    static func convert(_ path: String, format: CaptureFormat?, options: ConversionOptions) throws -> Conversion {
        let data = try readInputFile(path, expected: "a dump file")
        do {
            return try Converter.convert(data, format: format, options: options, fallbackScreen: stem(path))
        } catch let e as CaptureError {
            throw InputError(e.located(in: path))
        }
    }

    /// `Settings.capture.json` → `Settings`.
    static func stem(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return String(name.split(separator: ".").first ?? Substring(name))
    }

    static func summary(_ dump: String, _ c: Conversion, to destination: String?) -> String {
        var lines = ["\(dump): \(c.from.rawValue), screen \(c.snapshot.screen), \(c.snapshot.nodes.count) nodes" + (destination.map { " → \($0)" } ?? "")]
        for w in c.warnings { lines.append("  warning: \(w)") }
        for l in c.limits { lines.append("  limit: \(l)") }
        return lines.joined(separator: "\n")
    }
}
