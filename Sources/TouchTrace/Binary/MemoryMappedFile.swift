#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole binary trace mapped read-only into memory, so that `TraceReader` streams through it
/// with the kernel paging it in and out: resident memory does not grow with the file's length.
/// (Text formats are read through a buffer instead: `TextInput`.)
///
/// - Warning: if another process truncates the file while it is mapped, touching the lost pages
///   raises SIGBUS. Traces are written to `NAME.partial` and renamed, so a finished trace never shrinks.
final class MemoryMappedFile {
    let path: String
    let bytes: UnsafeRawBufferPointer
    private let mapping: UnsafeMutableRawPointer?
    private let copy: UnsafeMutableRawBufferPointer?

    /// Bytes already in memory, copied once, for decoding traces that never touched a disk.
    init(copying source: [UInt8], name: String) {
        path = name
        mapping = nil
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
        source.withUnsafeBytes { buffer.copyMemory(from: $0) }
        copy = buffer
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<source.count])
    }

    init(path: String) throws(TraceInputError) {
        self.path = path
        copy = nil
        let (fd, size) = try RegularFile.open(path)
        defer { close(fd) }
        guard size > 0 else {
            mapping = nil
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            throw Self.error(path, "cannot map: \(String(cString: strerror(errno)))")
        }
        _ = madvise(address, size, MADV_SEQUENTIAL)
        mapping = address
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    /// Tells the kernel that the pages between `start` and `offset` will not be read again soon, so
    /// they leave this process's resident set (they stay in the page cache and come back if
    /// touched): a reader streaming through a large file keeps a bounded footprint, handing back as
    /// it goes only what it has not handed back already.
    func release(from start: Int, upTo offset: Int) {
        guard let mapping else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = start / page * page
        let end = offset / page * page
        if end > first { _ = madvise(mapping + first, end - first, MADV_DONTNEED) }
    }

    deinit {
        if let mapping { munmap(mapping, bytes.count) }
        copy?.deallocate()
    }

    private static func error(_ path: String, _ message: String) -> TraceInputError {
        TraceInputError(file: path, location: .wholeFile, message: message)
    }
}
