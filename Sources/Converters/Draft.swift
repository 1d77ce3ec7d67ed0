import TapJSON
import TapModel

/// Where a converted element came from: its line in the dump and, in a JSON
/// dump, its JSON path (kept as the value's index and spelled only when a
/// message needs it: spelling a path walks up the document).
struct SourceRef: Sendable {
    var line: Int?
    var path: String?
    /// The value in a JSON document whose path is spelled on demand.
    var jsonValue: Int?

    init(line: Int? = nil, path: String? = nil, jsonValue: Int? = nil) {
        self.line = line; self.path = path; self.jsonValue = jsonValue
    }

    static let none = SourceRef()

    /// `line 12: windows[0].subviews[3]: message`, as every warning of convert reads.
    func warning(_ message: String, document: JSONDocument?) -> String {
        located(message, document: document).description
    }

    func located(_ message: String, document: JSONDocument?) -> CaptureError {
        var path = self.path
        if path == nil, let v = jsonValue, let document { path = document.path(of: v) }
        return CaptureError(line: line, path: path, message)
    }
}

/// One converted view before it has an id and a place in the flat node array.
struct Draft {
    var type: String
    var frame: Rect
    var system: UISystem
    var depth: Int
    /// The accessibility identifier, which becomes the id when present.
    var identifier: String?
    /// The class of the view controller whose root view this is: the id's anchor when there is no identifier.
    var viewController: String?
    /// Same-typed siblings of this kind are numbered top to bottom, left to right
    /// (table and collection view cells, whose subview order changes with reuse).
    var numberedByPosition = false
    var label: String?
    var leaf: Bool?
    var shape: ShapeSpec?
    var clear = false
    var action: String?
    var modifiers: [Modifier] = []
    var uikit = UIKitProperties()
    var source = SourceRef.none
    /// Accessibility dumps: the element is not on screen (WebDriverAgent's `visible="false"`, or a
    /// frame wholly outside the screen): scrolled out of view, not hidden.
    var offScreen = false
    /// Accessibility dumps: the dump gave the element no frame.
    var noFrame = false
    /// The dump says the view has gesture recognizers (of types it may not tell).
    var saysRecognizers = false
    /// `list` for a table or collection view (SwiftUI's own, or one of an accessibility dump), `row` for a
    /// cell in one (docs/capture.md, "Lists, rows and styles").
    var role: Node.Role?
    /// A SwiftUI Button's resolved style, where the debug data names it.
    var style: String?
    /// A scroll view's touch delays, where the capture kit read them.
    var delaysContentTouches: Bool?
    var canCancelContentTouches: Bool?

    init(type: String, frame: Rect, system: UISystem, depth: Int, source: SourceRef = .none) {
        self.type = type; self.frame = frame; self.system = system; self.depth = depth; self.source = source
    }
}

/// What a format's reader hands to `SnapshotBuilder`: drafts in pre-order with
/// their depth, the snapshot's header as the dump gave it, limits and warnings.
struct DraftTree {
    var drafts: [Draft]
    var screen = ""
    var app = Snapshot.AppInfo()
    var device = Snapshot.DeviceInfo()
    /// Where each device field came from (a bundle's `device.width`), for warnings.
    var deviceSource: [String: SourceRef] = [:]
    /// Why the root's frame is a guess (an Application without a window takes the union of what it
    /// holds), when it is one: a device size taken from it is a warning.
    var rootFrameGuess: String?
    var capturedAt: String?
    /// A capture bundle's picture of the window, kept with the snapshot (docs/capture.md, "Screenshots").
    var screenshot: Snapshot.Screenshot?
    var limits: [String]
    var warnings: [String]
    /// The parsed JSON of a JSON dump: spells the paths of `SourceRef.jsonValue`.
    var document: JSONDocument?

    init(drafts: [Draft], limits: [String], warnings: [String], document: JSONDocument? = nil) {
        self.drafts = drafts; self.limits = limits; self.warnings = warnings; self.document = document
    }
}
