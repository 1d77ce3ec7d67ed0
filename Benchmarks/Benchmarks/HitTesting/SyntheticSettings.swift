// Deterministic synthetic snapshots for the hit-testing benchmarks: a long,
// settings-like scrolling list, written as snapshot JSON text (snapshot.md,
// format v1) by plain string concatenation and decoded with `Snapshot(json:)`.
//
// The screen, in window points (the capture is full-length: every view of the
// scrolled content has its laid-out frame, so the content is far taller than
// the 393 × 852 screen, and the UIKit window and hosting view span all of it):
//
//   UIWindow (uikit)                                 [0, 0, 393, H]
//     UIHostingView (uikit, hosts SwiftUI: U5)       [0, 0, 393, H]
//       ScrollView > LazyVStack (swiftui)
//         Text "Settings" (large title)
//         section × S: VStack
//           Text header                 (36 pt band above the card: mostly dead)
//           VStack card                 [16, y, 361, rows × 44]
//             row × 10, each followed by a Divider
//           every 5th section: an overlay ribbon with allowsHitTesting(false) (S5)
//       overlay "scroll edge effect" with allowsHitTesting(false)
//     UINavigationBar (uikit) with a back UIButton  [0, 0, 393, 96]
//     UITabBar (uikit) with four tab UIControls     [0, 769, 393, 83]
//
// A row is 44 pt tall and holds 6 leaves (icon background, icon glyph, title,
// subtitle, value, chevron) in an HStack; 10 or 11 nodes with its Divider.
// Row kinds, chosen by a fixed pattern:
//   - navigation row, `[contentShape(rectangle), onTapGesture]` (whole row live, S3/S4)
//   - the same without contentShape: only the glyphs take the tap, so a tap in
//     a gap is dead and runs the S9 tolerance search
//   - Button(action:) around the HStack label, no contentShape (glyphs only)
//   - toggle row: no row gesture, a Toggle (Capsule track + Circle knob)
// Taps in the 16-pt margins, the section header bands and the gaps of the
// last three kinds reach no region exactly: about a third of uniformly
// scattered touches (356–378 of the benchmarks' 1,000 at each size).

import BenchmarkSupport
import HitTesting
import TapModel

/// Writes snapshot JSON node by node. `open` starts a node, `close` ends the
/// most recently opened one; children are written between the two, so the
/// text is produced in one forward pass with no intermediate tree.
struct SnapshotWriter {
    private(set) var text = ""
    private(set) var nodeCount = 0
    /// For each open node: whether its "children" array has been started.
    private var hasChildren: [Bool] = []

    init(screen: String, capacity: Int) {
        text.reserveCapacity(capacity)
        text += #"{"format":"tapreplay-snapshot","version":1,"screen":""# + screen + #"","#
        text += #""app":{"id":"com.example.settings","version":"1.0","build":"1"},"#
        text += #""device":{"model":"iPhone16,1","os":"iOS 18.1","scale":3,"width":393,"height":852},"#
        text += #""capturedAt":"2026-11-20T10:00:00Z","root":"#
    }

    /// Starts a node. `fields` is extra JSON members, each starting with a comma.
    mutating func open(_ id: String, _ type: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ fields: String = "") {
        if let last = hasChildren.last {
            if last { text += "," } else { text += #","children":["#; hasChildren[hasChildren.count - 1] = true }
        }
        text += #"{"id":""# + id + #"","type":""# + type + #"","frame":["#
        text += Self.number(x) + "," + Self.number(y) + "," + Self.number(w) + "," + Self.number(h) + "]"
        text += fields
        hasChildren.append(false)
        nodeCount += 1
    }

    mutating func close() {
        text += hasChildren.removeLast() ? "]}" : "}"
    }

    /// A node without children.
    mutating func leaf(_ id: String, _ type: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ fields: String = "") {
        open(id, type, x, y, w, h, fields)
        close()
    }

    /// Ends the document; every node must be closed.
    mutating func finish() -> String {
        precondition(hasChildren.isEmpty, "unbalanced open/close")
        text += "}"
        return text
    }

    /// Integral values without a fraction ("44", not "44.0"), others as Swift prints them.
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

/// A synthetic settings screen of about `targetNodes` views.
struct SyntheticSettings {
    static let screenWidth = 393.0
    static let screenHeight = 852.0
    static let rowHeight = 44.0
    static let rowsPerSection = 10
    /// Height of a section's header band and the space below its card.
    static let headerBand = 36.0, sectionSpacing = 20.0
    static let contentTop = 150.0

    /// The snapshot JSON text.
    let json: String
    /// Views in the snapshot (`Snapshot.nodes.count` after decoding).
    let nodeCount: Int
    /// Bottom of the content: touches are spread over `0 ..< contentHeight`.
    let contentHeight: Double
    /// Right edge of the content: the list wraps into columns one screen wide
    /// when it would be taller than a snapshot allows (±100,000 pt).
    let contentWidth: Double

    private static let titles = [
        "Wi-Fi", "Bluetooth", "Mobile Service", "Personal Hotspot", "Notifications", "Sounds & Haptics",
        "Focus", "Screen Time", "General", "Control Centre", "Display & Brightness", "Home Screen",
        "Accessibility", "Wallpaper", "StandBy", "Siri & Search", "Face ID & Passcode", "Emergency SOS",
        "Exposure Notifications", "Battery", "Privacy & Security", "App Store", "Wallet", "Passwords",
    ]
    private static let values = ["On", "Off", "Home", "English", "Automatic", "2 GB", "Never", ""]

    /// Builds the screen with as many whole sections of `rowsPerSection` rows
    /// as make about `targetNodes` views (1,037, 10,020 and 99,843 for 1k, 10k, 100k).
    init(targetNodes: Int, seed: UInt64 = 0x5E77_1265) {
        var random = SplitMix64(seed: seed)
        // Views per section: 3 containers, 10 rows of 10 or 11, 9 dividers,
        // a ribbon in one section of 5: about 114.
        let perSection = 114
        let sections = max(1, (targetNodes - 20 + perSection - 1) / perSection)
        let sectionHeight = Self.headerBand + Double(Self.rowsPerSection) * Self.rowHeight + Self.sectionSpacing
        let perColumn = max(1, Int((90_000 - Self.contentTop - 40) / sectionHeight))
        let columns = (sections + perColumn - 1) / perColumn
        let height = Self.contentTop + Double(min(sections, perColumn)) * sectionHeight + 40
        var w = SnapshotWriter(screen: "Settings", capacity: targetNodes * 100)  // about 85 bytes of JSON per view
        let width = Self.screenWidth * Double(columns)

        w.open("window", "UIWindow", 0, 0, width, height, #","system":"uikit""#)
        w.open("host", "UIHostingView", 0, 0, width, height, #","system":"uikit""#)
        w.open("scroll", "ScrollView", 0, 0, width, height, #","system":"swiftui""#)
        w.open("stack", "LazyVStack", 0, 100, width, height - 100)
        w.leaf("title", "Text", 16, 100, 140, 41, #","label":"Settings""#)

        var y = Self.contentTop
        var row = 0
        for s in 0..<sections {
            let sid = "s\(s)"
            if s > 0 && s % perColumn == 0 { y = Self.contentTop }  // the next column
            let x = Self.screenWidth * Double(s / perColumn)
            let cardHeight = Double(Self.rowsPerSection) * Self.rowHeight
            w.open(sid, "VStack", x, y, Self.screenWidth, Self.headerBand + cardHeight)
            w.leaf(sid + ".header", "Text", x + 32, y + 14, Double(random.int(in: 60...140)), 16, #","label":"Section \#(s)""#)
            let cardTop = y + Self.headerBand
            w.open(sid + ".card", "VStack", x + 16, cardTop, 361, cardHeight)
            for r in 0..<Self.rowsPerSection {
                Self.writeRow(&w, id: sid + ".r\(r)", index: row, x: x, y: cardTop + Double(r) * Self.rowHeight, random: &random)
                if r < Self.rowsPerSection - 1 {
                    w.leaf(sid + ".d\(r)", "Divider", x + 72, cardTop + Double(r + 1) * Self.rowHeight - 0.5, 305, 0.5)
                }
                row += 1
            }
            w.close()  // card
            if s % 5 == 2 {
                // A decorative "new" ribbon drawn over the top rows: it must let taps through (S5).
                w.leaf(sid + ".ribbon", "LinearGradient", x + 16, cardTop, 361, 2 * Self.rowHeight,
                       #","leaf":true,"modifiers":[{"allowsHitTesting":false}]"#)
            }
            w.close()  // section
            y += Self.headerBand + cardHeight + Self.sectionSpacing
        }
        w.close()  // stack
        // Scroll-edge blur over the top of the screen: decoration only (S5).
        w.leaf("edgeEffect", "Rectangle", 0, 0, width, 120, #","modifiers":[{"allowsHitTesting":false}]"#)
        w.close()  // scroll
        w.close()  // host

        w.open("navBar", "UINavigationBar", 0, 0, width, 96)
        w.leaf("navBar.back", "UIButton", 8, 52, 44, 44, #","control":{"action":"back","enabled":true},"label":"Back""#)
        w.leaf("navBar.title", "UILabel", 150, 62, 93, 22, #","label":"Settings""#)
        w.close()
        w.open("tabBar", "UITabBar", 0, Self.screenHeight - 83, width, 83)
        for t in 0..<4 {
            w.leaf("tabBar.t\(t)", "UITabBarButton", 8 + Double(t) * 95, Self.screenHeight - 82, 92, 49,
                   #","control":{"action":"tab\#(t)","enabled":true}"#)
        }
        w.close()
        w.close()  // window

        self.nodeCount = w.nodeCount
        self.json = w.finish()
        self.contentHeight = height
        self.contentWidth = width
    }

    private enum RowKind { case navigation, noContentShape, button, toggle }

    /// Fixed pattern over 20 rows: 13 navigation, 4 without contentShape, 2 Buttons, 1 toggle.
    private static func kind(of row: Int) -> RowKind {
        switch row % 20 {
        case 3, 9, 14, 18: return .noContentShape
        case 6, 16: return .button
        case 11: return .toggle
        default: return .navigation
        }
    }

    /// One settings row at `y` in the card (x 16 ... 377).
    private static func writeRow(_ w: inout SnapshotWriter, id: String, index: Int, x: Double, y: Double, random: inout SplitMix64) {
        let title = titles[index % titles.count]
        let label = #","label":""# + title + #"""#
        let action = "open" + String(index)
        let kind = kind(of: index)
        let titleWidth = Double(random.int(in: 48...170))
        let subtitleWidth = Double(random.int(in: 60...200))
        let value = values[random.int(in: 0...(values.count - 1))]
        let valueWidth = value.isEmpty ? 0 : Double(8 * value.count + 4)

        // The HStack that lays the row out; its modifiers depend on the kind.
        let hstackModifiers: String
        switch kind {
        case .navigation:
            hstackModifiers = #","modifiers":[{"contentShape":{"shape":"rectangle"}},{"onTapGesture":{"count":1,"action":""# + action + #""}}]"#
        case .noContentShape:
            hstackModifiers = #","modifiers":[{"onTapGesture":{"count":1,"action":""# + action + #""}}]"#
        case .button, .toggle:
            hstackModifiers = ""
        }
        if kind == .button {
            w.open(id, "Button", x + 16, y, 361, rowHeight, #","action":""# + action + #"""# + label)
            w.open(id + ".label", "HStack", x + 16, y, 361, rowHeight)
        } else {
            w.open(id, "HStack", x + 16, y, 361, rowHeight, hstackModifiers + label)
        }

        w.open(id + ".icon", "ZStack", x + 32, y + 8, 28, 28)
        w.leaf(id + ".icon.bg", "RoundedRectangle", x + 32, y + 8, 28, 28, #","shape":{"shape":"roundedRectangle","cornerRadius":6}"#)
        w.leaf(id + ".icon.glyph", "Image", x + 37, y + 13, 18, 18)
        w.close()
        w.open(id + ".text", "VStack", x + 72, y + 5, max(titleWidth, subtitleWidth), 34)
        w.leaf(id + ".title", "Text", x + 72, y + 5, titleWidth, 20)
        w.leaf(id + ".subtitle", "Text", x + 72, y + 25, subtitleWidth, 14)
        w.close()
        w.leaf(id + ".spacer", "Spacer", x + 72 + max(titleWidth, subtitleWidth), y, 8, rowHeight)
        if kind == .toggle {
            w.open(id + ".toggle", "Toggle", x + 310, y + 6, 51, 31, #","action":"toggle"# + String(index) + #"""#)
            w.leaf(id + ".toggle.track", "Capsule", x + 310, y + 6, 51, 31)
            w.leaf(id + ".toggle.knob", "Circle", x + 332, y + 8, 27, 27)
            w.close()
        } else {
            w.leaf(id + ".value", "Text", x + 347 - valueWidth, y + 12, valueWidth, 20)
            w.leaf(id + ".chevron", "Image", x + 355, y + 15, 8, 14, #","label":"chevron.right""#)
        }
        if kind == .button { w.close() }  // label HStack
        w.close()
    }
}

/// What a benchmark needs at one size: the compiled tester and a fixed set of touches.
struct HitFixture: Sendable {
    let tester: HitTester
    let touches: [Point]
    let nodeCount: Int

    /// Decodes the synthetic screen of about `targetNodes` views and compiles it
    /// with the spatial index on or off. The touches depend only on the size, so
    /// the indexed and walking benchmarks of one size replay the same ones.
    init(targetNodes: Int, spatialIndex: Bool, touchCount: Int) throws {
        let screen = SyntheticSettings(targetNodes: targetNodes)
        let snapshot = try Snapshot(json: screen.json)
        precondition(snapshot.nodes.count == screen.nodeCount, "writer and decoder disagree on the node count")
        tester = HitTester(snapshot, settings: HitSettings(spatialIndex: spatialIndex))  // the default touch: a 20-pt cloud (S9)
        touches = Self.touches(count: touchCount, contentWidth: screen.contentWidth, contentHeight: screen.contentHeight,
                               seed: UInt64(targetNodes))
        nodeCount = snapshot.nodes.count
    }

    /// `count` points spread uniformly over the whole content (every x of its
    /// columns, every y down to the bottom of the list).
    static func touches(count: Int, contentWidth: Double, contentHeight: Double, seed: UInt64) -> [Point] {
        var random = SplitMix64(seed: 0x7A9_0000 ^ seed)
        return (0..<count).map { _ in
            Point(random.unit() * contentWidth, random.unit() * contentHeight)
        }
    }
}
