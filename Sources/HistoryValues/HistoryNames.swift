// The words history stores for a suite's baseline and a finding's kind and rule, as enums whose
// raw values are the stored (and printed) text (docs/traces-and-database.md, "Schema").
// The store reads them back strictly (TraceStore's `StoredName`): a text outside the enum is an
// error naming where it was read, never silently a default.

/// What happened to a suite's baseline in a run, as history stores it (the run's `BaselineStatus`).
public enum BaselineState: String, Sendable, CaseIterable {
    case compared, written, missing, refused, recorded, none, noSnapshot
}

/// A finding's kind as history stores it: a known problem (accepted in the baseline) is `known`.
public enum FindingKind: String, Sendable, CaseIterable {
    case regression, improvement, new, known
}

/// A finding's rule as history stores it: R1–R7, or what a `new` finding is new (a target, presses).
public enum FindingRule: String, Sendable, CaseIterable {
    case deadZone = "R1", stolen = "R2", slower = "R3", coverage = "R4", gone = "R5", expectation = "R6", predicted = "R7"
    case newTarget = "target", newPress = "press"
}
