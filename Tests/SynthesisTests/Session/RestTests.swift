import Synthesis
import Testing
import TouchTrace

@Suite("A resting finger ends a session with exactly the samples asked for")
struct RestTests {
    @Test("Resting reports every scan, after everything before it", arguments: [2, 3, 50])
    func rest(samples: Int) throws {
        for seed: UInt64 in 1...20 {
            var session = try SessionSynthesizer(seed: seed, options: SynthesisOptions(jitter: 0.004))
            var events: [TraceEvent] = []
            try session.perform(.tap(fingers: 1), into: &events)
            let before = SessionShape(events).touchSamples
            try session.rest(samples: samples, into: &events)
            let shape = SessionShape(events)
            #expect(shape.problems == [])
            #expect(shape.touchSamples - before == samples)
            #expect(shape.annotations.last == "synth rest")
        }
    }
}
