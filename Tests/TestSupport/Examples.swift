import Foundation
import TapModel

/// The example data that ships with the repository.
public enum Examples {
    public static func snapshot(_ relative: String) throws -> Snapshot {
        try Snapshot(json: try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/" + relative)))
    }
    /// The settings screen's rows, in document order.
    public static let rows = ["row.flowMeter", "row.units", "row.about"]
}
