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
///   raises SIGBUS. Traces are written to `NAME.partial` and renamed, so a finished trace never
///   shrinks. Each mapped file is noted (`MappedFiles`), so that a program whose signal handler
///   asks (`touchstone`'s, `TemporaryFiles`) ends with an error naming the file that shrank.
final class MemoryMappedFile {
    let path: String
    let bytes: UnsafeRawBufferPointer
    private let mapping: UnsafeMutableRawPointer?
    private let copy: UnsafeMutableRawBufferPointer?
    /// The file's line in `MappedFiles`, nil when it is not noted.
    private var note: Int? = nil

    /// Bytes already in memory, copied once, for decoding traces that never touched a disk.
    init(copying source: [UInt8], name: String) {
        path = name
        mapping = nil
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
        source.withUnsafeBytes { buffer.copyMemory(from: $0) }
        copy = buffer
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<source.count])
    }

    /// The regular file at `path`, noted for the SIGBUS handler (`MappedFiles`).
    convenience init(path: String) throws(TraceInputError) {
        let (fd, size) = try RegularFile.open(path)
        defer { close(fd) }
        try self.init(descriptor: fd, size: size, name: path)
        var info = stat()
        if let mapping, fstat(fd, &info) == 0 { note = MappedFiles.note(path, at: UInt(bitPattern: mapping), inode: UInt64(info.st_ino), size: size) }
    }

    /// The first `size` bytes of the open file `descriptor`, which stays open (the caller's). Not
    /// noted for the SIGBUS handler: `init(path:)` notes a named file; a file with no name, such
    /// as a `SpillFile`, no other process can truncate. `name` appears in errors.
    init(descriptor: Int32, size: Int, name: String) throws(TraceInputError) {
        path = name
        copy = nil
        guard size > 0 else {
            mapping = nil
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw Self.error(name, "cannot map: \(String(cString: strerror(errno)))")
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

    /// Asks the kernel to map the pages between `start` and `offset` now, in one call, rather than
    /// a fault at a time as the reader reaches them (`MADV_POPULATE_READ`, Linux 5.14 and later;
    /// elsewhere, or on a kernel without it, nothing happens and the pages fault in as before).
    /// A page the file no longer has is left to fault as it would (the call fails, and is ignored).
    func populate(from start: Int, upTo offset: Int) {
        #if os(Linux)
        guard let mapping, offset > start else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = start / page * page
        _ = madvise(mapping + first, offset - first, Self.populateRead)
        #endif
    }

    /// `MADV_POPULATE_READ` (`<linux/mman.h>`; Glibc's headers of Debian 12 do not name it).
    private static let populateRead: Int32 = 22

    deinit {
        if let note { MappedFiles.forget(note) }
        if let mapping { munmap(mapping, bytes.count) }
        copy?.deallocate()
    }

    private static func error(_ path: String, _ message: String) -> TraceInputError {
        TraceInputError(file: path, location: .wholeFile, message: message)
    }
}

/// The files mapped at this moment (`MemoryMappedFile`), for a signal handler: a file another
/// process truncates under its map raises SIGBUS at the first lost page touched, which ended the
/// process with status 135 and no word of the file. `reportFault(at:)`, called by `touchstone`'s
/// handler (`TemporaryFiles`) with the faulting address SIGBUS carries, finds the noted map that
/// holds it and writes an error line naming the file and the offset read; the handler then ends
/// the process with status 1, as any other file that cannot be read. A fault outside every noted
/// map is not the file's, and ends the process as the signal does.
///
/// Each line holds the path as opened, a NUL, and the path as a message shows it (escaped); the
/// map's address, size and the file's inode are kept beside it (the inode tells whether the name
/// still leads to the file, to say how long it is now).
enum MappedFiles {
    /// 64 files at once (`verify --jobs` maps one per worker), each line up to 4 KiB (a longer
    /// path is not noted: a shrinking file then ends the process with SIGBUS, as before).
    static let noted = SignalSafeLines(count: 64, lineLimit: 4_096)
    nonisolated(unsafe) private static let maps: UnsafeMutablePointer<(address: UInt, size: Int, inode: UInt64)> = {
        let maps = UnsafeMutablePointer<(address: UInt, size: Int, inode: UInt64)>.allocate(capacity: noted.count)
        maps.initialize(repeating: (0, 0, 0), count: noted.count)
        return maps
    }()

    /// Notes the file at `path`, mapped at `address` for `size` bytes; the line to pass to
    /// `forget`, or nil.
    static func note(_ path: String, at address: UInt, inode: UInt64, size: Int) -> Int? {
        guard !path.utf8.contains(0), let line = noted.claim() else { return nil }
        maps[line] = (address, size, inode)
        guard noted.set(line, path + "\0" + TerminalText.escaped(path, keepingLineBreaks: false), whole: true) else {
            noted.release(line)
            return nil
        }
        return line
    }

    /// The file of `line` is no longer mapped.
    static func forget(_ line: Int) {
        noted.release(line)
    }

    /// Writes `error: PATH: byte N: the file was cut short while it was read …` on standard error
    /// when `address` lies in a noted map; whether it did. Allocates nothing and calls only
    /// functions safe in a signal handler.
    static func reportFault(at address: UInt) -> Bool {
        for line in 0..<noted.count {
            guard let text = noted.text(ofLine: line) else { continue }
            let map = maps[line]
            guard address >= map.address, address - map.address < UInt(map.size) else { continue }
            let shown = text + strlen(text) + 1
            put("error: ")
            _ = write(2, shown, strlen(shown))
            put(": byte ")
            putNumber(Int(address - map.address))
            put(": the file was cut short while it was read (")
            putNumber(map.size)
            put(" bytes when it was opened")
            var info = stat()
            if text.withMemoryRebound(to: CChar.self, capacity: 1, { stat($0, &info) }) == 0, UInt64(info.st_ino) == map.inode {
                put(", ")
                putNumber(Int(info.st_size))
                put(" now")
            }
            put("): another process truncated it or wrote it in place; write a new file beside it and rename it onto the name\n")
            return true
        }
        return false
    }

    private static func put(_ text: StaticString) {
        _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    }

    /// `number` (at least 0) in decimal, from a buffer on the stack.
    private static func putNumber(_ number: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = buffer.count
            var rest = max(number, 0)
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            _ = write(2, base + start, buffer.count - start)
        }
    }
}
