#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text file read line by line in 64 KiB pieces, so a streamed import holds one piece and the
/// line being read, never the file. Lines are given as `TextLines` gives them (no `\n`, no trailing
/// `\r`, numbered from 1); a line longer than `maximumLineLength` is an error at its line rather
/// than a buffer that grows with a hostile file.
struct FileLines {
    static let pieceSize = 1 << 16
    static let maximumLineLength = 1 << 20

    /// Calls `body` with each line of the file at `path` until it returns false or the file ends.
    static func forEach<E: Error>(
        path: String, mapError: (TraceInputError) -> E,
        _ body: (UnsafeBufferPointer<UInt8>, Int) throws(E) -> Bool
    ) throws(E) {
        let fd: Int32
        do {
            fd = try RegularFile.open(path)
        } catch {
            throw mapError(error)
        }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: pieceSize)
        var filled = 0  // bytes in `buffer`, the start of a line at 0
        var number = 1
        var atEnd = false
        while !atEnd {
            if filled == buffer.count {
                buffer.append(contentsOf: repeatElement(0, count: buffer.count))
            }
            var got: Int
            repeat {
                got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            } while got < 0 && errno == EINTR
            if got < 0 {
                throw mapError(TraceInputError(file: path, location: .wholeFile, message: "cannot read: \(String(cString: strerror(errno)))"))
            }
            if got == 0 { atEnd = true }
            filled += got
            // Hand out every complete line; at the end, the last line without its `\n` too.
            var consumed = 0
            var stop = false
            try buffer.withUnsafeBufferPointer { (all) throws(E) in
                let base = all.baseAddress!
                while consumed < filled {
                    let rest = filled - consumed
                    var end: Int
                    if let found = memchr(base + consumed, Int32(UInt8(ascii: "\n")), rest) {
                        end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    } else if atEnd {
                        end = filled
                    } else {
                        break
                    }
                    guard end - consumed <= maximumLineLength else { throw mapError(tooLong(path, number)) }
                    let next = end + 1
                    if end > consumed, base[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    let keepGoing = try body(UnsafeBufferPointer(start: base + consumed, count: end - consumed), number)
                    number += 1
                    consumed = min(next, filled)
                    if !keepGoing {
                        stop = true
                        return
                    }
                }
            }
            if stop { return }
            // Move the unfinished line to the front.
            if consumed > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    let base = raw.baseAddress!
                    if filled > consumed { memmove(base, base + consumed, filled - consumed) }
                }
                filled -= consumed
            }
            guard filled <= maximumLineLength else { throw mapError(tooLong(path, number)) }
        }
    }

    private static func tooLong(_ path: String, _ number: Int) -> TraceInputError {
        TraceInputError(file: path, location: .line(number), message: "a line longer than \(maximumLineLength / 1024) KiB: not a text recording")
    }
}
