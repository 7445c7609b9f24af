/// A trace opened for reading, whatever its format: the one road in for every command that reads
/// a trace (`info`, `convert`, `replay`, `verify`, `template`, `render`).
///
/// Every format streams: a binary trace through `TraceReader`, the text formats line by line
/// through their readers, so memory stays bounded however long the file is. The caller sees the
/// header, the events in order, and afterwards what the reader had to say: damage it worked around
/// and import warnings, both meant for standard error. A new format plugs in at `TraceFile.open`.
///
/// ```swift
/// let input = try TraceFile.open(path: "session.evemu")
/// try input.forEachEvent { event in … }
/// input.notices.forEach { print($0) }
/// ```
///
/// - Warning: not thread-safe; one input belongs to one task, and its events are read once.
public final class TraceInput {
    /// Where the events come from.
    public enum Events {
        /// A binary trace, decoded as it is read (its fast path: `TraceReader.forEachEvent`).
        case streamed(TraceReader)
        /// A text format, read line by line as `forEachEvent` asks for events.
        case text
    }

    public let path: String
    public let format: TraceFormat
    public let header: TraceHeader
    public let events: Events
    /// The options of the binary writer the trace came from (or a JSON Lines header line names),
    /// for converting it to an identical copy; defaults for the other formats.
    public let writerOptions: TraceWriter.Options
    private let source: (any TextEventSource)?

    init(path: String, format: TraceFormat, reader: TraceReader) {
        self.path = path
        self.format = format
        header = reader.header
        writerOptions = reader.writerOptions
        events = .streamed(reader)
        source = nil
    }

    init(path: String, format: TraceFormat, source: any TextEventSource) {
        self.path = path
        self.format = format
        header = source.header
        writerOptions = source.writerOptions
        events = .text
        self.source = source
    }

    /// Damage a binary reader worked around so far (truncation, skipped chunks, a broken index);
    /// complete once every event was read.
    public var damage: [TraceDamage] {
        if case .streamed(let reader) = events { return reader.damage }
        return []
    }

    /// Oddities a text importer worked around so far (slots out of range, time going backwards);
    /// complete once every event was read.
    public var warnings: [FormatWarning] { source?.warnings ?? [] }

    /// Every damage and warning as one line naming the file, for standard error.
    public var notices: [String] {
        damage.map { "warning: \(path): \($0.description)" } + warnings.map(\.description)
    }

    /// Hands every remaining event to `body`, in order.
    public func forEachEvent(_ body: (TraceEvent) throws -> Void) throws {
        switch events {
        case .streamed(let reader): try reader.forEachEvent(body)
        case .text: try forEachEvent(flush: {}, body)
        }
    }

    /// Hands every remaining event to `body`, in order, and calls `flush` where the trace had a
    /// chunk boundary its writer's sealing rule does not explain (an explicit `flush()` of a binary
    /// writer, a `{"flush":true}` line): what a converter needs to write the same bytes again.
    public func forEachEvent(flush: () throws -> Void, _ body: (TraceEvent) throws -> Void) throws {
        var eventsSoFar = 0
        var lastFlush = -1
        switch events {
        case .streamed(let reader):
            // The writer's sealing rule is deterministic: replaying it tells which chunk boundaries
            // it explains; any other was an explicit flush.
            var rule = ChunkEncoder()
            var scratch: [UInt8] = []
            var chunk = reader.chunksStarted
            while let event = try reader.next() {
                let sealedByRule = rule.mustSeal(before: event, flushInterval: writerOptions.flushInterval)
                if reader.chunksStarted != chunk {
                    chunk = reader.chunksStarted
                    if eventsSoFar > 0 && !sealedByRule { try flush() }
                    rule.seal(into: &scratch)
                } else if sealedByRule {
                    // The file was not chunked by this rule (another writer); keep following the rule.
                    rule.seal(into: &scratch)
                }
                scratch.removeAll(keepingCapacity: true)
                rule.append(event)
                try body(event)
                eventsSoFar += 1
            }
        case .text:
            guard let source else { return }
            var batch: [TraceEvent] = []
            var flushes: [Int] = []
            batch.reserveCapacity(textBatchSize)
            while try source.read(into: &batch, flushes: &flushes) {
                var nextFlush = flushes.startIndex
                for (index, event) in batch.enumerated() {
                    while nextFlush < flushes.endIndex && flushes[nextFlush] == index {
                        if lastFlush != eventsSoFar { try flush() }
                        lastFlush = eventsSoFar
                        nextFlush += 1
                    }
                    try body(event)
                    eventsSoFar += 1
                }
                if nextFlush < flushes.endIndex, lastFlush != eventsSoFar {
                    try flush()
                    lastFlush = eventsSoFar
                }
            }
        }
    }

    /// Where the event at `index` (counting from 0, in the order `forEachEvent` hands them out) is
    /// in the file, for an error about it found after it was read (a replay's): in a binary trace
    /// the offset of the chunk that holds it, in a text one the line that ends its frame. Reads
    /// the file again from the start, a frame at a time: for an error message, never on a normal
    /// path. `.wholeFile` when the file no longer reads as it did.
    public func location(ofEvent index: Int) -> TraceInputError.Location {
        var salvage = false
        if case .streamed(let reader) = events { salvage = reader.salvages }
        guard index >= 0, let again = try? TraceFile.open(path: path, salvage: salvage) else { return .wholeFile }
        var seen = 0
        switch again.events {
        case .streamed(let reader):
            while (try? reader.next()) != nil {
                if seen == index { return .byte(reader.chunkInProgress) }
                seen += 1
            }
        case .text:
            guard let source = again.source else { return .wholeFile }
            source.batchLimit = 1
            var batch: [TraceEvent] = []
            var flushes: [Int] = []
            while (try? source.read(into: &batch, flushes: &flushes)) == true {
                seen += batch.count
                if seen > index { return .line(source.lineConsumed) }
            }
        }
        return .wholeFile
    }

    /// Every remaining event in memory, with the flush points (`load`, and small files).
    func readAll() throws -> JSONLinesTrace {
        var events: [TraceEvent] = []
        var flushes: [Int] = []
        try forEachEvent(flush: { flushes.append(events.count) }) { events.append($0) }
        return JSONLinesTrace(document: TraceDocument(header: header, events: events), writerOptions: writerOptions, flushes: flushes)
    }
}
