import Testing
import TouchTrace

@Suite("Every single flipped bit is detected")
struct BitFlipTests {
    private func flipped(_ bytes: [UInt8], bit: Int) -> [UInt8] {
        var copy = bytes
        copy[bit / 8] ^= 1 << UInt8(bit % 8)
        return copy
    }

    @Test("A flipped bit anywhere is an error or reported damage, and never changes an event")
    func everyBit() throws {
        let fixture = try DamageFixture()
        var errors = 0
        for bit in 0..<fixture.bytes.count * 8 {
            let bytes = flipped(fixture.bytes, bit: bit)
            do {
                let (document, damage) = try BinaryTrace.readDocument(bytes: bytes)
                #expect(!damage.isEmpty, "bit \(bit) went unnoticed")
                #expect(document.events == fixture.events, "bit \(bit) changed events")
            } catch is TraceInputError {
                errors += 1
            }
        }
        #expect(errors > 0)
    }

    @Test("With salvage, a flipped bit in a chunk costs exactly that chunk")
    func salvageSkipsTheChunk() throws {
        let fixture = try DamageFixture()
        for bit in stride(from: fixture.bodyStart * 8, to: fixture.indexOffset * 8, by: 7) {
            let bytes = flipped(fixture.bytes, bit: bit)
            let (document, damage) = try BinaryTrace.readDocument(bytes: bytes, options: .init(salvage: true))
            let chunk = try #require(fixture.chunk(containing: bit / 8))
            #expect(document.events == fixture.events(without: chunk), "bit \(bit)")
            #expect(damage.map(\.kind) == [.skippedChunk], "bit \(bit)")
            #expect(damage.first?.offset ?? 0 >= fixture.entries[chunk].offset)
            #expect(damage.first?.bytesLost == fixture.chunkEnd(chunk) - fixture.entries[chunk].offset)
        }
    }

    @Test("Without salvage, a damaged chunk is an error naming its byte offset, after the chunks before it")
    func errorNamesOffset() throws {
        let fixture = try DamageFixture()
        let chunk = 2
        let target = fixture.entries[chunk].offset + 30
        let reader = try TraceReader(bytes: flipped(fixture.bytes, bit: target * 8), name: "x.trace")
        var seen: [TraceEvent] = []
        let error = #expect(throws: TraceInputError.self) { while let event = try reader.next() { seen.append(event) } }
        #expect(error?.location == .byte(fixture.entries[chunk].offset + 20))
        #expect(error?.description.hasPrefix("x.trace: byte ") == true)
        #expect(seen == Array(fixture.events.prefix(fixture.entries[chunk].firstEvent)))
    }
}
