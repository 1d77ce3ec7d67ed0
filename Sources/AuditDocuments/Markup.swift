import TapJSON

/// XML-escapes text for HTML, SVG and JUnit, dropping characters XML 1.0 cannot hold.
public func xmlEscape(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n": out += "&#10;"
        case "\t": out += "&#9;"
        default:
            if c.value < 0x20 || (0xFFFE...0xFFFF).contains(c.value) { continue }
            out.unicodeScalars.append(c)
        }
    }
    return out
}

/// A coordinate as the drawings write it: at most 2 decimals.
func fmt(_ d: Double) -> String { JSONValue.format(JSONValue.round(d, places: 2)) }
