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

    /// A UIKit class name as the snapshot writes it: Swift-mangled SwiftUI hosting
    /// views (`_TtGC7SwiftUI14_UIHostingView…`) become `UIHostingView`; `SwiftUI.X` → `X`.
    static func uikitClass(_ name: String) -> String {
        if name.contains("_UIHostingView") || name.hasPrefix("_TtGC7SwiftUI14_UIHostingView") { return "UIHostingView" }
        if name.hasPrefix("SwiftUI.") { return String(name.dropFirst("SwiftUI.".count)) }
        return name
    }

    /// A view controller's class as an id: without module and generic arguments
    /// (`Flow.SettingsViewController` → `SettingsViewController`), a Swift-mangled
    /// `_TtC4Flow22SettingsViewController` demangled to its last name.
    static func viewControllerName(_ name: String) -> String {
        var base = split(name).base
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
