import Foundation
import TapJSON

/// A WebDriverAgent (Appium) HTTP response: `{"value": "…", "sessionId": "…"}`.
/// `/source?format=description` puts XCUITest's element tree in `value`,
/// `/source` the XML page source; either is converted as the text it holds.
enum WDAResponse {
    struct Wrapped {
        var text: String
        /// The line of `value` in the file.
        var line: Int
    }

    /// The string a WebDriverAgent response holds, or nil when `text` is not one.
    static func unwrap(_ text: String) throws -> Wrapped? {
        let head = text.drop(while: { $0.isWhitespace })
        guard head.first == "{", head.prefix(65_536).contains("\"value\"") else { return nil }
        guard let doc = try? JSONDocument(parsing: text), case .object(let members) = doc[doc.root] else { return nil }
        // A capture bundle or snapshot names its format; a response has none.
        guard !members.contains(where: { $0.key == "format" || $0.key == "properties" }),
              let v = members.last(where: { $0.key == "value" })?.value, case .string(let s) = doc[v] else { return nil }
        return Wrapped(text: s, line: doc.line(of: v))
    }

    /// Converts the dump inside a response. Errors name the line of `value` in the file and the
    /// line inside the value's text; warnings about lines are about lines of that text.
    static func convert(_ wrapped: Wrapped, format: CaptureFormat?, options: ConversionOptions, fallbackScreen: String) throws -> Conversion {
        do {
            var c = try Converter.convert(Data(wrapped.text.utf8), format: format, options: options, fallbackScreen: fallbackScreen,
                                          unwrapping: false)
            c.warnings.insert("a WebDriverAgent response: the dump is its \"value\" (line \(wrapped.line)); line numbers below are lines of that text", at: 0)
            return c
        } catch let e as CaptureError {
            var message = e.message
            if let inner = e.line { message = "line \(inner) of its text: " + message }
            throw CaptureError(line: wrapped.line, path: "value", message, unusable: e.unusable)
        }
    }
}
