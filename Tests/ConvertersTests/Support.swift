import Converters
import Foundation
import TapModel
import TestSupport
import Testing

/// Converts a dump given as text.
func convert(_ text: String, _ format: CaptureFormat? = nil, options: ConversionOptions = .init()) throws -> Conversion {
    try Converter.convert(Data(text.utf8), format: format, options: options)
}

/// The error a dump gives, or nil when it converts.
func captureError(_ text: String, _ format: CaptureFormat? = nil) -> CaptureError? {
    do { _ = try convert(text, format); return nil } catch let e as CaptureError { return e } catch { return nil }
}

extension Snapshot {
    func node(_ id: String) -> Node? { nodes.first { $0.id == id } }
    func nodes(ofType type: String) -> [Node] { nodes.filter { $0.type == type } }
}

/// Files of the repository and of the test fixtures.
enum Files {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static func fixture(_ name: String) throws -> Data { try Data(contentsOf: tests.appendingPathComponent("Fixtures/" + name)) }
    static func repo(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: repositoryRoot).appendingPathComponent(path)) }
}
