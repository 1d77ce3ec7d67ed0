import TapModel
import Testing

@Suite("JSON reading and writing")
struct JSONTests {
    @Test("Parses the JSON grammar, escapes and numbers")
    func parse() throws {
        let doc = try JSONDocument(parsing: #"{"a":[1,-2.5,3e2,0.1],"s":"x\n\u00e9\ud83d\ude00","t":true,"n":null}"#)
        guard case .array(let items) = doc[doc.member("a", of: 0)!] else { Issue.record("array"); return }
        let numbers = items.map { i -> Double in if case .number(let d) = doc[i] { return d }; return .nan }
        #expect(numbers == [1, -2.5, 300, 0.1])
        guard case .string(let s) = doc[doc.member("s", of: 0)!] else { Issue.record("string"); return }
        #expect(s == "x\né😀")
    }

    @Test("Rejects bad JSON with the line", arguments: ["{\"a\":}", "[1,]", "{\"a\" 1}", "01", "\"\u{01}\"", "[1] 2", "{\n\"a\":\n tru}"])
    func reject(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: text) }
    }

    @Test("Reports the line of a syntax error")
    func errorLine() {
        do {
            _ = try JSONDocument(parsing: "{\n\"a\": 1,\n\"b\": ?\n}")
            Issue.record("expected an error")
        } catch let e as JSONSyntaxError {
            #expect(e.line == 3)
        } catch { Issue.record("\(error)") }
    }

    @Test("Writes canonical JSON: sorted keys, two-space indent, whole numbers without a fraction")
    func write() {
        let v: JSONValue = ["b": 1.0, "a": [0.12345678, "q\"uote"], "c": nil]
        #expect(v.serialized(.canonical) == "{\n  \"a\": [\n    0.12345678,\n    \"q\\\"uote\"\n  ],\n  \"b\": 1,\n  \"c\": null\n}")
        #expect(JSONValue.rounded(0.123456).serialized(.compact) == "0.1235")
        #expect(JSONValue.rounded(-0.00001).serialized(.compact) == "0")
    }
}
