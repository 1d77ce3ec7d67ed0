import Foundation

/// A picture of the captured window, for a bundle whose app opted in
/// (`captureScreenshot: true`): a PNG in window points at `scale` pixels per
/// point, with every secure text input painted over before it is encoded. Off
/// by default, like text (docs/capture.md, "Privacy"): a screenshot shows
/// everything a person could read on the screen.
public struct CaptureScreenshot: Sendable, Equatable {
    public var png: Data
    /// Pixels per point of the PNG.
    public var scale: Double
    /// Where the picture lies in the window, in points: `[x, y, width, height]`.
    public var frame: [Double]

    /// The largest PNG the kit writes (its base64 stays under the 1.5 MB a snapshot carries).
    public static let maxBytes = 1_000_000

    public init(png: Data, scale: Double, frame: [Double]) {
        self.png = png; self.scale = scale; self.frame = frame
    }

    /// The scales to try, largest first: the device's, at most 2 (a report draws one pixel per
    /// point; 2 keeps text sharp on a high-density display), then halved down to 0.5.
    public static func scales(deviceScale: Double) -> [Double] {
        var s = min(max(deviceScale.isFinite ? deviceScale : 1, 0.5), 2)
        var out: [Double] = []
        while s >= 0.5 { out.append(s); s /= 2 }
        return out
    }

    /// The bundle's `screenshot` object.
    var json: [String: Any] { ["png": png.base64EncodedString(), "scale": scale, "frame": frame] }
}
