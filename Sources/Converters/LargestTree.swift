/// One tree of a dump that may hold several: a console echo of the window
/// before the real dump, a fragment pasted above it, two states side by side.
struct TreeCandidate {
    var drafts: [Draft] = []
    var firstLine: Int
    var lastLine: Int
    /// Why the tree is not well-formed (an unreadable frame), if it is not.
    var error: CaptureError?
    /// The tree's own warnings and limits (kept only for the tree converted).
    var warnings: [String] = []
    var limits: [String] = []

    init(firstLine: Int) { self.firstLine = firstLine; self.lastLine = firstLine }

    var lines: String { firstLine == lastLine ? "line \(firstLine)" : "lines \(firstLine)–\(lastLine)" }
}

/// Picks the tree to convert: the largest well-formed one (the first of equals),
/// with a warning that names the others by their lines and says when it was a tie.
enum LargestTree {
    /// - Throws: the error of the largest tree when none is well-formed.
    static func choose(_ trees: [TreeCandidate], noun: String, unit: String) throws -> (tree: TreeCandidate, warnings: [String]) {
        let wellFormed = trees.indices.filter { trees[$0].error == nil && !trees[$0].drafts.isEmpty }
        guard let best = wellFormed.max(by: { trees[$0].drafts.count < trees[$1].drafts.count || (trees[$0].drafts.count == trees[$1].drafts.count && $0 > $1) }) else {
            if let failed = trees.filter({ $0.error != nil }).max(by: { $0.drafts.count < $1.drafts.count }), let e = failed.error { throw e }
            throw CaptureError(line: 1, "no \(noun) found")
        }
        var warnings: [String] = []
        let others = trees.indices.filter { $0 != best && (!trees[$0].drafts.isEmpty || trees[$0].error != nil) }
        if !others.isEmpty {
            let chosen = trees[best]
            func count(_ t: TreeCandidate) -> String { "\(t.drafts.count) \(unit)\(t.drafts.count == 1 ? "" : "s")" }
            let list = others.map { i -> String in
                let t = trees[i]
                var s = "\(t.lines) (\(count(t))"
                if let e = t.error { s += ", not well-formed: \(e.description)" }
                return s + ")"
            }
            // Equals: say it was a tie and which rule broke it (the first in the dump is taken).
            let tied = wellFormed.filter { $0 != best && trees[$0].drafts.count == chosen.drafts.count }
            let choice = tied.isEmpty
                ? "converted the largest well-formed one, \(chosen.lines) (\(count(chosen)))"
                : "\(tied.count + 1) well-formed trees tie as the largest (\(count(chosen)) each): converted the first in the dump, \(chosen.lines)"
            warnings.append("the dump holds \(others.count + 1) \(noun)s: \(choice); not converted: \(list.joined(separator: "; "))")
        }
        return (trees[best], warnings)
    }
}
