import TapModel

/// A value in a query result, for output.
public enum QueryCell: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    var json: JSONValue {
        switch self {
        case .null: return .null
        case .integer(let i): return .number(Double(i))
        case .real(let d): return .number(d)
        case .text(let s): return .string(s)
        }
    }

    var text: String {
        switch self {
        case .null: return ""
        case .integer(let i): return String(i)
        case .real(let d): return JSONValue.format(d)
        case .text(let s): return s
        }
    }
}

/// `replay query` output: an aligned table, JSON (an array of objects) or CSV.
public enum QueryOutput {
    public static func table(columns: [String], rows: [[QueryCell]]) -> String {
        let numeric = Set(columns.indices.filter { i in
            rows.contains { if case .integer = $0[i] { return true }; if case .real = $0[i] { return true }; return false }
        })
        let text = TextTable.render(header: columns, rows: rows.map { $0.map { $0.text.replacingNewlines() } }, rightAligned: numeric)
        return text + "(\(rows.count) row\(rows.count == 1 ? "" : "s"))\n"
    }

    public static func json(columns: [String], rows: [[QueryCell]]) -> JSONValue {
        .array(rows.map { row in .object(zip(columns, row).map { JSONValue.Pair($0, $1.json) }) })
    }

    public static func csv(columns: [String], rows: [[QueryCell]]) -> String {
        var out = columns.map(field).joined(separator: ",") + "\n"
        for row in rows { out += row.map { field($0.text) }.joined(separator: ",") + "\n" }
        return out
    }

    static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    func replacingNewlines() -> String { replacingOccurrences(of: "\n", with: "\\n") }

    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
