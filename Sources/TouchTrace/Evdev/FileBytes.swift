#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole small file read into memory with plain POSIX calls (TouchTrace depends on no Foundation):
/// the one way the project reads a small whole file (scenes, templates, goldens). Foundation's
/// `FileManager.contents(atPath:)` leaks its 4 KiB buffer on an empty file (LeakSanitizer).
public enum FileBytes {
    public struct Failure: Error {
        public var message: String
    }

    /// Reads the whole file at `path`, refusing, before anything is allocated, a file larger than
    /// `limit` bytes (a sparse file of 20 GB takes no room on disk, and is no scene): `what` names
    /// the kind of file in the message ("a scene file"). A file that grows past the limit while it
    /// is read is refused too.
    public static func read(_ path: String, atMost limit: Int, what: String) throws(Failure) -> [UInt8] {
        let (fd, size): (Int32, Int)
        do {
            (fd, size) = try RegularFile.open(path)
        } catch {
            throw Failure(message: error.message)
        }
        defer { close(fd) }
        func tooLarge(_ bytes: Int) -> Failure {
            Failure(message: "is \(bytes) bytes; \(what) may be at most \(described(limit))")
        }
        guard size <= limit else { throw tooLarge(size) }
        // Read straight into the array's storage; a file that grows while it is read is read to
        // its new end in further passes, up to the limit and a byte beyond it.
        var bytes: [UInt8] = []
        var capacity = max(size, 0) + 1
        while true {
            let start = bytes.count
            var failure: Int32 = 0
            var appended = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < buffer.count {
                    let got = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                    if got < 0, errno == EINTR { continue }
                    if got < 0 { failure = errno; break }
                    if got == 0 { break }
                    count += got
                }
            }
            if failure != 0 { throw Failure(message: "cannot read: \(String(cString: strerror(failure)))") }
            let full = appended.count == capacity
            if start == 0 { bytes = appended } else { bytes.append(contentsOf: appended) }
            appended = []
            guard bytes.count <= limit else { throw tooLarge(bytes.count) }
            if !full { break }
            capacity = min(max(capacity, 1 << 16), limit + 1 - bytes.count)
        }
        return bytes
    }

    /// `limit` in the largest binary unit that divides it: "16 MiB", "64 KiB", "100 bytes".
    static func described(_ limit: Int) -> String {
        if limit >= 1 << 20 && limit % (1 << 20) == 0 { return "\(limit >> 20) MiB" }
        if limit >= 1 << 10 && limit % (1 << 10) == 0 { return "\(limit >> 10) KiB" }
        return "\(limit) bytes"
    }
}
