/// A trace's events kept on disk to be read again, as a binary trace (the format's own encoding,
/// decoded at over 100 M samples a second) in an unlinked temporary file beside an output
/// (`SpillFile`): nothing is left behind whatever ends the process. Memory stays flat: the events
/// go to the file as their chunks are sealed, and each read maps it and streams through it.
///
/// `convert` to libinput record writes each device's events in a block of its own, so it reads
/// the events once per device: the first pass reads the input and spools them, the others read
/// the spool, where each once parsed the input again (a getevent log of 256 devices was parsed 256
/// times).
final class EventSpool {
    private let file: SpillFile
    /// The output the spool serves, for errors.
    private let path: String
    private var assembler: TraceAssembler
    private var finished = false

    /// Creates the spool in the folder of `path` (the output being written).
    init(beside path: String) throws {
        self.path = path
        file = try SpillFile(beside: path, holding: "events")
        // Chunks sealed by size, not time: the events are read back whole, never sought.
        assembler = try TraceAssembler(
            header: TraceHeader(recorder: RecorderInfo(name: "touchstone", version: ""), devices: []),
            options: .init(flushInterval: Microseconds(UInt32.max), writeIndex: false), file: path)
        try drain()
    }

    /// Adds an event; writes the chunks it sealed. Throws what the binary format cannot hold (a
    /// device added whose description passes its limit) and a write that fails.
    func append(_ event: TraceEvent) throws {
        if try assembler.append(event, file: path) { try drain() }
    }

    /// Writes the last chunk and the trailer: the spool can be read.
    func finish() throws {
        let file = self.file
        try assembler.finish { try file.append($0) }
        finished = true
    }

    /// Hands every event spooled to `body`, in order (after `finish()`); may be called again.
    func forEachEvent(_ body: (TraceEvent) throws -> Void) throws {
        precondition(finished, "EventSpool.forEachEvent before finish()")
        let reader = try TraceReader(descriptor: file.descriptor, size: file.size, name: "\(path) (its temporary copy of the events)")
        try reader.forEachEvent(body)
    }

    private func drain() throws {
        let file = self.file
        try assembler.drainOutput { try file.append($0) }
    }
}
