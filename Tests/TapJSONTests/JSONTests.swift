@testable import TapJSON
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

    @Test("A key written again (from the writer's table of keys) reads as it did the first time, in every style, whatever string holds it")
    func keysAgain() throws {
        // Keys from literals, built at run time (other strings, same text), long, with escapes, and more than the table holds.
        var names = ["rule", "trace", "x", "a\"quote", "tab\there", String(repeating: "long-key-", count: 5), "é"]
        for i in 0..<100 { names.append("k\(i)") }  // more than the table holds: slots are taken over
        for style in [JSONWriter.Style.pretty, .compact, .line] {
            var w = JSONWriter(style: style)
            w.object { w in
                for (i, name) in names.enumerated() {
                    w.key(name)
                    w.line { w in w.object { w in w.field("rule", i); w.field(String("tr" + "ace"), "t") } }
                }
            }
            let document = try JSONDocument(parsing: w.text)
            let v = JSONValue(document, at: document.root)
            for (i, name) in names.enumerated() {
                #expect(v[name]?["rule"] == .number(Double(i)))
                #expect(v[name]?["trace"] == .string("t"))
            }
        }
        // Exactly: the same key again, from a literal and from a string built at run time, and one with an escape.
        let built = String("ru" + "le")
        let expected: [(JSONWriter.Style, String)] = [
            (.compact, #"{"rule":1,"rule":2,"rule":3,"a\"b":4,"a\"b":5}"#),
            (.line, #"{"rule": 1, "rule": 2, "rule": 3, "a\"b": 4, "a\"b": 5}"#),
            (.pretty, "{\n  \"rule\": 1,\n  \"rule\": 2,\n  \"rule\": 3,\n  \"a\\\"b\": 4,\n  \"a\\\"b\": 5\n}"),
        ]
        for (style, text) in expected {
            var w = JSONWriter(style: style)
            w.object { w in
                w.field("rule", 1); w.field("rule", 2); w.field(built, 3); w.field("a\"b", 4); w.field("a\"b", 5)
            }
            #expect(w.text == text)
        }
    }

    @Test("Writes canonical JSON: sorted keys, two-space indent, whole numbers without a fraction")
    func write() {
        let v: JSONValue = ["b": 1.0, "a": [0.12345678, "q\"uote"], "c": nil]
        #expect(v.serialized(.canonical) == "{\n  \"a\": [\n    0.12345678,\n    \"q\\\"uote\"\n  ],\n  \"b\": 1,\n  \"c\": null\n}")
        #expect(JSONValue.rounded(0.123456).serialized(.compact) == "0.1235")
        #expect(JSONValue.rounded(-0.00001).serialized(.compact) == "0")
    }
}

@Suite("One JSON reader, one streaming writer")
struct JSONReaderWriterTests {
    @Test("A 240k-element array parses linearly (no copy per append)")
    func longArray() throws {
        let n = 240_000
        var text = "{\"events\":["
        for i in 0..<n { text += i == 0 ? "\(i)" : ",\(i)" }
        text += "]}"
        let doc = try JSONDocument(parsing: text)
        guard case .array(let items) = doc[doc.member("events", of: 0)!] else { Issue.record("array"); return }
        #expect(items.count == n)
        guard case .number(let last) = doc[items[n - 1]] else { Issue.record("number"); return }
        #expect(last == Double(n - 1))
    }

    @Test("Every value knows its JSON path and line")
    func paths() throws {
        let doc = try JSONDocument(parsing: "{\"root\":{\"children\":[{\"id\":\"a\"},\n{\"modifiers\":[{\"opacity\":\"x\"}]}]}}")
        let root = doc.member("root", of: 0)!
        guard case .array(let kids) = doc[doc.member("children", of: root)!] else { Issue.record("children"); return }
        guard case .array(let mods) = doc[doc.member("modifiers", of: kids[1])!] else { Issue.record("modifiers"); return }
        let opacity = doc.member("opacity", of: mods[0])!
        #expect(doc.path(of: opacity) == "root.children[1].modifiers[0].opacity")
        #expect(doc.line(of: opacity) == 2)
        #expect(doc.path(of: 0) == "")
        let r = JSONReader(doc)
        #expect(throws: JSONReadError(path: "root.children[1].modifiers[0].opacity", line: 2, kind: .wrongType, "expected a number, found a string")) {
            try r.number(opacity)
        }
    }

    @Test("Did you mean: the nearest known name for a slip")
    func suggestions() {
        #expect(Suggestion.nearest("isHidden", among: ["hidden", "alpha", "frame"]) == "hidden")
        #expect(Suggestion.nearest("fram", among: ["hidden", "alpha", "frame"]) == "frame")
        #expect(Suggestion.nearest("zIndex", among: ["hidden", "alpha", "frame"]) == nil)
    }

    @Test("The writer's numbers read back the same and match the shortest form")
    func numbers() throws {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 0.3691, -0.0001, 122.5, 1e15, 1e-7, 123456789.1234, 33.333333333333336, .pi, 1e300]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let k = Double(Int.random(in: -10_000_000...10_000_000, using: &generator))
            values.append(k / 10_000)
            values.append(Double.random(in: -1e6...1e6, using: &generator))
        }
        for d in values {
            var w = JSONWriter(style: .compact)
            w.number(d)
            #expect(w.text == JSONValue.format(d), "\(d)")
            #expect(Double(w.text) == d || d == 0)
        }
        var w = JSONWriter(style: .compact)
        w.number(Double.nan)
        #expect(w.text == "null")
    }

    @Test("Strings are escaped; chunks handed to a sink add up to the whole document")
    func streaming() throws {
        var chunks: [UInt8] = []
        var streamed = JSONWriter(style: .pretty, chunk: 64) { chunks.append(contentsOf: $0) }
        var whole = JSONWriter(style: .pretty)
        for w in [0, 1] {
            func body(_ x: inout JSONWriter) {
                x.beginObject()
                x.field("s", "quote \" backslash \\ newline \n tab \t bell \u{07} é😀")
                x.key("items")
                x.array(0..<200) { x, i in x.object { x in x.field("i", i); x.field("half", Double(i) / 2) } }
                x.endObject()
            }
            if w == 0 { body(&streamed) } else { body(&whole) }
        }
        streamed.flush()
        #expect(chunks == whole.bytes)
        let doc = try JSONDocument(parsing: whole.bytes)
        guard case .string(let s) = doc[doc.member("s", of: 0)!] else { Issue.record("string"); return }
        #expect(s == "quote \" backslash \\ newline \n tab \t bell \u{07} é😀")
        #expect(whole.text.contains("\\u0007"))
    }

    @Test("A string's escapes are found wherever they stand, past the bytes read eight at a time")
    func escapesAnywhere() throws {
        for special in ["\"", "\\", "\n", "\u{01}", "\u{1F}", "\t"] {
            for at in 0...20 {
                var text = "abcdefghijklmnopqrst→u"
                text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: at))
                var w = JSONWriter(style: .compact)
                w.array { w in w.string(text); w.string(String(repeating: "x", count: at) + "é") }
                let doc = try JSONDocument(parsing: w.text)
                guard case .array(let items) = doc[0], case .string(let back) = doc[items[0]] else { Issue.record("array"); return }
                #expect(back == text, "\(special.debugDescription) at \(at)")
                #expect(!w.text.contains(special) || special == "\t" || special == "\"" || special == "\\")
            }
        }
        #expect(!JSONWriter.needsEscape(UInt64(littleEndian: 0x7E7E_2020_6162_FF80)))
        #expect(JSONWriter.needsEscape(UInt64(littleEndian: 0x7E7E_2020_6162_FF1F)))
    }
}
