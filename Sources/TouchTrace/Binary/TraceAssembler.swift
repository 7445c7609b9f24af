/// The byte stream of a binary trace as events arrive: header first, then sealed chunks, then the
/// index and trailer. Shared by the file writer and the in-memory encoder so both produce the same
/// bytes; it only produces bytes, and whoever owns it decides where they go (`takeOutput()`).
struct TraceAssembler {
    let flushInterval: Microseconds
    let writeIndex: Bool
    private var chunk = ChunkEncoder()
    /// Bytes produced and not yet taken.
    private var output: [UInt8]
    /// File offset of `output[0]`.
    private var outputOffset = 0
    private var entries: [TraceIndex.Entry] = []
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
            var encoded: [UInt8] = []
            DeviceCodec.encode(description, into: &encoded)
            guard encoded.count <= BinaryLayout.maxAddedDeviceBytes else {
                throw TraceWriteError(
                    file: file,
                    message: "the device added at \(time) µs (names, properties) takes \(encoded.count) bytes; a trace holds at most \(BinaryLayout.maxAddedDeviceBytes) bytes for a device added during the trace")
            }
        }
        let sealed = chunk.mustSeal(before: event, flushInterval: flushInterval)
        if sealed { seal() }
        chunk.append(event)
        eventCount += 1
        return sealed
    }

    /// Seals the open chunk, if any.
    mutating func seal() {
        guard !chunk.isEmpty else { return }
        entries.append(.init(offset: producedCount, baseTime: chunk.baseTime, firstEvent: sealedEventCount))
        sealedEventCount += chunk.eventCount
        chunk.seal(into: &output)
    }

    /// Seals the open chunk and appends the index (if asked for) and the trailer.
    mutating func finish() {
        seal()
        var indexOffset = 0
        if writeIndex {
            indexOffset = producedCount
            TraceIndex(entries: entries).encode(into: &output)
        }
        TraceTrailer(indexOffset: indexOffset, eventCount: sealedEventCount).encode(into: &output)
    }

    /// Hands over the bytes produced since the last call.
    mutating func takeOutput() -> [UInt8] {
        defer {
            outputOffset += output.count
            output.removeAll(keepingCapacity: true)
        }
        return output
    }

    /// Calls `body` with the bytes produced since the last call, then forgets them (no copy).
    mutating func drainOutput(_ body: (UnsafeRawBufferPointer) -> Void) {
        output.withUnsafeBytes { body($0) }
        outputOffset += output.count
        output.removeAll(keepingCapacity: true)
    }
}
