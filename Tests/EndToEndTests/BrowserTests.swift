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
    /// Renders `url` with headless Chromium to a PNG at one pixel per CSS pixel (its script run).
    static func screenshot(_ chromium: String, _ url: String, to png: String, height: Int = 1100) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: chromium)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                       "--window-size=1200,\(height)", "--screenshot=\(png)", url]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
    }

    /// The page's DOM after its script ran.
    static func dom(_ chromium: String, _ url: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: chromium)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", url]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("The regressed settings build beside its baseline: the Flow Meter row's gap is red now and not on the baseline, over the wireframe; press 1 of the leading-edge trace shows its cloud and miss",
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
        // Self-contained: its one script is inline; nothing is fetched.
        #expect(!page.contains("<script src") && !page.contains("src=\"http") && !page.contains("href=\"http") && !page.contains("@import")
                && !page.contains("url(http") && !page.contains("@font-face"))
        #expect(page.contains("WIREFRAME · drawn from the view tree"))

        let png = dir.path + "/report.png", pressed = dir.path + "/pressed.png"
        try BrowserTests.screenshot(chromium, "file://\(html)", to: png)
        try BrowserTests.screenshot(chromium, "file://\(html)#press=settings-leading-edge-0001/1", to: pressed)
        #expect(FileManager.default.fileExists(atPath: png) && FileManager.default.fileExists(atPath: pressed), "chromium wrote no screenshot")

        // Where snapshot points land in the page: the baseline's drawing in column 0, the new build's in column 1 (one pixel per point).
        func pixel(_ column: Int, _ x: Double, _ y: Double) -> (Int, Int) {
            let o = HTMLReport.drawingOrigin(column: column, drawingWidth: 393)
            return (Int(o.x + x), Int(o.y + y))
        }
        let gap = (250.0, 130.0)      // in the Spacer gap of row.flowMeter, far from every leaf and press
        let icon = (28.0, 126.0)      // on row.flowMeter's icon
        let blank = (100.0, 600.0)    // empty screen below the rows, away from every press
        let points = [pixel(1, gap.0, gap.1), pixel(0, gap.0, gap.1), pixel(1, icon.0, icon.1), pixel(1, blank.0, blank.1)]
        let colors = try PNGPixels.read(png, at: points)
        #expect(colors.count == points.count)
        guard colors.count == points.count else { return }
        #expect(PNGPixels.reddish(colors[0]), "the gap on the new build is \(colors[0]), not red")
        #expect(!PNGPixels.reddish(colors[1]), "the gap on the baseline is \(colors[1]): red, though it fires there")
        #expect(!PNGPixels.reddish(colors[2]), "the icon of the row fires, yet is \(colors[2])")
        #expect(PNGPixels.close(colors[3], to: "#ffffff"), "the empty screen is \(colors[3])")

        // Press 1 of the leading-edge trace (200, 122): its touch cloud is drawn over the new build, and it says miss.
        let cloud = pixel(1, 206, 128)
        let before = try PNGPixels.read(png, at: [cloud]), after = try PNGPixels.read(pressed, at: [cloud])
        #expect(PNGPixels.bluer(after.first ?? "", than: before.first ?? ""), "no cloud at the press: \(before) → \(after)")
        let dom = try BrowserTests.dom(chromium, "file://\(html)#press=settings-leading-edge-0001/1")
        let detail = dom.range(of: #"<div class="detail"[^>]*>.*?</div>"#, options: .regularExpression).map { String(dom[$0]) } ?? ""
        #expect(detail.contains("settings-leading-edge-0001 press 1") && detail.contains(">miss<") && detail.contains("baseline: <span class=\"o-fired\">hit"),
                "the selected press reads: \(detail)")
        #expect(dom.contains(">MISS</text>"), "no miss label on the drawing")

        // A target named in the address (as a click in the target table does it) is outlined on both drawings.
        let target = try BrowserTests.dom(chromium, "file://\(html)#target=row.flowMeter")
        #expect(target.components(separatedBy: #"<rect data-target="row.flowMeter""#).count == 3)
        #expect(target.components(separatedBy: ##"<rect data-target="row.flowMeter" x="0.5" y="100.5" width="392" height="43" stroke="#17becf" class="hl">"##).count == 3,
                "the row is not highlighted on both sides")
    }
}

@Suite("A screenshot under the map, aligned in points")
struct ScreenshotAlignmentTests {
    @Test("A capture bundle's screenshot is kept by convert and drawn under the map point for point: the fixture's blue block lands where its points say",
          .enabled(if: browserTestEnabled, "no Chromium installed here (apt-get install chromium); CI installs it and always runs this test"))
    func aligned() throws {
        let chromium = try #require(browser, "CI=true but no chromium on the PATH: .ci/run must install it")
        let dir = Scratch()
        let fixture = Replay.root + "/Tests/Fixtures/Screenshot"
        let snapshot = dir.path + "/Grid.json"
        let convert = try Replay.run(["convert", fixture + "/Grid.capture.json", "-o", snapshot])
        #expect(convert.status == 0, "\(convert.stderr)")
        let text = try String(contentsOfFile: snapshot, encoding: .utf8)
        // The very PNG of the fixture, kept with the snapshot.
        let png = try Data(contentsOf: URL(fileURLWithPath: fixture + "/Grid.png")).base64EncodedString()
        #expect(text.contains("\"png\": \"\(png)\"") && text.contains("\"scale\": 2"))
        let html = dir.path + "/grid.html"
        let report = try Replay.run(["report", snapshot, "--html", html, "--db", dir.db])
        #expect(report.status == 0, "\(report.stderr)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<image class=\"screenshot\" x=\"0\" y=\"0\" width=\"200\" height=\"120\"") && !page.contains("WIREFRAME"))
        let shot = dir.path + "/grid.png"
        try BrowserTests.screenshot(chromium, "file://\(html)", to: shot, height: 700)
        func pixel(_ x: Double, _ y: Double) -> (Int, Int) {
            let o = HTMLReport.drawingOrigin(column: 0, drawingWidth: 200)
            return (Int(o.x + x), Int(o.y + y))
        }
        // Inside the block by a point and a half at each corner; outside it by two points on each side.
        let inside = [pixel(121.5, 61.5), pixel(178.5, 61.5), pixel(121.5, 98.5), pixel(178.5, 98.5), pixel(150, 80)]
        let outside = [pixel(118, 80), pixel(182, 80), pixel(150, 58), pixel(150, 102)]
        let colors = try PNGPixels.read(shot, at: inside + outside)
        try #require(colors.count == inside.count + outside.count)
        for (p, c) in zip(inside, colors.prefix(inside.count)) { #expect(PNGPixels.close(c, to: "#1540d0"), "\(p) is \(c), not the block's blue") }
        for (p, c) in zip(outside, colors.suffix(outside.count)) { #expect(PNGPixels.close(c, to: "#ffffff"), "\(p) is \(c), not white") }
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

    /// Red as a dead zone drawn translucent over the screen is: red well above green and blue.
    static func reddish(_ a: String) -> Bool {
        let c = rgb(a)
        return c.count == 3 && c[0] > 180 && c[0] - c[1] > 70 && c[0] - c[2] > 70
    }

    /// `a` has clearly more blue, relative to red, than `b` (the touch cloud drawn over `b`).
    static func bluer(_ a: String, than b: String) -> Bool {
        let x = rgb(a), y = rgb(b)
        guard x.count == 3, y.count == 3 else { return false }
        return (x[2] - x[0]) - (y[2] - y[0]) > 60
    }

    static func rgb(_ s: String) -> [Int] {
        let h = s.dropFirst()
        guard s.hasPrefix("#"), h.count == 6 else { return [] }
        return stride(from: 0, to: 6, by: 2).map { Int(h.dropFirst($0).prefix(2), radix: 16) ?? -999 }
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
