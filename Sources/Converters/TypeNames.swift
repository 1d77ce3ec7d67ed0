/// Type names as the dumps spell them, reduced to the names the snapshot uses.
enum TypeNames {
    /// `SwiftUI.ModifiedContent<SwiftUI.Text, …>` → (`ModifiedContent`, [`Text`, …]) with
    /// module prefixes (`SwiftUI.`, `(unknown context at $1ca655ae8).`) removed from the base.
    static func split(_ type: String) -> (base: String, arguments: [String]) {
        var s = Substring(type.trimmingCharactersInSpaces)
        var args: [String] = []
        if let open = s.firstIndex(of: "<"), s.last == ">" {
            let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
            s = s[..<open]
            var depth = 0
            var current = ""
            for ch in inner {
                switch ch {
                case "<", "(", "[": depth += 1; current.append(ch)
                case ">", ")", "]": depth -= 1; current.append(ch)
                case "," where depth == 0:
                    args.append(current.trimmingCharactersInSpaces); current = ""
                default: current.append(ch)
                }
            }
            if !current.isEmpty { args.append(current.trimmingCharactersInSpaces) }
        }
        return (stripModules(String(s)), args)
    }

    /// The base name without module or context prefixes: `SwiftUI.Text` → `Text`,
    /// `SwiftUI.(unknown context at $1c7b4d890).Foo` → `Foo`; nested names keep
    /// their outer type (`TabItemGroup.HostView`).
    static func stripModules(_ name: String) -> String {
        var s = Substring(name)
        if let r = s.range(of: ").", options: .backwards) { s = s[r.upperBound...] }
        for module in ["SwiftUI.", "SwiftUICore.", "Swift.", "__C.", "UIKit.", "CoreGraphics."] where s.hasPrefix(module) {
            s = s.dropFirst(module.count)
        }
        return String(s)
    }

    /// A UIKit class name as the snapshot writes it: a Swift-mangled name read
    /// (`readableClass`), SwiftUI hosting views (`_TtGC7SwiftUI14_UIHostingView…`)
    /// as `UIHostingView`, and `SwiftUI.X` as `X`.
    static func uikitClass(_ name: String) -> String {
        let readable = readableClass(name)
        let base = readable.prefix { $0 != "<" }
        if base == "SwiftUI._UIHostingView" || base == "_UIHostingView" { return "UIHostingView" }
        if readable.hasPrefix("SwiftUI.") { return String(readable.dropFirst("SwiftUI.".count)) }
        return readable
    }

    /// A class name as the runtime prints it when it is not mangled: a Swift-mangled
    /// class name demangled (`demangledClass`), any other name as it is.
    static func readableClass(_ name: String) -> String {
        demangledClass(name) ?? name
    }

    /// The module and names of a Swift-mangled class name, as `Module.Outer.Name`, or nil
    /// when `name` is not one or cannot be read:
    ///
    /// - `_TtC4Flow12SettingsCell` → `Flow.SettingsCell`;
    /// - a generic class keeps its own name, not its arguments:
    ///   `_TtGC7SwiftUI15CellHostingViewGVS_15ModifiedContent…` → `SwiftUI.CellHostingView`;
    /// - a nested class keeps the names it is nested in:
    ///   `_TtCOCV7SwiftUI11DisplayList11ViewUpdater8Platform13CGDrawingView` →
    ///   `SwiftUI.DisplayList.ViewUpdater.Platform.CGDrawingView`;
    /// - a private type's discriminator is dropped:
    ///   `_TtC7SwiftUIP33_863CCF9D49B535DAEB1C7D61BEE53B5914CGDrawingLayer` → `SwiftUI.CGDrawingLayer`.
    ///
    /// These are the Objective-C runtime names of Swift classes (`_Tt` + a kind per name, `G` for a
    /// generic, the module, then each name with its length), which `recursiveDescription` prints.
    static func demangledClass(_ name: String) -> String? {
        guard name.hasPrefix("_Tt") else { return nil }
        var rest = Substring(name.dropFirst(3))
        var names = 0
        while let c = rest.first, c == "G" || c == "C" || c == "O" || c == "V" {
            if c != "G" { names += 1 }
            rest = rest.dropFirst()
        }
        guard names > 0 else { return nil }
        var parts: [String] = []
        if rest.hasPrefix("So") {
            rest = rest.dropFirst(2)      // an Objective-C class: its name alone
        } else if rest.first == "s", rest.dropFirst().first?.isNumber == true {
            parts.append("Swift")
            rest = rest.dropFirst()
        } else {
            guard let module = lengthPrefixed(&rest) else { return nil }
            parts.append(module)
        }
        for _ in 0..<names {
            if rest.first == "P", rest.dropFirst().first?.isNumber == true {
                rest = rest.dropFirst()
                guard lengthPrefixed(&rest) != nil else { return nil }   // `P33_<32 hex digits>`: a private type's discriminator
            }
            guard let part = lengthPrefixed(&rest) else { return nil }
            parts.append(part)
        }
        return parts.joined(separator: ".")
    }

    /// Takes `12SettingsCell` off the front of `s` and returns `SettingsCell`; nil (and `s` as it was) when it is not one.
    static func lengthPrefixed(_ s: inout Substring) -> String? {
        let digits = s.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count <= 4, let n = Int(digits), n > 0 else { return nil }
        let body = s.dropFirst(digits.count)
        guard body.count >= n else { return nil }
        s = body.dropFirst(n)
        return String(body.prefix(n))
    }

    /// A view controller's class as an id: without module and generic arguments
    /// (`Flow.SettingsViewController` → `SettingsViewController`), a Swift-mangled
    /// `_TtC4Flow22SettingsViewController` demangled to its last name.
    static func viewControllerName(_ name: String) -> String {
        var base = split(readableClass(name)).base
        if base.hasPrefix("_TtC"), let last = mangledNames(base.dropFirst(4)).last { base = last }
        if let dot = base.lastIndex(of: ".") { base = String(base[base.index(after: dot)...]) }
        return base.isEmpty ? "" : idSegment(base)
    }

    /// `4Flow22SettingsViewController` → [`Flow`, `SettingsViewController`] (length-prefixed names).
    static func mangledNames(_ s: Substring) -> [String] {
        var names: [String] = []
        var rest = s
        while let first = rest.first, first.isASCII, first.isNumber {
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard digits.count <= 4, let n = Int(digits), n > 0 else { break }
            rest = rest.dropFirst(digits.count)
            guard rest.count >= n else { break }
            names.append(String(rest.prefix(n)))
            rest = rest.dropFirst(n)
        }
        return names
    }

    /// The id segment of a type: no `/` (the path separator) and no spaces.
    static func idSegment(_ type: String) -> String {
        var s = ""
        for ch in type where ch != " " { s.append(ch == "/" ? "_" : ch) }
        return s.isEmpty ? "View" : s
    }
}

extension String {
    var trimmingCharactersInSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
