import Foundation
import TapJSON
import TestSupport
import Testing

/// The repository every install line names (README, action.yml, the formula, nightly-ci.md).
let repository = "tapreplay/TapReplay"

func repoFile(_ path: String) throws -> String {
    try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
}

/// A YAML file of the repository as JSON, read by python3's yaml (PyYAML); nil where it is not installed.
func yamlAsJSON(_ path: String) throws -> JSONDocument? {
    try yamlFileAsJSON(repositoryRoot + "/" + path, named: path)
}

/// The same for a file anywhere (`named` in messages).
func yamlFileAsJSON(_ file: String, named path: String? = nil) throws -> JSONDocument? {
    let path = path ?? file
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3", "-c", "import sys, json, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout, default=str)", file]
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    guard (try? p.run()) != nil else { return nil }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    if problem.contains("No module named 'yaml'") { return nil }
    #expect(p.terminationStatus == 0, "\(path) is not valid YAML: \(problem)")
    return try JSONDocument(parsing: data)
}

/// All matches of `pattern`'s first group in `text`.
func matches(_ pattern: String, in text: String) -> [String] {
    let re = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    return re.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { m in
        Range(m.range(at: 1), in: text).map { String(text[$0]) }
    }
}

/// Install in one line: the container image, the GitHub Action, the release workflow and the
/// Homebrew formula, held to .ci/run's install steps and to the README's lines. Nothing here
/// runs Docker or GitHub Actions (neither runs on the machines these tests run on).
@Suite("Install: Dockerfile, Action, release workflow, formula")
struct InstallTests {
    @Test("The Dockerfile builds on the official Swift image what .ci/run builds, installs what it installs, and has replay as entrypoint")
    func dockerfile() throws {
        let docker = try repoFile("Dockerfile")
        let ci = try repoFile(".ci/run")
        #expect(docker.contains("FROM swift:${SWIFT_VERSION}-noble AS build") && docker.contains("FROM swift:${SWIFT_VERSION}-noble-slim"))
        // .ci/run's packages for building (the browser and python3 are for tests only).
        let ciBuildPackages = matches(#"dpkg -s (\S+) >/dev/null 2>&1 \|\| missing\+=\(\S+\)$"#, in: ci)
        #expect(ciBuildPackages.contains("libsqlite3-dev"))
        for package in ciBuildPackages where package.hasSuffix("-dev") {
            #expect(docker.contains("apt-get install -y -qq --no-install-recommends \(package)"), "the image does not install \(package)")
        }
        #expect(docker.contains("swift build -c release --product replay"))
        #expect(docker.contains("ENTRYPOINT [\"replay\"]"))
        #expect(docker.contains("libsqlite3-0"))  // the runtime library in the slim image
        let ignore = try repoFile(".dockerignore")
        #expect(ignore.contains(".build/") && ignore.contains(".replay/"))
    }

    @Test("action.yml is a composite action: it restores or builds a release replay, puts it on the PATH and runs it with the given arguments")
    func action() throws {
        let text = try repoFile("action.yml")
        #expect(text.contains("uses: actions/cache@v4"))
        #expect(text.contains("swift build -c release --product replay --package-path \"$ACTION_PATH\""))
        #expect(text.contains("echo \"$BIN_DIR\" >> \"$GITHUB_PATH\""))
        #expect(text.contains("\"$REPLAY\" \"$@\" || status=$?"))
        #expect(text.contains("#   - uses: \(repository)@v1"))
        guard let doc = try yamlAsJSON("action.yml") else {
            print("note: python3's yaml is not installed; action.yml was checked as text only")
            return
        }
        let r = JSONReader(doc)
        let runs = try r.object(try r.required("runs", in: try r.object(r.root), of: r.root))
        #expect(try r.string(try r.required("using", in: runs, of: r.root)) == "composite")
        let inputs = try r.object(try r.required("inputs", in: try r.object(r.root), of: r.root))
        #expect(inputs.map(\.key) == ["args", "annotations", "working-directory"])
        #expect(text.contains("set -- \"$@\" --annotations \"$notes\""))
    }

    @Test("The release workflow builds Linux x86_64 and arm64 and a macOS binary on a tag and attaches them with their sums")
    func releaseWorkflow() throws {
        let text = try repoFile(".github/workflows/release.yml")
        #expect(text.contains("tags: [\"v*\"]"))
        #expect(text.contains("{ arch: x86_64, runner: ubuntu-24.04 }") && text.contains("{ arch: arm64, runner: ubuntu-24.04-arm }"))
        #expect(text.contains("swift build -c release --product replay --static-swift-stdlib"))
        #expect(text.contains("swift build -c release --product replay --arch arm64 --arch x86_64"))
        #expect(text.contains("gh release upload \"$GITHUB_REF_NAME\" dist/* --clobber"))
        #expect(text.contains("Formula/replay.rb"))
        if let doc = try yamlAsJSON(".github/workflows/release.yml") {
            let r = JSONReader(doc)
            let jobs = try r.object(try r.required("jobs", in: try r.object(r.root), of: r.root))
            #expect(jobs.map(\.key) == ["linux", "macos", "publish"])
        }
    }

    @Test("The Homebrew formula builds the replay product from this repository and tests it on a snapshot")
    func formula() throws {
        let text = try repoFile("Formula/replay.rb")
        #expect(text.contains("class Replay < Formula"))
        #expect(text.contains("head \"https://github.com/\(repository).git\", branch: \"main\""))
        #expect(text.contains("\"--product\", \"replay\"") && text.contains("bin.install \".build/release/replay\""))
        #expect(text.contains("--fail-on unfired"))
    }

    @Test("The README's Install section gives the exact lines, and every line names the same repository")
    func readme() throws {
        let readme = try repoFile("README.md")
        guard let start = readme.range(of: "## Install\n") else { Issue.record("no Install section"); return }
        let section = String(readme[start.upperBound...]).components(separatedBy: "\n## ")[0]
        for line in ["uses: \(repository)@v1", "docker build -t tapreplay .", "docker run --rm -v \"$PWD:/work\" tapreplay",
                     "brew tap tapreplay/tapreplay https://github.com/\(repository)", "brew install replay",
                     "mint install \(repository)", "swift build -c release --product replay"] {
            #expect(section.contains(line), "README Install lacks: \(line)")
        }
        for file in ["README.md", "action.yml", "Formula/replay.rb", "docs/nightly-ci.md"] {
            let text = try repoFile(file)
            let named = Set(matches(#"github\.com/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+?)(?:\.git|/|"|\s|$)"#, in: text)
                .filter { $0.lowercased().hasSuffix("/tapreplay") })
            #expect(named.isSubset(of: [repository]), "\(file) names \(named)")
        }
    }
}

/// docs/nightly-ci.md installs with the Action, and names the folders docs/capture.md names.
@Suite("The nightly job's doc")
struct NightlyCIDocTests {
    /// Where the kit's files go: `cp "$DATA"/Documents/TapReplay/*.capture.json captures/` → ["*.capture.json": "captures/"].
    func copies(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        let re = try! NSRegularExpression(pattern: #"cp "\$DATA"/Documents/TapReplay/(\*\.[a-z.]+) (\S+/)"#)
        for m in re.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            out[String(text[Range(m.range(at: 1), in: text)!])] = String(text[Range(m.range(at: 2), in: text)!])
        }
        return out
    }

    @Test("nightly-ci.md installs replay with the repository's Action and never builds it in the app's checkout")
    func usesTheAction() throws {
        let doc = try repoFile("docs/nightly-ci.md")
        #expect(doc.contains("- uses: \(repository)@main"))   // a branch until the first tag (README, "Install")
        #expect(!doc.contains("swift build -c release\n") && !doc.contains(".build/release/replay"))
        #expect(doc.contains("container: swift:6.3"))
    }

    @Test("docs/capture.md and docs/nightly-ci.md agree on the artifact folders: captures/ and traces/")
    func pathsAgree() throws {
        let capture = try repoFile("docs/capture.md")
        let nightly = try repoFile("docs/nightly-ci.md")
        let expected = ["*.capture.json": "captures/", "*.jsonl": "traces/"]
        #expect(copies(capture) == expected, "capture.md copies to \(copies(capture))")
        #expect(copies(nightly) == expected, "nightly-ci.md copies to \(copies(nightly))")
        for text in [capture, nightly] {
            #expect(!text.contains("build-output") && !text.contains("recorded-traces"))
            #expect(text.contains("capture-output"))  // the artifact both jobs hand over
        }
        // What the nightly job reads is what the capture job wrote, or what convert made of it.
        let converted = Set(matches(#"replay convert (\S+/)\*\.capture\.json -o (?:\S+/)"#, in: nightly))
        let outputs = Set(matches(#"replay convert \S+ -o (\S+/)"#, in: nightly))
        let imported = Set(matches(#"replay import (.+)$"#, in: nightly).flatMap { $0.split(separator: " ").map(String.init) }
            .filter { $0.hasSuffix("/") })
        #expect(converted == ["captures/"])
        #expect(!imported.isEmpty && imported.isSubset(of: Set(expected.values).union(outputs)), "imports \(imported)")
    }
}
