import Synthesis
import Testing
import TouchTrace

@Suite("Every generated session is a well-formed trace")
struct WellFormedTraceTests {
    @Test("Every down has an up, time only moves forward and every scan ends with a frame mark", arguments: everyGesture)
    func wellFormed(gesture: Gesture) throws {
        for seed: UInt64 in 1...5 {
            let shape = try synthesize(gesture, seed: seed)
            #expect(shape.problems == [], "seed \(seed)")
            #expect(shape.sequences.count >= gesture.fingers)
        }
    }

    @Test("Sessions are well-formed at extreme rates, jitter, noise and speed", arguments: [
        SynthesisOptions(samplingRate: 10, jitter: 1), SynthesisOptions(samplingRate: 1000, jitter: 1),
        SynthesisOptions(samplingRate: 60, noise: 20, speed: 5), SynthesisOptions(samplingRate: 240, speed: 0.2),
    ])
    func extremeOptions(options: SynthesisOptions) throws {
        var session = try SessionSynthesizer(seed: 17, options: options)
        var events: [TraceEvent] = []
        for gesture in everyGesture { try session.perform(gesture, into: &events) }
        let shape = SessionShape(events)
        #expect(shape.problems == [])
        #expect(shape.annotations.count == everyGesture.count)
    }

    @Test("Near misses are well-formed too", arguments: everyGesture)
    func nearMissesWellFormed(gesture: Gesture) throws {
        let shape = try synthesize(gesture, seed: 3, options: SynthesisOptions(nearMiss: true))
        #expect(shape.problems == [])
        #expect(!shape.sequences.isEmpty)
    }

    @Test("Ten fingers use ten different slots, the most the panel tracks")
    func tenFingers() throws {
        let shape = try synthesize(.tap(fingers: 10))
        #expect(shape.peakConcurrentTouches == 10)
        #expect(Set(shape.sequences.map(\.first.slot)) == Set(0..<10))
    }

    @Test("More fingers than the panel has slots is refused")
    func tooManyFingers() throws {
        #expect(throws: SynthesisError.self) { try synthesize(.tap(fingers: 11)) }
    }

    @Test("Touch ids count up across the gestures of one session")
    func touchIDsAcrossGestures() throws {
        var session = try SessionSynthesizer(seed: 4)
        var events: [TraceEvent] = []
        try session.perform(.tap(fingers: 2), into: &events)
        try session.perform(.pinch(.out, scale: nil), into: &events)
        try session.perform(.swipe(direction: .left, fingers: 1), into: &events)
        let shape = SessionShape(events)
        #expect(shape.problems == [])
        #expect(shape.sequences.map(\.first.touch) == [0, 1, 2, 3, 4])
        #expect(shape.annotations == ["synth tap 2 fingers", "synth pinch out", "synth swipe left"])
    }

    @Test("Gestures of one session are separated by more than the double-tap interval")
    func pausesBetweenGestures() throws {
        var session = try SessionSynthesizer(seed: 9)
        var events: [TraceEvent] = []
        for _ in 0..<5 { try session.perform(.tap(fingers: 1), into: &events) }
        let sequences = SessionShape(events).sequences
        for (earlier, later) in zip(sequences, sequences.dropFirst()) {
            #expect(later.start - earlier.end > 0.35)
        }
    }
}
