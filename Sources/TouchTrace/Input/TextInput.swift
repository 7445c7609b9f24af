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
///
/// A UTF-8 byte-order mark is skipped (`start`), and a UTF-16 text (told by its mark) is
/// transcoded to UTF-8 in memory when it is opened (`TextEncoding`), up to `maximumUTF16Size`.
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
    /// Where the text's first line begins: past a UTF-8 byte-order mark, else 0.
    let start: Int

    /// A megabyte: a refill per few thousand lines, and the most a text read holds (but for a
    /// single longer line).
    static let defaultBufferSize = 1 << 20

    /// The largest UTF-16 file read: it is transcoded whole into memory, which a text of this
    /// size (a long `getevent` session saved by PowerShell) still fits in comfortably.
    static let maximumUTF16Size = 256 << 20

    /// Bytes already in memory, copied once (as UTF-8, when they are UTF-16); `name` appears in errors.
    init(copying source: [UInt8], name: String) {
        path = name
        bufferSize = Self.defaultBufferSize
        descriptor = -1
        let text: [UInt8]
        switch TextEncoding.of(source) {
        case .utf8(let skipped):
            text = source
            start = skipped
        case .utf16:
            text = TextEncoding.utf8Text(source)
            start = 0
        }
        count = text.count
        memory = Self.copy(text)
    }

    /// Opens `path` (a regular file only); `bufferSize` is for tests that cross buffer refills
    /// with short texts.
    init(path: String, bufferSize: Int = defaultBufferSize) throws(TraceInputError) {
        precondition(bufferSize > 0, "a text buffer holds at least a byte")
        self.path = path
        self.bufferSize = bufferSize
        let (fd, size) = try RegularFile.open(path)
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
        var mark = [UInt8](repeating: 0, count: min(size, 3))
        let (filled, failure) = mark.withUnsafeMutableBytes { InputFile.fill(fd, $0, at: 0) }
        guard failure == 0 else {
            close(fd)
            throw TraceInputError(file: path, location: .wholeFile, message: "cannot read: \(String(cString: strerror(failure)))")
        }
        switch TextEncoding.of(mark.prefix(filled)) {
        case .utf8(let skipped):
            descriptor = fd
            count = size
            memory = nil
            start = skipped
        case .utf16:
            defer { close(fd) }
            guard size <= Self.maximumUTF16Size else {
                throw TraceInputError(
                    file: path, location: .wholeFile,
                    message: "UTF-16 text of more than \(Self.maximumUTF16Size >> 20) MiB: convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8)")
            }
            var whole = [UInt8](repeating: 0, count: size)
            let (read, failure) = whole.withUnsafeMutableBytes { InputFile.fill(fd, $0, at: 0) }
            guard failure == 0 else {
                throw TraceInputError(file: path, location: .wholeFile, message: "cannot read: \(String(cString: strerror(failure)))")
            }
            let text = TextEncoding.utf8Text(Array(whole.prefix(read)))
            descriptor = -1
            count = text.count
            memory = Self.copy(text)
            start = 0
        }
    }

    /// `text` in memory this input owns (at least a byte allocated, so the base is never nil).
    private static func copy(_ text: [UInt8]) -> UnsafeBufferPointer<UInt8> {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.count, 1))
        _ = copy.initialize(from: text)
        return UnsafeBufferPointer(rebasing: UnsafeBufferPointer(copy)[0..<text.count])
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
