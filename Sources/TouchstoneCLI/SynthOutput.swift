import ArgumentParser
import Synthesis
import TouchTrace

#if canImport(Glibc)
import Glibc
#endif

/// Where `touchstone synth` writes: picks the trace writer for a path's extension and streams a
/// generator's events straight into it.
enum SynthOutput {
    /// Writes one trace at `path`, letting `generate` append events; returns the file's size in bytes.
    /// Writer failures become one line on standard error and exit status 1.
    @discardableResult
    static func write(
        to path: String, header: TraceHeader, _ generate: (inout WriterSink) throws -> Void
    ) throws -> Int {
        guard path.hasSuffix(".trace") else {
            throw ValidationError("\(path): only .trace output is supported here yet (JSON Lines arrives with `touchstone convert`)")
        }
        do {
            let writer = try TraceWriter(path: path, header: header)
            var sink = WriterSink(writer: writer)
            try generate(&sink)
            try writer.close()
            return writer.bytesWritten
        } catch let error as TraceWriteError {
            throw failure(error.description)
        }
    }

    /// Prints `message` on standard error and exits with status 1.
    static func failure(_ message: String) -> ExitCode {
        var standardError = StandardError()
        print("touchstone: \(message)", to: &standardError)
        return ExitCode.failure
    }

    /// A trace writer seen as the sink generators write into.
    struct WriterSink: TraceEventSink {
        let writer: TraceWriter

        mutating func append(_ event: TraceEvent) throws {
            try writer.append(event)
        }
    }
}

/// Standard error as a `TextOutputStream`, for `print(_:to:)`.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var text = string
        text.withUTF8 { bytes in
            _ = Glibc.write(STDERR_FILENO, bytes.baseAddress, bytes.count)
        }
    }
}
