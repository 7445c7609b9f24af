/// Reads a binary trace by streaming through a memory map: memory does not grow with the file's
/// length, and touch, frame and gesture events decode without allocating.
///
/// Damage is handled, never trapped on. A file cut short yields every complete chunk and a
/// `TraceDamage` saying how many bytes were lost; a chunk failing its checksum stops reading with
/// a `TraceInputError` naming its byte offset, or with `Options.salvage` is skipped (the reader
/// resynchronises on the next chunk sync marker) and recorded in `damage`. Every length and count is
/// checked against the bytes that are really there before anything is read or allocated.
///
/// ```swift
/// let reader = try TraceReader(path: "session.trace")
/// try reader.forEachEvent { event in ... }        // the fast path
/// while let event = try reader.next() { ... }     // or one at a time
/// ```
///
/// - Warning: not thread-safe; one reader belongs to one task.
public final class TraceReader {
    /// How a reader treats damage.
    public struct Options: Sendable, Equatable {
        /// Skip chunks that fail their checksum or do not decode, instead of stopping at the first.
        public var salvage: Bool = false

        public init(salvage: Bool = false) {
            self.salvage = salvage
        }
    }

    /// The path (or name) as given, used in every error.
    public let path: String
    /// Who recorded the trace, where, and from which devices.
    public let header: TraceHeader
    /// The options the writer used, as the file records them (for converting to an identical copy).
    public let writerOptions: TraceWriter.Options
    /// The index, when the file has an intact one, decoded from the file when asked for (the reader
    /// itself looks entries up in the mapped file: memory does not grow with the chunk count).
    public var index: TraceIndex? {
        indexBytes.map { bytes in TraceIndex(entries: (0..<indexCount).map { TraceIndex.entry($0, in: bytes) }) }
    }
    /// The intact index's bytes in the mapped file, and how many entries it has.
    private let indexBytes: UnsafeRawBufferPointer?
    private let indexCount: Int
    /// Total events, as a closed file's trailer records it.
    public let recordedEventCount: Int?
    /// Damage found so far, in file order: at open (trailer, index) and while reading (truncation,
    /// skipped chunks). Complete once the last event has been read.
    public private(set) var damage: [TraceDamage] = []
    /// Chunks begun so far; changes exactly when an event comes from a new chunk.
    // Unchecked: a public property's increment paid a dynamic exclusivity check (a
    // `swift_beginAccess` call of about sixty instructions) per chunk. Only `nextChunk` writes
    // it, and nothing it calls reads it.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var chunksStarted = 0
    /// The events the chunks read claim, counted while the reader reads from the first chunk on
    /// (no seek): at the end of the body, compared with `recordedEventCount`.
    private var eventsInChunks = 0
    private var countsFromStart = true
    /// The file's length in bytes.
    public var fileSize: Int { bytes.count }

    private let options: Options
    private let storage: MemoryMappedFile
    private let bytes: UnsafeRawBufferPointer
    private let bodyStart: Int
    /// Where chunks stop: the index or trailer when the trailer is intact, the file end otherwise.
    private var bodyEnd: Int
    private let trailerIntact: Bool
    /// Offset of the next chunk to read.
    private var position: Int
    /// How far pages have been handed back to the kernel (see `MemoryMappedFile.release`).
    private var releasedUpTo = 0
    /// Small, so that what a trace leaves resident stays about a megabyte whatever its length; a
    /// call hands back only the pages since the last.
    private static let releaseStep = 1024 * 1024
    /// How far pages have been mapped ahead of the reader (see `MemoryMappedFile.populate`): a
    /// step ahead of the chunk being read, a step at a time, so that what is resident stays
    /// bounded as the released pages do.
    private var populatedUpTo = 0
    /// The decoder and a read-ahead event live in memory the reader owns, reached through pointers
    /// rather than stored properties, so that `next()` pays no dynamic exclusivity check per event.
    @usableFromInline let decoder: UnsafeMutablePointer<ChunkDecoder>
    private let table: UnsafeMutablePointer<ChunkDecoder.LocalTouch>
    /// An event read ahead by `seek(toTime:)`.
    @usableFromInline let pending: UnsafeMutablePointer<TraceEvent?>
    /// Set by the first error without salvage; every later read throws it again.
    private var failure: TraceInputError?

    /// Opens and maps `path`, checks its header, trailer and index.
    public convenience init(path: String, options: Options = .init()) throws {
        try self.init(storage: MemoryMappedFile(path: path), options: options)
    }

    /// Reads a trace held in memory (copied once); `name` appears in errors.
    public convenience init(bytes: [UInt8], name: String = "<memory>", options: Options = .init()) throws {
        try self.init(storage: MemoryMappedFile(copying: bytes, name: name), options: options)
    }

    /// Reads the trace in the first `size` bytes of the open file `descriptor` (a `SpillFile`,
    /// which stays open); `name` appears in errors.
    convenience init(descriptor: Int32, size: Int, name: String) throws {
        try self.init(storage: MemoryMappedFile(descriptor: descriptor, size: size, name: name), options: .init())
    }

    private init(storage: MemoryMappedFile, options: Options) throws {
        self.storage = storage
        self.options = options
        path = storage.path
        bytes = storage.bytes
        let (header, layout, bodyStart) = try HeaderCodec.decode(bytes, name: path)
        self.header = header
        writerOptions = TraceWriter.Options(flushInterval: layout.flushInterval, writeIndex: layout.indexRequested)
        self.bodyStart = bodyStart
        position = bodyStart
        table = .allocate(capacity: BinaryLayout.maxLocalTouches)
        table.initialize(repeating: .init(), count: BinaryLayout.maxLocalTouches)
        decoder = .allocate(capacity: 1)
        decoder.initialize(to: ChunkDecoder(table: table))
        pending = .allocate(capacity: 1)
        pending.initialize(to: nil)

        let end = Self.inspectEnd(of: bytes, bodyStart: bodyStart, path: path) { storage.release(from: $0, upTo: $1) }
        trailerIntact = end.trailer != nil
        recordedEventCount = end.trailer?.eventCount
        bodyEnd = end.bodyEnd
        indexCount = end.index?.count ?? 0
        let bytes = self.bytes
        indexBytes = end.index.map { UnsafeRawBufferPointer(rebasing: bytes[$0.range]) }
        damage = end.damage
        // What validating the index left resident (its last pages, the trailer's); reading needs
        // them only to seek.
        if let range = end.index?.range { storage.release(from: range.lowerBound, upTo: bytes.count) }
    }

    /// What the end of the file says: the trailer, where the body ends, the index, and damage to
    /// either. Never fails: a damaged end costs only seeking speed and the recorded event count.
    private static func inspectEnd(
        of bytes: UnsafeRawBufferPointer, bodyStart: Int, path: String, release: (Int, Int) -> Void
    ) -> (trailer: TraceTrailer?, bodyEnd: Int, index: (range: Range<Int>, count: Int)?, damage: [TraceDamage])
    {
        switch TraceTrailer.find(in: bytes, bodyStart: bodyStart) {
        case .valid(let trailer):
            let trailerStart = bytes.count - BinaryLayout.trailerSize
            guard trailer.indexOffset != 0 else { return (trailer, trailerStart, nil, []) }
            do {
                let range = trailer.indexOffset..<trailerStart
                let count = try TraceIndex.validate(UnsafeRawBufferPointer(rebasing: bytes[range]), at: trailer.indexOffset, bodyStart: bodyStart, file: path) {
                    release(range.lowerBound + $0, range.lowerBound + $1)
                }
                return (trailer, trailer.indexOffset, (range, count), [])
            } catch {
                let offset = if case .byte(let at) = error.location { at } else { trailer.indexOffset }
                let damage = TraceDamage(
                    kind: .damagedIndex, offset: offset, bytesLost: 0, message: error.message + "; seeking will scan")
                return (trailer, trailer.indexOffset, nil, [damage])
            }
        case .absent:
            let damage = TraceDamage(
                kind: .missingTrailer, offset: bytes.count, bytesLost: 0,
                message: "the file has no trailer: it was not closed, or it was cut short")
            return (nil, bytes.count, nil, [damage])
        case .damaged(let offset, let message):
            return (nil, bytes.count, nil, [TraceDamage(kind: .damagedTrailer, offset: offset, bytesLost: 0, message: message)])
        }
    }

    deinit {
        table.deallocate()
        decoder.deallocate()
        pending.deinitialize(count: 1)
        pending.deallocate()
    }

    // MARK: - Reading events

    /// The next event, or nil at the end of the trace.
    @inlinable
    public func next() throws -> TraceEvent? {
        if case .some = pending.pointee { return takePending() }
        while true {
            switch try decoded(&decoder.pointee) {
            case .touch(let sample): return .touch(sample)
            case .frame(let mark): return .frame(mark)
            case .gesture(let sample): return .gesture(sample)
            case .other(let op):
                let (event, after) = try slowEvent(op, decoder.pointee)
                decoder.pointee = after
                if let event { return event }
            case .end:
                guard let chunk = try nextChunk() else { return nil }
                decoder.pointee.begin(chunk)
            }
        }
    }

    /// Calls `body` with every remaining event in order: the fast path. It is inlined into the
    /// caller, so the decoder and `body` compile into one loop, and each event is built where it
    /// is used (a touch sample never exists as a general `TraceEvent` to copy or destroy). The
    /// decoder lives in a local whose address is never passed out of the loop (the paths out of
    /// line take it by value and return it), so its cursor, count and time stay in registers.
    @inlinable
    public func forEachEvent(_ body: (TraceEvent) throws -> Void) throws {
        try forEachEventInlined(body)
    }

    /// `forEachEvent`, always inlined into its caller: for the replay driver, whose large `body`
    /// the compiler would otherwise call through a closure context per event, copying each event
    /// to memory. Not for every caller: forced into `TraceStatistics`' loop it costs half as much
    /// again as the call (`scripts/bench-instructions decode`).
    @inlinable @inline(__always)
    package func forEachEventInlined(_ body: (TraceEvent) throws -> Void) throws {
        if case .some = pending.pointee, let event = takePending() { try body(event) }
        var local = decoder.pointee
        defer { decoder.pointee = local }
        while true {
            switch try decoded(&local) {
            case .touch(let sample): try body(.touch(sample))
            case .frame(let mark): try body(.frame(mark))
            case .gesture(let sample): try body(.gesture(sample))
            case .other(let op):
                let (event, after) = try slowEvent(op, local)
                local = after
                if let event { try body(event) }
            case .end:
                guard let chunk = try nextChunk() else { return }
                local.begin(chunk)
            }
        }
    }

    /// `forEachEvent` for a caller that reads of a touch sample only its time, device, touch, slot
    /// and phase (`TraceStatistics`): positions, pressure and contact size are stepped over, not
    /// decoded (`ChunkDecoder.next(values: false)`), and each sample carries x and y 0 and no
    /// optional field. It reads to the end of the trace or to an error (which abandons the
    /// chunk), so no chunk is left half read without its values: `body` cannot throw.
    ///
    /// With each event comes a bit that names, within the chunk it was decoded from, the touch a
    /// sample came from (`1 << index` in the chunk's touch table; 0 for every other event and for
    /// a sample read before the loop), and a word of `body`'s own for the chunk, 0 when a chunk
    /// begins: a touch of one chunk is one device and touch id from its definition to the chunk's
    /// end, so the statistics remember in it what they found of each. (One closure: with a second
    /// one to say that a chunk began, the compiler no longer specialized the loop for its
    /// caller's closure, and `info` took 59 % more instructions.)
    ///
    /// `forEachEventInlined`'s loop, copied: a `values` parameter there cost the replay 2 % of its
    /// instructions. `@inlinable` though only this module calls it: so compiled, the loop takes
    /// about 8 fewer instructions an event (docs/benchmarks.md, "Session 23").
    @inlinable
    func forEachEventWithoutValues(_ body: (TraceEvent, _ touchBit: UInt64, _ chunkWord: inout UInt64) -> Void) throws {
        var word: UInt64 = 0
        if case .some = pending.pointee, let event = takePending() { body(event, 0, &word) }
        var local = decoder.pointee
        defer { decoder.pointee = local }
        while true {
            switch try decoded(&local, values: false) {
            case .touch(let sample): body(.touch(sample), 1 &<< UInt64(truncatingIfNeeded: local.lastLocal), &word)
            case .frame(let mark): body(.frame(mark), 0, &word)
            case .gesture(let sample): body(.gesture(sample), 0, &word)
            case .other(let op):
                let (event, after) = try slowEvent(op, local)
                local = after
                if let event { body(event, 0, &word) }
            case .end:
                guard let chunk = try nextChunk() else { return }
                local.begin(chunk)
                word = 0
            }
        }
    }

    @usableFromInline
    func takePending() -> TraceEvent? {
        defer { pending.pointee = nil }
        return pending.pointee
    }

    /// Positions the reader so that the next event is the first one, from the chunk the index
    /// points to for `time` onwards, whose time is at or after `time`. Without an index, scans
    /// from the first chunk.
    public func seek(toTime time: Microseconds) throws {
        if let failure { throw failure }
        pending.pointee = nil
        decoder.pointee.reset()
        releasedUpTo = 0
        populatedUpTo = 0
        position = bodyStart
        countsFromStart = false
        if let indexBytes, let at = TraceIndex.positionToSeek(time, count: indexCount, baseTime: { TraceIndex.entry($0, in: indexBytes).baseTime }) {
            position = TraceIndex.entry(at, in: indexBytes).offset
        }
        while let event = try next() {
            if event.time >= time {
                pending.pointee = event
                return
            }
        }
    }

    /// Reads every remaining event into memory.
    public func readAll() throws -> [TraceEvent] {
        var events: [TraceEvent] = []
        try forEachEvent { events.append($0) }
        return events
    }

    // MARK: - Chunks

    /// The decoder's next event; a malformed payload becomes an error, or with salvage damage
    /// and `.end` (the reader has then moved past the chunk).
    @inlinable @inline(__always)
    func decoded(_ decoder: inout ChunkDecoder, values: Bool = true) throws -> ChunkDecoder.Decoded {
        do {
            return try decoder.next(values: values)
        } catch {
            decoder.reset()
            try malformed(error)
            return .end
        }
    }

    /// The rest of an event `decoded` returned as `.other`, or nil if it was malformed and
    /// salvaged; and the decoder after it.
    @usableFromInline
    func slowEvent(_ op: UInt8, _ decoder: ChunkDecoder) throws -> (TraceEvent?, ChunkDecoder) {
        var decoder = decoder
        do {
            return (try decoder.slowEvent(op), decoder)
        } catch {
            decoder.reset()
            try malformed(error)
            return (nil, decoder)
        }
    }

    /// A malformed chunk (the decoder has abandoned it): an error, or with salvage damage.
    @usableFromInline
    func malformed(_ failure: ChunkDecoder.Failure) throws {
        try damaged(chunkAt: currentChunk, failure.offset, "malformed chunk: \(failure.message)")
    }

    private var currentChunk = 0

    /// The byte offset of the chunk the last event read came from.
    package var chunkInProgress: Int { currentChunk }

    /// Whether the reader works around damage (`Options.salvage`).
    package var salvages: Bool { options.salvage }

    /// Asked of each chunk before it is checked or decoded, with its place among the chunks read
    /// (counting from 0) and its event count: true passes over it (`forEachEvent(skippingChunks:_:)`).
    private var chunkSkip: ((Int, Int) -> Bool)?
    /// Chunks whose headers were read so far, skipped or not.
    private var chunksSeen = 0

    /// `forEachEvent(_:)`, passing over undecoded each chunk for which `skips` (given its place
    /// among the chunks, counting from 0, and its event count) is true: a reader that knows what
    /// chunks hold (`EventSpool`) reads only those it needs.
    func forEachEvent(skippingChunks skips: (_ chunk: Int, _ events: Int) -> Bool, _ body: (TraceEvent) throws -> Void) throws {
        try withoutActuallyEscaping(skips) { skips in
            chunkSkip = skips
            defer { chunkSkip = nil }
            try forEachEvent(body)
        }
    }

    /// Finds and checks the next chunk, for the decoder to begin; nil at the end of the body.
    @usableFromInline
    func nextChunk() throws -> ChunkDecoder.Chunk? {
        if let failure { throw failure }
        while position < bodyEnd {
            let at = position
            let left = bodyEnd - at
            if !trailerIntact && left >= 4 && load(UInt32.self, at) == BinaryLayout.indexMarker && endsBody(indexMarkerAt: at) {
                bodyEnd = at  // the index of a file whose trailer is missing: the body ends here
                break
            }
            guard left >= BinaryLayout.chunkHeaderSize else {
                if !trailerIntact { return truncated(at, "the file ends inside a chunk header") }
                try damaged(chunkAt: at, at, "chunk header runs past the end of the body")
                continue
            }
            guard load(UInt32.self, at) == BinaryLayout.chunkSync else {
                try damaged(chunkAt: at, at, "no chunk sync marker where a chunk should start")
                continue
            }
            let length = Int(load(UInt32.self, at + 4))
            let count = Int(load(UInt32.self, at + 8))
            let base = Int64(bitPattern: load(UInt64.self, at + 12))
            if length > BinaryLayout.maxChunkPayload {
                try damaged(chunkAt: at, at + 4, "chunk payload length \(length) is not plausible")
                continue
            }
            if length > left - BinaryLayout.chunkHeaderSize {
                if !trailerIntact { return truncated(at, "the file ends inside a chunk of \(length) payload bytes") }
                try damaged(chunkAt: at, at + 4, "chunk runs past the end of the body")
                continue
            }
            let ordinal = chunksSeen
            chunksSeen += 1
            if let skip = chunkSkip, count <= length, skip(ordinal, count) {
                eventsInChunks &+= count
                position = at + BinaryLayout.chunkHeaderSize + length
                continue
            }
            guard chunkChecksumMatches(at, length) else {
                try damaged(chunkAt: at, at + BinaryLayout.chunkCRCOffset, "chunk checksum mismatch")
                continue
            }
            guard count <= length else {
                try damaged(chunkAt: at, at + 8, "chunk claims \(count) events in \(length) bytes")
                continue
            }
            let payloadAt = at + BinaryLayout.chunkHeaderSize
            let chunk = ChunkDecoder.Chunk(
                payload: UnsafeRawBufferPointer(rebasing: bytes[payloadAt..<payloadAt + length]),
                payloadOffset: payloadAt, eventCount: count, baseTime: base)
            currentChunk = at
            chunksStarted += 1
            eventsInChunks &+= count
            position = payloadAt + length
            if at - releasedUpTo >= Self.releaseStep {
                storage.release(from: releasedUpTo, upTo: at)
                releasedUpTo = at
            }
            if position > populatedUpTo { populateAhead(from: at) }
            return chunk
        }
        try checkRecordedEventCount()
        return nil
    }

    /// Maps the pages from the chunk at `at` to a step past its end (out of line: once a step).
    @inline(never)
    private func populateAhead(from at: Int) {
        let end = min(position + Self.releaseStep, bodyEnd)
        storage.populate(from: max(at, populatedUpTo), upTo: end)
        populatedUpTo = end
    }

    /// At the end of a body read whole from its first chunk, without damage to its chunks: the
    /// trailer's event count must be the events the chunks held. A count that differs (a forged or
    /// miswritten trailer) is an error naming the trailer's count field, or with salvage damage to
    /// the trailer, the events read kept. Checked once.
    private func checkRecordedEventCount() throws {
        guard countsFromStart, let recorded = recordedEventCount else { return }
        countsFromStart = false
        guard recorded != eventsInChunks, !damage.contains(where: { $0.kind == .skippedChunk || $0.kind == .truncated }) else { return }
        let offset = bytes.count - BinaryLayout.trailerSize + 8
        let message = "the trailer records \(recorded) events, but the chunks hold \(eventsInChunks)"
        guard options.salvage else {
            let error = TraceInputError(file: path, location: .byte(offset), message: message)
            failure = error
            throw error
        }
        damage.append(TraceDamage(kind: .damagedTrailer, offset: offset, bytesLost: 0, message: message + "; the events read are kept"))
    }

    /// Whether an index marker at `offset`, in a file without an intact trailer, ends the body:
    /// the index a writer began (whole or cut short) before it was stopped, which no intact chunk
    /// follows. A marker that intact chunks follow (forged, or damage among the chunks) is read as
    /// a chunk would be, an error or with salvage skipped, so the chunks after it are not dropped
    /// unsaid. The scan stops at the first intact chunk after the marker.
    private func endsBody(indexMarkerAt offset: Int) -> Bool {
        resynchronise(after: offset) == bodyEnd
    }

    @inline(__always)
    private func load<T: FixedWidthInteger>(_: T.Type, _ offset: Int) -> T {
        T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    private func chunkChecksumMatches(_ at: Int, _ length: Int) -> Bool {
        let headerCRC = CRC32C.update(0xFFFF_FFFF, UnsafeRawBufferPointer(rebasing: bytes[at..<at + BinaryLayout.chunkCRCOffset]))
        let payloadAt = at + BinaryLayout.chunkHeaderSize
        let crc = ~CRC32C.update(headerCRC, UnsafeRawBufferPointer(rebasing: bytes[payloadAt..<payloadAt + length]))
        return crc == load(UInt32.self, at + BinaryLayout.chunkCRCOffset)
    }

    /// Records a cut-short file and ends the body.
    private func truncated(_ at: Int, _ why: String) -> ChunkDecoder.Chunk? {
        let lost = bodyEnd - at
        damage.append(TraceDamage(
            kind: .truncated, offset: at, bytesLost: lost,
            message: "\(why): the last \(lost) bytes are incomplete and were not read"))
        position = bodyEnd
        return nil
    }

    /// A bad chunk at `chunk` (the problem itself at `offset`): an error, or with salvage a damage
    /// record and a jump to the next chunk that checks out.
    private func damaged(chunkAt chunk: Int, _ offset: Int, _ message: String) throws {
        guard options.salvage else {
            let error = TraceInputError(file: path, location: .byte(offset), message: message)
            failure = error
            throw error
        }
        let next = resynchronise(after: chunk)
        damage.append(TraceDamage(
            kind: .skippedChunk, offset: offset, bytesLost: next - chunk,
            message: "\(message); skipped \(next - chunk) bytes to the next intact chunk"))
        position = next
    }

    /// Offset of the first intact chunk after `offset`, or the end of the body.
    private func resynchronise(after offset: Int) -> Int {
        var at = offset + 1
        while at + BinaryLayout.chunkHeaderSize <= bodyEnd {
            if bytes[at] == 0x8E, load(UInt32.self, at) == BinaryLayout.chunkSync {
                let length = Int(load(UInt32.self, at + 4))
                if length <= bodyEnd - at - BinaryLayout.chunkHeaderSize, chunkChecksumMatches(at, length) {
                    return at
                }
            }
            at += 1
        }
        return bodyEnd
    }
}
