/// How history stores a press's outcome: one small integer, 0 `hit` … 5 `miss`
/// (the order of the outcomes in docs/snapshot.md). This table is the only place the
/// codes are spelled; the SQL of the migrations and of the history queries is
/// generated from it.
public enum OutcomeCode: UInt8, CaseIterable, Sendable {
    case hit, expanded, ambiguous, blocked, disabled, miss

    /// The outcomes' names, by code.
    public static let names = allCases.map { "\($0)" }

    /// The outcome a stored code stands for; a code outside the table is an error naming `source`
    /// (it never silently becomes `miss`).
    /// (`source` is made only for the error.)
    public init(stored code: Int64, in source: @autoclosure () -> String) throws {
        guard let c = UInt8(exactly: code).flatMap(OutcomeCode.init(rawValue:)) else {
            throw StoreError("\(source()): unknown outcome code \(code) (known: 0 hit … \(OutcomeCode.names.count - 1) miss)")
        }
        self = c
    }

    /// The codes of outcomes that fire (`hit`, `expanded`): at most this.
    public static let lastFiring = OutcomeCode.expanded.rawValue

    /// `CASE column WHEN 0 THEN 'hit' … END`: the name of a stored code in SQL. A code
    /// outside the table reads as `otherwise` (a SQL expression; NULL when nil).
    static func sqlName(of column: String, otherwise: String? = nil) -> String {
        var cases = names.enumerated().map { "WHEN \($0.offset) THEN '\($0.element)'" }
        if let otherwise { cases[cases.count - 1] = "ELSE \(otherwise)" }
        return "CASE \(column) \(cases.joined(separator: " ")) END"
    }

    /// `CASE column WHEN 'hit' THEN 0 … ELSE 5 END`: the code of an outcome name in SQL.
    static func sqlCode(of column: String) -> String {
        let cases = names.enumerated().dropLast().map { "WHEN '\($0.element)' THEN \($0.offset)" }
        return "CASE \(column) \(cases.joined(separator: " ")) ELSE \(names.count - 1) END"
    }
}
