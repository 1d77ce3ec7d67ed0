import Foundation

/// A rule family's Rules/ folder as the registries must list it: each file `<ID><Name>.swift`
/// declares `<ID><Name>Rule`. The names come in ID order (by letter, then number: S1 … S21, U1 … U13).
/// A file that does not declare its type gives `S4ShapeOrder.swift declares no S4ShapeOrderRule`
/// in the type's place, so the registry's test fails naming it.
/// - Parameter folder: relative to the repository, `Sources/HitTesting/Rules`.
public func ruleTypeNames(inFolder folder: String) throws -> [String] {
    let path = (repositoryRoot as NSString).appendingPathComponent(folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: path).compactMap { file -> String? in
        guard file.hasSuffix(".swift"), ruleKey(file) != nil else { return nil }
        let name = String(file.dropLast(".swift".count)) + "Rule"
        let text = try String(contentsOfFile: (path as NSString).appendingPathComponent(file), encoding: .utf8)
        return declares(text, name) ? name : "\(file) declares no \(name)"
    }
    return sortedByRuleID(names)
}

/// Whether Swift source declares a type of this very name (`public struct R1DeadZoneRule:`, `enum S4ShapeOrderRule {`).
private func declares(_ text: String, _ name: String) -> Bool {
    for kind in ["struct ", "enum ", "class "] {
        var rest = text[...]
        while let r = rest.range(of: kind + name) {
            let next = rest[r.upperBound...].first
            if next.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
            rest = rest[r.upperBound...]
        }
    }
    return false
}

/// Rule type names (`R4CoverageRule`, …) in ID order: by the ID's letter, then its number.
public func sortedByRuleID(_ names: [String]) -> [String] {
    names.sorted { ruleKey($0)! < ruleKey($1)! }
}

/// `S12CellIsTarget.swift` → ("S", 12); nil for a name that does not start with a rule ID.
private func ruleKey(_ name: String) -> (String, Int)? {
    guard let letter = name.first, "SURAL".contains(letter) else { return nil }
    let digits = name.dropFirst().prefix { $0.isNumber }
    guard let n = Int(digits) else { return nil }
    return (String(letter), n)
}
