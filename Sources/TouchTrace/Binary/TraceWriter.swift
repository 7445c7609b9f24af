/// Writes a binary trace to a file as events arrive, so that a recorder killed at any moment
/// leaves a file readable up to its last flushed chunk.
///
/// Bytes go through `OutputFile`, the one way Touchstone writes files: by default (`.kept`, the
/// recorders) to `NAME.partial`, which `close()` finishes with the index and trailer and renames to
/// `NAME`; a writer that fails or is dropped before `close()` leaves `NAME.partial` readable up to
/// its last complete chunk, and none at all if not even the header could be written. With
/// `.hidden` (conversions, generated traces) a failed write leaves nothing behind.
///
/// A chunk is sealed and written as soon as an event arrives `flushInterval` or more after the open
/// chunk's first event, and on `flush()` and `close()`. The same events and the same `flush()`
/// calls always give the same bytes.
///
/// ```swift
/// let writer = try TraceWriter(path: "session.trace", header: header)
/// for event in events { try writer.append(event) }
/// try writer.close()
/// ```
///
/// - Warning: not thread-safe; one writer belongs to one task.
public final class TraceWriter {
    /// How a writer chunks and finishes a trace.
    public struct Options: Sendable, Equatable {
        /// Event time after which the open chunk is sealed and written: the most a killed recorder loses.
        public var flushInterval: Microseconds = 100_000
        /// Whether `close()` writes an index for seeking by time.
        public var writeIndex: Bool = true

        public init(flushInterval: Microseconds = 100_000, writeIndex: Bool = true) {
            self.flushInterval = flushInterval
            self.writeIndex = writeIndex
        }

        /// For a file written in one go from events already recorded (an import of another
        /// tool's recording), which no kill can cut short half-way: the longest flush interval
        /// the format holds (about 71 minutes), so chunks are sealed by size, 64 KiB each, not
        /// every 100 ms. Such chunks hold the same events in about a quarter fewer bytes (a
        /// chunk defines each touch it names once, and a ten-finger session's 100 ms chunk
        /// names ten), and read faster for it (docs/benchmarks.md, "Session 25").
        public static let packed = Options(flushInterval: Microseconds(UInt32.max))
    }

    private let path: String
    /// The name errors give: `NAME.partial` while a kept file is written, else `NAME`.
    private let errorName: String
    private let file: OutputFile
    private var assembler: TraceAssembler
    /// Set once a write failed or the file was closed; later calls throw it.
    private var finalError: TraceWriteError?
    /// Where the index entries go once they would take more than `spillThreshold` bytes of memory.
    private var indexSpill: SpillFile?

    /// Opens the output (refusing one that is also one of `inputs`) and writes the header. A
    /// header that cannot be written leaves no file: the error says so.
    public init(
        path: String, header: TraceHeader, options: Options = .init(), partial: OutputFile.Partial = .kept,
        inputs: [String] = []
    ) throws {
        self.path = path
        assembler = try TraceAssembler(header: header, options: options, file: path)
        do {
            file = try OutputFile(path: path, inputs: inputs, partial: partial)
        } catch {
            throw TraceWriteError(file: error.path, message: "cannot write the file (\(error.reason))")
        }
        errorName = partial == .kept ? file.temporaryPath ?? path : path
        try writeOut()
    }

    /// Writes the trace into `file`, opened by the caller (an output of `StagedOutputs`), and
    /// writes the header; `finish()` ends the trace without making the file final, which the
    /// caller then does (`StagedOutputs.stage(_:)`). A failed write leaves the file unusable.
    public init(file: OutputFile, header: TraceHeader, options: Options = .init()) throws {
        path = file.path
        errorName = file.path
        self.file = file
        assembler = try TraceAssembler(header: header, options: options, file: file.path)
        try writeOut()
    }

    /// Writes the last chunk, the index and the trailer into a file given by `init(file:…)`,
    /// leaving it to the caller to make final: the trace is whole, and `bytesWritten` its size.
    public func finish() throws {
        try checkUsable()
        let spill = indexSpill
        try writing { file in
            try assembler.finish(spilled: spill) { try file.write($0) }
        }
        finalError = TraceWriteError(file: path, message: "the writer is closed")
    }

    /// Bytes handed to the file so far.
    public var bytesWritten: Int { file.bytesWritten }

    /// Events accepted by `append(_:)`, including those still in the open chunk.
    public var eventsWritten: Int { assembler.eventCount }

    /// Adds an event; writes the open chunk first if the event is `flushInterval` past its start.
    public func append(_ event: TraceEvent) throws {
        try checkUsable()
        if try assembler.append(event, file: path) { try writeOut() }
    }

    /// Seals the open chunk, if any, and writes it.
    public func flush() throws {
        try checkUsable()
        assembler.seal()
        try writeOut()
    }

    /// Writes the last chunk, the index and the trailer, then makes the file final under `NAME`.
    public func close() throws {
        try close(beforeCommit: {})
    }

    /// `close()`, running `beforeCommit` when the trace is whole (`bytesWritten` is its size) but
    /// not yet in place: a command's summary line goes there, so that a summary standard output
    /// refuses fails the command with `NAME` left as it was. An error it throws is rethrown as it
    /// is, and the trace is abandoned.
    public func close(beforeCommit: () throws -> Void) throws {
        try checkUsable()
        let spill = indexSpill
        try writing { file in
            try assembler.finish(spilled: spill) { try file.write($0) }
        }
        finalError = TraceWriteError(file: path, message: "the writer is closed")
        try beforeCommit()
        do {
            try file.commit()
        } catch {
            throw TraceWriteError(file: errorName, message: "cannot write the file (\(error.reason))")
        }
    }

    // MARK: - Writing

    private func checkUsable() throws {
        if let finalError { throw finalError }
    }

    /// Writes everything the assembler produced, and moves the index entries to `indexSpill` once
    /// `spillThreshold` bytes of them wait in memory.
    private func writeOut() throws {
        try writing { file in
            try assembler.drainOutput { try file.write($0) }
            if assembler.pendingIndexBytes >= Self.spillThreshold {
                let spill = try indexSpill ?? SpillFile(beside: path, holding: "index")
                indexSpill = spill
                try assembler.takeIndexEntries { try spill.append($0) }
            }
        }
    }

    /// Index entries (24 bytes a chunk) kept in memory before they go to `indexSpill`.
    static let spillThreshold = 64 * 1024

    /// Runs `body`, turning a failure into the writer's final error. A failed write is cut back by
    /// `OutputFile`, so a half-written chunk never follows the good ones.
    private func writing(_ body: (OutputFile) throws -> Void) throws {
        do {
            try body(file)
        } catch {
            let reason = (error as? OutputFileError)?.reason ?? "\(error)"
            let kept = file.bytesWritten
            let message: String
            if errorName == path {
                // Hidden (its temporary file goes when the writer does) or written in place.
                message = "write failed: \(reason)" + (file.temporaryPath == nil ? "" : "; \(path) is left as it was")
            } else if kept == 0 {
                message = "the header could not be written (\(reason)); nothing was recorded, so \(errorName) was removed"
            } else {
                message = "write failed: \(reason); the file keeps its first \(kept) bytes"
            }
            let failure = TraceWriteError(file: errorName, message: message)
            finalError = failure
            throw failure
        }
    }
}
