import AuditDocuments

/// The one JUnit XML writer both `replay run --junit` and `replay audit --junit`
/// use: test suites of test cases, a case failing when it carries failures.
struct JUnitXML {
    struct Failure {
        var type: String
        var message: String
        var detail: String
    }

    struct Suite {
        var name: String
        var timestamp: String?
        /// `<properties>`: what the suite ran under (the touch-binding profile and radius).
        var properties: [(name: String, value: String)] = []
        private(set) var cases: [String] = []
        private(set) var failures = 0
        private(set) var skipped = 0

        init(name: String, timestamp: String? = nil) { self.name = name; self.timestamp = timestamp }

        /// Adds a test case; with `failures` it fails, with `skipped` (a reason) it is skipped
        /// (a known problem), `output` goes to its `<system-out>`.
        mutating func testcase(_ classname: String, _ name: String, failures list: [Failure] = [], skipped reason: String? = nil,
                               output: String? = nil) {
            var body = ""
            if let reason, list.isEmpty {
                body += "      <skipped message=\"\(xmlEscape(reason))\"/>\n"
                skipped += 1
            }
            for f in list {
                body += "      <failure type=\"\(xmlEscape(f.type))\" message=\"\(xmlEscape(f.message))\">\(xmlEscape(f.detail))</failure>\n"
            }
            if let output, !output.isEmpty { body += "      <system-out>\(xmlEscape(output))</system-out>\n" }
            if !list.isEmpty { failures += 1 }
            let open = "    <testcase classname=\"\(xmlEscape(classname))\" name=\"\(xmlEscape(name))\" time=\"0\""
            cases.append(body.isEmpty ? open + "/>" : open + ">\n" + body + "    </testcase>")
        }
    }

    var name: String
    var suites: [Suite] = []

    var document: String {
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let skipped = suites.reduce(0) { $0 + $1.skipped }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(xmlEscape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\""
        out += (skipped > 0 ? " skipped=\"\(skipped)\"" : "") + " time=\"0\">\n"
        for s in suites {
            out += "  <testsuite name=\"\(xmlEscape(s.name))\" tests=\"\(s.cases.count)\" failures=\"\(s.failures)\" errors=\"0\" skipped=\"\(s.skipped)\" time=\"0\""
            if let t = s.timestamp { out += " timestamp=\"\(xmlEscape(t))\"" }
            out += ">\n"
            if !s.properties.isEmpty {
                out += "    <properties>\n"
                for p in s.properties { out += "      <property name=\"\(xmlEscape(p.name))\" value=\"\(xmlEscape(p.value))\"/>\n" }
                out += "    </properties>\n"
            }
            out += s.cases.joined(separator: "\n") + (s.cases.isEmpty ? "" : "\n") + "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
