import TapModel

/// One converted view before it has an id and a place in the flat node array.
struct Draft {
    var type: String
    var frame: Rect
    var system: UISystem
    var depth: Int
    /// The accessibility identifier, which becomes the id when present.
    var identifier: String?
    var label: String?
    var leaf: Bool?
    var shape: ShapeSpec?
    var clear = false
    var action: String?
    var modifiers: [Modifier] = []
    var uikit = UIKitProperties()

    init(type: String, frame: Rect, system: UISystem, depth: Int) {
        self.type = type; self.frame = frame; self.system = system; self.depth = depth
    }
}

/// Turns drafts listed in pre-order with their depth into a snapshot's flat
/// nodes (parent, children, subtree end, depth) with stable ids. Iterative: a
/// dump of any depth is safe.
///
/// Ids (capture.md, "Ids that survive rebuilds"): the accessibility identifier
/// when there is one; else the parent's id, `/`, and the type name, with
/// `[k]` for the k-th (0-based, k ≥ 1) of same-typed siblings, so the first
/// of a kind keeps its id when others are added after it. A depth jump of
/// more than one level makes the line a child of the last node. Repeated ids
/// get `#2`, `#3`, … in document order.
enum TreeBuilder {
    /// FNV-1a over the parent's path hash and the segment: a path's hash in O(segment) per node.
    static func combine(_ seed: UInt64, _ segment: String) -> UInt64 {
        var h = seed ^ 0x2f
        h = h &* 0x0000_0100_0000_01b3
        for b in segment.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        return h
    }

    static func nodes(_ drafts: [Draft]) -> [Node] {
        var nodes: [Node] = []
        nodes.reserveCapacity(drafts.count)
        var open: [Int] = []          // indices of the open ancestors
        var sameType: [[String: Int]] = []   // per node: how many children of each type so far
        var used: [String: Int] = [:]
        var rawDepth: [Int] = []
        var pathHash: [UInt64] = []
        for d in drafts {
            while let last = open.last, rawDepth[last] >= d.depth { open.removeLast() }
            if nodes.isEmpty == false && open.isEmpty {
                // A second root: keep it under the first, so the snapshot has one root.
                open.append(0)
            }
            let parent = open.last ?? -1
            let depth = parent >= 0 ? nodes[parent].depth + 1 : 0
            let segment = TypeNames.idSegment(d.type)
            var id: String
            var name = segment
            if parent >= 0 {
                let k = sameType[parent][segment, default: 0]
                if k > 0 { name += "[\(k)]" }
            }
            let hash = TreeBuilder.combine(parent >= 0 ? pathHash[parent] : 0xcbf2_9ce4_8422_2325, name)
            if let ident = d.identifier, !ident.isEmpty {
                id = ident
            } else if parent >= 0 {
                let parentID = nodes[parent].id
                // Paths of very deep trees would make ids (and the file) grow with the square of the depth:
                // past 240 characters the id is the path's hash and its last segment, still stable across builds.
                id = parentID.utf8.count + name.utf8.count < 240 ? parentID + "/" + name
                    : "~" + String(hash, radix: 16) + "/" + name
            } else {
                id = name
            }
            if parent >= 0 { sameType[parent][segment, default: 0] += 1 }
            if let n = used[id] {
                used[id] = n + 1
                var candidate = "\(id)#\(n + 1)"
                var m = n + 1
                while used[candidate] != nil { m += 1; candidate = "\(id)#\(m)" }
                used[candidate] = 1
                id = candidate
            } else {
                used[id] = 1
            }
            var node = Node(id: id, type: d.type, frame: d.frame, system: d.system, parent: parent, depth: depth,
                            label: d.label, isLeaf: d.leaf, shape: d.shape, clear: d.clear, action: d.action,
                            modifiers: d.system == .swiftui ? d.modifiers : [], uikit: d.uikit)
            node.end = nodes.count + 1
            let index = nodes.count
            nodes.append(node)
            rawDepth.append(nodes.count == 1 ? Int.min : d.depth)
            pathHash.append(hash)
            sameType.append([:])
            if parent >= 0 { nodes[parent].children.append(index) }
            open.append(index)
        }
        for i in stride(from: nodes.count - 1, through: 0, by: -1) {
            nodes[i].end = nodes[i].children.last.map { nodes[$0].end } ?? i + 1
        }
        return nodes
    }
}
