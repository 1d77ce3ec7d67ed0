import Foundation
import TapModel

/// What `replay import` calls for a `.json` file: a capture bundle becomes the
/// snapshot JSON it converts to; any other content passes through untouched.
public enum CaptureImport {
    /// - Returns: canonical snapshot JSON for a capture bundle, else `data` itself.
    /// - Throws: `CaptureError` when the file is a capture bundle that cannot be read.
    public static func snapshotJSON(_ data: Data, fallbackScreen: String) throws -> Data {
        guard isCaptureBundle(data) else { return data }
        let conversion = try Converter.convert(data, format: .tapreplayCapture, fallbackScreen: fallbackScreen)
        return Data(conversion.json.utf8)
    }

    /// Whether the file starts as a capture bundle (`"format": "tapreplay-capture"` near the top).
    public static func isCaptureBundle(_ data: Data) -> Bool {
        let head = DumpText.decode(data.prefix(4096))
        guard head.drop(while: { $0.isWhitespace }).first == "{" else { return false }
        return (try? FormatDetection.detect(head)) == .tapreplayCapture
    }
}
