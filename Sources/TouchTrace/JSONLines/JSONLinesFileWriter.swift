/// Writes a JSON Lines trace to a file as events arrive, as `TraceWriter` writes a binary one:
/// the canonical text (`JSONLines.encode` gives the same bytes for the same events and flushes)
/// goes to the file `TextOutput.drainThreshold` bytes at a time, so memory stays flat whatever the
/// trace's length. The one streaming JSON Lines writer, shared by `TraceFile.convert` and
/// `touchstone synth`.
///
/// The file is an `OutputFile`: whole or not at all. An event the JSON Lines reader would refuse
/// (a note longer than 1 MiB, a line longer than its limit) is refused before it is written.
///
/// ```swift
/// let writer = try JSONLinesFileWriter(path: "tap.jsonl", header: header)
/// for event in events { try writer.append(event) }
/// try writer.close()
/// ```
///
/// - Warning: not thread-safe; one writer belongs to one task.
public final class JSONLinesFileWriter {
    private let file: OutputFile
    private var text = JSONLinesWriter()

    /// Opens `path` (refusing one that is also one of `inputs`) and writes the header line.
    public convenience init(
        path: String, header: TraceHeader, options: TraceWriter.Options = .init(), inputs: [String] = []
    ) throws {
        try self.init(file: OutputFile(path: path, inputs: inputs), header: header, options: options)
    }

    /// Writes the trace into `file`, opened by the caller, starting with the header line.
    public init(file: OutputFile, header: TraceHeader, options: TraceWriter.Options = .init()) throws {
        self.file = file
        try JSONLinesWriter.checkWritable(header, file: file.path)
        text.header(header, options: options)
        try checkLine(text.output.count)
    }

    /// Bytes of the trace so far, written or waiting to be.
    public var bytesWritten: Int { file.bytesWritten + text.output.count }

    /// Adds an event's line.
    public func append(_ event: TraceEvent) throws {
        try text.checkWritable(event, file: file.path)
        let before = text.output.count
        text.event(event)
        try checkLine(text.output.count - before)
        if text.output.count >= TextOutput.drainThreshold { try text.drain(to: file) }
    }

    /// Adds a `{"flush":true}` line: the binary twin seals a chunk here.
    public func flush() throws {
        text.flush()
    }

    /// Writes what is left, leaving the file open for the caller to make final.
    public func finish() throws {
        try text.drain(to: file)
    }

    /// Writes what is left and makes the file final, running `beforeCommit` when the trace is
    /// whole (`bytesWritten` is its size) but not yet in place: a command's summary line goes
    /// there, so that a summary standard output refuses leaves the old file as it was.
    public func close(beforeCommit: () throws -> Void = {}) throws {
        try finish()
        try beforeCommit()
        try file.commit()
    }

    private func checkLine(_ length: Int) throws(TraceWriteError) {
        guard length > TextLineCursor.maximumJSONLinesLineLength else { return }
        throw TraceWriteError(file: file.path, message: "a line of \(length) bytes; a JSON Lines trace holds lines of at most \(TextLineCursor.maximumJSONLinesLineLength) bytes")
    }
}
