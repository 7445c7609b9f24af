import ArgumentParser
import Synthesis
import TouchTrace

/// Where `touchstone synth` writes: the format follows the path's extension. Binary traces stream
/// straight into `TraceWriter`; JSON Lines, meant for small hand-editable traces, is built in memory
/// and written through its canonical writer.
enum SynthOutput {
    /// Writes one trace at `path`, letting `generate` append events, and prints the line `summary`
    /// makes of the file's size in bytes on standard output before the trace takes `path`'s place:
    /// a summary that cannot be printed (standard output closed or full) fails the command with
    /// `path` as it was. Writer failures become one line on standard error and exit status 1.
    static func write(
        to path: String, header: TraceHeader, allowJSONLines: Bool = true,
        summary: (_ bytes: Int) -> String, _ generate: (inout Sink) throws -> Void
    ) throws {
        func printSummary(_ bytes: Int) throws(OutputFileError) {
            try OutputFile.standardOutput().write(summary(bytes) + "\n")
        }
        do {
            if path.hasSuffix(".trace") {
                // Generated, not recorded: a failed synth leaves nothing behind.
                let writer = try TraceWriter(path: path, header: header, partial: .hidden)
                var sink = Sink(writer: writer)
                try generate(&sink)
                try writer.close { try printSummary(writer.bytesWritten) }
                return
            }
            if allowJSONLines && path.hasSuffix(".jsonl") {
                var sink = Sink(writer: nil)
                try generate(&sink)
                let bytes = JSONLines.encode(TraceDocument(header: header, events: sink.events))
                try OutputFile.write(bytes, to: path) { () throws(OutputFileError) in try printSummary(bytes.count) }
                return
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
