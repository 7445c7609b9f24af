import AllocationCounter
import Replay
import Synthesis
import Testing
import TouchTrace

/// A seeded corpus trace (every kind of gesture the corpus mixes, one after another) and a driver
/// replaying it through the `map` scene, measured slice by slice.
private struct MapReplay {
    let events: [TraceEvent]
    let driver: ReplayDriver
    var position = 0
    /// A checksum of the log bytes, so the drain does real work the optimiser cannot drop.
    var logSum = 0

    init(samples: Int) throws {
        let corpus = try CorpusSynthesizer(seed: 7)
        var events: [TraceEvent] = []
        try corpus.generateTrace(index: 0, samples: samples, into: &events)
        self.events = events
        let header = corpus.header(index: 0, samples: samples, version: "test")
        driver = ReplayDriver(scene: BuiltinScenes.map, devices: header.devices)
    }

    /// Heap allocations made while replaying the next `count` events, streaming the log out as
    /// `touchstone replay` does (whenever 64 KiB have gathered) but without copying it.
    mutating func allocations(replaying count: Int) throws -> UInt64 {
        let end = min(position + count, events.count)
        var sum = logSum
        allocation_counter_start()
        while position < end {
            try driver.feed(events[position])
            position += 1
            if driver.pendingLogBytes >= 1 << 16 {
                driver.drainLogBytes { bytes in sum &+= bytes.count &+ Int(bytes[bytes.count / 2]) }
            }
        }
        let allocations = allocation_counter_stop()
        logSum = sum
        return allocations
    }
}

@Suite("Replay allocations")
struct ReplayAllocationTests {
    @Test("replaying ten times the events through the map scene after warm-up allocates no more per event")
    func tenfoldEventsBoundedAllocations() throws {
        let short = 3_000, long = 30_000
        var replay = try MapReplay(samples: 50_000)
        #expect(replay.events.count >= 12_000 + short + long)
        _ = try replay.allocations(replaying: 12_000)
        let few = try replay.allocations(replaying: short)
        let many = try replay.allocations(replaying: long)
        #if DEBUG
        // Unoptimised, the runtime instantiates a witness table on some generic calls (about two
        // allocations per event, none of them kept), so only the rate can be pinned: ten times the
        // events may cost ten times as much, within the slices' different gesture mix, and never
        // more per event as the replay goes on.
        #expect(many <= few * 10 + few * 10 / 4 + 64, "\(few) allocations for \(short) events, \(many) for \(long)")
        #else
        // Optimised there is no per-event allocation. What may still grow, logarithmically, is the
        // latency record (one value per recognition, kept for the percentiles: its arrays double)
        // and a buffer meeting a larger frame or log line than the warm-up did.
        #expect(many <= few + 64, "\(few) allocations for \(short) events, \(many) for \(long)")
        #endif
        #expect(replay.logSum > 0)
    }
}

@Suite("Log writing allocations")
struct LogWritingAllocationTests {
    @Test("JSON Lines lines whose names need escapes allocate nothing once the buffer has grown")
    func escapedNamesAllocateNothing() {
        let writer = LogWriter(format: .jsonl)
        // Longer than a small string's 15 bytes, so the name lives in its own (immortal) storage.
        let name = "pinch \"two\"\n\tfingers\\\u{1}"
        var sum = 0
        func writeLines() {
            for time in 0..<1_000 {
                writer.state(time: Int64(time), recognizer: name, from: .possible, to: .began)
                writer.note(time: Int64(time), text: name)
            }
            writer.drainBytes { bytes in sum &+= bytes.count &+ Int(bytes[bytes.count / 2]) }
        }
        writeLines()
        allocation_counter_start()
        writeLines()
        let allocations = allocation_counter_stop()
        #expect(allocations == 0)
        #expect(sum > 0)
    }
}
