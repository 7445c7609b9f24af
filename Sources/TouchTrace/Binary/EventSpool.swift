/// A trace's events kept on disk to be read again, as a binary trace (the format's own encoding,
/// decoded at over 100 M samples a second) in an unlinked temporary file beside an output
/// (`SpillFile`): nothing is left behind whatever ends the process. Memory stays flat: the events
/// go to the file as their chunks are sealed, and each read maps it and streams through it.
///
/// `convert` to libinput record writes each device's events in a block of its own, so it reads
/// the events once per device: the first pass reads the input and spools them, the others read
/// the spool, where each once parsed the input again (a getevent log of 256 devices was parsed 256
/// times).
///
/// Beside each chunk it keeps which devices' events the chunk may hold and whether it holds a
/// note (`ChunkContents`, in a second spill file, so memory stays flat whatever the length), so
/// that a device's pass skips, undecoded, the chunks that hold nothing its writer takes.
final class EventSpool {
    private let file: SpillFile
    /// A `ChunkContents` for each chunk sealed, in order.
    private let contents: SpillFile
    /// What the open chunk holds so far.
    private var open = ChunkContents()
    /// The output the spool serves, for errors.
    private let path: String
    private var assembler: TraceAssembler
    private var finished = false

    /// Creates the spool in the folder of `path` (the output being written).
    init(beside path: String) throws {
        self.path = path
        file = try SpillFile(beside: path, holding: "events")
        contents = try SpillFile(beside: path, holding: "chunk contents")
        // Chunks sealed by size, not time: the events are read back whole, never sought.
        assembler = try TraceAssembler(
            header: TraceHeader(recorder: RecorderInfo(name: "touchstone", version: ""), devices: []),
            options: .init(flushInterval: Microseconds(UInt32.max), writeIndex: false), file: path)
        try drain()
    }

    /// Adds an event; writes the chunks it sealed. Throws what the binary format cannot hold (a
    /// device added whose description passes its limit) and a write that fails.
    func append(_ event: TraceEvent) throws {
        // A chunk is sealed before the event that does not fit it.
        if try assembler.append(event, file: path) {
            try closeChunk()
            try drain()
        }
        open.add(event)
    }

    /// Writes the last chunk and the trailer: the spool can be read.
    func finish() throws {
        let file = self.file
        try assembler.finish { try file.append($0) }
        if !open.isEmpty { try closeChunk() }
        finished = true
    }

    /// Hands every event spooled to `body`, in order (after `finish()`); may be called again.
    func forEachEvent(_ body: (TraceEvent) throws -> Void) throws {
        try forEachEvent(skipping: { _ in false }, skipped: { _ in }, body)
    }

    /// `forEachEvent(_:)`, but a
    /// chunk for whose contents `skips` is true is passed over undecoded, its events counted
    /// to `skipped` instead.
    func forEachEvent(
        skipping skips: (ChunkContents) -> Bool, skipped: (Int) -> Void, _ body: (TraceEvent) throws -> Void
    ) throws {
        precondition(finished, "EventSpool.forEachEvent before finish()")
        let name = "\(path) (its temporary copy of the events)"
        let reader = try TraceReader(descriptor: file.descriptor, size: file.size, name: name)
        let map = try MemoryMappedFile(descriptor: contents.descriptor, size: contents.size, name: name)
        let count = contents.size / ChunkContents.size
        var released = 0
        try reader.forEachEvent(skippingChunks: { chunk, events in
            // A chunk without contents (none should be) is read.
            guard chunk < count else { return false }
            let at = chunk * ChunkContents.size
            if at - released >= 1 << 20 {
                // What stays resident stays bounded, as the reader's own pages do.
                map.release(from: released, upTo: at)
                released = at
            }
            guard skips(ChunkContents(map.bytes, at: at)) else { return false }
            skipped(events)
            return true
        }, body)
    }

    private func closeChunk() throws {
        try open.write(to: contents)
        open = ChunkContents()
    }

    private func drain() throws {
        let file = self.file
        try assembler.drainOutput { try file.append($0) }
    }
}

/// What a chunk of an `EventSpool` may hold: the devices whose touches, frames and gestures it
/// holds (by their index modulo 256: a set that may say yes for a device it does not hold, never
/// no for one it does), and whether it holds a note.
struct ChunkContents {
    private var devices: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private(set) var holdsNotes = false
    private(set) var isEmpty = true

    /// The bytes one takes in the spill file: the four words, then the note flag as a fifth.
    static let size = 40

    init() {}

    init(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        func word(_ index: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + index * 8, as: UInt64.self)) }
        devices = (word(0), word(1), word(2), word(3))
        holdsNotes = word(4) != 0
        isEmpty = false
    }

    mutating func add(_ event: TraceEvent) {
        isEmpty = false
        switch event {
        case .touch(let sample): addDevice(sample.device)
        case .frame(let mark): addDevice(mark.device)
        case .gesture(let sample): addDevice(sample.device)
        case .annotation: holdsNotes = true
        // A device added again is refused by its writer if described otherwise (`ignores`).
        case .device(.added(_, let added)): addDevice(added.index)
        case .device(.removed): break
        }
    }

    /// Whether the chunk may hold a touch, frame or gesture of `device`, or its addition.
    func mayHold(_ device: DeviceIndex) -> Bool {
        let bit = UInt64(1) << UInt64(device & 63)
        switch (device >> 6) & 3 {
        case 0: return devices.0 & bit != 0
        case 1: return devices.1 & bit != 0
        case 2: return devices.2 & bit != 0
        default: return devices.3 & bit != 0
        }
    }

    private mutating func addDevice(_ device: DeviceIndex) {
        let bit = UInt64(1) << UInt64(device & 63)
        switch (device >> 6) & 3 {
        case 0: devices.0 |= bit
        case 1: devices.1 |= bit
        case 2: devices.2 |= bit
        default: devices.3 |= bit
        }
    }

    func write(to file: SpillFile) throws {
        let words = [devices.0, devices.1, devices.2, devices.3, holdsNotes ? 1 : 0].map(\.littleEndian)
        try words.withUnsafeBytes { try file.append($0) }
    }
}
