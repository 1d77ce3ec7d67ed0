/// GitHub Actions workflow commands that annotate a file's line in the run's
/// summary and the pull request's diff: `::error file=…,line=…,title=…::message`.
///
/// GitHub keeps 10 error, 10 warning and 10 notice annotations per step (and
/// 50 per job) and drops the rest silently, so the caller passes one
/// annotation per cause, worst first, and `commands` keeps within the limit:
/// when a level has more, the last one it prints says how many more there are
/// and names them (docs/replay.md, "Annotations and SARIF").
public enum GitHubAnnotations {
    public enum Level: String, Sendable { case error, warning, notice }

    public struct Annotation: Sendable, Equatable {
        public var level: Level
        /// A path relative to the repository root (the working directory), or nil for no place.
        public var file: String?
        public var line: Int?
        public var title: String
        public var message: String

        public init(level: Level, file: String?, line: Int?, title: String, message: String) {
            self.level = level; self.file = file; self.line = line; self.title = title; self.message = message
        }
    }

    /// What GitHub shows of each level in one step.
    public static let perStepLimit = 10

    /// The workflow commands, one a line, at most `limit` of each level.
    public static func commands(_ annotations: [Annotation], limit: Int = perStepLimit) -> String {
        var out = ""
        for level in [Level.error, .warning, .notice] {
            let mine = annotations.filter { $0.level == level }
            let shown = mine.count > limit ? Array(mine.prefix(limit - 1)) : mine
            for a in shown { out += command(a) + "\n" }
            guard mine.count > limit else { continue }
            let rest = mine.dropFirst(limit - 1)
            let names = rest.prefix(20).map(\.title).joined(separator: "; ")
            out += command(Annotation(
                level: level, file: nil, line: nil,
                title: "\(rest.count) more \(level.rawValue)s",
                message: "GitHub shows \(limit) \(level.rawValue) annotations per step; \(rest.count) more are in the step's log and the SARIF report: \(names)\(rest.count > 20 ? "; …" : "")")) + "\n"
        }
        return out
    }

    /// One workflow command.
    public static func command(_ a: Annotation) -> String {
        var properties: [String] = []
        if let file = a.file {
            properties.append("file=" + escapeProperty(file))
            if let line = a.line { properties.append("line=\(line)") }
        }
        properties.append("title=" + escapeProperty(a.title))
        return "::\(a.level.rawValue) \(properties.joined(separator: ","))::\(escapeData(a.message))"
    }

    /// A message: `%`, CR and LF escaped, as actions/toolkit's `escapeData` does.
    public static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property's value: also `:` and `,`, as `escapeProperty` does.
    public static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
