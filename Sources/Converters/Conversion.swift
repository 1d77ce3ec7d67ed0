import Foundation
import TapJSON
import TapModel

/// The sources `replay convert` reads (docs/capture.md).
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
    /// The whole dump is unusable (a number that is no whole number where one is meant):
    /// never downgraded to skipping the one element it is in.
    public var unusable: Bool

    public init(line: Int? = nil, path: String? = nil, _ message: String, unusable: Bool = false) {
        self.line = line; self.path = path ?? ""; self.message = message; self.unusable = unusable
    }

    /// A JSON value that is not what the format asks for; a number that is no whole number
    /// where one is meant makes the dump unusable.
    init(_ e: JSONReadError) {
        self.init(line: e.line, path: e.path, e.message, unusable: e.kind == .invalid)
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
        try convert(data, format: format, options: options, fallbackScreen: fallbackScreen, unwrapping: true)
    }

    static func convert(_ data: Data, format: CaptureFormat?, options: ConversionOptions, fallbackScreen: String,
                        unwrapping: Bool) throws -> Conversion {
        let text = DumpText.decode(data)
        // A WebDriverAgent response ({"value": "…", "sessionId": …}) carries the dump as a string (once: not a response in a response).
        if unwrapping, format != .tapreplayCapture && format != .swiftuiDebug, let wrapped = try WDAResponse.unwrap(text) {
            return try WDAResponse.convert(wrapped, format: format, options: options, fallbackScreen: fallbackScreen)
        }
        let fmt = try format ?? FormatDetection.detect(text)
        var tree: DraftTree
        switch fmt {
        case .tapreplayCapture: tree = try CaptureBundleConverter.convert(text)
        case .swiftuiDebug: tree = try SwiftUIDebugConverter.convertPayload(text)
        case .recursiveDescription: tree = try RecursiveDescriptionParser.convert(text)
        case .xcuitest: tree = try XCUITestParser.convert(text)
        case .wdaXML: tree = try WDAXMLParser.convert(text)
        }
        if let screen = options.screen, !screen.isEmpty { tree.screen = screen }
        if tree.screen.isEmpty { tree.screen = fallbackScreen.isEmpty ? "Screen" : fallbackScreen }
        sizeDevice(&tree, options)
        return try SnapshotBuilder.build(tree, from: fmt)
    }

    /// The window size: `--size` when given (a root the dump gave no size takes it), else the
    /// root's right and bottom edges when they make a size, else the root's own size.
    static func sizeDevice(_ tree: inout DraftTree, _ options: ConversionOptions) {
        guard let root = tree.drafts.first else { return }
        if let size = options.size {
            tree.device.width = size.width
            tree.device.height = size.height
            tree.deviceSource = [:]
            // A root the dump gave no size (a SwiftUI fragment without positions) takes the window's.
            if root.frame.width == 0 && root.frame.height == 0 {
                tree.drafts[0].frame = Rect(root.frame.x, root.frame.y, size.width, size.height)
            }
            return
        }
        let frame = ValueChecker.rect(root.frame)
        guard tree.device.width == nil, frame.width > 0, frame.height > 0 else { return }
        let edges = (frame.maxX, frame.maxY)
        if edges.0 > 0, edges.0 <= Snapshot.maxCoordinate, edges.1 > 0, edges.1 <= Snapshot.maxCoordinate {
            tree.device.width = edges.0
            tree.device.height = edges.1
            if let guess = tree.rootFrameGuess {
                tree.warnings.append(root.source.warning(
                    "the screen size \(JSONValue.format(edges.0)) × \(JSONValue.format(edges.1)) is a guess: \(guess); pass --size WxH with the device's size",
                    document: tree.document))
            }
        } else {
            tree.device.width = frame.width
            tree.device.height = frame.height
            tree.warnings.append(root.source.warning(
                "the root \(root.type)'s right and bottom edges (\(JSONValue.format(edges.0)), \(JSONValue.format(edges.1))) are not a window size: the device takes the root's size \(JSONValue.format(frame.width)) × \(JSONValue.format(frame.height))",
                document: tree.document))
        }
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
