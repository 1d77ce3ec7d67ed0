import ArgumentParser
import Baselines
import Foundation
import Reports
import RunResults

/// `--html FILE` and `--svg DIR`: the visual report.
struct PictureOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write a self-contained HTML report (maps of hit regions, dead zones, presses, regressions) here.", valueName: "file"))
    var html: String?
    @Option(help: ArgumentHelp("Write one SVG map per screen into this folder (<screen>.svg).", valueName: "dir"))
    var svg: String?

    var wanted: Bool { html != nil || svg != nil }

    func write(_ outcome: RunOutcome) throws {
        guard wanted else { return }
        let drawings = HTMLReport.drawings(outcome)
        if let html {
            try Files.write(HTMLReport.html(outcome, drawings: drawings), to: html)
            Console.progress("wrote \(html)")
        }
        if let svg {
            for (suite, drawing) in zip(outcome.suites.filter { $0.picture != nil }, drawings) {
                let file = (svg as NSString).appendingPathComponent(Baseline.fileName(for: suite.suite).replacingOccurrences(of: ".json", with: ".svg"))
                try Files.write(HTMLReport.svg(suite, drawing: drawing), to: file)
                Console.progress("wrote \(file)")
            }
        }
    }
}
