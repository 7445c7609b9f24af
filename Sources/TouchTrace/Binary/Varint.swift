/// LEB128 varints and zigzag signed mapping, the integer encoding inside chunks and header sections.
///
/// A varint stores 7 bits per byte, least significant group first; the high bit of a byte says
/// another byte follows. Zigzag maps signed to unsigned so that small magnitudes stay small:
/// 0 → 0, −1 → 1, 1 → 2, −2 → 3. Decoders reject varints longer than the type allows, so a
/// damaged byte can never make them read past a bound they were given.
@usableFromInline
enum Varint {
    /// Zigzag-encodes a 64-bit signed value.
    @inline(__always)
    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    /// Undoes `zigzag(_:)`.
    @inlinable @inline(__always)
    static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    /// Zigzag for 32-bit deltas, which wrap: `previous &+ delta` restores any Int32 exactly.
    @inline(__always)
    static func zigzag32(_ value: Int32) -> UInt32 {
        UInt32(bitPattern: (value << 1) ^ (value >> 31))
    }

    /// Undoes `zigzag32(_:)`.
    @inlinable @inline(__always)
    static func unzigzag32(_ value: UInt32) -> Int32 {
        Int32(bitPattern: value >> 1) ^ -Int32(bitPattern: value & 1)
    }

    /// Bytes `value` occupies as a varint.
    static func encodedLength(_ value: UInt64) -> Int {
        var length = 1
        var rest = value >> 7
        while rest != 0 {
            length += 1
            rest >>= 7
        }
        return length
    }
}

// MARK: - Writing

extension Array where Element == UInt8 {
    /// Appends `value` as a varint.
    @inline(__always)
    mutating func appendVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        append(UInt8(truncatingIfNeeded: rest))
    }

    /// Appends `value` zigzag-encoded as a varint.
    @inline(__always)
    mutating func appendZigzag(_ value: Int64) {
        appendVarint(Varint.zigzag(value))
    }

    /// Appends a fixed-width integer in little-endian byte order.
    @inline(__always)
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        var little = value.littleEndian
        Swift.withUnsafeBytes(of: &little) { append(contentsOf: $0) }
    }

    /// Overwrites a fixed-width little-endian integer at `offset` (used to patch lengths and CRCs).
    mutating func setLittleEndian<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        var little = value.littleEndian
        Swift.withUnsafeBytes(of: &little) { bytes in
            for (i, byte) in bytes.enumerated() { self[offset + i] = byte }
        }
    }

    /// Appends a string as a varint byte length followed by its UTF-8 bytes.
    mutating func appendString(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            appendVarint(UInt64(utf8.count))
            append(contentsOf: utf8)
        }
    }
}
