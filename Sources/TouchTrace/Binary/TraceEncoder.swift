/// Encodes a binary trace into memory: the same bytes `TraceWriter` puts in a file, for tests,
/// benchmarks and converters that do not want a file.
///
/// ```swift
/// var encoder = try TraceEncoder(header: header)
/// for event in events { try encoder.append(event) }
/// let bytes = encoder.finish()
/// ```
public struct TraceEncoder {
    private var assembler: TraceAssembler
    private var bytes: [UInt8] = []
    private var finished = false

    public init(header: TraceHeader, options: TraceWriter.Options = .init()) throws(TraceWriteError) {
        assembler = try TraceAssembler(header: header, options: options, file: "<memory>")
    }

    /// Encodes a whole document with no explicit flushes.
    public static func encode(_ document: TraceDocument, options: TraceWriter.Options = .init()) throws(TraceWriteError) -> [UInt8] {
        var encoder = try TraceEncoder(header: document.header, options: options)
        for event in document.events { try encoder.append(event) }
        return encoder.finish()
    }

    public mutating func append(_ event: TraceEvent) throws(TraceWriteError) {
        precondition(!finished, "TraceEncoder.append after finish()")
        try assembler.append(event, file: "<memory>")
    }

    /// Seals the open chunk, exactly as `TraceWriter.flush()` does.
    public mutating func flush() {
        assembler.seal()
    }

    /// Events appended so far.
    public var eventsWritten: Int { assembler.eventCount }

    /// Seals the last chunk, adds the index and trailer, and returns the whole trace.
    public mutating func finish() -> [UInt8] {
        if !finished {
            var bytes = self.bytes
            // Nothing here can fail: the bytes go to memory and no index entry was taken out.
            do { try assembler.finish { bytes.append(contentsOf: $0) } } catch { preconditionFailure("\(error)") }
            self.bytes = bytes
            finished = true
        }
        return bytes
    }
}
