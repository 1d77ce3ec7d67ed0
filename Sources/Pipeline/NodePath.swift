import Foundation
import TapJSON
import TapModel

/// JSON paths into a view tree, spelled with the nodes' ids: `root.children[0].children[2].modifiers[1]`
/// says where, `window › list › row.about › modifiers[1]` says which view. Errors about snapshots
/// (and the snapshots inside baselines) give both.
public enum NodePath {
    /// The path through the nodes' ids, or nil when the path does not go into the view tree
    /// (or the document cannot be read).
    ///
    /// A node is what `root` or an element of `children` holds; it is named by its `id`, else
    /// by its `type` (`HStack`), else by its place (`children[2]`). What follows the last node
    /// is kept as written (`modifiers[1].onTapGesture`).
    /// - Complexity: one parse of the document, then linear in the path.
    public static func readable(_ path: String, in document: JSONDocument) -> String? {
        guard let steps = parse(path), !steps.isEmpty else { return nil }
        var value = document.root
        var nodes: [String] = []
        var rest: [Step] = []
        var previous: Step?
        for step in steps {
            switch step {
            case .key(let k):
                guard let v = document.member(k, of: value) else { return nil }
                value = v
            case .index(let i):
                guard case .array(let items) = document[value], i >= 0, i < items.count else { return nil }
                value = items[i]
            }
            let isNode: Bool
            switch (previous, step) {
            case (_, .key("root")): isNode = true
            case (.key("children")?, .index): isNode = true
            default: isNode = false
            }
            if isNode {
                nodes.append(name(of: value, in: document, fallback: step == .key("root") ? "root" : render([.key("children"), step])))
                rest = []  // the `children` step that led here is said by the node's name
            } else {
                rest.append(step)
            }
            previous = step
        }
        guard !nodes.isEmpty else { return nil }
        let tail = render(rest)
        return (nodes + (tail.isEmpty ? [] : [tail])).joined(separator: " › ")
    }

    /// The same, over the document's bytes (nil when they are not JSON).
    public static func readable(_ path: String, in bytes: Data) -> String? {
        guard let doc = try? JSONDocument(parsing: bytes) else { return nil }
        return readable(path, in: doc)
    }

    /// A snapshot error that also names the nodes on its path, after the message, so that the
    /// `file:line: path: message` form stays as it was:
    /// `s.json:4: root.children[2].modifiers[0]: unknown modifier 'onHoverWiggle' (…) — at window › list › row.about › modifiers[0]`.
    public static func locate(_ e: SnapshotError, in bytes: Data) -> SnapshotError {
        SnapshotError(path: e.path, line: e.line, message: message(e.message, path: e.path, in: bytes))
    }

    /// `message — at window › list › row.about › modifiers[0]` when `path` goes into the view tree of `bytes`.
    public static func message(_ message: String, path: String, in bytes: Data) -> String {
        guard !path.isEmpty, let readable = readable(path, in: bytes) else { return message }
        return "\(message) — at \(readable)"
    }

    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// `root.children[0].modifiers[1]` → key root, key children, index 0, key modifiers, index 1.
    static func parse(_ path: String) -> [Step]? {
        var steps: [Step] = []
        var key = ""
        var chars = path.makeIterator()
        func flush() {
            if !key.isEmpty { steps.append(.key(key)); key = "" }
        }
        while let c = chars.next() {
            switch c {
            case ".":
                flush()
            case "[":
                flush()
                var digits = ""
                while let d = chars.next(), d != "]" { digits.append(d) }
                guard let i = Int(digits) else { return nil }
                steps.append(.index(i))
            default:
                key.append(c)
            }
        }
        flush()
        return steps
    }

    static func name(of node: Int, in document: JSONDocument, fallback: String) -> String {
        if let id = document.member("id", of: node), case .string(let s) = document[id], !s.isEmpty { return s.clipped }
        if let type = document.member("type", of: node), case .string(let s) = document[type], !s.isEmpty { return s.clipped }
        return fallback
    }

    static func render(_ steps: [Step]) -> String {
        var out = ""
        for s in steps {
            switch s {
            case .key(let k): out += (out.isEmpty ? "" : ".") + k
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
    }
}
