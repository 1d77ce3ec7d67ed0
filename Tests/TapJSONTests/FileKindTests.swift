import TapJSON
import Testing

/// A reader given another kind of file names that kind from its `format` and the command that takes it.
@Suite("File kinds")
struct FileKindTests {
    @Test("The format of a JSON document, or of a JSON Lines file's first line, names its kind")
    func kinds() {
        #expect(FileKind.of(Array(#"{"format":"tapreplay-capture","version":1,"windows":[]}"#.utf8))?.name == "a capture bundle")
        #expect(FileKind.of(Array(#"{"format": "tapreplay-baseline", "settings": {}}"#.utf8))?.name == "a baseline")
        let trace = #"{"format":"tapreplay-trace","version":1,"trace":"t","screen":"S"}"# + "\n" + #"{"t":0,"touch":1,"phase":"began","x":1,"y":1}"#
        #expect(FileKind.of(Array(trace.utf8))?.name == "a trace")
        #expect(FileKind.of(Array(#"{"screen":"S"}"#.utf8)) == nil)
        #expect(FileKind.of(Array("not json".utf8)) == nil)
    }

    @Test("A mismatch names the file, its kind and format, what was wanted, and the command that takes it; none for the kind wanted")
    func mismatch() {
        let bundle = Array(#"{"format":"tapreplay-capture","version":1}"#.utf8)
        #expect(FileKind.mismatch(bundle, file: "S.capture.json", expected: "tapreplay-snapshot")
                == "S.capture.json is a capture bundle (format \"tapreplay-capture\"), not a snapshot: use replay convert S.capture.json -o snapshot.json, then use the snapshot")
        #expect(FileKind.mismatch(bundle, file: "S.capture.json", expected: "tapreplay-capture") == nil)
        let baseline = Array(#"{"format":"tapreplay-baseline","version":2}"#.utf8)
        #expect(FileKind.mismatch(baseline, file: "Baselines/S.json", expected: "tapreplay-snapshot")?
                    .hasPrefix("Baselines/S.json is a baseline (format \"tapreplay-baseline\"), not a snapshot: use replay run --baseline FOLDER") == true)
    }
}
