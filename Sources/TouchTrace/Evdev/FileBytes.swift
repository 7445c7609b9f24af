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

    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        let (fd, size): (Int32, Int)
        do {
            (fd, size) = try RegularFile.open(path)
        } catch {
            throw Failure(message: error.message)
        }
        defer { close(fd) }
        // Read straight into the array's storage; a file that grows while it is read is read to
        // its new end in further passes.
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
            if !full { break }
            capacity = max(capacity, 1 << 16)
        }
        return bytes
    }
}
