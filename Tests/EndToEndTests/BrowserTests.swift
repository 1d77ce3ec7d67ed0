import Foundation
import Reports
import Testing

/// A browser to render reports with: Debian's `chromium`, or another Chromium build on the PATH.
let browser: String? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap { name -> String? in
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}.first

/// CI must always run the browser test (its .ci/run installs chromium); elsewhere it needs a browser.
let browserTestEnabled = browser != nil || ProcessInfo.processInfo.environment["CI"] == "true"

@Suite("The visual report, rendered in a real browser")
struct BrowserTests {
    @Test("The regressed settings build: a dead point of the row is red, a firing point has the row's colour",
          .enabled(if: browserTestEnabled, "no Chromium installed here (apt-get install chromium); CI installs it and always runs this test"))
    func renderedReport() throws {
        let chromium = try #require(browser, "CI=true but no chromium on the PATH: .ci/run must install it")
        let dir = Scratch()
        let root = Replay.root
        #expect(try Replay.run(["import", root + "/Traces", "--db", dir.db]).status == 0)
        let html = dir.path + "/report.html"
        let report = try Replay.run(["report", root + "/Traces/builds/Settings.no-content-shape.json", "--baseline", root + "/Baselines",
                                     "--html", html, "--db", dir.db])
        #expect(report.status == 0, "\(report.stderr)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(!page.contains("<script"))  // self-contained: no scripts, nothing fetched
        #expect(!page.contains("src=") && !page.contains("href=") && !page.contains("@import") && !page.contains("url(http"))

        // Render to PNG at one pixel per CSS pixel.
        let png = dir.path + "/report.png"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: chromium)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                       "--window-size=1200,1000", "--screenshot=\(png)", "file://\(html)"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: png), "chromium wrote no screenshot")

        // Where snapshot points land in the page: the first screen's drawing is at a fixed place.
        func pixel(_ x: Double, _ y: Double) -> (Int, Int) {
            (HTMLReport.margin + Int(x), HTMLReport.headerHeight + HTMLReport.titleHeight + Int(y))
        }
        let dead = pixel(250, 130)     // in the Spacer gap of row.flowMeter, far from every leaf
        let firing = pixel(28, 130)    // on row.flowMeter's icon
        let colors = try PNGPixels.read(png, at: [dead, firing])
        // The row's colour, as the report's own target table gives it.
        let swatch = try #require(page.range(of: #"background:(#[0-9a-f]{6})"></span></td><td>row.flowMeter<"#, options: .regularExpression))
        let rowColor = String(page[swatch].dropFirst("background:".count).prefix(7))
        #expect(PNGPixels.close(colors[0], to: ScreenDrawing.deadColor), "dead point is \(colors[0])")
        #expect(PNGPixels.close(colors[1], to: rowColor), "firing point is \(colors[1]), the row's colour is \(rowColor)")
        #expect(!PNGPixels.close(colors[1], to: ScreenDrawing.deadColor))
    }
}

/// Reads pixels of a PNG file (with python3's zlib: no image library needed).
enum PNGPixels {
    static let script = """
    import sys, zlib, struct
    data = open(sys.argv[1], 'rb').read()
    assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
    pos, idat = 8, b''
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
        if kind == b'IHDR': w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
        elif kind == b'IDAT': idat += body
    bpp = {2: 3, 6: 4}[ctype]; assert depth == 8
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line); prev = line
    for arg in sys.argv[2:]:
        x, y = map(int, arg.split(','))
        print('#%02x%02x%02x' % tuple(rows[y][x * bpp:x * bpp + 3]))
    """

    static func read(_ path: String, at points: [(Int, Int)]) throws -> [String] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, path] + points.map { "\($0.0),\($0.1)" }
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Within a few units per channel of `hex` (screenshots may round colours slightly).
    static func close(_ a: String, to hex: String) -> Bool {
        func rgb(_ s: String) -> [Int] {
            let h = s.dropFirst()
            return stride(from: 0, to: 6, by: 2).map { Int(h.dropFirst($0).prefix(2), radix: 16) ?? -999 }
        }
        let x = rgb(a), y = rgb(hex)
        return zip(x, y).allSatisfy { abs($0 - $1) <= 6 }
    }
}
