#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a text, taken one at a time: the pull side of `TextLines`, for the readers that
/// stream a file instead of importing it whole.
///
/// The text is a mapped file (or a copy of bytes in memory); pages already read are handed back to
/// the kernel as the cursor moves on, so a reader going through a file of any length keeps a
/// bounded resident set.
struct TextLineCursor {
    /// Holds the bytes alive.
    let storage: MemoryMappedFile
    let text: UnsafeBufferPointer<UInt8>
    /// Offset of the next line's first byte.
    private(set) var offset = 0
    /// 1-based number of the line `next()` returned last (0 before the first).
    private(set) var number = 0
    /// Whether this cursor hands pages behind it back to the kernel (a cursor sharing its mapping
    /// with others that read further back leaves that to its owner).
    private let releasesPages: Bool
    private var releasedUpTo = 0
    /// Small, so that what a text file leaves resident stays a few pages whatever its length.
    private static let releaseStep = 1024 * 1024

    /// The longest line this cursor accepts (`maximumLineLength` unless the format needs more).
    private let lineLimit: Int

    init(_ storage: MemoryMappedFile, releasesPages: Bool = true, lineLimit: Int = maximumLineLength) {
        self.storage = storage
        self.lineLimit = lineLimit
        text = UnsafeBufferPointer(start: storage.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: storage.bytes.count)
        self.releasesPages = releasesPages
    }

    /// No text recording has lines this long: a longer one is an error at its line, so that no
    /// reader copies or parses a line that grows with a hostile file.
    static let maximumLineLength = 1 << 20
    /// A JSON Lines line holds a whole header (up to 16 MiB in a binary trace) or a device added
    /// during the trace, each byte escaped at worst as six: this much always reads back.
    static let maximumJSONLinesLineLength = 128 << 20

    /// The next line's bytes, without `\n` or a trailing `\r`; nil after the last.
    mutating func next() throws(TraceInputError) -> UnsafeBufferPointer<UInt8>? {
        guard offset < text.count, let base = text.baseAddress else { return nil }
        var end = offset
        if let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), text.count - offset) {
            end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        } else {
            end = text.count
        }
        let start = offset
        offset = end + 1
        number += 1
        guard end - start <= lineLimit else {
            throw TraceInputError(
                file: storage.path, location: .line(number),
                message: "a line longer than \(lineLimit / 1024) KiB: not a text recording")
        }
        if end > start, base[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        if releasesPages, start - releasedUpTo >= Self.releaseStep {
            storage.release(from: releasedUpTo, upTo: start)
            releasedUpTo = start
        }
        return UnsafeBufferPointer(start: base + start, count: end - start)
    }
}
