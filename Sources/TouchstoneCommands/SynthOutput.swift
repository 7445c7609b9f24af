import ArgumentParser
import Synthesis
import TouchTrace

/// Where `touchstone synth` writes: the format follows the path's extension. Binary traces stream
/// straight into `TraceWriter`; JSON Lines, meant for small hand-editable traces, is built in memory
/// and written through its canonical writer.
enum SynthOutput {
    /// Writes one trace at `path`, letting `generate` append events; returns the file's size in bytes.
    /// Writer failures become one line on standard error and exit status 1.
    @discardableResult
    static func write(
        to path: String, header: TraceHeader, allowJSONLines: Bool = true, _ generate: (inout Sink) throws -> Void
    ) throws -> Int {
        do {
            if path.hasSuffix(".trace") {
                // Generated, not recorded: a failed synth leaves nothing behind.
                let writer = try TraceWriter(path: path, header: header, partial: .hidden)
                var sink = Sink(writer: writer)
                try generate(&sink)
                try writer.close()
                return writer.bytesWritten
            }
            if allowJSONLines && path.hasSuffix(".jsonl") {
                var sink = Sink(writer: nil)
                try generate(&sink)
                let document = TraceDocument(header: header, events: sink.events)
                try JSONLines.write(JSONLinesTrace(document: document), to: path)
                return JSONLines.encode(document).count
            }
        } catch let error as TraceWriteError {
            throw fail(error.description)
        } catch let error as OutputFileError {
            throw fail(error.description)
        }
        let formats = allowJSONLines ? ".trace or .jsonl" : ".trace"
        throw ValidationError("\(path): write \(formats)")
    }

    /// What generators write into: the binary trace writer, or memory for JSON Lines.
    struct Sink: TraceEventSink {
        let writer: TraceWriter?
        private(set) var events: [TraceEvent] = []

        init(writer: TraceWriter?) {
            self.writer = writer
        }

        mutating func append(_ event: TraceEvent) throws {
            if let writer {
                try writer.append(event)
            } else {
                events.append(event)
            }
        }
    }
}
