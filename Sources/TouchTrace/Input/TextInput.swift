#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text to read line by line with `TextLineCursor`: a file, read a buffer at a time, or bytes
/// already in memory.
///
/// A file is read with `pread` into each cursor's own buffer, never mapped: what a text read keeps
/// resident is that buffer (`bufferSize`, more only for a longer line), not the file's pages, and
/// a file that shrinks while it is read is an error at the line being read, never a trap.
final class TextInput {
    let path: String
    /// The text's length; for a file, its length when it was opened. Cursors read this much and no
    /// more, so the passes a reader makes over a file that grows meanwhile read the same text.
    let count: Int
    /// How much a cursor over this text reads at a time.
    let bufferSize: Int
    /// The open file; -1 for text in memory.
    private let descriptor: Int32
    /// The text in memory (a copy this input owns); nil for a file.
    let memory: UnsafeBufferPointer<UInt8>?

    /// A megabyte: a refill per few thousand lines, and the most a text read holds (but for a
    /// single longer line).
    static let defaultBufferSize = 1 << 20

    /// Bytes already in memory, copied once; `name` appears in errors.
    init(copying source: [UInt8], name: String) {
        path = name
        count = source.count
        bufferSize = Self.defaultBufferSize
        descriptor = -1
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(source.count, 1))
        _ = copy.initialize(from: source)
        memory = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(copy)[0..<source.count])
    }

    /// Opens `path` (a regular file only); `bufferSize` is for tests that cross buffer refills
    /// with short texts.
    init(path: String, bufferSize: Int = defaultBufferSize) throws(TraceInputError) {
        precondition(bufferSize > 0, "a text buffer holds at least a byte")
        self.path = path
        self.bufferSize = bufferSize
        memory = nil
        let (fd, size) = try RegularFile.open(path)
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
        descriptor = fd
        count = size
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if let memory { UnsafeMutableBufferPointer(mutating: memory).deallocate() }
    }

    /// Fills `buffer` with the file's bytes from `offset` (within `count`); `line` is the line
    /// being read, named by the error when the file ended early (it shrank) or could not be read.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int, line: Int) throws(TraceInputError) {
        precondition(descriptor >= 0 && offset + buffer.count <= count, "text in memory is never read again")
        let (filled, failure) = InputFile.fill(descriptor, buffer, at: offset)
        guard failure == 0 else {
            throw TraceInputError(file: path, location: .line(line), message: "cannot read: \(String(cString: strerror(failure)))")
        }
        guard filled == buffer.count else {
            throw TraceInputError(
                file: path, location: .line(line),
                message: "the file ends at byte \(offset + filled) but held \(count) when opened: it shrank while it was read")
        }
    }
}
