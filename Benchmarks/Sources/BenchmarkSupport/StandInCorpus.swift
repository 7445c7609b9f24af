import TouchTrace

/// A fixed, dependency-free corpus of two-finger drags for suites whose Synthesis generators have
/// not landed yet. Deterministic: the same events on every run and machine.
public enum StandInCorpus {
    /// `touches` touch sequences, two at a time, each 48 motion samples long, with frame marks.
    public static func events(touches: Int) -> [TraceEvent] {
        var events: [TraceEvent] = []
        events.reserveCapacity(touches * 75)
        var time: Microseconds = 0
        var next: TouchID = 0
        for pair in 0..<(touches / 2) {
            let ids = (next, next + 1)
            next += 2
            let base = Int32(truncatingIfNeeded: (pair * 37) % 1000)
            for step in 0...49 {
                let phase: TouchPhase = step == 0 ? .down : step == 49 ? .up : .motion
                let d = Int32(step * 7)
                events.append(.touch(TouchSample(time: time, phase: phase, touch: ids.0, slot: 0, x: base + d, y: 200)))
                events.append(.touch(TouchSample(time: time, phase: phase, touch: ids.1, slot: 1, x: base + d, y: 600)))
                events.append(.frame(FrameMark(time: time, device: 0)))
                time += 8_000
            }
            time += 120_000
        }
        return events
    }
}
