import Synthesis
import Testing
import TouchTrace

@Suite("Corpora hold exactly the samples asked for, mixing every kind of gesture")
struct CorpusTests {
    func trace(seed: UInt64 = 1, index: Int = 0, samples: Int) throws -> (SessionShape, CorpusSynthesizer.TraceSummary) {
        let corpus = try CorpusSynthesizer(seed: seed)
        var events: [TraceEvent] = []
        let summary = try corpus.generateTrace(index: index, samples: samples, into: &events)
        return (SessionShape(events), summary)
    }

    @Test("A corpus trace holds exactly the number of touch samples asked for", arguments: [2, 3, 97, 1_000, 20_001])
    func exactCount(samples: Int) throws {
        let (shape, summary) = try trace(samples: samples)
        #expect(shape.touchSamples == samples)
        #expect(summary.touchSamples == samples)
    }

    @Test("A corpus trace is well-formed")
    func wellFormed() throws {
        let (shape, _) = try trace(seed: 8, samples: 30_000)
        #expect(shape.problems == [])
    }

    @Test("A corpus trace mixes the gesture families and includes near misses")
    func mixesFamilies() throws {
        let (shape, summary) = try trace(seed: 5, samples: 60_000)
        let families = Set(GestureFamily.allCases.filter { family in
            shape.annotations.contains { $0.hasPrefix("synth \(family.rawValue)") || $0.hasPrefix("synth near-miss \(family.rawValue)") }
        })
        #expect(families.count >= 12)
        #expect(shape.annotations.contains { $0.hasPrefix("synth near-miss") })
        #expect(summary.gestures == shape.annotations.count)
    }

    @Test("The same seed and index give the same trace; another index gives another")
    func determinism() throws {
        let first = try trace(seed: 3, index: 4, samples: 3_000).0.events
        let again = try trace(seed: 3, index: 4, samples: 3_000).0.events
        let other = try trace(seed: 3, index: 5, samples: 3_000).0.events
        #expect(first == again)
        #expect(first != other)
    }

    @Test("A trace of fewer than two samples is refused, since a touch needs a down and an up")
    func tooSmall() throws {
        #expect(throws: SynthesisError.self) { try trace(samples: 1) }
    }
}
