/// Text built as bytes: the writers' output buffer, so a line per evdev event costs a few appends
/// instead of string interpolation.
struct TextOutput {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// A decimal number, right-aligned in `width` columns filled with `pad` (`0` pads after the sign).
    mutating func append(_ value: Int64, width: Int = 0, pad: UInt8 = UInt8(ascii: " ")) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var magnitude = value.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
        }
        let length = count + (value < 0 ? 1 : 0)
        if value < 0, pad == UInt8(ascii: "0") { bytes.append(UInt8(ascii: "-")) }
        if length < width { bytes.append(contentsOf: repeatElement(pad, count: width - length)) }
        if value < 0, pad != UInt8(ascii: "0") { bytes.append(UInt8(ascii: "-")) }
        withUnsafeBytes(of: &digits) { buffer in
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// Four lowercase hex digits, as evemu writes types and codes.
    mutating func appendHex4(_ value: UInt16) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { table in
            for shift in stride(from: 12, through: 0, by: -4) {
                bytes.append(table[Int(value >> UInt16(shift)) & 0xf])
            }
        }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
