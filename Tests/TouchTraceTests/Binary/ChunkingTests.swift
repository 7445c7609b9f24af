import Testing
import TouchTrace

@Suite("Writers seal chunks by event time and on flush")
struct ChunkingTests {
    private func frames(_ times: [Microseconds]) -> [TraceEvent] {
        times.map { .frame(FrameMark(time: $0, device: 0)) }
    }

    private func chunkBaseTimes(_ bytes: [UInt8]) throws -> [Microseconds] {
        try #require(TraceReader(bytes: bytes).index).entries.map(\.baseTime)
    }

    @Test("A chunk is sealed before the first event at base time plus the flush interval")
    func intervalRule() throws {
        var encoder = try TraceEncoder(header: SampleTraces.header, options: .init(flushInterval: 100))
        for event in frames([0, 50, 99, 100, 150, 199, 250]) { try encoder.append(event) }
        #expect(try chunkBaseTimes(encoder.finish()) == [0, 100, 250])
    }

    @Test("flush() seals the open chunk, and a second flush() adds nothing")
    func explicitFlush() throws {
        var encoder = try TraceEncoder(header: SampleTraces.header)
        for event in frames([0, 10]) { try encoder.append(event) }
        encoder.flush()
        encoder.flush()
        for event in frames([20]) { try encoder.append(event) }
        #expect(try chunkBaseTimes(encoder.finish()) == [0, 20])
    }

    @Test("The same events and the same flushes give the same bytes")
    func deterministicWithFlushes() throws {
        func encode() throws -> [UInt8] {
            var encoder = try TraceEncoder(header: SampleTraces.header)
            for (i, event) in SampleTraces.everyCase.enumerated() {
                try encoder.append(event)
                if i % 17 == 0 { encoder.flush() }
            }
            return encoder.finish()
        }
        #expect(try encode() == encode())
    }

    @Test("The file records the writer's options")
    func optionsRecorded() throws {
        let options = TraceWriter.Options(flushInterval: 12_345, writeIndex: false)
        let bytes = try TraceEncoder.encode(SampleTraces.everyCaseDocument, options: options)
        let reader = try TraceReader(bytes: bytes)
        #expect(reader.writerOptions == options)
        #expect(reader.index == nil)
        #expect(try reader.readAll() == SampleTraces.everyCase)
    }

    @Test("A flush interval outside what the format stores is refused")
    func badInterval() {
        #expect(throws: TraceWriteError.self) { try TraceEncoder(header: SampleTraces.header, options: .init(flushInterval: 0)) }
    }
}
