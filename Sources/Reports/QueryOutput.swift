import HistoryValues
import TapJSON
import TapModel

/// A value of a query result as output writes it: a blob as SQL's `x'…'` text.
extension SQLValue {
    func write(to w: inout JSONWriter) {
        switch self {
        case .null: w.null()
        case .integer(let i): w.number(Int(i))
        case .real(let d): w.number(d)
        case .text, .blob: w.string(text)
        }
    }

    public var text: String {
        switch self {
        case .null: return ""
        case .integer(let i): return String(i)
        case .real(let d): return JSONValue.format(d)
        case .text(let s): return s
        case .blob(let b):
            let hex = Array("0123456789abcdef")
            return "x'" + String(b.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] }) + "'"
        }
    }
}

/// `replay query` output: an aligned table, JSON (an array of objects) or CSV.
public enum QueryOutput {
    public static func table(columns: [String], rows: [[SQLValue]]) -> String {
        let numeric = Set(columns.indices.filter { i in
            rows.contains { if case .integer = $0[i] { return true }; if case .real = $0[i] { return true }; return false }
        })
        let text = TextTable.render(header: columns, rows: rows.map { $0.map { $0.text.replacingNewlines() } }, rightAligned: numeric)
        return text + "(\(rows.count) row\(rows.count == 1 ? "" : "s"))\n"
    }

    /// The table shows at most this many rows (the rest are counted); `--csv` and `--json` stream every row.
    public static let tableRowLimit = 100_000

    /// Streams rows as a JSON array of objects, one per row, through `writer`.
    public struct JSONStream {
        var writer: JSONWriter
        var columns: [String] = []
        public init(sink: @escaping (ArraySlice<UInt8>) -> Void) {
            writer = JSONWriter(style: .pretty, sink: sink)
            writer.beginArray()
        }
        public mutating func start(_ columns: [String]) { self.columns = columns }
        public mutating func row(_ cells: [SQLValue]) {
            writer.beginObject()
            for (c, v) in zip(columns, cells) { writer.key(c); v.write(to: &writer) }
            writer.endObject()
        }
        public mutating func finish() {
            writer.endArray()
            writer.flush()
        }
    }

    public static func csvLine(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    public static func csv(columns: [String], rows: [[SQLValue]]) -> String {
        var out = csvLine(columns)
        for row in rows { out += csvLine(row.map(\.text)) }
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
