/// Reads one text line's bytes token by token without copying: the small lexer the `getevent` and
/// `evtest` readers share. Numbers are range-checked as they are read, so no file can overflow them.
struct LineScanner {
    /// What is wrong with one line; the caller adds the file and the line number.
    struct LineError: Error {
        var message: String
        /// The line at fault when it is not the one being read (an evtest event line wrapped by a
        /// mail client that the next line does not complete); nil for the line being read.
        var line: Int?
        init(_ message: String, line: Int? = nil) {
            self.message = message
            self.line = line
        }
    }

    /// Calls `body` with each line of `bytes` and its number; a `LineError` becomes a
    /// `TraceInputError` naming `file` and the line.
    static func forEachLine(
        _ bytes: [UInt8], file: String, _ body: (UnsafeBufferPointer<UInt8>, Int) throws(LineError) -> Void
    ) throws(TraceInputError) {
        try bytes.withUnsafeBufferPointer { (all) throws(TraceInputError) in
            try TextLines.forEach(in: all) { (line, number) throws(TraceInputError) in
                do throws(LineError) {
                    try body(line, number)
                } catch {
                    throw TraceInputError(file: file, location: .line(number), message: error.message)
                }
            }
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    var atEnd: Bool { index >= bytes.count }

    static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Whether `byte` may stand in the margin a paste puts before every line of a log: a blank, or
    /// a mail reply's quote mark (`> `, `> > `, `>>`). No getevent or evtest line begins with `>`.
    static func isMargin(_ byte: UInt8) -> Bool { isBlank(byte) || byte == UInt8(ascii: ">") }

    /// Whether `line` holds nothing but blanks.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool { line.allSatisfy(isBlank) }

    mutating func skipBlanks() {
        while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
    }

    /// The rest of the line, blanks around it removed.
    var rest: UnsafeBufferPointer<UInt8> {
        var start = index
        while start < bytes.count, Self.isBlank(bytes[start]) { start += 1 }
        var end = bytes.count
        while end > start, Self.isBlank(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Skips blanks, then takes `literal` if the line continues with it.
    mutating func take(_ literal: StaticString) -> Bool {
        skipBlanks()
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in (0..<count).allSatisfy { bytes[index + $0] == expected[$0] } }
        if matches { index += count }
        return matches
    }

    /// The next run of bytes up to a blank or one of `stops` (blanks skipped first); empty at the end.
    mutating func token(stoppingAt stops: StaticString = "") -> UnsafeBufferPointer<UInt8> {
        skipBlanks()
        let start = index
        stops.withUTF8Buffer { stopBytes in
            while index < bytes.count, !Self.isBlank(bytes[index]), !stopBytes.contains(bytes[index]) { index += 1 }
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }

    // MARK: - Numbers

    /// An optionally negative decimal integer whose magnitude is at most `limit`.
    static func decimal(_ token: UnsafeBufferPointer<UInt8>, limit: Int64 = Int64(Int32.max) + 1) -> Int64? {
        var index = 0
        var negative = false
        if token.first == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        guard index < token.count else { return nil }
        var value: Int64 = 0
        while index < token.count {
            let digit = token[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)  // value <= limit <= 2^62 before this, so no overflow
            guard value <= limit else { return nil }
            index += 1
        }
        return negative ? -value : value
    }

    /// Hexadecimal digits (an optional `0x` prefix), at most `digits` of them.
    static func hex(_ token: UnsafeBufferPointer<UInt8>, digits: Int = 8) -> UInt32? {
        var index = 0
        if token.count > 2, token[0] == UInt8(ascii: "0"), token[1] | 0x20 == UInt8(ascii: "x") { index = 2 }
        guard index < token.count, token.count - index <= digits, digits <= 8 else { return nil }
        var value: UInt32 = 0
        while index < token.count {
            let byte = token[index]
            let digit: UInt8
            if byte &- UInt8(ascii: "0") < 10 {
                digit = byte &- UInt8(ascii: "0")
            } else if (byte | 0x20) &- UInt8(ascii: "a") < 6 {
                digit = (byte | 0x20) &- UInt8(ascii: "a") &+ 10
            } else {
                return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// `seconds.microseconds` (exactly six digits after the point, as every tool prints them) in
    /// microseconds; seconds up to 2^31.
    static func time(_ token: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let dot = token.firstIndex(of: UInt8(ascii: ".")), token.count - dot - 1 == 6,
            let seconds = decimal(UnsafeBufferPointer(rebasing: token[..<dot]), limit: Int64(Int32.max)), seconds >= 0,
            let micros = decimal(UnsafeBufferPointer(rebasing: token[(dot + 1)...]), limit: 999_999), micros >= 0,
            token[dot + 1] != UInt8(ascii: "-")
        else { return nil }
        return seconds * 1_000_000 + micros
    }

    static func string(_ token: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: token, as: UTF8.self)
    }

    /// A double-quoted string's contents (no escapes: the tools print names as they are).
    static func quoted(_ token: UnsafeBufferPointer<UInt8>) -> String? {
        guard token.count >= 2, token.first == UInt8(ascii: "\""), token.last == UInt8(ascii: "\"") else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: token[1..<(token.count - 1)]), as: UTF8.self)
    }
}
