import TapJSON

/// Texts interned away from the database: each distinct text gets an index, in the order first
/// asked for, so that asking `Labels` for `texts` in order gives every label the id one pass over
/// the rows would (history's rows are prepared on other threads while the recording thread writes).
///
/// A regressed run hands the very same strings over and over (a node's name, a finding's message):
/// a text is found by its string's representation first — in a small direct-mapped table, then a
/// dictionary — and only a string not met before is hashed by its bytes.
struct LocalTexts {
    /// The texts, in the order first asked for.
    private(set) var texts: [String] = []
    /// Every string met, by its representation (kept, so no other string can take its place in memory).
    private var seen: [TextKey.Same: (text: String, index: Int32)] = [:]
    private var byText: [TextKey: Int32] = [:]
    /// The last strings met, one per slot of `seen`'s words (each kept by `seen`).
    private var recent = [(same: TextKey.Same, index: Int32)?](repeating: nil, count: LocalTexts.slots)
    private static let slots = 256

    /// The index of a text in `texts` (-1 for none).
    mutating func index(_ text: String?) -> Int32 {
        guard let text else { return -1 }
        let same = TextKey.Same(text)
        let slot = same.slot(LocalTexts.slots)
        if let r = recent[slot], r.same == same { return r.index }
        let i: Int32
        if let (_, known) = seen[same] {
            i = known
        } else {
            let key = TextKey(text)
            if let known = byText[key] {
                i = known
            } else {
                i = Int32(texts.count)
                texts.append(text)
                byText[key] = i
            }
            seen[same] = (text, i)
        }
        recent[slot] = (same, i)
        return i
    }
}
