import TapJSON
import TapModel

/// Read access to a `_ViewDebug.serializedData` document: nodes
/// `{ "properties": [{ "id", "attribute" }], "children" }` and attribute trees
/// `{ "name"?, "type", "readableType", "flags", "value"?, "subattributes"? }`.
struct ViewDebugDocument {
    let doc: JSONDocument

    enum Property: Int { case type = 0, value = 1, transform = 2, position = 3, size = 4 }

    func members(_ v: Int) -> [JSONDocument.Member]? {
        if case .object(let m) = doc[v] { return m }
        return nil
    }

    func member(_ v: Int, _ key: String) -> Int? { doc.member(key, of: v) }

    func array(_ v: Int?) -> [Int]? {
        guard let v, case .array(let a) = doc[v] else { return nil }
        return a
    }

    func string(_ v: Int?) -> String? {
        guard let v, case .string(let s) = doc[v] else { return nil }
        return s
    }

    func number(_ v: Int?) -> Double? {
        guard let v else { return nil }
        switch doc[v] {
        case .number(let d): return d.isFinite ? d : nil
        case .string(let s): return Double(s).flatMap { $0.isFinite ? $0 : nil }
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    func bool(_ v: Int?) -> Bool? {
        guard let v else { return nil }
        switch doc[v] {
        case .bool(let b): return b
        case .number(let d): return d != 0
        case .string(let s): return s == "true" ? true : (s == "false" ? false : nil)
        default: return nil
        }
    }

    /// The attribute of property `id` of a node (properties come in any order).
    func attribute(_ node: Int, _ id: Property) -> Int? {
        for p in array(member(node, "properties")) ?? [] {
            guard members(p) != nil, number(member(p, "id")) == Double(id.rawValue) else { continue }
            return member(p, "attribute")
        }
        return nil
    }

    func children(_ node: Int) -> [Int] { array(member(node, "children")) ?? [] }

    /// A `[x, y]` pair (position or size).
    func pair(_ attr: Int?) -> (Double, Double)? {
        guard let attr, let items = array(member(attr, "value")), items.count == 2,
              let a = number(items[0]), let b = number(items[1]) else { return nil }
        return (a, b)
    }

    func readableType(_ node: Int) -> String {
        guard let a = attribute(node, .type) else { return "" }
        return string(member(a, "readableType")) ?? TypeNames.stripModules(string(member(a, "type")) ?? "")
    }

    func fullType(_ node: Int) -> String {
        guard let a = attribute(node, .type) else { return "" }
        return string(member(a, "type")) ?? ""
    }

    /// A whole number within `range` (a count, bit flags, a raw value), read as leniently as
    /// `number` (a numeric string, a Bool) but checked: a fraction or a number beyond `range`
    /// is an error with the value's line and JSON path that stops the conversion.
    func integer(_ v: Int?, in range: ClosedRange<Int> = 0...Int.max, name: String? = nil) throws -> Int? {
        guard let v else { return nil }
        let d: Double
        switch doc[v] {
        case .number(let n): d = n
        case .string(let s):
            guard let n = Double(s.trimmingCharactersInSpaces) else { return nil }
            d = n
        case .bool(let b): d = b ? 1 : 0
        default: return nil
        }
        if let problem = JSONReader.integerProblem(d, in: range) {
            throw CaptureError(line: doc.line(of: v), path: doc.path(of: v), name.map { "\($0): \(problem)" } ?? problem, unusable: true)
        }
        return Int(exactly: d)!
    }

    /// A named whole number in a value tree (`count`, `rawValue`), checked as `integer`.
    func integerValue(_ name: String, in attr: Int?, range: ClosedRange<Int> = 0...Int.max) throws -> Int? {
        guard let a = find(name, in: attr) else { return nil }
        return try integer(member(a, "value"), in: range, name: name)
    }

    /// The type attribute's flags: view 1, modifier 2.
    func flags(_ node: Int) throws -> Int? {
        guard let a = attribute(node, .type) else { return nil }
        return try integer(member(a, "flags"), name: "flags")
    }

    /// The frame in the hosting view's space, when the node has a finite position and size.
    func frame(_ node: Int) -> Rect? {
        guard let p = pair(attribute(node, .position)), let s = pair(attribute(node, .size)),
              s.0 >= 0, s.1 >= 0, [p.0, p.1, s.0, s.1].allSatisfy({ abs($0) <= 100_000 }) else { return nil }
        return Rect(p.0, p.1, s.0, s.1)
    }

    // MARK: Values

    func subattributes(_ attr: Int) -> [Int] { array(member(attr, "subattributes")) ?? [] }

    /// The first attribute named `name` in the value tree under `attr` (breadth first).
    func find(_ name: String, in attr: Int?, limit: Int = 2_000) -> Int? {
        findFirst(in: attr, limit: limit) { string(member($0, "name")) == name }
    }

    /// The first attribute whose readable type is `type` in the value tree under `attr`.
    func find(type: String, in attr: Int?, limit: Int = 2_000) -> Int? {
        findFirst(in: attr, limit: limit) { string(member($0, "readableType")) == type }
    }

    func findFirst(in attr: Int?, limit: Int, _ match: (Int) -> Bool) -> Int? {
        guard let attr, members(attr) != nil else { return nil }
        var queue = [attr]
        var i = 0
        while i < queue.count, i < limit {
            let a = queue[i]
            i += 1
            if match(a) { return a }
            for s in subattributes(a) where members(s) != nil { queue.append(s) }
        }
        return nil
    }

    /// A named number in a value tree: `count`, `opacity`, `rawValue`, …
    func numberValue(_ name: String, in attr: Int?) -> Double? {
        guard let a = find(name, in: attr) else { return nil }
        return number(member(a, "value"))
    }

    func boolValue(_ name: String, in attr: Int?) -> Bool? {
        guard let a = find(name, in: attr) else { return nil }
        return bool(member(a, "value"))
    }

    /// The string a `Text` shows: its `key` / `verbatim` / `string` values, joined.
    func text(in attr: Int?) -> String? {
        guard let attr else { return nil }
        var parts: [String] = []
        var queue = [attr]
        var i = 0
        while i < queue.count, i < 2_000 {
            let a = queue[i]
            i += 1
            if let name = string(member(a, "name")), name == "key" || name == "verbatim" || name == "string",
               let s = string(member(a, "value")) {
                parts.append(s)
                continue
            }
            for s in subattributes(a) where members(s) != nil { queue.append(s) }
        }
        return parts.isEmpty ? nil : parts.joined()
    }

    /// Whether a string value or object key `word` occurs in the value tree (`Color.clear`).
    func mentions(_ word: String, in attr: Int?) -> Bool {
        guard let attr else { return false }
        var stack = [attr]
        var seen = 0
        while let v = stack.popLast(), seen < 5_000 {
            seen += 1
            switch doc[v] {
            case .string(let s): if s == word { return true }
            case .object(let m):
                for x in m {
                    if x.key == word { return true }
                    stack.append(x.value)
                }
            case .array(let a): stack.append(contentsOf: a)
            default: break
            }
        }
        return false
    }
}
