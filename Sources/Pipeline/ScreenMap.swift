import Foundation
import SessionRecordings
import TapJSON
import TapModel
import TraceStore

/// `replay import --screen-map FILE`: a recording's screen names → the team's snapshot screens,
/// so a visit of `SettingsViewController` is stored as a trace of screen `Settings` and replayed
/// against its snapshots (docs/field-report.md, "Screen names").
///
/// The file is one JSON object of strings: `{"SettingsViewController": "Settings"}`. A key is the
/// screen as import names it (`replay field` lists them): a view controller without its module.
public struct ScreenMap: Sendable, Equatable {
    public var names: [String: String]

    public init(_ names: [String: String] = [:]) { self.names = names }

    /// - Throws: `ImportError` naming the file (and the JSON path) when it cannot be read or is not that shape.
    public static func load(_ path: String) throws -> ScreenMap {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImportError(file: path, line: nil, "cannot read the screen map")
        }
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: data)
        } catch let e as JSONSyntaxError {
            throw ImportError(file: path, line: e.line, "the screen map is not valid JSON: \(e.description)")
        }
        guard case .object(let members) = doc[doc.root] else {
            throw ImportError(file: path, line: 1, path: "$", "a screen map is one JSON object: {\"recorded screen\": \"snapshot screen\", …}")
        }
        var names: [String: String] = [:]
        for m in members {
            guard case .string(let to) = doc[m.value], !to.isEmpty, !m.key.isEmpty else {
                throw ImportError(file: path, line: doc.line(of: m.value), path: "$." + doc.path(of: m.value),
                                  "expected the snapshot's screen name (a non-empty string) for '\(m.key.clipped)'")
            }
            names[m.key] = to
        }
        return ScreenMap(names)
    }

    /// Renames the recording's visits; returns `from → to` for each name it renamed.
    public func apply(to recording: inout ProductionRecording) -> [String] {
        var renamed: [String] = []
        for i in recording.visits.indices {
            if let pair = apply(to: &recording.visits[i]), !renamed.contains(pair) { renamed.append(pair) }
        }
        return renamed
    }

    /// Renames one visit (a streamed recording's, as it is read); returns `from → to` when it renamed it.
    public func apply(to visit: inout ScreenVisit) -> String? {
        let from = visit.header.screen
        guard let to = names[from], to != from else { return nil }
        visit.header.screen = to
        return "\(from) → \(to)"
    }

    /// The note an import prints for what it renamed; nil when it renamed nothing.
    static func note(_ renamed: [String]) -> String? {
        renamed.isEmpty ? nil : "screens named by the screen map: \(renamed.joined(separator: ", "))"
    }
}
