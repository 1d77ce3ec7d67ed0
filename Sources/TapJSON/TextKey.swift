#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text as its bytes compare: hashed and compared by its UTF-8, never through Unicode
/// normalization as a `String` key is (a regressed run's messages, with their arrows and
/// dashes, are hashed hundreds of thousands of times). Texts that are canonically equivalent
/// but spelled differently differ here, as they do in SQLite.
public struct TextKey: Hashable, Sendable {
    public var text: String
    public init(_ text: String) { self.text = text }

    public static func == (a: TextKey, b: TextKey) -> Bool { sameBytes(a.text, b.text) }

    public func hash(into h: inout Hasher) {
        var text = text
        text.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Whether two strings hold the same UTF-8 bytes.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var x = a, y = b
        return x.withUTF8 { p in
            y.withUTF8 { q in p.count == q.count && (p.isEmpty || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0) }
        }
    }

    /// A text keyed by its bytes with their hash worked out once: a key made of several texts (a
    /// finding's node, action and message) is hashed by mixing their `bits`, and compared word by
    /// word before any bytes are. Equal for equal bytes, whatever string holds them.
    public struct Same: Hashable, Sendable {
        let text: String
        /// A hash of the text's bytes (the same in every process).
        public let bits: UInt64

        public init(_ s: String) { text = s; bits = Same.hash(s) }

        public static func == (a: Same, b: Same) -> Bool { a.bits == b.bits && TextKey.sameBytes(a.text, b.text) }
        public func hash(into h: inout Hasher) { h.combine(bits) }

        /// Words (`bits` of texts, indexes, flags) mixed into one, in turn: what a key made of many
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

        /// The text's UTF-8 read eight bytes at a time, each word multiplied in (FNV-1a's prime), the
        /// count and the last partial word too.
        static func hash(_ s: String) -> UInt64 {
            var s = s
            return s.withUTF8 { p in
                let raw = UnsafeRawBufferPointer(p)
                var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: raw.count)
                var i = 0
                while i + 8 <= raw.count {
                    h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                    h ^= h >> 32
                    i += 8
                }
                var tail: UInt64 = 0, shift: UInt64 = 0
                while i < raw.count { tail |= UInt64(raw[i]) << shift; shift += 8; i += 1 }
                h = (h ^ tail) &* 0xBF58_476D_1CE4_E5B9
                return h ^ (h >> 31)
            }
        }
    }
}
