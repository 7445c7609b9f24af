import TouchTrace

/// A small trace with many chunks (a 40 ms flush interval over the every-case events) and the
/// layout facts the damage tests need: where each chunk starts and which events it holds.
struct DamageFixture {
    let bytes: [UInt8]
    let events: [TraceEvent]
    let entries: [TraceIndex.Entry]
    /// Where the index starts: the end of the last chunk.
    let indexOffset: Int

    init(writeIndex: Bool = true) throws {
        events = SampleTraces.everyCase
        bytes = try TraceEncoder.encode(
            SampleTraces.everyCaseDocument, options: .init(flushInterval: 40_000, writeIndex: true))
        entries = try TraceReader(bytes: bytes).index!.entries
        indexOffset = bytes.suffix(24).prefix(8).reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    var bodyStart: Int { entries[0].offset }

    /// End offset of chunk `i`.
    func chunkEnd(_ i: Int) -> Int { i + 1 < entries.count ? entries[i + 1].offset : indexOffset }

    /// The events of every chunk that ends at or before `length`.
    func eventsOfChunksComplete(within length: Int) -> [TraceEvent] {
        let complete = entries.indices.filter { chunkEnd($0) <= length }
        guard let last = complete.last else { return [] }
        let end = last + 1 < entries.count ? entries[last + 1].firstEvent : events.count
        return Array(events.prefix(end))
    }

    /// The chunk that contains byte `offset`, if any.
    func chunk(containing offset: Int) -> Int? {
        entries.indices.first { entries[$0].offset <= offset && offset < chunkEnd($0) }
    }

    /// The events with chunk `i` left out.
    func events(without i: Int) -> [TraceEvent] {
        let end = i + 1 < entries.count ? entries[i + 1].firstEvent : events.count
        return Array(events[..<entries[i].firstEvent] + events[end...])
    }
}

/// Recomputes a chunk's CRC after a test forged its fields, so that the forgery reaches the checks
/// behind the checksum.
func resealChunk(_ bytes: inout [UInt8], at offset: Int) {
    let length = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
    let end = min(bytes.count, offset + 24 + length)
    let covered = Array(bytes[offset..<offset + 20]) + Array(bytes[offset + 24..<end])
    let crc = CRC32C.checksum(covered)
    for i in 0..<4 { bytes[offset + 20 + i] = UInt8(truncatingIfNeeded: crc >> (8 * i)) }
}

func setUInt32(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32) {
    for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
}
