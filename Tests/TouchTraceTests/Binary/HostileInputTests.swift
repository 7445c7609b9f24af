import AllocationCounter
import Testing
import TouchTrace

/// Forgeries that pass the checksums (the tests recompute them) must still be refused before the
/// reader allocates or reads anything they promise.
@Suite("Forged lengths and counts are refused before allocating")
struct HostileInputTests {
    /// Reads `bytes` and returns the largest single allocation made while doing so.
    private func largestAllocation(reading bytes: [UInt8], salvage: Bool = false) -> (UInt64, Bool) {
        allocation_counter_start()
        let threw = (try? BinaryTrace.readDocument(bytes: bytes, options: .init(salvage: salvage))) == nil
        _ = allocation_counter_stop()
        return (allocation_counter_largest(), threw)
    }

    @Test("A chunk claiming four billion events is an error")
    func forgedEventCount() throws {
        let fixture = try DamageFixture()
        var bytes = fixture.bytes
        setUInt32(&bytes, at: fixture.bodyStart + 8, .max)
        resealChunk(&bytes, at: fixture.bodyStart)
        let error = #expect(throws: TraceInputError.self) { try BinaryTrace.readDocument(bytes: bytes) }
        #expect(error?.location == .byte(fixture.bodyStart + 8))
    }

    @Test("A chunk claiming a 4 GiB payload is an error, and in a cut-short file a truncation")
    func forgedPayloadLength() throws {
        let fixture = try DamageFixture()
        var bytes = fixture.bytes
        setUInt32(&bytes, at: fixture.bodyStart + 4, .max)
        #expect(throws: TraceInputError.self) { try BinaryTrace.readDocument(bytes: bytes) }
        let (largest, _) = largestAllocation(reading: bytes)
        #expect(largest < 1 << 20)
    }

    @Test("A header claiming gigabytes is refused without allocating them")
    func forgedHeaderLength() throws {
        var bytes = try DamageFixture().bytes
        setUInt32(&bytes, at: 16, 0xFFFF_FF00)
        let (largest, threw) = largestAllocation(reading: bytes)
        #expect(threw)
        #expect(largest < 1 << 20)
    }

    @Test("A device claiming billions of properties is refused without allocating them")
    func forgedPropertyCount() throws {
        // A header whose only device has one property; its count varint is rewritten to 2^32.
        var header = SampleTraces.header
        header.extensions = []
        header.devices = [DeviceDescription(index: 0, name: "d", kind: .touchscreen, source: .synthetic,
                                            x: AxisRange(minimum: 0, maximum: 1), y: AxisRange(minimum: 0, maximum: 1),
                                            slots: 1, properties: [.init("k", "v")])]
        let original = try TraceEncoder.encode(TraceDocument(header: header, events: []))
        // The property count (1) is followed by "k" and "v": 01 01 6B 01 76.
        let at = try #require(indexOf([0x01, 0x01, 0x6B, 0x01, 0x76], in: original))
        var bytes = Array(original[..<at]) + [0x80, 0x80, 0x80, 0x80, 0x10] + Array(original[(at + 1)...])
        let headerLength = UInt32(bytes.count - 20 - 4 - (original.count - Int(headerEnd(original))))
        setUInt32(&bytes, at: 16, headerLength)
        let crcAt = 20 + Int(headerLength)
        let crc = CRC32C.checksum(Array(bytes[..<crcAt]))
        setUInt32(&bytes, at: crcAt, crc)
        let (largest, threw) = largestAllocation(reading: bytes)
        #expect(threw)
        #expect(largest < 1 << 20)
        let error = #expect(throws: TraceInputError.self) { try BinaryTrace.readDocument(bytes: bytes) }
        #expect(error?.message.contains("property count") == true)
    }

    @Test("An index claiming millions of entries is damage, not an allocation")
    func forgedIndexCount() throws {
        let fixture = try DamageFixture()
        var bytes = fixture.bytes
        setUInt32(&bytes, at: fixture.indexOffset + 4, 50_000_000)
        let (document, damage) = try BinaryTrace.readDocument(bytes: bytes)
        #expect(damage.map(\.kind) == [.damagedIndex])
        #expect(document.events == fixture.events)
        let (largest, _) = largestAllocation(reading: bytes)
        #expect(largest < 1 << 20)
    }

    @Test("Random payloads behind valid checksums are errors, never crashes")
    func randomPayloads() throws {
        let fixture = try DamageFixture()
        let chunk = fixture.bodyStart
        let length = fixture.entries[1].offset - chunk - 24
        var state: UInt64 = 42
        var errors = 0
        for _ in 0..<3000 {
            var bytes = fixture.bytes
            for i in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[chunk + 24 + i] = UInt8(truncatingIfNeeded: state >> 56)
            }
            resealChunk(&bytes, at: chunk)
            do { _ = try BinaryTrace.readDocument(bytes: bytes) } catch is TraceInputError { errors += 1 }
        }
        #expect(errors > 2900)
    }

    /// The fixture with its trailer's event count set to `count`, the trailer's checksum recomputed.
    private func trailerClaiming(_ count: UInt64) throws -> (bytes: [UInt8], countAt: Int, events: [TraceEvent]) {
        let fixture = try DamageFixture()
        var bytes = fixture.bytes
        let trailer = bytes.count - 24
        for i in 0..<8 { bytes[trailer + 8 + i] = UInt8(truncatingIfNeeded: count >> (8 * i)) }
        setUInt32(&bytes, at: trailer + 16, CRC32C.checksum(Array(bytes[trailer..<trailer + 16])))
        return (bytes, trailer + 8, fixture.events)
    }

    @Test("A trailer whose event count is not the chunks' is an error naming the count's offset")
    func forgedTrailerCount() throws {
        let forged = try trailerClaiming(UInt64(SampleTraces.everyCase.count + 1))
        let error = #expect(throws: TraceInputError.self) { try BinaryTrace.readDocument(bytes: forged.bytes) }
        #expect(error?.location == .byte(forged.countAt))
        #expect(error?.message == "the trailer records \(forged.events.count + 1) events, but the chunks hold \(forged.events.count)")
    }

    @Test("With salvage, a trailer whose event count is not the chunks' is damage to the trailer, every event kept")
    func forgedTrailerCountSalvaged() throws {
        let forged = try trailerClaiming(0)
        let (document, damage) = try BinaryTrace.readDocument(bytes: forged.bytes, options: .init(salvage: true))
        #expect(document.events == forged.events)
        #expect(damage.map(\.kind) == [.damagedTrailer])
        #expect(damage.first?.offset == forged.countAt)
    }

    @Test("An index whose entries are out of order, behind a valid checksum, is damage to the index; every event is read")
    func forgedIndexOrder() throws {
        let fixture = try DamageFixture()
        var bytes = fixture.bytes
        // Entries 0 and 1 swapped, the index's checksum recomputed.
        let entries = fixture.indexOffset + 8
        let first = Array(bytes[entries..<entries + 24])
        bytes.replaceSubrange(entries..<entries + 24, with: bytes[entries + 24..<entries + 48])
        bytes.replaceSubrange(entries + 24..<entries + 48, with: first)
        let crcAt = entries + 24 * fixture.entries.count
        setUInt32(&bytes, at: crcAt, CRC32C.checksum(Array(bytes[fixture.indexOffset..<crcAt])))
        let (document, damage) = try BinaryTrace.readDocument(bytes: bytes)
        #expect(damage.map(\.kind) == [.damagedIndex])
        #expect(damage.first?.message.hasPrefix("index entry 1 is out of order") == true)
        #expect(document.events == fixture.events)
    }

    @Test("An index marker among the chunks of a file without a trailer is no end of the body: an error there, or with salvage skipped")
    func forgedIndexMarkerInUnclosedFile() throws {
        let fixture = try DamageFixture()
        // The file as a writer stopped before its index leaves it, with an index marker forged
        // between chunks 2 and 3.
        let at = fixture.entries[3].offset
        let bytes = Array(fixture.bytes[..<at]) + [0x8E, 0x54, 0x53, 0x49] + Array(fixture.bytes[at..<fixture.indexOffset])
        let error = #expect(throws: TraceInputError.self) { try BinaryTrace.readDocument(bytes: bytes) }
        #expect(error?.location == .byte(at))
        let (document, damage) = try BinaryTrace.readDocument(bytes: bytes, options: .init(salvage: true))
        #expect(document.events == fixture.events)
        #expect(damage.map(\.kind) == [.missingTrailer, .skippedChunk])
    }

    private func indexOf(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        haystack.indices.first { haystack[$0...].starts(with: needle) }
    }

    /// Offset just past the header CRC.
    private func headerEnd(_ bytes: [UInt8]) -> UInt32 {
        let length = UInt32(bytes[16]) | UInt32(bytes[17]) << 8 | UInt32(bytes[18]) << 16 | UInt32(bytes[19]) << 24
        return 20 + length + 4
    }
}
