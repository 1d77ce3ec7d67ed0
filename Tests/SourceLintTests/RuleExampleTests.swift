import SourceLint
import TestSupport
import Testing

/// One generic test over every rule's examples, as SwiftLint does; and one
/// test per rule, named after it, that fails when that rule breaks.
@Suite("Lint rules")
struct RuleExampleTests {
    @Test("The registry lists the Rules/ folder: each <ID><Name>.swift declares <ID><Name>Rule, in order")
    func registry() throws {
        #expect(LintRules.all.map { "\($0)" } == (try ruleTypeNames(inFolder: "Sources/SourceLint/Rules")))
    }

    @Test("Every rule's triggering and non-triggering examples", arguments: LintRules.ids)
    func examples(_ id: String) throws {
        let rule = try #require(LintRules.rule(id)).init()
        #expect(!rule.triggeringExamples.isEmpty && !rule.nonTriggeringExamples.isEmpty)
        checkExamples(of: rule)
    }

    @Test("L1 hollow tap target: a tap on a container with no contentShape before it is dead in the gaps (S2)")
    func l1() throws {
        checkExamples(of: L1HollowTapTargetRule())
        let f = try #require(lint("HStack { Text(\"a\"); Spacer() }.onTapGesture { open() }").first)
        #expect(f.rule == "L1" && f.snapshotRule == "S2" && f.fixable)
        #expect(f.message.contains("lands in the gap between its leaves") && f.message.contains("no contentShape before onTapGesture"))
        #expect(f.fix == "write .contentShape(Rectangle()) before .onTapGesture")
    }

    @Test("L2 shape after gesture: contentShape written after the gesture does not widen it (S4)")
    func l2() throws {
        checkExamples(of: L2ShapeAfterGestureRule())
        let found = lint("HStack { Text(\"a\"); Spacer() }.onTapGesture { open() }.contentShape(Rectangle())")
        #expect(found.map(\.rule) == ["L2"], "L2 speaks for the gesture; no L1 beside it")
        #expect(found.first?.message.contains("its contentShape comes after onTapGesture, so it takes the tap without widening the gesture") == true)
    }

    @Test("L3 wrong shape kind: only an interaction contentShape changes hits (S3)")
    func l3() throws {
        checkExamples(of: L3WrongShapeKindRule())
        let found = lint("HStack { Text(\"a\"); Spacer() }.contentShape(.dragPreview, Rectangle()).onTapGesture { open() }")
        #expect(found.map(\.rule) == ["L3"])
    }

    @Test("L4 overlay over the tap: an overlay's content after the gesture intercepts its taps (S8)")
    func l4() {
        checkExamples(of: L4OverlayOverTapRule())
        let found = lint("Image(\"a\").onTapGesture { open() }.overlay { Image(systemName: \"star\") }")
        #expect(found.map(\.rule) == ["L4"])
        #expect(found.first?.message.contains("intercepts the tap meant for onTapGesture") == true)
    }

    @Test("L5 double tap delays single: single first never lets the double fire; double first delays every single (S10)")
    func l5() throws {
        checkExamples(of: L5DoubleTapDelaysSingleRule())
        let singleFirst = try #require(lint("P().onTapGesture { a() }.onTapGesture(count: 2) { b() }").first)
        #expect(singleFirst.severity == .error && singleFirst.message.contains("never fires"))
        let doubleFirst = try #require(lint("P().onTapGesture(count: 2) { b() }.onTapGesture { a() }").first)
        #expect(doubleFirst.severity == .warning && doubleFirst.message.contains("0.35 s"))
    }

    @Test("L6 tap on nothing: Spacer and Color.clear take no touches (S1)")
    func l6() {
        checkExamples(of: L6TapOnNothingRule())
        #expect(lint("Spacer().onTapGesture { x() }").map(\.rule) == ["L6"])
    }

    @Test("L7 clipped is not a hit mask: a fill-scaled Image takes taps past its clipped frame (S7)")
    func l7() {
        checkExamples(of: L7ClippedIsNotHitMaskRule())
    }

    @Test("--disable leaves a rule out")
    func disable() {
        let code = "HStack { Text(\"a\"); Spacer() }.onTapGesture { open() }"
        #expect(lint(code).map(\.rule) == ["L1"])
        #expect(lint(code, disabled: ["L1"]).isEmpty)
    }
}
