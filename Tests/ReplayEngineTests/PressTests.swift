import ReplayEngine
import TapModel
import Testing

@Suite("Presses: the radius they bind with and what the device fired")
struct PressTests {
    @Test("A press binds with its began event's radius; a fired event binds to the touch that ended last at or before it, within 1 s")
    func radiusAndFired() {
        let events = [
            TouchEvent(t: 0, touch: 1, phase: .began, x: 10, y: 10, radius: 18.5),
            TouchEvent(t: 0.08, touch: 1, phase: .ended, x: 10, y: 10),
            TouchEvent.fired(t: 0.09, action: "open"),
            TouchEvent(t: 1, touch: 2, phase: .began, x: 50, y: 50),
            TouchEvent(t: 1.1, touch: 2, phase: .moved, x: 50, y: 52, radius: 40),
            TouchEvent(t: 1.2, touch: 2, phase: .ended, x: 50, y: 52),
            TouchEvent.fired(t: 3, action: "tooLate"),
        ]
        let presses = Press.presses(from: events)
        #expect(presses.count == 2)
        #expect(presses[0].radius == 18.5 && presses[0].fired == ["open"])
        #expect(presses[1].radius == nil, "later events do not re-bind")
        #expect(presses[1].fired.isEmpty, "a fired event more than 1 s after the last touch binds to none")
    }

    @Test("The trace writer writes fired events and radii as trace.md spells them, and the reader reads them back")
    func writerRoundTrip() throws {
        let events = [TouchEvent(t: 0, touch: 1, phase: .began, x: 1, y: 2, radius: 12), TouchEvent(t: 0.1, touch: 1, phase: .ended, x: 1, y: 2),
                      TouchEvent.fired(t: 0.11, action: "save")]
        let text = TraceWriter.jsonl(TraceHeader(trace: "w", screen: "S"), events)
        #expect(text.contains(#"{"t":0.11,"fired":"save"}"#) && text.contains(#""radius":12"#))
        var reader = JSONLTraceReader()
        var back: [TouchEvent] = []
        let lines = text.split(separator: "\n")
        for (i, line) in lines.enumerated() {
            let bytes = Array(line.utf8)
            if let e = try bytes.withUnsafeBufferPointer({ try reader.read(line: $0, number: i + 1) }) { back.append(e) }
        }
        #expect(back == events)
    }
}
