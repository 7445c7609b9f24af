#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits text bytes into lines without copying them: the text readers' shared first step.
enum TextLines {
    /// Calls `body` with each line's bytes (without `\n` or the `\r`s before it: `\r\n` and the
    /// `\r\r\n` of a terminal's output saved as Windows text end a line too) and its 1-based number.
    static func forEach<E: Error>(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) throws(E) -> Void
    ) throws(E) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        var number = 1
        while start < bytes.count {
            var end: Int
            if let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
                end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            } else {
                end = bytes.count
            }
            let next = end + 1
            while end > start, base[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            try body(UnsafeBufferPointer(start: base + start, count: end - start), number)
            start = next
            number += 1
        }
    }

    /// The lines of `prefix` (a file's first bytes as UTF-8: `TextEncoding.utf8Text`) that hold
    /// more than blanks, each without its line end: what the text formats' `looksLike` read. The
    /// last may be cut short.
    static func leading(_ prefix: [UInt8]) -> [Substring] {
        var lines: [Substring] = []
        prefix.withUnsafeBufferPointer { all in
            forEach(in: all) { line, _ in
                guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return }
                lines.append(Substring(String(decoding: line, as: UTF8.self)))
            }
        }
        return lines
    }
}
