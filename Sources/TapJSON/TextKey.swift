#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text as its bytes compare: hashed and compared by its UTF-8, never through Unicode
/// normalization as a `String` key is (a regressed run's messages, with their arrows and
/// dashes, are hashed hundreds of thousands of times), and at once when both are the very
/// same string. Texts that are canonically equivalent but spelled differently differ here,
/// as they do in SQLite.
public struct TextKey: Hashable, Sendable {
    public var text: String
    public init(_ text: String) { self.text = text }

    public static func == (a: TextKey, b: TextKey) -> Bool {
        if Same(a.text) == Same(b.text) { return true }
        var x = a.text, y = b.text
        return x.withUTF8 { p in
            y.withUTF8 { q in p.count == q.count && (p.isEmpty || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0) }
        }
    }

    public func hash(into h: inout Hasher) {
        var text = text
        text.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// A string's representation (its two words): equal for the very same string, and for
    /// equal short strings, which are held inline; different strings can hold equal texts.
    /// A table keyed by it keeps the string too, so no other string can take its place in memory.
    public struct Same: Hashable, Sendable {
        let a: UInt64, b: UInt64
        public init(_ s: String) { (a, b) = unsafeBitCast(s, to: (UInt64, UInt64).self) }

        /// Its two words mixed into one: what a key made of many of them is hashed by, once
        /// (equal for equal representations; a table still compares the words themselves).
        @inline(__always) public var bits: UInt64 { (a ^ (b &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9 }

        /// Words (`bits` of strings, indexes, flags) mixed into one, in turn: what a key made of many
        /// parts is hashed by. (Inlined, the parts' array stays on the stack.)
        @inline(__always) public static func mix(_ parts: UInt64...) -> UInt64 {
            var h: UInt64 = 0x243F_6A88_85A3_08D3
            for p in parts { h = (h ^ p) &* 0x9E37_79B9_7F4A_7C15; h ^= h >> 29 }
            return h
        }

        /// A slot of a table of `count` (a power of two) for it.
        @inline(__always) public func slot(_ count: Int) -> Int {
            Int(truncatingIfNeeded: bits >> 40) & (count - 1)
        }
    }
}
