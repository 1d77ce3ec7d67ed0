import TapModel

/// Every press of a suite counted on a coarse grid, fired or not: the report draws
/// many presses as heat instead of one mark each (docs/report.md, "Presses").
public struct PressHeat: Sendable {
    /// The side of a cell, in points.
    public let cell: Double
    /// Presses per cell, keyed by `key(column:row:)`: how many fired, how many did not.
    public private(set) var cells: [Int: (fired: Int, missed: Int)] = [:]
    /// All presses counted.
    public private(set) var total = 0

    public init(cell: Double = 4) { self.cell = cell }

    static func key(column: Int, row: Int) -> Int { row &* 1_000_003 &+ column }

    public mutating func add(_ p: Point, fired: Bool) {
        let column = Int((p.x / cell).rounded(.down)), row = Int((p.y / cell).rounded(.down))
        let k = PressHeat.key(column: column, row: row)
        var c = cells[k] ?? (0, 0)
        if fired { c.fired += 1 } else { c.missed += 1 }
        cells[k] = c
        total += 1
    }

    /// Cells with presses: (column, row, fired, missed), in row then column order.
    public var counts: [(column: Int, row: Int, fired: Int, missed: Int)] {
        cells.map { k, c in
            var row = k / 1_000_003, column = k - row * 1_000_003
            if column < 0 { column += 1_000_003; row -= 1 }
            return (column, row, c.fired, c.missed)
        }.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
    }
}
