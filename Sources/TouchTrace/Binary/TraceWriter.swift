#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a binary trace to a file as events arrive, so that a recorder killed at any moment
/// leaves a file readable up to its last flushed chunk.
///
/// Bytes go to `NAME.partial`; `close()` adds the index and trailer and renames it to `NAME`.
/// A chunk is sealed and written with write(2) as soon as an event arrives `flushInterval` or more
/// after the open chunk's first event, and on `flush()` and `close()`. The same events and the same
/// `flush()` calls always give the same bytes.
///
/// ```swift
/// let writer = try TraceWriter(path: "session.trace", header: header)
/// for event in events { try writer.append(event) }
/// try writer.close()
/// ```
///
/// - Warning: not thread-safe; one writer belongs to one task.
public final class TraceWriter {
    /// How a writer chunks and finishes a trace.
    public struct Options: Sendable, Equatable {
        /// Event time after which the open chunk is sealed and written: the most a killed recorder loses.
        public var flushInterval: Microseconds = 100_000
        /// Whether `close()` writes an index for seeking by time.
        public var writeIndex: Bool = true

        public init(flushInterval: Microseconds = 100_000, writeIndex: Bool = true) {
            self.flushInterval = flushInterval
            self.writeIndex = writeIndex
        }
    }

    private let path: String
    private let partialPath: String
    private var fd: Int32
    private var assembler: TraceAssembler
    /// Set once a write failed or the file was closed; later calls throw it.
    private var finalError: TraceWriteError?
    private var durableSize = 0

    /// Creates (or replaces) `path + ".partial"` and writes the header to it.
    public init(path: String, header: TraceHeader, options: Options = .init()) throws {
        self.path = path
        partialPath = path + ".partial"
        try OutputTarget.check(path)
        assembler = try TraceAssembler(header: header, options: options, file: path)
        fd = open(partialPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw TraceWriteError(file: partialPath, message: "cannot create: \(String(cString: strerror(errno)))")
        }
        do {
            try writeOut()
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    deinit {
        // Not closed: leave NAME.partial as a killed recorder would, readable up to its last chunk.
        if fd >= 0 { Glibc.close(fd) }
    }

    /// Bytes handed to the file so far.
    public var bytesWritten: Int { durableSize }

    /// Events accepted by `append(_:)`, including those still in the open chunk.
    public var eventsWritten: Int { assembler.eventCount }

    /// Adds an event; writes the open chunk first if the event is `flushInterval` past its start.
    public func append(_ event: TraceEvent) throws {
        try checkUsable()
        if try assembler.append(event, file: path) { try writeOut() }
    }

    /// Seals the open chunk, if any, and writes it to `NAME.partial`.
    public func flush() throws {
        try checkUsable()
        assembler.seal()
        try writeOut()
    }

    /// Writes the last chunk, the index and the trailer, then renames `NAME.partial` to `NAME`.
    public func close() throws {
        try checkUsable()
        assembler.finish()
        try writeOut()
        guard fsync(fd) == 0 else { throw fail("cannot sync: \(String(cString: strerror(errno)))") }
        Glibc.close(fd)
        fd = -1
        finalError = TraceWriteError(file: path, message: "the writer is closed")
        guard rename(partialPath, path) == 0 else {
            throw TraceWriteError(
                file: path, message: "cannot rename \(partialPath): \(String(cString: strerror(errno)))")
        }
    }

    // MARK: - Writing

    private func checkUsable() throws {
        if let finalError { throw finalError }
    }

    /// Writes everything the assembler produced. On failure, cuts the file back to the last
    /// complete write so that a half-written chunk does not follow the good ones.
    private func writeOut() throws {
        let fd = self.fd
        var failure: Int32 = 0
        assembler.drainOutput { bytes in
            var rest = bytes
            while !rest.isEmpty {
                let written = write(fd, rest.baseAddress, rest.count)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
        }
        guard failure == 0 else {
            _ = ftruncate(fd, off_t(durableSize))
            throw fail("write failed: \(String(cString: strerror(failure))); the file keeps its first \(durableSize) bytes")
        }
        durableSize = assembler.producedCount
    }

    private func fail(_ message: String) -> TraceWriteError {
        let error = TraceWriteError(file: partialPath, message: message)
        finalError = error
        return error
    }
}
