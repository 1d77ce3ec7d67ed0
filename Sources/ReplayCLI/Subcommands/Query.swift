import ArgumentParser
import Foundation
import Reports
import TapModel
import TraceStore

struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read-only SQL over the database (tables: trace, event, snapshot, run, run_suite, press_result, target_result, finding).",
        discussion: """
        The connection cannot write: INSERT, UPDATE, DELETE, DROP, ATTACH and writing
        PRAGMAs are refused with exit status 2 and change nothing.
        Example: replay query "SELECT screen, count(*) FROM trace GROUP BY screen"
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json, csv }

    @Argument(help: "The SQL to run.") var sql: String
    @Flag(help: "An array of objects, one per row.") var json = false
    @Flag(help: "Comma-separated values with a header row.") var csv = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if json && csv { throw ValidationError("choose one of --json and --csv") }
    }

    func run() throws {
        try runReportingInputErrors {
            let store = try ReadOnlyStore(path: global.databasePath)
            let result = try store.query(sql)
            let rows = result.rows.map { $0.map(QueryCell.init) }
            if json {
                Console.out(QueryOutput.json(columns: result.columns, rows: rows).serialized(.pretty) + "\n")
            } else if csv {
                Console.out(QueryOutput.csv(columns: result.columns, rows: rows))
            } else {
                Console.out(QueryOutput.table(columns: result.columns, rows: rows))
            }
        }
    }
}

extension QueryCell {
    init(_ v: SQLValue) {
        switch v {
        case .null: self = .null
        case .integer(let i): self = .integer(i)
        case .real(let d): self = .real(d)
        case .text(let s): self = .text(s)
        case .blob(let b): self = .text("x'" + b.map { String(format: "%02x", $0) }.joined() + "'")
        }
    }
}
