import TouchTrace

/// Where a replay's canonical log goes as it is produced: a file, standard output, a buffer in
/// memory, a comparison with a golden log.
///
/// A replay hands the log over in order, in pieces of 1 MiB, so its memory does not
/// grow with the trace. The bytes are valid only during the call.
///
/// ```swift
/// var output = OutputFile.standardOutput()        // or OutputFile(path: "run.log", inputs: [trace])
/// try TraceReplay.replay(tracePath: "session.evemu", scene: scene, into: &output)
///
/// var log: [UInt8] = []                           // the whole log in memory
/// try TraceReplay.replay(tracePath: "session.trace", scene: scene, into: &log)
/// ```
public protocol LogSink {
    /// Receives the next piece of the log. A thrown error ends the replay and reaches its caller.
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// A file or standard output, written as `OutputFile` writes everything: to a temporary name that
/// the caller's `commit()` renames onto the file.
extension OutputFile: LogSink {}

/// The log gathered in memory.
extension Array: LogSink where Element == UInt8 {
    public mutating func write(_ bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes)
    }
}
