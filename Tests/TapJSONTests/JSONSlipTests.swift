import TapJSON
import Testing

/// The slips people make writing JSON by hand are named as such, with the line and column.
@Suite("JSON slips named as such")
struct JSONSlipTests {
    func message(_ text: String) -> String {
        do {
            _ = try JSONDocument(parsing: text)
            return "parsed"
        } catch let e as JSONSyntaxError {
            return e.description
        } catch {
            return "\(error)"
        }
    }

    @Test("A trailing comma in an object or an array is called a trailing comma, where it is")
    func trailingComma() {
        #expect(message("{\n  \"a\": 1,\n}") == "line 3, column 1: trailing comma before '}': JSON allows no comma after the last member of an object")
        #expect(message("[1, 2,\n]").hasPrefix("line 2, column 1: trailing comma before ']'"))
        #expect(message("{\"a\": [1,]}").contains("trailing comma before ']'"))
    }

    @Test("Single quotes, unquoted keys, comments, Python and JavaScript literals, and a missing comma are named")
    func otherSlips() {
        #expect(message("{'a': 1}").contains("keys take double quotes in JSON: write \"…\", not '…'"))
        #expect(message("{\"a\": 'x'}").contains("strings take double quotes in JSON"))
        #expect(message("{frame: [0, 0, 1, 1]}").contains("keys take double quotes in JSON: write \"frame\""))
        #expect(message("{\"a\": 1 // one\n}").contains("JSON has no comments"))
        #expect(message("// header\n{}").contains("JSON has no comments"))
        #expect(message("{\"hidden\": True}").contains("'True' is not JSON: write true"))
        #expect(message("{\"label\": None}").contains("'None' is not JSON: write null"))
        #expect(message("[NaN]").contains("'NaN' is not JSON"))
        #expect(message("{\"a\": 1 \"b\": 2}").contains("missing ',' after the value of \"a\""))
        #expect(message("[1 2]").contains("missing ',' between the elements of an array"))
        #expect(message("{\"a\" = 1}").contains("expected ':' after the key \"a\" (found '=')"))
        #expect(message("{\"a\": .5}").contains("write 0.5, not .5"))
        #expect(message("{\"a\": [1, 2}").contains("'}' closes an object, but an array is open here"))
    }

    @Test("An unclosed container and a line break in a string say where they began")
    func unclosed() {
        #expect(message("{\n\"root\": {\n\"id\": \"a\"\n") .contains("the object opened on line 2 is not closed (missing '}')"))
        #expect(message("[1,\n2") .contains("the array opened on line 1 is not closed (missing ']')"))
        #expect(message("{\"a\": \"open\n}").contains("a line break inside a string (is its closing '\"' missing?"))
        #expect(message("   ").contains("the input is empty"))
    }

    @Test("Valid JSON still parses: the slip checks only speak where the grammar already failed")
    func validStillParses() throws {
        for text in ["{}", "[]", "{\"a\": [1, -2, {\"b\": null}], \"c\": \"//not a comment\"}", "-0.5", "\"'single' inside\""] {
            #expect(message(text) == "parsed", "\(text)")
        }
    }
}
