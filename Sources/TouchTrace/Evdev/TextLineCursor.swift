#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a text, taken one at a time: the pull side of `TextLines`, for the readers that
/// stream a file instead of importing it whole. A line `next()` returns is valid until the next
/// call on the same cursor.
///
/// Over a file, the cursor reads into a buffer of its own, `TextInput.bufferSize` bytes at a time
/// (a single longer line grows it, up to the line limit, and the next refill shrinks it back): a
/// reader going through a file of any length holds that buffer, never the file. Over text in
/// memory, it reads in place. Copies of a cursor read on independently: they share the buffer until
/// one of them refills (it then takes a buffer of its own), and `detached(upTo:)` makes a copy that
/// holds no buffer until it reads.
struct TextLineCursor {
    let input: TextInput
    /// Offset of the next line's first byte.
    private(set) var offset = 0
    /// 1-based number of the line `next()` returned last (0 before the first).
    private(set) var number = 0
    /// Where this cursor's text ends: the input's end, unless `detached(upTo:)` said sooner.
    private var end: Int
    /// The longest line this cursor accepts (`maximumLineLength` unless the format needs more).
    private let lineLimit: Int
    /// The text from offset `windowStart` to `windowEnd`, in the input's memory or in `buffer`.
    private var window: UnsafePointer<UInt8>?
    private var windowStart = 0
    private var windowEnd = 0
    /// Where the text this cursor can read without a refill ends: `min(windowEnd, end)`.
    private var readable = 0
    /// Where a file is read to (nil over text in memory, and until a detached copy reads).
    private var buffer: TextBuffer?

    init(_ input: TextInput, lineLimit: Int = maximumLineLength) {
        self.input = input
        self.lineLimit = lineLimit
        end = input.count
        offset = input.start
        if let memory = input.memory {
            window = memory.baseAddress
            windowEnd = memory.count
            readable = end
        } else {
            // No window yet: the first refill reads from the text's start.
            windowStart = offset
            windowEnd = offset
            readable = offset
        }
    }

    /// No text recording has lines this long: a longer one is an error at its line, so that no
    /// reader copies or parses a line that grows with a hostile file.
    static let maximumLineLength = 1 << 20
    /// A JSON Lines line holds a whole header (up to 16 MiB in a binary trace) or a device added
    /// during the trace, each byte escaped at worst as six: this much always reads back.
    static let maximumJSONLinesLineLength = 128 << 20

    /// Whether the line `next()` returned last is the text's last and has no line feed: a file
    /// cut short inside it (a recorder killed mid-line, a log clipped), or one that merely lacks
    /// its final newline. A reader that cannot read such a line ignores it with
    /// `cutShortWarning` rather than refusing the whole file.
    var lastLineIsUnterminated: Bool { offset > end }

    /// Whether the line `next()` returned last is the last with any text: only blank lines follow
    /// it, if anything. A log cut short inside its last line, by a recorder killed mid-line or by a
    /// paste, ends in such a line, with or without a line end after it. Reads on through a copy of
    /// the cursor: meant for a line that could not be read, not for every line.
    func isLastLineWithText() throws(TraceInputError) -> Bool {
        if lastLineIsUnterminated { return true }
        var rest = detached()
        while let line = try rest.next() {
            if !LineScanner.isBlank(line) { return false }
        }
        return true
    }

    /// The warning for a log's last line (`isLastLineWithText`) that could not be read, and why.
    static func cutShortWarning(file: String, line: Int, reason: String) -> FormatWarning {
        FormatWarning(file: file, location: .line(line), message: "the log ends inside this line, which is ignored (a recording or a paste cut short?): \(reason)")
    }

    /// The next line's bytes, without `\n` or the `\r`s before it; nil after the last.
    mutating func next() throws(TraceInputError) -> UnsafeBufferPointer<UInt8>? {
        guard offset < end else { return nil }
        let start = offset
        let lineEnd: Int
        // `readable > start` means there is a window.
        if start < readable,
            let found = memchr(window.unsafelyUnwrapped + (start - windowStart), Int32(UInt8(ascii: "\n")), readable - start)
        {
            lineEnd = windowStart + window.unsafelyUnwrapped.distance(to: found.assumingMemoryBound(to: UInt8.self))
        } else {
            lineEnd = try endOfLineReadingOn()
        }
        offset = lineEnd + 1
        number += 1
        guard lineEnd - start <= lineLimit else { throw tooLong(line: number) }
        let first = window.unsafelyUnwrapped + (start - windowStart)
        var count = lineEnd - start
        if count > 0, first[count - 1] == UInt8(ascii: "\r") {
            count -= 1
            if count > 0, first[count - 1] == UInt8(ascii: "\r") { count = Self.trimmingCarriageReturns(first, count) }
        }
        return UnsafeBufferPointer(start: first, count: count)
    }

    /// `count` less the `\r`s that end the line's first `count` bytes: the `\r\r\n` of a terminal's
    /// output saved as Windows text. Out of line, and a second test in `next()`: a loop there made
    /// the readers' loops around it too large to inline (+3 % of an evemu import's instructions).
    @inline(never)
    private static func trimmingCarriageReturns(_ first: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var count = count
        while count > 0, first[count - 1] == UInt8(ascii: "\r") { count -= 1 }
        return count
    }

    /// The end of the line at `offset`, which the window holds no end of: the text's end, or the
    /// first line feed the refills bring (the window then holds the whole line).
    private mutating func endOfLineReadingOn() throws(TraceInputError) -> Int {
        while readable < end {
            // Bytes from `offset` to `searched` hold no line feed.
            let searched = readable
            try refill()
            if let found = memchr(window.unsafelyUnwrapped + (searched - windowStart), Int32(UInt8(ascii: "\n")), readable - searched) {
                return windowStart + window.unsafelyUnwrapped.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
        }
        return end
    }

    /// A copy at this cursor's place (the same next line and line number) sharing no buffer with
    /// it: it reads a buffer of its own when it reads, and holds none until then. `limit` (an
    /// offset this cursor has reached) ends its text sooner, so that its buffer is no larger than
    /// what it has left to read.
    func detached(upTo limit: Int? = nil) -> TextLineCursor {
        var copy = self
        if let limit { copy.end = min(limit, end) }
        if input.memory == nil {
            copy.buffer = nil
            copy.window = nil
            copy.windowStart = offset
            copy.windowEnd = offset
        }
        copy.readable = min(copy.windowEnd, copy.end)
        return copy
    }

    /// Reads on from `offset` (the start of the line being read, some of it perhaps in the window
    /// already), into this cursor's own buffer.
    private mutating func refill() throws(TraceInputError) {
        let pending = windowEnd - offset
        guard pending <= lineLimit else { throw tooLong(line: number + 1) }
        var capacity = input.bufferSize
        while capacity <= pending { capacity = min(capacity * 2, lineLimit + 1) }
        capacity = min(capacity, end - offset)
        let target: TextBuffer
        if isKnownUniquelyReferenced(&buffer), let kept = buffer, kept.bytes.count >= capacity,
            kept.bytes.count <= max(capacity, input.bufferSize)
        {
            if pending > 0 { memmove(kept.bytes.baseAddress!, window! + (offset - windowStart), pending) }
            target = kept
        } else {
            target = TextBuffer(capacity: capacity)
            if pending > 0 { target.bytes.baseAddress!.copyMemory(from: window! + (offset - windowStart), byteCount: pending) }
            buffer = target
        }
        window = UnsafePointer(target.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        windowStart = offset
        windowEnd = offset + pending
        readable = windowEnd
        let filled = min(target.bytes.count, end - offset)
        try input.read(into: UnsafeMutableRawBufferPointer(rebasing: target.bytes[pending..<filled]), at: offset + pending, line: number + 1)
        windowEnd = offset + filled
        readable = windowEnd
    }

    private func tooLong(line: Int) -> TraceInputError {
        TraceInputError(
            file: input.path, location: .line(line),
            message: "a line longer than \(lineLimit / 1024) KiB: not a text recording")
    }
}

/// The buffer a cursor reads a file into, shared by copies of the cursor until one refills.
private final class TextBuffer {
    let bytes: UnsafeMutableRawBufferPointer

    init(capacity: Int) {
        bytes = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        bytes.deallocate()
    }
}
