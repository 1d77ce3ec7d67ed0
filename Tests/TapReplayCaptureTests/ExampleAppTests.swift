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

    @Test("Every object the project refers to exists; the app links TapReplayCapture and its UI tests TapReplayTesting from this repository; its folders hold the app and its UI tests; Swift 6")
    func projectIsWellFormed() throws {
        let (objects, root) = try Self.projectObjects()
        #expect(objects[root]?["isa"] as? String == "PBXProject")
        for (id, object) in objects {
            for ref in Self.references(object) { #expect(objects[ref] != nil, "\(id) refers to \(ref), which is not in the project") }
        }
        let (packageID, package) = try #require(objects.first { $0.value["isa"] as? String == "XCLocalSwiftPackageReference" })
        let packagePath = URL(fileURLWithPath: Self.example).appendingPathComponent(try #require(package["relativePath"] as? String)).standardized.path
        #expect(packagePath == URL(fileURLWithPath: repositoryRoot).standardized.path)
        let targets = objects.values.filter { $0["isa"] as? String == "PBXNativeTarget" }
        #expect(Set(targets.compactMap { $0["productType"] as? String })
                == ["com.apple.product-type.application", "com.apple.product-type.bundle.ui-testing"])
        // The app links the kit; its UI tests link TapReplayTesting (assertTappable), each in its Frameworks phase too.
        for target in targets {
            let products = (target["packageProductDependencies"] as? [String] ?? []).compactMap { objects[$0] }
            #expect(products.allSatisfy { $0["isa"] as? String == "XCSwiftPackageProductDependency" && $0["package"] as? String == packageID })
            let linked = (target["buildPhases"] as? [String] ?? []).compactMap { objects[$0] }
                .filter { $0["isa"] as? String == "PBXFrameworksBuildPhase" }
                .flatMap { ($0["files"] as? [String] ?? []).compactMap { objects[$0]?["productRef"] as? String } }
            #expect(linked == target["packageProductDependencies"] as? [String] ?? [])
            let expected = target["productType"] as? String == "com.apple.product-type.application" ? "TapReplayCapture" : "TapReplayTesting"
            #expect(products.compactMap { $0["productName"] as? String } == [expected], "\(target["name"] ?? "?")")
        }
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

    @Test("Each block of docs/capture.md taken from the example or its workflow is in that file: Swift line for line, commands in order")
    func docsQuoteTheExample() throws {
        let blocks = try DocQuotes.blocks(in: "docs/capture.md")
        #expect(blocks.count >= 8)
        #expect(Set(blocks.map(\.source)).isSuperset(of: [
            "Examples/FlowSettings/FlowSettings/TapReplaySupport.swift",
            "Examples/FlowSettings/FlowSettingsUITests/SettingsCaptureUITests.swift",
            ".github/workflows/capture-kit.yml",
        ]))
        for block in blocks {
            let problem = try DocQuotes.mismatch(block, doc: "docs/capture.md")
            #expect(problem == nil, "\(problem ?? "")")
        }
    }
}
