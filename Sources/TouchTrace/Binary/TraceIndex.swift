/// The optional index at the end of a trace (where each chunk starts and its base time, for seeking
/// by time) and the fixed trailer that lets a reader find the index and know the file was closed.
public struct TraceIndex: Equatable, Sendable {
    /// One chunk as the index lists it.
    public struct Entry: Equatable, Sendable {
        /// Byte offset of the chunk's sync marker.
        public var offset: Int
        /// Time of the chunk's first event.
        public var baseTime: Microseconds
        /// Ordinal (0-based) of the chunk's first event in the whole trace.
        public var firstEvent: Int

        public init(offset: Int, baseTime: Microseconds, firstEvent: Int) {
            self.offset = offset
            self.baseTime = baseTime
            self.firstEvent = firstEvent
        }
    }

    /// One entry per chunk, in file order.
    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entry of the chunk to start from to find the first event at or after `time`: the last
    /// chunk whose base time is before `time` (events at `time` can begin in the chunk before the
    /// one whose base time equals it), or the first chunk.
    func entryToSeek(_ time: Microseconds) -> Entry? {
        Self.positionToSeek(time, count: entries.count) { entries[$0].baseTime }.map { entries[$0] }
    }

    /// `entryToSeek` over the entries' base times, by position.
    static func positionToSeek(_ time: Microseconds, count: Int, baseTime: (Int) -> Microseconds) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if baseTime(middle) < time { low = middle + 1 } else { high = middle }
        }
        return count == 0 ? nil : max(low - 1, 0)
    }

    // MARK: - Encoding

    func encode(into out: inout [UInt8]) {
        let start = out.count
        Self.encodeHeader(count: entries.count, into: &out)
        for entry in entries { Self.encode(entry, into: &out) }
        let crc = out.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        out.appendLittleEndian(crc)
    }

    /// The index's first bytes: its marker and entry count. The entries follow, then the CRC-32C
    /// of all of them.
    static func encodeHeader(count: Int, into out: inout [UInt8]) {
        out.appendLittleEndian(BinaryLayout.indexMarker)
        out.appendLittleEndian(UInt32(truncatingIfNeeded: count))
    }

    /// One entry as the index stores it (`BinaryLayout.indexEntrySize` bytes).
    static func encode(_ entry: Entry, into out: inout [UInt8]) {
        out.appendLittleEndian(UInt64(entry.offset))
        out.appendLittleEndian(entry.baseTime)
        out.appendLittleEndian(UInt64(entry.firstEvent))
    }

    /// Checks an index occupying exactly `bytes`, which start at file offset `offset` (its marker,
    /// size, checksum, and that its entries point into the body, from `bodyStart`, in file order
    /// with their first events in order), without keeping its entries, and
    /// returns how many it has: a reader looks entries up in the file (`entry(_:in:)`) rather than
    /// holding 24 bytes a chunk in memory. It reads the index a megabyte at a time and calls
    /// `release(start, end)` with each range of `bytes` it is done with, so that a mapped index of
    /// any size never becomes resident all at once.
    static func validate(
        _ bytes: UnsafeRawBufferPointer, at offset: Int, bodyStart: Int, file: String, release: (Int, Int) -> Void = { _, _ in }
    ) throws(TraceInputError) -> Int {
        func fail(_ at: Int, _ message: String) -> TraceInputError {
            TraceInputError(file: file, location: .byte(offset + at), message: message)
        }
        guard bytes.count >= BinaryLayout.indexHeaderSize + 4,
            UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)) == BinaryLayout.indexMarker
        else { throw fail(0, "no index where the trailer says it starts") }
        let count = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
        let crcAt = BinaryLayout.indexHeaderSize + count * BinaryLayout.indexEntrySize
        guard crcAt + 4 == bytes.count else { throw fail(4, "index entry count \(count) does not match its size") }
        let step = 1 << 20
        var crc: UInt32 = 0xFFFF_FFFF
        for start in stride(from: 0, to: crcAt, by: step) {
            let end = min(start + step, crcAt)
            crc = CRC32C.update(crc, UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            release(start, end)
        }
        let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: crcAt, as: UInt32.self))
        guard stored == ~crc else { throw fail(crcAt, "index checksum mismatch: the index is damaged") }
        let entriesPerStep = step / BinaryLayout.indexEntrySize
        // Chunks in file order inside the body, their first events in order: what a writer makes,
        // and what seeking by bisection needs. A forged index that passes its checksum is damage.
        var previousChunk: UInt64?
        var previousEvent: UInt64 = 0
        for first in stride(from: 0, to: count, by: entriesPerStep) {
            for i in first..<min(first + entriesPerStep, count) {
                let at = BinaryLayout.indexHeaderSize + i * BinaryLayout.indexEntrySize
                let chunk = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let firstEvent = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self))
                guard chunk >= UInt64(bodyStart), chunk < UInt64(offset), firstEvent <= UInt64(Int.max) else {
                    throw fail(at, "index entry \(i) points outside the body")
                }
                if let previousChunk, chunk <= previousChunk || firstEvent < previousEvent {
                    throw fail(at, "index entry \(i) is out of order")
                }
                previousChunk = chunk
                previousEvent = firstEvent
            }
            release(0, BinaryLayout.indexHeaderSize + min(first + entriesPerStep, count) * BinaryLayout.indexEntrySize)
        }
        return count
    }

    /// Entry `i` of an index `validate` accepted.
    static func entry(_ i: Int, in bytes: UnsafeRawBufferPointer) -> Entry {
        let at = BinaryLayout.indexHeaderSize + i * BinaryLayout.indexEntrySize
        return Entry(
            offset: Int(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))),
            baseTime: Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 8, as: Int64.self)),
            firstEvent: Int(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self))))
    }
}

/// The last 24 bytes of a closed trace.
struct TraceTrailer: Equatable {
    /// File offset of the index, or 0 when the writer wrote none.
    var indexOffset: Int
    var eventCount: Int

    func encode(into out: inout [UInt8]) {
        let start = out.count
        out.appendLittleEndian(UInt64(indexOffset))
        out.appendLittleEndian(UInt64(eventCount))
        let crc = out.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        out.appendLittleEndian(crc)
        out.appendLittleEndian(BinaryLayout.endMarker)
    }

    /// What the end of a file says about a trailer.
    enum Finding {
        case valid(TraceTrailer)
        /// No end marker: the writer never closed the file, or it was cut short.
        case absent
        /// An end marker, but the fields fail their checksum or make no sense.
        case damaged(offset: Int, message: String)
    }

    /// Looks for a trailer at the end of `file`, whose body begins at `bodyStart`.
    static func find(in file: UnsafeRawBufferPointer, bodyStart: Int) -> Finding {
        let at = file.count - BinaryLayout.trailerSize
        guard at >= bodyStart,
            UInt32(littleEndian: file.loadUnaligned(fromByteOffset: at + 20, as: UInt32.self)) == BinaryLayout.endMarker
        else { return .absent }
        let stored = UInt32(littleEndian: file.loadUnaligned(fromByteOffset: at + 16, as: UInt32.self))
        guard stored == CRC32C.checksum(UnsafeRawBufferPointer(rebasing: file[at..<at + 16])) else {
            return .damaged(offset: at + 16, message: "trailer checksum mismatch: the trailer is damaged")
        }
        let index = UInt64(littleEndian: file.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        let count = UInt64(littleEndian: file.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self))
        guard index == 0 || (index >= UInt64(bodyStart) && index < UInt64(at)), count <= UInt64(Int.max) else {
            return .damaged(offset: at, message: "trailer points outside the file")
        }
        return .valid(TraceTrailer(indexOffset: Int(index), eventCount: Int(count)))
    }
}
