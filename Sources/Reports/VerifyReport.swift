import HitTesting
import RunResults
import ReplayEngine
import TapJSON
import TapModel

/// `replay verify`: agreement per profile and radius, the best, and every disagreement.
public enum VerifyReport {
    public static func json(_ v: Verification) -> String {
        var w = JSONWriter(style: .pretty)
        w.object { w in
            w.key("screens"); w.array(v.screens) { w, s in w.string(s) }
            w.field("traces", v.traces)
            w.field("presses", v.presses)
            w.field("viewPresses", v.viewPresses)
            w.field("unmatchedViews", v.unmatchedViews)
            w.key("chosen")
            w.object { w in for (screen, p) in v.chosen.sorted(by: { $0.key < $1.key }) { w.field(screen, p.description) } }
            w.key("best")
            if let b = v.best { writeSetting(b, to: &w, disagreements: false) } else { w.null() }
            w.key("settings")
            w.array(v.settings) { w, s in writeSetting(s, to: &w, disagreements: true) }
        }
        return w.text + "\n"
    }

    static func writeSetting(_ s: Verification.Setting, to w: inout JSONWriter, disagreements: Bool) {
        w.object { w in
            w.field("profile", s.profile.description)
            switch s.radius {
            case .recorded: w.field("radius", "recorded")
            case .fixed(let r): w.field("radius", r)
            }
            w.field("agree", s.agree)
            w.field("total", s.total)
            w.field("rate", rounded: s.rate)
            w.key("byRule")
            w.object { w in
                for (rule, t) in s.byRule.sorted(by: { ruleOrder($0.key) < ruleOrder($1.key) }) {
                    w.key(rule)
                    w.object { w in w.field("agree", t.agree); w.field("total", t.total) }
                }
            }
            guard disagreements else { return }
            w.key("disagreements")
            w.array(s.disagreements) { w, d in
                w.object { w in
                    w.field("screen", d.screen)
                    w.field("trace", d.trace)
                    w.field("press", d.press)
                    w.key("at"); w.numbers([JSONValue.round(d.at.x), JSONValue.round(d.at.y)])
                    w.field("radius", d.radius)
                    w.key("engine")
                    w.object { w in
                        w.field("outcome", d.engine.outcome.rawValue)
                        w.field("node", d.engine.node)
                        w.field("action", d.engine.action)
                        w.field("hitView", d.engine.hitView)
                        w.field("reason", d.engine.reason)
                    }
                    w.key("device"); w.array(d.device) { w, a in w.string(a) }
                    if let view = d.deviceView {
                        w.key("deviceView")
                        w.object { w in
                            w.field("view", view.className)
                            w.field("id", view.identifier)
                            w.key("size")
                            if let width = view.width, let height = view.height { w.numbers([width, height]) } else { w.null() }
                        }
                    }
                    w.field("rule", d.rule)
                }
            }
        }
    }

    public static func text(_ v: Verification) -> String {
        guard v.presses > 0 else { return "nothing to verify: no stored press has a fired event or a hit view the snapshot has\n" }
        var out: String
        if v.viewPresses == 0 {
            out = "\(plural(v.presses, "press")) with a fired event in \(plural(v.traces, "trace")) (\(v.screens.joined(separator: ", "))): "
                + "how often the engine fires what the device fired\n"
        } else {
            out = "\(plural(v.presses, "press")) in \(plural(v.traces, "trace")) (\(v.screens.joined(separator: ", "))), "
                + "\(v.presses - v.viewPresses) with a fired event and \(v.viewPresses) with the view the device hit-tested: "
                + "how often the engine fires what the device fired, or hit-tests the view it did\n"
        }
        if v.unmatchedViews > 0 {
            out += "\(plural(v.unmatchedViews, "press")) with a hit view the snapshot has no node for (no such identifier, class and size): not checked\n"
        }
        let radii = Array(NSOrderedSetLike(v.settings.map(\.radius)))
        let profiles = Array(NSOrderedSetLike(v.settings.map(\.profile)))
        let header = ["profile"] + radii.map(\.description)
        var rows: [[String]] = []
        for p in profiles {
            rows.append([p.description] + radii.map { r in
                guard let s = v.settings.first(where: { $0.profile == p && $0.radius == r }) else { return "-" }
                return "\(s.agree)/\(s.total)"
            })
        }
        out += TextTable.render(header: header, rows: rows, rightAligned: Set(1..<header.count))
        if let best = v.best {
            out += "best: \(best.profile) at the \(best.radius) radius (\(best.agree) of \(best.total) agree)"
            let chosen = Set(v.chosen.values).map(\.description).sorted().joined(separator: ", ")
            out += "; the snapshots choose \(chosen)\n"
            let ruled = best.byRule.filter { $0.key != Verification.coreRules }
            if !ruled.isEmpty {
                out += "by the rule of real screens that decided (docs/real-screens.md): "
                    + ruled.sorted { ruleOrder($0.key) < ruleOrder($1.key) }.map { "\($0.key) \($0.value.agree)/\($0.value.total)" }.joined(separator: ", ") + "\n"
            }
            if best.disagreements.isEmpty {
                out += "no disagreement under the best setting\n"
            } else {
                out += "disagreements under \(best.profile), \(best.radius):\n"
                for d in best.disagreements {
                    let engine = d.engine.outcome.fires ? "fired \(d.engine.action ?? "?")" : "fired nothing (\(d.engine.outcome.rawValue))"
                    let where_ = "  \(d.rule.map { "[\($0)] " } ?? "")\(d.trace) press \(d.press) at (\(JSONValue.format(JSONValue.round(d.at.x))), \(JSONValue.format(JSONValue.round(d.at.y)))), "
                        + "\(JSONValue.format(d.radius)) pt: "
                    if let view = d.deviceView {
                        out += where_ + "the engine hit-tests \(d.engine.hitView ?? "nothing") and \(engine), the device hit-tested \(view.description) — \(d.engine.reason)\n"
                    } else {
                        out += where_ + "the engine \(engine), the device fired \(d.device.joined(separator: ", ")) — \(d.engine.reason)\n"
                    }
                }
            }
        }
        return out
    }
}

/// S12 before S2 and U10 before U9: rules in their natural order (the core rules first).
private func ruleOrder(_ rule: String) -> (Int, Int) {
    guard let family = rule.first, let n = Int(rule.dropFirst()) else { return (0, 0) }
    return (family == "S" ? 1 : 2, n)
}

/// The distinct values of a sequence, in first-seen order.
private struct NSOrderedSetLike<T: Hashable>: Sequence {
    let values: [T]
    init(_ items: [T]) {
        var seen = Set<T>()
        values = items.filter { seen.insert($0).inserted }
    }
    func makeIterator() -> IndexingIterator<[T]> { values.makeIterator() }
}
