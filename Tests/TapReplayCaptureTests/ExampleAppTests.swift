import Foundation
import TestSupport
import Testing

/// The example app is built only by Xcode (the macOS workflow); here its project
/// file is read as data and the docs are held to it.
@Suite("The example app: a well-formed Xcode project, and docs/capture.md quotes it line for line")
struct ExampleAppTests {
    static let example = repositoryRoot + "/Examples/FlowSettings"

    /// The objects of the project file (an old-style property list).
    static func projectObjects() throws -> (objects: [String: [String: Any]], root: String) {
        let data = try Data(contentsOf: URL(fileURLWithPath: example + "/FlowSettings.xcodeproj/project.pbxproj"))
        var format = PropertyListSerialization.PropertyListFormat.openStep
        let top = try #require(try PropertyListSerialization.propertyList(from: data, format: &format) as? [String: Any])
        let objects = try #require(top["objects"] as? [String: [String: Any]])
        return (objects, try #require(top["rootObject"] as? String))
    }

    /// Every string that looks like an object id, anywhere in a value.
    static func references(_ value: Any) -> [String] {
        if let s = value as? String { return s.count == 24 && s.allSatisfy(\.isHexDigit) ? [s] : [] }
        if let a = value as? [Any] { return a.flatMap(references) }
        if let d = value as? [String: Any] { return d.values.flatMap(references) }
        return []
    }

    @Test("Every object the project refers to exists; the app links TapReplayCapture from this repository; its folders hold the app and its UI test; Swift 6")
    func projectIsWellFormed() throws {
        let (objects, root) = try Self.projectObjects()
        #expect(objects[root]?["isa"] as? String == "PBXProject")
        for (id, object) in objects {
            for ref in Self.references(object) { #expect(objects[ref] != nil, "\(id) refers to \(ref), which is not in the project") }
        }
        let package = try #require(objects.values.first { $0["isa"] as? String == "XCLocalSwiftPackageReference" })
        let packagePath = URL(fileURLWithPath: Self.example).appendingPathComponent(try #require(package["relativePath"] as? String)).standardized.path
        #expect(packagePath == URL(fileURLWithPath: repositoryRoot).standardized.path)
        let product = try #require(objects.values.first { $0["isa"] as? String == "XCSwiftPackageProductDependency" })
        #expect(product["productName"] as? String == "TapReplayCapture")

        let targets = objects.values.filter { $0["isa"] as? String == "PBXNativeTarget" }
        #expect(Set(targets.compactMap { $0["productType"] as? String })
                == ["com.apple.product-type.application", "com.apple.product-type.bundle.ui-testing"])
        for target in targets {
            for group in target["fileSystemSynchronizedGroups"] as? [String] ?? [] {
                let folder = Self.example + "/" + (objects[group]?["path"] as? String ?? "?")
                let swift = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".swift") } ?? []
                #expect(!swift.isEmpty, "\(folder) holds no Swift file")
            }
        }
        let settings = objects.values.filter { $0["isa"] as? String == "XCBuildConfiguration" }.compactMap { $0["buildSettings"] as? [String: Any] }
        #expect(settings.compactMap { $0["SWIFT_VERSION"] as? String }.allSatisfy { $0.hasPrefix("6") })
        #expect(settings.contains { ($0["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] as? String)?.contains("DEBUG") == true })
    }

    @Test("The shared scheme builds the project's app and tests its UI test target")
    func schemeMatchesProject() throws {
        let (objects, _) = try Self.projectObjects()
        let scheme = try String(contentsOfFile: Self.example + "/FlowSettings.xcodeproj/xcshareddata/xcschemes/FlowSettings.xcscheme", encoding: .utf8)
        var ids: [String] = []
        for part in scheme.components(separatedBy: "BlueprintIdentifier = \"").dropFirst() {
            ids.append(String(part.prefix { $0 != "\"" }))
        }
        #expect(!ids.isEmpty)
        for id in ids { #expect(objects[id]?["isa"] as? String == "PBXNativeTarget", "the scheme names \(id)") }
        #expect(Set(ids).count == 2)
    }

    /// The fenced blocks of docs/capture.md whose first line names their source: `// From PATH` or `# From PATH`.
    static func quotedBlocks() throws -> [(source: String, lines: [String], docLine: Int)] {
        let doc = try String(contentsOfFile: repositoryRoot + "/docs/capture.md", encoding: .utf8).components(separatedBy: "\n")
        var blocks: [(String, [String], Int)] = []
        var i = 0
        while i < doc.count {
            guard doc[i].hasPrefix("```"), doc[i].count > 3, i + 1 < doc.count else { i += 1; continue }
            let first = doc[i + 1].trimmingCharacters(in: .whitespaces)
            var j = i + 1
            var body: [String] = []
            while j + 1 < doc.count, !doc[j + 1].hasPrefix("```") { j += 1; body.append(doc[j]) }
            for prefix in ["// From ", "# From "] where first.hasPrefix(prefix) {
                blocks.append((String(first.dropFirst(prefix.count)), body, i + 2))
            }
            i = j + 2
        }
        return blocks
    }

    @Test("Each block of docs/capture.md taken from the example or its workflow is in that file: Swift line for line, commands in order")
    func docsQuoteTheExample() throws {
        let blocks = try Self.quotedBlocks()
        #expect(blocks.count >= 8)
        #expect(Set(blocks.map(\.source)).isSuperset(of: [
            "Examples/FlowSettings/FlowSettings/TapReplaySupport.swift",
            "Examples/FlowSettings/FlowSettingsUITests/SettingsCaptureUITests.swift",
            ".github/workflows/capture-kit.yml",
        ]))
        for block in blocks {
            let file = try String(contentsOfFile: repositoryRoot + "/" + block.source, encoding: .utf8).components(separatedBy: "\n")
            if block.source.hasSuffix(".swift") {
                let found = (0...max(0, file.count - block.lines.count)).contains { Array(file[$0..<min(file.count, $0 + block.lines.count)]) == block.lines }
                #expect(found, "docs/capture.md:\(block.docLine): these lines are not in \(block.source) as written")
            } else {
                let wanted = block.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                var next = 0
                for line in file where next < wanted.count && line.trimmingCharacters(in: .whitespaces) == wanted[next] { next += 1 }
                #expect(next == wanted.count, "docs/capture.md:\(block.docLine): `\(next < wanted.count ? wanted[next] : "")` is not in \(block.source) in this order")
            }
        }
    }
}
