import AllocationCounter
import Synthesis
import Testing
import TouchTrace

@Suite("Sampling allocates nothing per sample")
struct AllocationTests {
    /// Allocations made while performing `gesture` into a sink that never needs to grow.
    private func allocations(_ gesture: Gesture, rate: Double) throws -> (allocations: UInt64, samples: Int) {
        var session = try SessionSynthesizer(seed: 3, options: SynthesisOptions(samplingRate: rate), annotates: false)
        var events: [TraceEvent] = []
        events.reserveCapacity(100_000)
        // Warm up: the sampler's finger buffer grows once, at the first gesture.
        try session.perform(gesture, into: &events)
        events.removeAll(keepingCapacity: true)
        allocation_counter_start()
        let samples = try session.perform(gesture, into: &events)
        return (allocation_counter_stop(), samples)
    }

    @Test("Ten times the samples cost no more than a gesture's own few allocations", arguments: [
        Gesture.longPress(fingers: 3), .pinch(.out, scale: nil), .pattern(try! PatternCode(parsing: "1-2-3-6-9")),
    ])
    func perGesture(gesture: Gesture) throws {
        let slow = try allocations(gesture, rate: 100)
        let fast = try allocations(gesture, rate: 1000)
        #expect(fast.samples > slow.samples * 5)
        // Each gesture allocates a few small buffers (its tracks and paths); debug builds add some
        // bookkeeping of their own. Per-sample allocations would show as thousands here.
        #expect(fast.allocations <= slow.allocations + 16)
        #expect(fast.allocations < 100)
    }
}
