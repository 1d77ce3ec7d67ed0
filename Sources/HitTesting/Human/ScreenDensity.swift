import TapJSON

/// How many millimetres one point spans on a device's glass: what turns a
/// target's size in points into the millimetres the human touch model is fitted
/// in (docs/audit.md, "People miss").
///
/// The value comes from `--mm-per-point`, else from a small table by the
/// snapshot's `device.model` (a machine identifier such as `iPhone16,1`, or the
/// marketing name `iPhone 15 Pro`), else 0.16 mm/pt.
public struct ScreenDensity: Sendable, Equatable {
    /// Millimetres per point.
    public let mmPerPoint: Double
    /// `--mm-per-point`, `device.model iPhone16,1 (iPhone 15 Pro, 460 ppi)`, or `the default (device.model unknown)`.
    public let because: String

    /// Where nothing says otherwise: between the 0.156 of a 326-ppi 2× iPhone and the 0.166 of a 460-ppi 3× one.
    public static let unknown = 0.16

    /// One device in the table: its screen's physical pixels across, pixel density, and width in points.
    /// mm/pt = pixels ÷ ppi × 25.4 ÷ points: the physical width over the logical one, so a phone whose
    /// 3× rendering is scaled down to its panel (the 12 and 13 mini, the Plus models before the 12) gets
    /// its real value.
    public struct Device: Sendable {
        public let name: String
        public let identifiers: [String]
        public let ppi: Double
        public let pixelWidth: Double
        public let pointWidth: Double
        public var mmPerPoint: Double { pixelWidth / ppi * 25.4 / pointWidth }
    }

    /// iPhones by `hw.machine` identifier. Sources: ppi and resolution from Apple's technical
    /// specifications of each model (support.apple.com/specs); width in points and rendering
    /// scale from Apple's Human Interface Guidelines, "Layout — Specifications"; identifiers
    /// as `uname` (and the simulator's `SIMULATOR_MODEL_IDENTIFIER`) report them. iPads and
    /// anything else are not listed: they get 0.16 unless `--mm-per-point` says otherwise.
    public static let devices: [Device] = [
        Device(name: "iPhone 8", identifiers: ["iPhone10,1", "iPhone10,4"], ppi: 326, pixelWidth: 750, pointWidth: 375),
        Device(name: "iPhone 8 Plus", identifiers: ["iPhone10,2", "iPhone10,5"], ppi: 401, pixelWidth: 1080, pointWidth: 414),
        Device(name: "iPhone X", identifiers: ["iPhone10,3", "iPhone10,6"], ppi: 458, pixelWidth: 1125, pointWidth: 375),
        Device(name: "iPhone XS", identifiers: ["iPhone11,2"], ppi: 458, pixelWidth: 1125, pointWidth: 375),
        Device(name: "iPhone XS Max", identifiers: ["iPhone11,4", "iPhone11,6"], ppi: 458, pixelWidth: 1242, pointWidth: 414),
        Device(name: "iPhone XR", identifiers: ["iPhone11,8"], ppi: 326, pixelWidth: 828, pointWidth: 414),
        Device(name: "iPhone 11", identifiers: ["iPhone12,1"], ppi: 326, pixelWidth: 828, pointWidth: 414),
        Device(name: "iPhone 11 Pro", identifiers: ["iPhone12,3"], ppi: 458, pixelWidth: 1125, pointWidth: 375),
        Device(name: "iPhone 11 Pro Max", identifiers: ["iPhone12,5"], ppi: 458, pixelWidth: 1242, pointWidth: 414),
        Device(name: "iPhone SE (2nd generation)", identifiers: ["iPhone12,8"], ppi: 326, pixelWidth: 750, pointWidth: 375),
        Device(name: "iPhone 12 mini", identifiers: ["iPhone13,1"], ppi: 476, pixelWidth: 1080, pointWidth: 375),
        Device(name: "iPhone 12", identifiers: ["iPhone13,2"], ppi: 460, pixelWidth: 1170, pointWidth: 390),
        Device(name: "iPhone 12 Pro", identifiers: ["iPhone13,3"], ppi: 460, pixelWidth: 1170, pointWidth: 390),
        Device(name: "iPhone 12 Pro Max", identifiers: ["iPhone13,4"], ppi: 458, pixelWidth: 1284, pointWidth: 428),
        Device(name: "iPhone 13 mini", identifiers: ["iPhone14,4"], ppi: 476, pixelWidth: 1080, pointWidth: 375),
        Device(name: "iPhone 13", identifiers: ["iPhone14,5"], ppi: 460, pixelWidth: 1170, pointWidth: 390),
        Device(name: "iPhone 13 Pro", identifiers: ["iPhone14,2"], ppi: 460, pixelWidth: 1170, pointWidth: 390),
        Device(name: "iPhone 13 Pro Max", identifiers: ["iPhone14,3"], ppi: 458, pixelWidth: 1284, pointWidth: 428),
        Device(name: "iPhone SE (3rd generation)", identifiers: ["iPhone14,6"], ppi: 326, pixelWidth: 750, pointWidth: 375),
        Device(name: "iPhone 14", identifiers: ["iPhone14,7"], ppi: 460, pixelWidth: 1170, pointWidth: 390),
        Device(name: "iPhone 14 Plus", identifiers: ["iPhone14,8"], ppi: 458, pixelWidth: 1284, pointWidth: 428),
        Device(name: "iPhone 14 Pro", identifiers: ["iPhone15,2"], ppi: 460, pixelWidth: 1179, pointWidth: 393),
        Device(name: "iPhone 14 Pro Max", identifiers: ["iPhone15,3"], ppi: 460, pixelWidth: 1290, pointWidth: 430),
        Device(name: "iPhone 15", identifiers: ["iPhone15,4"], ppi: 460, pixelWidth: 1179, pointWidth: 393),
        Device(name: "iPhone 15 Plus", identifiers: ["iPhone15,5"], ppi: 460, pixelWidth: 1290, pointWidth: 430),
        Device(name: "iPhone 15 Pro", identifiers: ["iPhone16,1"], ppi: 460, pixelWidth: 1179, pointWidth: 393),
        Device(name: "iPhone 15 Pro Max", identifiers: ["iPhone16,2"], ppi: 460, pixelWidth: 1290, pointWidth: 430),
        Device(name: "iPhone 16 Pro", identifiers: ["iPhone17,1"], ppi: 460, pixelWidth: 1206, pointWidth: 402),
        Device(name: "iPhone 16 Pro Max", identifiers: ["iPhone17,2"], ppi: 460, pixelWidth: 1320, pointWidth: 440),
        Device(name: "iPhone 16", identifiers: ["iPhone17,3"], ppi: 460, pixelWidth: 1179, pointWidth: 393),
        Device(name: "iPhone 16 Plus", identifiers: ["iPhone17,4"], ppi: 460, pixelWidth: 1290, pointWidth: 430),
        Device(name: "iPhone 16e", identifiers: ["iPhone17,5"], ppi: 460, pixelWidth: 1170, pointWidth: 390),
    ]

    /// The table entry for a `device.model` (identifier or name, case and spacing ignored), or nil.
    public static func device(_ model: String) -> Device? {
        func key(_ s: String) -> String { String(s.lowercased().filter { !$0.isWhitespace }) }
        let k = key(model)
        return devices.first { d in key(d.name) == k || d.identifiers.contains { key($0) == k } }
    }

    /// The density for a snapshot: `requested` (`--mm-per-point`), else its `device.model` in the table, else 0.16.
    public init(requested: Double?, model: String?) {
        if let requested {
            mmPerPoint = requested
            because = "--mm-per-point"
        } else if let model, let d = ScreenDensity.device(model) {
            mmPerPoint = d.mmPerPoint
            because = "device.model \(model) (\(d.name), \(JSONValue.format(d.ppi)) ppi)"
        } else {
            mmPerPoint = ScreenDensity.unknown
            because = model.map { "the default (device.model \($0) is not in the table)" } ?? "the default (no device.model)"
        }
    }
}
