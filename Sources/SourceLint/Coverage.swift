/// What a view's hit region covers, as far as the source tells (S1–S8).
public enum Coverage: Equatable, Sendable {
    /// Its region covers its frame as a person sees it: a leaf (S1), a filled
    /// shape, a container with a filling background or an interaction contentShape (S3).
    case fills
    /// Part of its frame is dead (S2): the part, named as a person would
    /// (`the Spacer`, `its padding`, `the spacing between its views`).
    case hollow(String)
    /// It takes no touch: a Spacer, a clear colour, an empty Text, hidden, opacity 0 (S1, S5).
    case nothing
    /// The source does not tell (a view or modifier the linter cannot resolve).
    case unknown

    var gap: String? {
        if case .hollow(let g) = self { return g }
        return nil
    }
}

/// What the linter knows about one view: its coverage and what it does to the
/// frames around it. Built by `ViewEvaluator` from the source.
public struct ViewInfo: Sendable {
    public var coverage: Coverage
    /// The type a person would name in a message: `HStack`, `Text`, `SettingsRow`.
    public var name: String
    /// Set for a container L1 speaks of (S2): stacks, grids, ZStack, Label,
    /// LabeledContent, Group, a Button's label, or a custom view whose body is one.
    public var isContainer = false
    /// It takes whatever frame it is offered (a colour, a shape, a resizable
    /// image, a `maxWidth: .infinity` frame), so a `frame` around it adds no room.
    public var greedy = false
    /// It paints its whole frame (a filled shape, a colour, a filling background):
    /// as a ZStack layer it covers the stack, as a background the view.
    public var surface = false
    /// It takes room and no touch (a Spacer, a clear colour): in a stack, a gap.
    public var takesRoom = false
    /// How many views a stack counts it as: 0 (EmptyView), 1, 2 for "several" (ForEach).
    public var count = 1
    /// A list of views (Group, ForEach, a body of several views, the branches of
    /// an `if`): modifiers apply to each member.
    public var members: [ViewInfo]?
    /// The members are alternatives (`if`/`else`, `switch`, a ternary), not siblings.
    public var branches = false
    /// Why it takes nothing when the source seems to say otherwise: `an opacity of 0.0001 …`.
    public var note: String?
    /// A shape filled with a style: a later stroke outlines it without hollowing it.
    public var filled = false

    public init(_ coverage: Coverage, name: String) {
        self.coverage = coverage
        self.name = name
    }

    static let unknown = ViewInfo(.unknown, name: "view")

    /// The coverage of views taken together: hollow if one is, fills if every
    /// one that takes touches fills, nothing if none does, else unknown.
    static func combined(_ all: [Coverage]) -> Coverage {
        if let hollow = all.first(where: { $0.gap != nil }) { return hollow }
        if all.contains(.unknown) { return .unknown }
        return all.contains(.fills) ? .fills : .nothing
    }

    /// A list of views: siblings (`branches == false`) or alternatives.
    static func list(_ members: [ViewInfo], name: String, branches: Bool) -> ViewInfo {
        if members.count == 1, !branches { return members[0] }
        var info = ViewInfo(combined(members.map(\.coverage)), name: name)
        info.members = members
        info.branches = branches
        info.count = branches ? (members.map(\.count).max() ?? 0) : members.reduce(0) { $0 + $1.count }
        info.greedy = !members.isEmpty && members.allSatisfy(\.greedy)
        info.surface = !members.isEmpty && members.allSatisfy(\.surface)
        info.takesRoom = members.contains(where: \.takesRoom)
        info.isContainer = members.contains(where: \.isContainer)
        info.note = members.lazy.compactMap(\.note).first
        return info
    }

    /// The members a stack lays out side by side: a Group's, a ForEach's and a
    /// body's views are siblings; alternatives stay one view.
    var flattened: [ViewInfo] {
        guard let members, !branches else { return [self] }
        return members.flatMap(\.flattened)
    }

    /// The first container among it (or its members) whose frame has a dead part.
    var hollowContainer: (name: String, gap: String)? {
        if let members {
            for m in members { if let h = m.hollowContainer { return h } }
            return nil
        }
        guard isContainer, let gap = coverage.gap else { return nil }
        return (name, gap)
    }
}
