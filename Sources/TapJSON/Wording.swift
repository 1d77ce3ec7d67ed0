/// "Did you mean" for misspelt names: the nearest candidate by edit distance,
/// ignoring case, when it is close enough to be a plausible slip.
public enum Suggestion {
    public static func nearest<S: Sequence>(_ word: String, among candidates: S) -> String? where S.Element == String {
        let w = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased().unicodeScalars))
            if best == nil || d < best!.1 || (d == best!.1 && c < best!.0) { best = (c, d) }
        }
        guard let (name, d) = best else { return nil }
        // `isHidden` → `hidden`: a common prefix like "is" counts as a slip too.
        let limit = max(2, min(w.count, name.count) / 3)
        if d <= limit { return name }
        let lower = word.lowercased(), target = name.lowercased()
        if lower.hasSuffix(target) || lower.hasPrefix(target) || target.hasPrefix(lower) { return name }
        return nil
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension String {
    /// The text as an error message quotes it: at most 200 characters, then "…".
    public var clipped: String { count <= 200 ? self : String(prefix(200)) + "…" }
}


/// "1 trace", "2 traces", "1 press", "3 presses".
public func plural(_ n: Int, _ word: String) -> String {
    if n == 1 { return "1 \(word)" }
    let suffix = word.hasSuffix("s") || word.hasSuffix("ch") || word.hasSuffix("sh") ? "es" : "s"
    return "\(n) \(word)\(suffix)"
}
