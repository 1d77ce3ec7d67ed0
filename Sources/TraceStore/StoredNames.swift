import GRDB
import HistoryValues

/// A name history stores as text (a suite's baseline, a finding's kind and rule), read back strictly.
public protocol StoredName: RawRepresentable, CaseIterable, DatabaseValueConvertible where RawValue == String {
    /// What the name names, for errors (`finding kind`).
    static var what: String { get }
}

extension StoredName {
    /// The value `text` stands for; a text outside the enum is an error naming `source`
    /// (it never silently becomes a default). `source` is made only for the error (a shard's rows are read by the
    /// hundred thousand).
    public init(stored text: String, in source: @autoclosure () -> String) throws {
        guard let value = Self(rawValue: text) else {
            throw StoreError("\(source()): unknown \(Self.what) '\(text)' (known: \(Self.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self = value
    }
}

extension BaselineState: StoredName { public static let what = "baseline state" }
extension FindingKind: StoredName { public static let what = "finding kind" }
extension FindingRule: StoredName { public static let what = "finding rule" }

/// Stored as its code (`press_outcome.outcome`); read back with `init(stored:in:)`.
extension OutcomeCode: DatabaseValueConvertible {}

extension FlakyPress.Outcome {
    /// A stored outcome as `replay history --flaky` shows it: `hit` and `expanded` both fired.
    init(_ code: OutcomeCode) {
        switch code {
        case .hit, .expanded: self = .fired
        case .ambiguous: self = .ambiguous
        case .blocked: self = .blocked
        case .disabled: self = .disabled
        case .miss: self = .miss
        }
    }
}
