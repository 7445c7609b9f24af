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
    /// Digits are written in place, last first: no buffer, no generic machinery per digit.
    mutating func append(_ value: Int64, width: Int = 0, pad: UInt8 = UInt8(ascii: " ")) {
        let magnitude = value.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let length = digits + (value < 0 ? 1 : 0)
        if value < 0, pad == UInt8(ascii: "0") { bytes.append(UInt8(ascii: "-")) }
        for _ in length..<max(width, length) { bytes.append(pad) }
        if value < 0, pad != UInt8(ascii: "0") { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        for _ in 0..<digits { bytes.append(UInt8(ascii: "0")) }
        var index = start + digits - 1
        rest = magnitude
        while index >= start {
            bytes[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// Four lowercase hex digits, as evemu writes types and codes.
    mutating func appendHex4(_ value: UInt16) {
        bytes.append(Self.hexDigit(value >> 12))
        bytes.append(Self.hexDigit(value >> 8))
        bytes.append(Self.hexDigit(value >> 4))
        bytes.append(Self.hexDigit(value))
    }

    private static func hexDigit(_ value: UInt16) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value & 0xf)
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Hands the text gathered so far to `file` and forgets it: the streaming writers call this
    /// whenever `count` passes `drainThreshold`, and once at the end.
    mutating func drain(to file: OutputFile) throws(OutputFileError) {
        try file.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    var count: Int { bytes.count }
    static let drainThreshold = 1 << 16

    /// Refuses text a line-based format cannot hold as written: a control character (a line break
    /// ends the line early, and Touchstone's own reader would then reject the file). Tabs are fine.
    /// Also refuses text longer than a line the format's reader takes (`TextLineCursor`).
    static func refuseControlCharacters(in text: String, what: String, format: String, file: String) throws(TraceWriteError) {
        let limit = TextLineCursor.maximumLineLength - 1024
        guard text.utf8.count <= limit else {
            throw TraceWriteError(file: file, message: "\(what) is \(text.utf8.count) bytes long; \(format) holds lines of at most \(limit) bytes")
        }
        guard let bad = text.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else { return }
        let code = String(bad.value, radix: 16, uppercase: true)
        throw TraceWriteError(
            file: file, message: "\(what) holds a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)), which \(format) cannot hold")
    }
}
