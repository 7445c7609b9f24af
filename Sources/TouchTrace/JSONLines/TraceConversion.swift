/// Converts between the binary format and JSON Lines so that binary → JSON Lines → binary gives
/// back the same bytes for every file a `TraceWriter` produced.
///
/// Chunk boundaries are the only thing the events themselves do not determine. The writer's
/// sealing rule (flush interval, chunk size, touch table) is deterministic, so the converter
/// replays it: a boundary the rule explains needs nothing, any other was an explicit `flush()` and
/// becomes a `{"flush":true}` line. The flush interval and index choice travel in the header line.
public enum TraceConversion {
    /// Reads every event of `reader` (from where it stands) into a JSON Lines trace.
    public static func jsonLines(from reader: TraceReader) throws -> JSONLinesTrace {
        try TraceInput(path: reader.path, format: .binary, reader: reader).readAll()
    }

    /// `jsonLines(from:)` for binary bytes in memory.
    public static func jsonLines(fromBinary bytes: [UInt8], name: String = "<memory>") throws -> JSONLinesTrace {
        try jsonLines(from: TraceReader(bytes: bytes, name: name))
    }

    /// Encodes a JSON Lines trace as binary, honouring its writer options and flush lines.
    public static func binary(from trace: JSONLinesTrace) throws -> [UInt8] {
        var encoder = try TraceEncoder(header: trace.document.header, options: trace.writerOptions)
        try feed(trace) { try encoder.append($0) } flush: { encoder.flush() }
        return encoder.finish()
    }

    /// Writes a JSON Lines trace as a binary file through `TraceWriter`.
    public static func writeBinary(_ trace: JSONLinesTrace, to path: String) throws {
        let writer = try TraceWriter(path: path, header: trace.document.header, options: trace.writerOptions, partial: .hidden)
        try feed(trace) { try writer.append($0) } flush: { try writer.flush() }
        try writer.close()
    }

    private static func feed(
        _ trace: JSONLinesTrace, append: (TraceEvent) throws -> Void, flush: () throws -> Void
    ) throws {
        var flushes = trace.flushes[...]
        for (i, event) in trace.document.events.enumerated() {
            while flushes.first == i {
                try flush()
                flushes = flushes.dropFirst()
            }
            try append(event)
        }
    }
}
