import Foundation
import TapJSON
import TapModel

/// The sources `replay convert` reads (capture.md).
public enum CaptureFormat: String, Sendable, CaseIterable {
    case tapreplayCapture = "tapreplay-capture"
    case swiftuiDebug = "swiftui-debug"
    case recursiveDescription = "recursive-description"
    case xcuitest
    case wdaXML = "wda-xml"
}

/// A converted dump: the snapshot, where it came from, what that source cannot
/// know (`capture.limits`), and the elements that were skipped (warnings).
public struct Conversion: Sendable {
    public var snapshot: Snapshot
    public var from: CaptureFormat
    public var limits: [String]
    public var warnings: [String]

    public init(snapshot: Snapshot, from: CaptureFormat, limits: [String], warnings: [String]) {
        self.snapshot = snapshot; self.from = from; self.limits = limits; self.warnings = warnings
    }

    /// Snapshot JSON, pretty-printed unless the tree is deeper than `prettyDepthLimit`
    /// (indentation grows with depth, so a 5,000-deep tree would take hundreds of megabytes).
    public var json: String {
        let deepest = snapshot.nodes.reduce(0) { max($0, $1.depth) }
        return snapshot.encoded(deepest > Conversion.prettyDepthLimit ? .compact : .pretty)
    }

    public static let prettyDepthLimit = 100
}

/// A dump that cannot be read: where (line, or JSON path) and what is wrong.
public struct CaptureError: LocatedError, Equatable {
    public var line: Int?
    public var path: String
    public var message: String

    public init(line: Int? = nil, path: String? = nil, _ message: String) {
        self.line = line; self.path = path ?? ""; self.message = message
    }
}

/// Options of one conversion.
public struct ConversionOptions: Sendable {
    /// The screen name; default: the bundle's, else the caller's fallback.
    public var screen: String?
    /// The window size when the dump does not tell it (`--size WxH`).
    public var size: (width: Double, height: Double)?

    public init(screen: String? = nil, size: (width: Double, height: Double)? = nil) {
        self.screen = screen; self.size = size
    }
}

public enum Converter {
    /// Converts one dump. The format is detected from the content unless given.
    /// - Parameter fallbackScreen: the screen name when neither `options` nor the dump names one (the file's name).
    /// - Throws: `CaptureError` when the dump cannot be read.
    public static func convert(_ data: Data, format: CaptureFormat? = nil, options: ConversionOptions = .init(),
                               fallbackScreen: String = "Screen") throws -> Conversion {
        let text = DumpText.decode(data)
        let fmt = try format ?? FormatDetection.detect(text)
        var out: Conversion
        switch fmt {
        case .tapreplayCapture: out = try CaptureBundleConverter.convert(text)
        case .swiftuiDebug: out = try SwiftUIDebugConverter.convertPayload(text)
        case .recursiveDescription: out = try RecursiveDescriptionParser.convert(text)
        case .xcuitest: out = try XCUITestParser.convert(text)
        case .wdaXML: out = try WDAXMLParser.convert(data: data, text: text)
        }
        if let screen = options.screen { out.snapshot.screen = screen }
        if out.snapshot.screen.isEmpty { out.snapshot.screen = fallbackScreen }
        if let size = options.size {
            out.snapshot.device.width = size.width
            out.snapshot.device.height = size.height
            // A root the dump gave no size (a SwiftUI fragment without positions) takes the window's.
            if let root = out.snapshot.nodes.first, root.frame.width == 0 && root.frame.height == 0 {
                out.snapshot.nodes[0].frame = Rect(root.frame.x, root.frame.y, size.width, size.height)
            }
        } else if out.snapshot.device.width == nil, let root = out.snapshot.nodes.first, root.frame.width > 0, root.frame.height > 0 {
            out.snapshot.device.width = root.frame.maxX
            out.snapshot.device.height = root.frame.maxY
        }
        out.limits = unique(out.limits)
        out.snapshot.capture = Snapshot.CaptureInfo(from: fmt.rawValue, limits: out.limits)
        return out
    }

    static func unique(_ list: [String]) -> [String] {
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }
}

extension CaptureError {
    /// Parses a JSON dump with the repository's one reader; a syntax error names its line and column.
    static func parseJSON(_ text: String) throws -> JSONDocument {
        do {
            return try JSONDocument(parsing: text)
        } catch let e as JSONSyntaxError {
            throw CaptureError(line: e.line, "not valid JSON: \(e.message) (column \(e.column))")
        }
    }
}
