/// A text trace (JSON Lines, evemu, libinput record, getevent, evtest) read as its events are asked
/// for: the header is known once it is opened, the events come in batches, so memory stays bounded
/// whatever the file's length. Each format's reader conforms; `TraceInput` drives them all alike.
protocol TextEventSource: AnyObject {
    var header: TraceHeader { get }
    /// The writer options a JSON Lines header line carries; `.packed` for the other formats,
    /// recordings of other tools, which no Touchstone writer chunked.
    var writerOptions: TraceWriter.Options { get }
    /// Empties `events` and `flushes`, then moves the next events into `events` (at least one
    /// unless the trace is over) and, into `flushes`, the indices in `events` before which a
    /// JSON Lines flush line stands (`events.count` for one after the last). False once the trace
    /// is over and nothing was added.
    func read(into events: inout [TraceEvent], flushes: inout [Int]) throws(TraceInputError) -> Bool
    /// Everything the reader worked around so far; complete once the trace is over.
    var warnings: [FormatWarning] { get }
    /// How many events `read` gathers before it hands them over (`textBatchSize`); a line's or a
    /// frame's events are never split, so a batch may hold more. `TraceInput.location(ofEvent:)`
    /// sets 1, to read a frame at a time.
    var batchLimit: Int { get set }
    /// The number of the last line `read` consumed: where the events it handed over last end.
    var lineConsumed: Int { get }
}

extension TextEventSource {
    var writerOptions: TraceWriter.Options { .packed }

    /// Reads every remaining event into one trace in memory (the document APIs and small files).
    func readAll() throws(TraceInputError) -> JSONLinesTrace {
        var all: [TraceEvent] = []
        var allFlushes: [Int] = []
        var events: [TraceEvent] = []
        var flushes: [Int] = []
        while try read(into: &events, flushes: &flushes) {
            for flush in flushes where allFlushes.last != all.count + flush { allFlushes.append(all.count + flush) }
            all.append(contentsOf: events)
        }
        return JSONLinesTrace(document: TraceDocument(header: header, events: all), writerOptions: writerOptions, flushes: allFlushes)
    }

    /// `readAll()` as a document and its warnings: the shape of the import formats' `read` calls.
    func document() throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        let trace = try readAll()
        return (trace.document, warnings)
    }
}

/// How many events a streaming text reader gathers before handing them over.
let textBatchSize = 4096
