/// What kind of TapReplay file some bytes are, from the `format` its JSON (or its JSON
/// Lines header) names, and the command that takes it: so a reader given the wrong kind
/// says "this is a capture bundle: use `replay convert`" instead of the first field it
/// did not expect (docs/snapshot.md, "Which file goes where").
public struct FileKind: Sendable, Equatable {
    /// The `format` value (`tapreplay-capture`).
    public let format: String
    /// How people call it (`a capture bundle`).
    public let name: String
    /// What to do with it (`replay convert FILE -o snapshot.json`), with `FILE` for the file.
    public let use: String

    /// Every kind of file the tool writes or reads.
    public static let all: [FileKind] = [
        FileKind(format: "tapreplay-snapshot", name: "a snapshot",
                 use: "replay hit / deadzones / audit / probe FILE, replay run --snapshots FILE, or replay import FILE"),
        FileKind(format: "tapreplay-capture", name: "a capture bundle", use: "replay convert FILE -o snapshot.json, then use the snapshot"),
        FileKind(format: "tapreplay-baseline", name: "a baseline",
                 use: "replay run --baseline FOLDER, with FOLDER the folder that holds it (its snapshot is in its \"snapshot\" field)"),
        FileKind(format: "tapreplay-trace", name: "a trace", use: "replay import FILE, then replay run"),
        FileKind(format: "tapreplay-shard-run", name: "a shard of a run", use: "replay merge FILE..."),
    ]

    /// The kind a file's `format` names, if any: the top-level `format` of its JSON, or of its
    /// first line when it is JSON Lines.
    public static func of<Bytes: Collection>(_ bytes: Bytes) -> FileKind? where Bytes.Element == UInt8 {
        guard let format = format(of: bytes) else { return nil }
        return all.first { $0.format == format }
    }

    /// The top-level `format` string of a JSON document, or of a JSON Lines file's first line.
    public static func format<Bytes: Collection>(of bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        func read<C: Collection>(_ c: C) -> String? where C.Element == UInt8 {
            guard let doc = try? JSONDocument(parsing: c), let v = doc.member("format", of: doc.root),
                  case .string(let s) = doc[v] else { return nil }
            return s
        }
        if let whole = read(bytes) { return whole }
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return read(bytes[..<newline])
    }

    /// A message for `file`, given where `expected` was wanted, when the file is another kind:
    /// `Settings.capture.json is a capture bundle (format "tapreplay-capture"), not a snapshot: use replay convert …`.
    /// Nil when the file names no known format, or the expected one.
    public static func mismatch<Bytes: Collection>(_ bytes: Bytes, file: String, expected: String) -> String?
    where Bytes.Element == UInt8 {
        reason(bytes, file: file, expected: expected).map { "\(file) is " + $0 }
    }

    /// The same without the file's name in front (`a capture bundle (format …), not a snapshot: use …`),
    /// for messages that name the file already.
    public static func reason<Bytes: Collection>(_ bytes: Bytes, file: String, expected: String) -> String?
    where Bytes.Element == UInt8 {
        guard let kind = of(bytes), kind.format != expected else { return nil }
        let wanted = all.first { $0.format == expected }?.name ?? expected
        return "\(kind.name) (format \"\(kind.format)\"), not \(wanted): use " + substituting(file, in: kind.use)
    }

    /// `use` with every `FILE` replaced by the file's name (`String.replacing` is iOS 16; the package declares 15).
    static func substituting(_ file: String, in use: String) -> String {
        var out = ""
        var i = use.startIndex
        while i < use.endIndex {
            if use[i...].hasPrefix("FILE") {
                out += file
                i = use.index(i, offsetBy: 4)
            } else {
                out.append(use[i])
                i = use.index(after: i)
            }
        }
        return out
    }
}
