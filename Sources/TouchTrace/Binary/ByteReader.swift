/// The binary decoder's one reader of raw bytes: the header's sections, device descriptions and
/// every chunk's events are read through it, straight from mapped memory.
///
/// Every read is checked at this type's API and fails with a `Failure` naming the absolute file
/// offset, so untrusted bytes (a short section, a forged length, a varint that never ends) are an
/// error, never a trap. The hot reads (`byte`, `varint`, `varint32`, `delta32`) are `@inlinable`
/// so that `TraceReader.forEachEvent` compiles them into its caller; their failures are built out
/// of line.
///
/// **Why the loads inside are sound** (the one argument every unchecked load in this file relies
/// on; nothing else in the decoder loads from a pointer): the reader starts with `cursor` at the
/// first byte of one buffer that outlives it (the read-only memory map a `TraceReader` keeps
/// open, or a buffer its caller keeps alive for the call) and `end` just past its last, and
/// `cursor ≤ end` always holds. `cursor` only moves forward, and only by a count first checked
/// against `end - cursor`: `cursor < end` before each single byte, `end - cursor >= size` before
/// a fixed-width integer (four bytes before the load that steps over varints, which moves at
/// most four), the length check before a slice. The hot reads take `checked: false`
/// only where their caller has checked once that `end - cursor` covers the longest encoding of
/// everything it reads that way (`ChunkDecoder.longestDefinition`, `longestModes`, `longestMove`:
/// ten bytes per varint, the most a varint's tail reads). So every
/// `load(as:)`/`loadUnaligned(as:)` below reads bytes inside the buffer, and whatever the bytes
/// say, the reader never reads outside them.
///
/// The reader is three words and a byte (no start pointer, no message text), so that the chunk
/// decoder's loop keeps it in registers and the paths out of line take it by value.
@usableFromInline
struct ByteReader {
    /// A malformed structure: where (absolute file offset) and what.
    @usableFromInline
    struct Failure: Error, Equatable {
        @usableFromInline var offset: Int
        @usableFromInline var message: String

        @usableFromInline init(offset: Int, message: String) {
            self.offset = offset
            self.message = message
        }
    }

    /// What the bytes are, in messages.
    @usableFromInline
    enum Region: UInt8 {
        case chunk, section

        var name: String {
            switch self {
            case .chunk: "the chunk"
            case .section: "its section"
            }
        }
    }

    @usableFromInline var cursor: UnsafeRawPointer
    @usableFromInline var end: UnsafeRawPointer
    /// The absolute file offset a pointer's address maps to, less that address (wrapping):
    /// `origin &+ Int(bitPattern: pointer)` is the pointer's offset in the file, for messages.
    @usableFromInline var origin: Int
    @usableFromInline var region: Region

    /// A reader over `bytes`, whose first byte is at `fileOffset` in the file. `bytes` must
    /// outlive the reader.
    @inlinable
    init(_ bytes: UnsafeRawBufferPointer, fileOffset: Int, region: Region) {
        // An empty buffer may have no base address; any non-null pointer with `end == cursor` reads nothing.
        let base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: MemoryLayout<UInt64>.alignment)!
        cursor = base
        end = base + bytes.count
        origin = fileOffset &- Int(bitPattern: base)
        self.region = region
    }

    @usableFromInline var remaining: Int { end - cursor }
    @usableFromInline var isAtEnd: Bool { cursor == end }
    /// Absolute file offset of the next byte.
    var absoluteOffset: Int { offset(of: cursor) }

    /// The absolute file offset of `pointer`, a position inside the buffer.
    @inlinable
    func offset(of pointer: UnsafeRawPointer) -> Int { origin &+ Int(bitPattern: pointer) }

    @usableFromInline
    func failure(_ message: String, at pointer: UnsafeRawPointer? = nil) -> Failure {
        Failure(offset: offset(of: pointer ?? cursor), message: message)
    }

    func failure(_ message: String, atOffset offset: Int) -> Failure {
        Failure(offset: offset, message: message)
    }

    // MARK: - Hot reads (the chunk decoder's)

    // `checked: false` (always a literal, so the test folds away): the caller has checked that
    // the bytes are there (see "Why the loads inside are sound" above).

    /// One byte.
    @inlinable @inline(__always)
    mutating func byte(checked: Bool = true) throws(Failure) -> UInt8 {
        guard !checked || cursor < end else { throw eventPastEnd() }
        let value = cursor.load(as: UInt8.self)
        cursor += 1
        return value
    }

    @usableFromInline
    func eventPastEnd() -> Failure {
        failure("event runs past the end of \(region.name)")
    }

    /// A varint of up to 64 bits; up to three bytes (time steps up to 1 s) stay inline.
    @inlinable @inline(__always)
    mutating func varint(checked: Bool = true) throws(Failure) -> UInt64 {
        let first = try byte(checked: checked)
        if first < 0x80 { return UInt64(first) }
        if let value = shortVarint(after: first, checked: checked) { return UInt64(value) }
        let tail = try varintTail(after: first)
        cursor = tail.next
        return tail.value
    }

    /// A varint whose first byte, `first`, said more follow and which ends within its next two
    /// bytes, when two bytes are left; nil (the cursor unmoved) otherwise.
    @inlinable @inline(__always)
    mutating func shortVarint(after first: UInt8, checked: Bool = true) -> UInt32? {
        guard !checked || end - cursor >= 2 else { return nil }
        let second = cursor.load(as: UInt8.self)
        if second < 0x80 {
            cursor += 1
            return UInt32(first & 0x7F) | UInt32(second) << 7
        }
        let third = cursor.load(fromByteOffset: 1, as: UInt8.self)
        guard third < 0x80 else { return nil }
        cursor += 2
        return UInt32(first & 0x7F) | UInt32(second & 0x7F) << 7 | UInt32(third) << 14
    }

    /// A varint of up to 64 bits that is usually two or three bytes long: a time step. At 120 Hz
    /// (8,333 µs, zigzagged 16,666) it is two bytes or three as jitter takes it below or above
    /// 8,192 µs, which no branch predictor foresees.
    @inlinable @inline(__always)
    mutating func timeStep() throws(Failure) -> UInt64 {
        if end - cursor >= 4, let value = threeByteVarint() { return UInt64(value) }
        return try varint()
    }

    /// A varint of one to three bytes decoded from one four-byte load, without a branch on its
    /// length (a mispredicted branch costs as much as the whole decode); nil, the cursor unmoved,
    /// when it is longer. The caller has checked that four bytes are readable.
    @inlinable @inline(__always)
    mutating func threeByteVarint() -> UInt32? {
        let word = UInt32(littleEndian: cursor.loadUnaligned(as: UInt32.self))
        // A clear high bit ends the varint: the lowest such bit is its last byte's.
        let stops = ~word & 0x0080_8080
        guard stops != 0 else { return nil }
        let kept = word & ((stops & (0 &- stops)) &<< 1 &- 1)
        cursor += Int(truncatingIfNeeded: (stops.trailingZeroBitCount &+ 1) &>> 3)
        return kept & 0x7F | (kept & 0x7F00) &>> 1 | (kept & 0x7F_0000) &>> 2
    }

    /// A varint that must fit 32 bits; one and two bytes (deltas up to ±8191) stay inline.
    @inlinable @inline(__always)
    mutating func varint32(checked: Bool = true) throws(Failure) -> UInt32 {
        let first = try byte(checked: checked)
        if first < 0x80 { return UInt32(first) }
        if !checked || cursor < end {
            let second = cursor.load(as: UInt8.self)
            if second < 0x80 {
                cursor += 1
                return UInt32(first & 0x7F) | UInt32(second) << 7
            }
        }
        let tail = try varint32Tail(after: first)
        cursor = tail.next
        return tail.value
    }

    /// A varint that must fit 32 bits and is often three bytes long (a touch definition's absolute
    /// coordinates, pressure and contact size): up to three bytes stay inline.
    @inlinable @inline(__always)
    mutating func wideVarint32(checked: Bool = true) throws(Failure) -> UInt32 {
        let first = try byte(checked: checked)
        if first < 0x80 { return UInt32(first) }
        if let value = shortVarint(after: first, checked: checked) { return value }
        let tail = try varint32Tail(after: first)
        cursor = tail.next
        return tail.value
    }

    // The tails below are out of line and take the reader by value, returning where the varint
    // ends: a `mutating` call would pass the reader by reference, and a reader whose address is
    // passed anywhere cannot live in registers, so every byte read in the decoder's loop would
    // store its cursor (docs/benchmarks.md, "Speed V").

    /// The rest of a varint whose first byte, `first` (just before `cursor`), said more follow,
    /// read a byte at a time: values of three bytes or more, and every malformed one (which it names).
    @usableFromInline
    func varintTail(after first: UInt8) throws(Failure) -> (value: UInt64, next: UnsafeRawPointer) {
        var reader = self
        let at = cursor - 1
        var value = UInt64(first & 0x7F)
        var shift: UInt64 = 7
        while true {
            let next = try reader.byte()
            if shift == 63 && next > 1 { throw failure("varint too long", at: at) }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return (value, reader.cursor) }
            shift += 7
        }
    }

    @usableFromInline
    func varint32Tail(after first: UInt8) throws(Failure) -> (value: UInt32, next: UnsafeRawPointer) {
        let tail = try varintTail(after: first)
        guard tail.value <= UInt32.max else { throw failure("value \(tail.value) does not fit 32 bits", at: cursor - 1) }
        return (UInt32(truncatingIfNeeded: tail.value), tail.next)
    }

    /// A varint that must fit 16 bits; `what` names it in the error.
    @inlinable @inline(__always)
    mutating func varint16(_ what: StaticString, checked: Bool = true) throws(Failure) -> UInt16 {
        let value = try varint(checked: checked)
        guard value <= UInt16.max else { throw tooWide(what, value) }
        return UInt16(truncatingIfNeeded: value)
    }

    @usableFromInline
    func tooWide(_ what: StaticString, _ value: UInt64) -> Failure {
        failure("\(what) \(value) does not fit 16 bits", at: cursor - Varint.encodedLength(value))
    }

    /// A zigzag-encoded 32-bit delta.
    @inlinable @inline(__always)
    mutating func delta32(checked: Bool = true) throws(Failure) -> Int32 {
        Varint.unzigzag32(try varint32(checked: checked))
    }

    /// Steps over a varint that must fit 32 bits without decoding it, failing where `varint32`
    /// would: one of up to four bytes (it then fits 28 bits) from one four-byte load, a longer or
    /// malformed one through `varint32`.
    @inlinable @inline(__always)
    mutating func skipVarint32(checked: Bool = true) throws(Failure) {
        if !checked || end - cursor >= 4 {
            let stops = ~UInt32(littleEndian: cursor.loadUnaligned(as: UInt32.self)) & 0x8080_8080
            if stops != 0 {
                cursor += Int(truncatingIfNeeded: (stops.trailingZeroBitCount &+ 1) &>> 3)
                return
            }
        }
        cursor = try varint32sRead(1)
    }

    /// Steps over two varints that must each fit 32 bits without decoding them, failing where two
    /// `varint32` reads would: when both end within the next four bytes (each then fits 21 bits),
    /// from one load, without a branch on their lengths; otherwise through `varint32`.
    @inlinable @inline(__always)
    mutating func skipTwoVarint32s(checked: Bool = true) throws(Failure) {
        if !checked || end - cursor >= 4 {
            // A clear high bit ends a varint: the second lowest such bit is the second's last byte's.
            let stops = ~UInt32(littleEndian: cursor.loadUnaligned(as: UInt32.self)) & 0x8080_8080
            let second = stops & (stops &- 1)
            if second != 0 {
                cursor += Int(truncatingIfNeeded: (second.trailingZeroBitCount &+ 1) &>> 3)
                return
            }
        }
        cursor = try varint32sRead(2)
    }

    /// Steps over `count` varints that must each fit 32 bits, two at a time as above.
    @inlinable @inline(__always)
    mutating func skipVarint32s(_ count: Int, checked: Bool = true) throws(Failure) {
        var left = count
        while left >= 2 {
            try skipTwoVarint32s(checked: checked)
            left &-= 2
        }
        if left == 1 { try skipVarint32(checked: checked) }
    }

    /// The steps above that one load does not cover: `count` varints read by `varint32`, out of
    /// line (by value, returning where they end) so that the steps stay a few blocks long, as
    /// `@inline(__always)` needs in a large caller.
    @usableFromInline
    func varint32sRead(_ count: Int) throws(Failure) -> UnsafeRawPointer {
        var reader = self
        for _ in 0..<count { _ = try reader.varint32() }
        return reader.cursor
    }

    /// A varint length, checked against what is left, then that many bytes.
    mutating func lengthPrefixed(_ what: String) throws(Failure) -> UnsafeRawBufferPointer {
        let at = cursor
        let length = try varint()
        guard length <= UInt64(end - cursor) else {
            throw failure("\(what) of \(length) bytes runs past the end of \(region.name)", at: at)
        }
        let bytes = UnsafeRawBufferPointer(start: cursor, count: Int(length))
        cursor += Int(length)
        return bytes
    }

    // MARK: - Named reads (header sections, device descriptions)

    /// A fixed-width little-endian integer; `what` names it in the error.
    mutating func littleEndian<T: FixedWidthInteger>(_: T.Type, _ what: String) throws(Failure) -> T {
        let size = MemoryLayout<T>.size
        guard end - cursor >= size else { throw failure("\(what) runs past the end of \(region.name)") }
        let value = T(littleEndian: cursor.loadUnaligned(as: T.self))
        cursor += size
        return value
    }

    mutating func byte(_ what: String) throws(Failure) -> UInt8 {
        try littleEndian(UInt8.self, what)
    }

    /// A varint of at most `max`; `what` names it in the errors.
    mutating func varint(_ what: String, max: UInt64 = .max) throws(Failure) -> UInt64 {
        let at = cursor
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard cursor < end else { throw failure("\(what) runs past the end of \(region.name)", at: at) }
            let byte = cursor.load(as: UInt8.self)
            cursor += 1
            if shift == 63 && byte > 1 { throw failure("\(what) is not a valid varint", at: at) }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        guard value <= max else { throw failure("\(what) \(value) is larger than \(max)", at: at) }
        return value
    }

    /// The next `count` bytes.
    mutating func bytes(_ count: Int, _ what: String) throws(Failure) -> UnsafeRawBufferPointer {
        guard count >= 0, end - cursor >= count else {
            throw failure("\(what) of \(count) bytes runs past the end of \(region.name)")
        }
        let slice = UnsafeRawBufferPointer(start: cursor, count: count)
        cursor += count
        return slice
    }

    /// A varint length checked against what is left, then that many bytes of valid UTF-8.
    mutating func string(_ what: String) throws(Failure) -> String {
        let at = cursor
        let length = try varint("\(what) length", max: UInt64(end - cursor))
        let utf8 = try bytes(Int(length), what)
        guard let string = String(validating: utf8.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
            throw failure("\(what) is not valid UTF-8", at: at)
        }
        return string
    }

    /// Every byte left, which the reader steps over.
    mutating func rest() -> UnsafeRawBufferPointer {
        let bytes = UnsafeRawBufferPointer(start: cursor, count: end - cursor)
        cursor = end
        return bytes
    }

    /// A reader over the next `count` bytes (a nested section), which this one steps over.
    mutating func section(_ count: Int, _ what: String) throws(Failure) -> ByteReader {
        let offset = absoluteOffset
        return ByteReader(try bytes(count, what), fileOffset: offset, region: .section)
    }
}

extension ByteReader.Failure {
    /// The same problem as a `TraceInputError` of `file`.
    func inputError(file: String) -> TraceInputError {
        TraceInputError(file: file, location: .byte(offset), message: message)
    }
}
