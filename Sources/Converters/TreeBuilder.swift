import TapModel

/// Turns drafts listed in pre-order with their depth into a snapshot's flat
/// nodes (parent, children, subtree end, depth) with stable ids. Iterative: a
/// dump of any depth is safe.
///
/// Ids (docs/convert.md, "Ids"): the accessibility identifier when there is
/// one; else the class of the view controller whose root view it is; else the
/// parent's id, `/`, and the type name, with `[k]` for the k-th (0-based,
/// k ≥ 1) of same-typed siblings, so the first of a kind keeps its id when
/// others are added after it, and a view added elsewhere renames nothing
/// here. Siblings are counted in document order, except table and collection
/// view cells (`Draft.numberedByPosition`), counted top to bottom, then left to
/// right: their subview order changes as cells are reused. A depth jump of
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

    /// Ids longer than this keep their first segment (the anchor), the number of segments left
    /// out, and as many of their last segments as fit (paths of deep trees would otherwise grow
    /// with the square of the depth).
    static let maxPathLength = 240

    /// The id of `name` under `parentID` when the whole path is too long:
    /// `SettingsViewController/...(12)/UICollectionView/ListCollectionViewCell[3]`, 12 segments left
    /// out. A view added in the left-out part beside the path renames nothing. A path whose
    /// anchor and last segment alone are too long takes the path's hash instead (`~9f3c…/Name`).
    static func elidedPath(_ parentID: String, _ name: String, hash: UInt64) -> String {
        let path = Substring(parentID)
        var head = path, tail: Substring = "", elided = 0
        if let open = DumpText.range(of: "/...(", in: path), let close = path[open.upperBound...].firstIndex(of: ")"),
           let n = Int(path[open.upperBound..<close]), path[close...].hasPrefix(")/") {
            head = path[..<open.lowerBound]
            elided = n
            tail = path[path.index(close, offsetBy: 2)...]
        } else if let slash = path.firstIndex(of: "/") {
            head = path[..<slash]
            tail = path[path.index(after: slash)...]
        }
        var kept = tail.isEmpty ? Substring(name) : Substring(tail + "/" + name)
        func length() -> Int { head.utf8.count + "/...()/".utf8.count + String(elided).utf8.count + kept.utf8.count }
        while length() > maxPathLength, let slash = kept.firstIndex(of: "/") {
            kept = kept[kept.index(after: slash)...]
            elided += 1
        }
        guard elided > 0, length() <= maxPathLength, !head.isEmpty else { return "~" + String(hash, radix: 16) + "/" + name }
        return head + "/...(\(elided))/" + kept
    }

    /// - Complexity: O(n log n) in the number of drafts (cells are sorted among their siblings).
    static func nodes(_ drafts: [Draft]) -> [Node] {
        // Pass 1: parents and depths.
        var parents: [Int] = []
        parents.reserveCapacity(drafts.count)
        var depths: [Int] = []
        depths.reserveCapacity(drafts.count)
        var children: [[Int]] = Array(repeating: [], count: drafts.count)
        var open: [Int] = []          // indices of the open ancestors; the root is never closed,
        for (i, d) in drafts.enumerated() { // so a second root is kept under the first
            while let last = open.last, last != 0, drafts[last].depth >= d.depth { open.removeLast() }
            let parent = open.last ?? -1
            parents.append(parent)
            depths.append(parent >= 0 ? depths[parent] + 1 : 0)
            if parent >= 0 { children[parent].append(i) }
            open.append(i)
        }
        // Pass 2: each node's path segment, `Type` or `Type[k]`.
        var segments = Array(repeating: "", count: drafts.count)
        for i in -1..<drafts.count {
            let kids = i < 0 ? [0] : children[i]
            guard !kids.isEmpty, !drafts.isEmpty else { continue }
            var byType: [String: [Int]] = [:]
            var order: [String] = []
            for k in kids {
                let segment = TypeNames.idSegment(drafts[k].type)
                if byType[segment] == nil { order.append(segment) }
                byType[segment, default: []].append(k)
            }
            for segment in order {
                var group = byType[segment]!
                if group.count > 1, group.contains(where: { drafts[$0].numberedByPosition }) {
                    group.sort { a, b in
                        let fa = drafts[a].frame, fb = drafts[b].frame
                        return (fa.y, fa.x, a) < (fb.y, fb.x, b)
                    }
                }
                for (k, index) in group.enumerated() { segments[index] = k == 0 ? segment : "\(segment)[\(k)]" }
            }
        }
        // Pass 3: ids in document order, then the nodes.
        var nodes: [Node] = []
        nodes.reserveCapacity(drafts.count)
        var used: [String: Int] = [:]
        var pathHash: [UInt64] = []
        pathHash.reserveCapacity(drafts.count)
        for (i, d) in drafts.enumerated() {
            let parent = parents[i]
            let name = segments[i]
            let hash = TreeBuilder.combine(parent >= 0 ? pathHash[parent] : 0xcbf2_9ce4_8422_2325, name)
            var id: String
            if let ident = d.identifier, !ident.isEmpty {
                id = ident
            } else if let vc = d.viewController.map(TypeNames.viewControllerName), !vc.isEmpty {
                id = vc
            } else if parent >= 0 {
                let parentID = nodes[parent].id
                id = parentID.utf8.count + name.utf8.count < maxPathLength ? parentID + "/" + name
                    : elidedPath(parentID, name, hash: hash)
            } else {
                id = name
            }
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
            var node = Node(id: id, type: d.type, frame: d.frame, system: d.system, parent: parent, depth: depths[i],
                            label: d.label, isLeaf: d.leaf, shape: d.shape, clear: d.clear, action: d.action,
                            modifiers: d.system == .swiftui ? d.modifiers : [], uikit: d.uikit, role: d.role, style: d.style,
                            delaysContentTouches: d.delaysContentTouches, canCancelContentTouches: d.canCancelContentTouches)
            node.children = children[i]
            nodes.append(node)
            pathHash.append(hash)
        }
        for i in stride(from: nodes.count - 1, through: 0, by: -1) {
            nodes[i].end = nodes[i].children.last.map { nodes[$0].end } ?? i + 1
        }
        return nodes
    }
}
