#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rule every reader applies before it opens an input: the path must name a regular file
/// (through symbolic links). A FIFO would block the open until a writer came, a directory or a
/// device has no trace in it; all are refused with a message saying what the path is.
public enum RegularFile {
    public static func check(_ path: String) throws(TraceInputError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw TraceInputError(file: path, location: .wholeFile, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        default: kind = "something other than a file"
        }
        throw TraceInputError(file: path, location: .wholeFile, message: "is \(kind), not a file to read")
    }

    /// Opens `path` for reading after `check(_:)`, with the file's size; the caller closes the
    /// descriptor. Non-blocking, so a FIFO swapped in after the check cannot hang the open either,
    /// and what was opened is checked again (`fstat`): anything but a regular file is refused.
    static func open(_ path: String) throws(TraceInputError) -> (descriptor: Int32, size: Int) {
        try check(path)
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw TraceInputError(file: path, location: .wholeFile, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        let failure = fstat(fd, &info) == 0 ? nil : String(cString: strerror(errno))
        guard failure == nil, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw TraceInputError(file: path, location: .wholeFile, message: failure.map { "cannot stat: \($0)" } ?? "is not a regular file")
        }
        return (fd, Int(info.st_size))
    }
}

/// A regular file read front to back in pieces, for comparing a stream with a file without
/// holding either whole (verify's golden logs).
public final class InputFile {
    public let path: String
    /// Bytes in the file when it was opened.
    public let size: Int
    private let descriptor: Int32

    public init(path: String) throws(TraceInputError) {
        self.path = path
        (descriptor, size) = try RegularFile.open(path)
    }

    /// Reused by `nextBytesEqual`, grown to the largest piece compared.
    private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    deinit {
        close(descriptor)
        scratch.deallocate()
    }

    /// The next `count` bytes, fewer at the end of the file, none after it.
    public func read(upTo count: Int) throws(TraceInputError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            (filled, failure) = Self.fill(descriptor, UnsafeMutableRawBufferPointer(buffer))
        }
        guard failure == 0 else { throw readFailure(failure) }
        return bytes
    }

    /// Whether the next `expected.count` bytes of the file are `expected`, read into a buffer kept
    /// from call to call: comparing a stream piece by piece allocates nothing per piece.
    public func nextBytesEqual(_ expected: UnsafeRawBufferPointer) throws(TraceInputError) -> Bool {
        if scratch.count < expected.count {
            scratch.deallocate()
            scratch = .allocate(byteCount: expected.count, alignment: 16)
        }
        let (filled, failure) = Self.fill(descriptor, UnsafeMutableRawBufferPointer(rebasing: scratch[..<expected.count]))
        guard failure == 0 else { throw readFailure(failure) }
        guard filled == expected.count else { return false }
        return filled == 0 || memcmp(scratch.baseAddress!, expected.baseAddress!, filled) == 0
    }

    /// The line feeds in the rest of the file, read 1 MiB at a time into one buffer, stopping
    /// after `limit` bytes.
    public func lineFeeds(upTo limit: Int) throws(TraceInputError) -> Int {
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { piece.deallocate() }
        var count = 0, read = 0
        while read < limit {
            let (filled, failure) = Self.fill(descriptor, UnsafeMutableRawBufferPointer(rebasing: piece[..<min(piece.count, limit - read)]))
            guard failure == 0 else { throw readFailure(failure) }
            for byte in UnsafeRawBufferPointer(rebasing: piece[..<filled]) where byte == UInt8(ascii: "\n") { count += 1 }
            if filled == 0 { break }
            read += filled
        }
        return count
    }

    /// Reads until `buffer` is full or the file ends: the bytes read and the errno of a failure (0).
    /// From the file's position, or from `offset` (`pread`, the position left alone) when given.
    static func fill(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil) -> (Int, Int32) {
        var filled = 0
        while filled < buffer.count {
            let got = offset.map { pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t($0 + filled)) }
                ?? Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if got < 0, errno == EINTR { continue }
            if got < 0 { return (filled, errno) }
            if got == 0 { break }
            filled += got
        }
        return (filled, 0)
    }

    private func readFailure(_ code: Int32) -> TraceInputError {
        TraceInputError(file: path, location: .wholeFile, message: "cannot read: \(String(cString: strerror(code)))")
    }
}
