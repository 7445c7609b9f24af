import AllocationCounter
import Testing
import TouchTrace

/// Decoding must not allocate per event: reading ten times as many events must cost exactly as
/// many allocations. Counted by interposing malloc (see Tests/AllocationCounter), per thread.
@Suite("Decoding allocates nothing per event")
struct AllocationTests {
    private static let short = try! TraceEncoder.encode(SampleTraces.tenFingers(seconds: 1))
    private static let long = try! TraceEncoder.encode(SampleTraces.tenFingers(seconds: 10))

    private func allocations(_ body: () throws -> Void) rethrows -> UInt64 {
        allocation_counter_start()
        defer { _ = allocation_counter_stop() }
        try body()
        return allocation_counter_stop()
    }

    @Test("The counter sees allocations (the interposition is in effect)")
    func counterWorks() {
        final class Box { var value = 1 }
        let count = allocations { _ = Box().value }
        #expect(count >= 1)
    }

    @Test("forEachEvent over ten times the events makes the same number of allocations")
    func forEachEvent() throws {
        func decode(_ bytes: [UInt8]) throws -> (allocations: UInt64, events: Int) {
            var events = 0
            let reader = try TraceReader(bytes: bytes)
            let count = try allocations { try reader.forEachEvent { _ in events += 1 } }
            return (count, events)
        }
        _ = try decode(Self.short)  // first use: lazy metadata and tables, not per-event costs
        let small = try decode(Self.short)
        let large = try decode(Self.long)
        #expect(large.events == 10 * small.events)
        #expect(large.allocations == small.allocations)
    }

    @Test("next() over ten times the events makes the same number of allocations")
    func iterator() throws {
        func decode(_ bytes: [UInt8]) throws -> UInt64 {
            let reader = try TraceReader(bytes: bytes)
            var samples = 0
            return try allocations {
                while let event = try reader.next() {
                    if case .touch = event { samples += 1 }
                }
            }
        }
        _ = try decode(Self.short)  // first use: lazy metadata and tables, not per-event costs
        #expect(try decode(Self.long) == decode(Self.short))
    }
}
