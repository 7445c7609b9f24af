import Testing
import TouchTrace

@Suite("Truncated traces yield every complete chunk and say what was lost")
struct TruncationTests {
    @Test("Cut at every byte: the header is an error, after it every complete chunk is recovered and the loss reported")
    func everyByte() throws {
        let fixture = try DamageFixture()
        #expect(fixture.entries.count >= 6)
        for length in 0..<fixture.bytes.count {
            let prefix = Array(fixture.bytes.prefix(length))
            guard length >= fixture.bodyStart else {
                #expect(throws: TraceInputError.self, "cut at \(length)") { try BinaryTrace.readDocument(bytes: prefix) }
                continue
            }
            let (document, damage) = try BinaryTrace.readDocument(bytes: prefix)
            #expect(document.events == fixture.eventsOfChunksComplete(within: length), "cut at \(length)")
            #expect(damage.contains { $0.kind == .missingTrailer }, "cut at \(length)")
            if let chunk = fixture.chunk(containing: length), fixture.entries[chunk].offset != length {
                let lost = length - fixture.entries[chunk].offset
                #expect(damage.contains { $0.kind == .truncated && $0.bytesLost == lost && $0.offset == fixture.entries[chunk].offset },
                        "cut at \(length)")
            } else if length >= fixture.indexOffset + 4 || length == fixture.indexOffset {
                // Within the first four bytes of the index a reader cannot tell the index marker
                // from a chunk sync marker, so there it may report the few bytes as truncated.
                #expect(!damage.contains { $0.kind == .truncated }, "cut at \(length)")
            }
        }
    }

    @Test("The complete file reports no damage")
    func complete() throws {
        let fixture = try DamageFixture()
        let (document, damage) = try BinaryTrace.readDocument(bytes: fixture.bytes)
        #expect(damage.isEmpty)
        #expect(document.events == fixture.events)
    }

    @Test("An empty file is an error, not a crash")
    func empty() {
        #expect(throws: TraceInputError.self) { try BinaryTrace.readDocument(bytes: []) }
    }
}
