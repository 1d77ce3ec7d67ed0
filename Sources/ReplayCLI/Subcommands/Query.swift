import ArgumentParser
import Foundation
import HistoryValues
import Reports
import TapModel
import TraceStore

struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read-only SQL over the database (tables: trace, event, snapshot, run, run_suite, run_trace, press_detail, press_group, target_result, finding_row, finding_group, label; views finding, press_outcome, press_history).",
        discussion: """
        The connection cannot write: INSERT, UPDATE, DELETE, DROP, ATTACH and writing PRAGMAs are refused with exit status 2 and change nothing. A query that runs longer than --timeout is stopped (exit status 2). SQL may begin with a comment (`-- …`). The table shows at most 100,000 rows; --csv and --json stream every row.

        Example: replay query "SELECT screen, count(*) AS traces FROM trace GROUP BY screen"
        """)

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The SQL to run.", valueName: "sql")) var sqlParts: [String] = []
    @Flag(help: "An array of objects, one per row.") var json = false
    @Flag(help: "Comma-separated values with a header row.") var csv = false
    @Option(help: ArgumentHelp("Stop the query after this many seconds.", valueName: "s")) var timeout: Double = 30
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if json && csv { throw ValidationError("choose one of --json and --csv") }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a number of seconds > 0") }
        if let flag = sqlParts.first(where: { $0.range(of: #"^--?[A-Za-z][A-Za-z-]*$"#, options: .regularExpression) != nil }) {
            throw ValidationError(UnknownOption.message(flag, known: ["--json", "--csv", "--timeout", "--db", "--help"]))
        }
        guard sqlParts.count == 1 else {
            throw ValidationError(sqlParts.isEmpty ? "give the SQL to run, in quotes" : "give the SQL as one argument, in quotes (got \(sqlParts.count))")
        }
    }

    func run() throws {
        try runReportingInputErrors {
            let store = try ReadOnlyStore(path: database.databasePath)
            let sql = sqlParts[0]
            if json {
                var stream = QueryOutput.JSONStream { Console.outBytes($0) }
                try store.query(sql, timeout: timeout, columns: { stream.start($0) }) { stream.row($0) }
                stream.finish()
                Console.out("\n")
            } else if csv {
                var buffer = ""
                try store.query(sql, timeout: timeout, columns: { Console.out(QueryOutput.csvLine($0)) }) { row in
                    buffer += QueryOutput.csvLine(row.map(\.text))
                    if buffer.utf8.count > 1 << 16 { Console.out(buffer); buffer = "" }
                }
                Console.out(buffer)
            } else {
                var rows: [[SQLValue]] = []
                var more = 0
                let columns = try store.query(sql, timeout: timeout) { row in
                    if rows.count < QueryOutput.tableRowLimit { rows.append(row) } else { more += 1 }
                }
                Console.out(QueryOutput.table(columns: columns, rows: rows))
                if more > 0 { Console.out("(\(more) more rows not shown; use --csv or --json for all of them)\n") }
            }
        }
    }
}
