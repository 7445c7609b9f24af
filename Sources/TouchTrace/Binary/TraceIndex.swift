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
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].baseTime < time { low = middle + 1 } else { high = middle }
        }
        return entries.isEmpty ? nil : entries[max(low - 1, 0)]
    }

    // MARK: - Encoding

    func encode(into out: inout [UInt8]) {
        let start = out.count
        out.appendLittleEndian(BinaryLayout.indexMarker)
        out.appendLittleEndian(UInt32(entries.count))
        for entry in entries {
            out.appendLittleEndian(UInt64(entry.offset))
            out.appendLittleEndian(entry.baseTime)
            out.appendLittleEndian(UInt64(entry.firstEvent))
        }
        let crc = out.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        out.appendLittleEndian(crc)
    }

    /// Parses an index occupying exactly `bytes`, which start at file offset `offset`.
    static func decode(_ bytes: UnsafeRawBufferPointer, at offset: Int, file: String) throws(TraceInputError) -> TraceIndex {
        do {
            return try decode(bytes, at: offset)
        } catch {
            throw error.inputError(file: file)
        }
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(ByteReader.Failure) -> TraceIndex {
        var reader = ByteReader(bytes, fileOffset: offset, region: "the index")
        guard bytes.count >= BinaryLayout.indexHeaderSize + 4,
            try reader.littleEndian(UInt32.self, "index marker") == BinaryLayout.indexMarker
        else { throw reader.failure("no index where the trailer says it starts", atOffset: offset) }
        let count = Int(try reader.littleEndian(UInt32.self, "index entry count"))
        let crcAt = BinaryLayout.indexHeaderSize + count * BinaryLayout.indexEntrySize
        guard crcAt + 4 == bytes.count else {
            throw reader.failure("index entry count \(count) does not match its size", atOffset: offset + 4)
        }
        var crc = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[crcAt...]), fileOffset: offset + crcAt, region: "the index")
        guard try crc.littleEndian(UInt32.self, "index checksum") == CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<crcAt])) else {
            throw crc.failure("index checksum mismatch: the index is damaged", atOffset: offset + crcAt)
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for i in 0..<count {
            let at = reader.absoluteOffset
            let chunk = try reader.littleEndian(UInt64.self, "index entry")
            let base = try reader.littleEndian(Int64.self, "index entry")
            let first = try reader.littleEndian(UInt64.self, "index entry")
            guard chunk < UInt64(offset), first <= UInt64(Int.max) else {
                throw reader.failure("index entry \(i) points outside the body", atOffset: at)
            }
            entries.append(Entry(offset: Int(chunk), baseTime: base, firstEvent: Int(first)))
        }
        return TraceIndex(entries: entries)
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
