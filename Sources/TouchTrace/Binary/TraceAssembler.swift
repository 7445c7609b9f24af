/// The byte stream of a binary trace as events arrive: header first, then sealed chunks, then the
/// index and trailer. Shared by the file writer and the in-memory encoder so both produce the same
/// bytes; it only produces bytes, and whoever owns it decides where they go (`drainOutput`), and
/// where the index entries wait until the end (`takeIndexEntries`: a file writer keeps them on
/// disk, so that its memory does not grow with the number of chunks).
struct TraceAssembler {
    let flushInterval: Microseconds
    let writeIndex: Bool
    private var chunk = ChunkEncoder()
    /// Bytes produced and not yet taken.
    private var output: [UInt8]
    /// File offset of `output[0]`.
    private var outputOffset = 0
    /// Index entries, encoded, not yet taken by `takeIndexEntries`.
    private var indexEntries: [UInt8] = []
    /// Index entries produced so far, taken or not.
    private var indexEntryCount = 0
    private(set) var eventCount = 0
    private(set) var sealedEventCount = 0

    init(header: TraceHeader, options: TraceWriter.Options, file: String) throws(TraceWriteError) {
        guard options.flushInterval > 0, options.flushInterval <= Microseconds(UInt32.max) else {
            throw TraceWriteError(file: file, message: "flush interval \(options.flushInterval) µs is outside 1...\(UInt32.max)")
        }
        try HeaderCodec.validate(header, file: file)
        flushInterval = options.flushInterval
        writeIndex = options.writeIndex
        output = HeaderCodec.encode(header, layout: .init(flushInterval: flushInterval, indexRequested: writeIndex))
        // Refused here, as every reader would refuse it: a header the format cannot hold.
        let headerLength = output.count - BinaryLayout.preambleSize - BinaryLayout.headerCRCSize
        guard headerLength <= BinaryLayout.maxHeaderLength else {
            throw TraceWriteError(
                file: file,
                message: "the header (names, properties, extensions) takes \(headerLength) bytes; a trace's header holds at most \(BinaryLayout.maxHeaderLength) bytes")
        }
    }

    /// Bytes produced so far, taken or not.
    var producedCount: Int { outputOffset + output.count }

    /// Whether an event is waiting in an open chunk.
    var hasOpenChunk: Bool { !chunk.isEmpty }

    /// Adds an event, first sealing the open chunk if the sealing rule says so.
    /// Returns true when a chunk was sealed (new bytes are ready to take).
    @discardableResult
    mutating func append(_ event: TraceEvent, file: String) throws(TraceWriteError) -> Bool {
        if case .annotation(let note) = event, note.text.utf8.count > BinaryLayout.maxAnnotationBytes {
            throw TraceWriteError(file: file, message: "annotation of \(note.text.utf8.count) bytes is longer than 1 MiB")
        }
        if case .device(.added(let time, let description)) = event {
            // Refused here, as every reader would refuse the chunk that held it.
            if let problem = DeviceDescription.unwritableProblem(in: description) {
                throw TraceWriteError(file: file, message: "the device added at \(time) µs: \(problem)")
            }
            var encoded: [UInt8] = []
            DeviceCodec.encode(description, into: &encoded)
            guard encoded.count <= BinaryLayout.maxAddedDeviceBytes else {
                throw TraceWriteError(
                    file: file,
                    message: "the device added at \(time) µs (names, properties) takes \(encoded.count) bytes; a trace holds at most \(BinaryLayout.maxAddedDeviceBytes) bytes for a device added during the trace")
            }
        }
        let sealed = chunk.mustSeal(before: event, flushInterval: flushInterval)
        if sealed || chunk.isEmpty, writeIndex, indexEntryCount >= Int(UInt32.max) {
            throw TraceWriteError(file: file, message: "a trace's index holds at most \(UInt32.max) chunks")
        }
        if sealed { seal() }
        chunk.append(event)
        eventCount += 1
        return sealed
    }

    /// Seals the open chunk, if any.
    mutating func seal() {
        guard !chunk.isEmpty else { return }
        if writeIndex {
            TraceIndex.encode(.init(offset: producedCount, baseTime: chunk.baseTime, firstEvent: sealedEventCount), into: &indexEntries)
            indexEntryCount += 1
        }
        sealedEventCount += chunk.eventCount
        chunk.seal(into: &output)
    }

    /// Bytes of index entries waiting in memory.
    var pendingIndexBytes: Int { indexEntries.count }

    /// Hands the index entries encoded since the last call to `body` and forgets them: whoever
    /// takes them keeps them in a `SpillFile` and gives it to `finish(spilled:emit:)`.
    mutating func takeIndexEntries(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try indexEntries.withUnsafeBytes { try body($0) }
        indexEntries.removeAll(keepingCapacity: true)
    }

    /// Seals the open chunk and ends the trace: `emit` receives, in order, the bytes not yet
    /// drained, the index if asked for (its header, the entries taken before by `takeIndexEntries`
    /// and kept in `spilled`, then the rest, and its checksum) and the trailer.
    mutating func finish(spilled: SpillFile? = nil, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        seal()
        var indexOffset = 0
        if writeIndex {
            indexOffset = producedCount
            TraceIndex.encodeHeader(count: indexEntryCount, into: &output)
            var crc = output.withUnsafeBytes { CRC32C.update(0xFFFF_FFFF, UnsafeRawBufferPointer(rebasing: $0[(indexOffset - outputOffset)...])) }
            try drainOutput(emit)
            try spilled?.readBack { piece in
                crc = CRC32C.update(crc, piece)
                outputOffset += piece.count
                try emit(piece)
            }
            crc = indexEntries.withUnsafeBytes { CRC32C.update(crc, $0) }
            output.append(contentsOf: indexEntries)
            indexEntries.removeAll()
            output.appendLittleEndian(~crc)
        }
        TraceTrailer(indexOffset: indexOffset, eventCount: sealedEventCount).encode(into: &output)
        try drainOutput(emit)
    }

    /// Calls `body` with the bytes produced since the last call, then forgets them (no copy).
    mutating func drainOutput(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try output.withUnsafeBytes { try body($0) }
        outputOffset += output.count
        output.removeAll(keepingCapacity: true)
    }
}
