import Foundation

/// A rule family's Rules/ folder as the registries must list it: each file `<ID><Name>.swift`
/// declares `<ID><Name>Rule`. The names come in ID order (by letter, then number: S1 … S21, U1 … U13).
/// - Parameter folder: relative to the repository, `Sources/HitTesting/Rules`.
public func ruleTypeNames(inFolder folder: String) throws -> [String] {
    let path = (repositoryRoot as NSString).appendingPathComponent(folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: path).compactMap { file -> String? in
        guard file.hasSuffix(".swift"), ruleKey(file) != nil else { return nil }
        return String(file.dropLast(".swift".count)) + "Rule"
    }
    return sortedByRuleID(names)
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
