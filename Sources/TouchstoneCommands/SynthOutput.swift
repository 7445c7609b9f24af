import ArgumentParser
import Synthesis
import TouchTrace

/// Where `touchstone synth` writes: the format follows the path's extension. Either format streams
/// into its file as the events are generated (`TraceWriter` for a binary trace,
/// `JSONLinesFileWriter`, which `convert` writes through too, for JSON Lines), so memory stays
/// flat whatever the session's length.
enum SynthOutput {
    /// Writes one trace at `path`, letting `generate` append events, and prints the line `summary`
    /// makes of the file's size in bytes on standard output before the trace takes `path`'s place:
    /// a summary that cannot be printed (standard output closed or full) fails the command with
    /// `path` as it was. With `staging`, the trace is staged there instead of taking its place, for
    /// the caller to commit with the others, and the summary is returned unprinted: the caller
    /// prints it once every trace is staged, so no line announces a file a later failure discards.
    /// Writer failures, with `failureNote` after them, become one line on standard error and exit
    /// status 1.
    @discardableResult
    static func write(
        to path: String, header: TraceHeader, allowJSONLines: Bool = true, staging: StagedOutputs? = nil, failureNote: String = "",
        summary: (_ bytes: Int) -> String, _ generate: (inout Sink) throws -> Void
    ) throws -> String {
        try refuseUnknownExtension(path, allowJSONLines: allowJSONLines)
        let binary = path.hasSuffix(".trace")
        do {
            // The summary goes to standard output: a trace that is standard output's file would
            // replace it.
            try OutputFile.refuseStandardOutput(path, carrying: "synth's summary line")
            // Generated, not recorded: a failed synth leaves nothing behind.
            let file = try staging?.open(path) ?? OutputFile(path: path)
            var sink = binary
                ? Sink.binary(try TraceWriter(file: file, header: header))
                : Sink.jsonLines(try JSONLinesFileWriter(file: file, header: header))
            try generate(&sink)
            try sink.finish()
            let line = summary(file.bytesWritten)
            if let staging {
                try staging.stage(file)
            } else {
                try OutputFile.standardOutput().write(line + "\n")
                try file.commit()
            }
            return line
        } catch let error as TraceWriteError {
            throw fail(error.description + failureNote)
        } catch let error as OutputFileError {
            throw fail(error.description + failureNote)
        }
    }

    /// Refuses a path whose extension names no format synth writes: `.trace`, and `.jsonl` where
    /// `allowJSONLines`.
    static func refuseUnknownExtension(_ path: String, allowJSONLines: Bool = true) throws(ValidationError) {
        guard !path.hasSuffix(".trace"), !(allowJSONLines && path.hasSuffix(".jsonl")) else { return }
        throw ValidationError("\(path): write \(allowJSONLines ? ".trace or .jsonl" : ".trace")")
    }

    /// What generators write into: the binary trace writer or the JSON Lines one, each streaming.
    enum Sink: TraceEventSink {
        case binary(TraceWriter)
        case jsonLines(JSONLinesFileWriter)

        mutating func append(_ event: TraceEvent) throws {
            switch self {
            case .binary(let writer): try writer.append(event)
            case .jsonLines(let writer): try writer.append(event)
            }
        }

        /// Ends the trace, leaving its file to be made final.
        func finish() throws {
            switch self {
            case .binary(let writer): try writer.finish()
            case .jsonLines(let writer): try writer.finish()
            }
        }
    }
}
