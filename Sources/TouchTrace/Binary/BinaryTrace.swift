/// One-call helpers for the binary trace format: detection, whole-file reading and writing.
public enum BinaryTrace {
    /// True when `prefix` (the first bytes of a file; 8 are enough) is a binary trace.
    public static func looksLike(_ prefix: [UInt8]) -> Bool {
        prefix.withUnsafeBytes { HeaderCodec.hasMagic($0) }
    }

    /// Reads a whole trace into memory with the damage found on the way. Throws on a damaged
    /// chunk unless `options.salvage` is set; a truncated file is damage, not an error.
    public static func readDocument(path: String, options: TraceReader.Options = .init()) throws
        -> (TraceDocument, [TraceDamage])
    {
        try read(TraceReader(path: path, options: options))
    }

    /// `readDocument(path:options:)` for bytes in memory.
    public static func readDocument(bytes: [UInt8], name: String = "<memory>", options: TraceReader.Options = .init())
        throws -> (TraceDocument, [TraceDamage])
    {
        try read(TraceReader(bytes: bytes, name: name, options: options))
    }

    private static func read(_ reader: TraceReader) throws -> (TraceDocument, [TraceDamage]) {
        let events = try reader.readAll()
        return (TraceDocument(header: reader.header, events: events), reader.damage)
    }

    /// Writes a whole document to `path`, whole or not at all (through a hidden temporary file).
    public static func write(_ document: TraceDocument, to path: String, options: TraceWriter.Options = .init()) throws {
        let writer = try TraceWriter(path: path, header: document.header, options: options, partial: .hidden)
        for event in document.events { try writer.append(event) }
        try writer.close()
    }
}
