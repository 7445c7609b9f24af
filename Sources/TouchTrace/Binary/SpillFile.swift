#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes a writer moved out of memory: an unlinked temporary file in the output's folder (so no
/// name is ever left behind, whatever happens to the process: a failure, a signal, even SIGKILL),
/// appended to and read back. Two writers use one: a file writer's index entries, appended as
/// chunks are sealed and read back once, in pieces, when it closes (a trace's index grows by 24
/// bytes a chunk, about 34 MB for a 20 M-sample session); and the events `convert` reads again
/// for each device of a libinput record output (`EventSpool`), mapped and read as a trace, with
/// what each of their chunks holds (`ChunkContents`). Kept
/// here, the writer's memory stays flat.
final class SpillFile {
    let descriptor: Int32
    /// The output the bytes belong to, for errors.
    private let path: String
    private(set) var size = 0

    /// Creates the spill file in the folder of `path` (the file being written), named for what it
    /// holds (`index`, `events`) while it has a name.
    init(beside path: String, holding what: String) throws(OutputFileError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        // A file with no name at all where the folder's file system makes one (`O_TMPFILE`:
        // nothing to leave behind, even for SIGKILL); elsewhere a unique name, unlinked at once,
        // the stopping signals waiting meanwhile (`TemporaryFiles.withSignalsHeld`), so that none
        // ends the process between the two and leaves the name.
        var fd = Self.unnamed(in: folder)
        var failure = errno
        if fd < 0 && Self.tryNamed(failure) {
            var template = Array("\(folder)/.touchstone-\(what)-XXXXXX".utf8CString)
            (fd, failure) = TemporaryFiles.withSignalsHeld { () -> (Int32, Int32) in
                let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                let failure = errno
                if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
                return (fd, failure)
            }
        }
        guard fd >= 0 else { throw OutputFileError(path: path, errno: failure) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// An unnamed file in `folder` (`open(folder, O_TMPFILE | O_RDWR)`), or -1 with `errno` set.
    private static func unnamed(in folder: String) -> Int32 {
        #if os(Linux)
        return open(folder, temporaryFile | O_RDWR | O_CLOEXEC, 0o600)
        #else
        errno = EOPNOTSUPP
        return -1
        #endif
    }

    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift does not import from Glibc's headers.
    private static let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY

    /// Whether `open`'s failure with `O_TMPFILE` says only that the file system (or the kernel)
    /// makes no unnamed files, so a named one is worth trying; any other failure (no such folder,
    /// no permission, a full disk) is the output's error as it stands.
    private static func tryNamed(_ failure: Int32) -> Bool {
        failure == EOPNOTSUPP || failure == EISDIR || failure == EINVAL
    }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        var rest = bytes
        while !rest.isEmpty {
            let written = write(descriptor, rest.baseAddress, rest.count)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFileError(path: path, errno: errno)
            }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
        size += bytes.count
    }

    /// Hands every byte appended so far to `body`, in order, a piece at a time.
    func readBack(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < size {
            let got = pread(descriptor, buffer.baseAddress, min(buffer.count, size - offset), off_t(offset))
            if got < 0 {
                if errno == EINTR { continue }
                throw OutputFileError(path: path, errno: errno)
            }
            guard got > 0 else { throw OutputFileError(path: path, reason: "a temporary file beside it ended early") }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
            offset += got
        }
    }
}
