/// The hot path of evemu import: one `E: <sec>.<usec> <type hex> <code hex> <value>` line parsed
/// straight from the file's bytes, without making a string.
enum EvemuEventLine {
    /// Parses the bytes of one line that starts with `E:`. Trailing whitespace and a `# comment` are
    /// allowed, as evemu writes them.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(EvemuLineError) -> EvdevEvent {
        var i = 2  // after "E:"
        let end = line.count
        skipBlanks(line, &i, end)
        guard let seconds = decimal(line, &i, end, limit: Int64(Int32.max)) else {
            throw EvemuLineError("expected `E: <sec>.<usec> <type> <code> <value>`: bad seconds")
        }
        // The field after the `.` is `tv_usec`, an integer of at most six digits, as evemu writes
        // it (`%06u`) and libevemu reads it: `1.5` is 1 s and 5 µs. A seventh digit would be read
        // by libevemu as the event type; it is refused here.
        var micros: Int64 = 0
        if i < end, line[i] == UInt8(ascii: ".") {
            i += 1
            var digits = 0
            while i < end, let digit = digitValue(line[i]) {
                micros = micros &* 10 &+ Int64(digit)
                digits += 1
                i += 1
                guard digits <= 6 else {
                    throw EvemuLineError("the microseconds after the `.` in the time have more than six digits")
                }
            }
            guard digits > 0 else { throw EvemuLineError("expected microseconds after the `.` in the time") }
        }
        guard blank(line, i, end) else { throw EvemuLineError("expected a space after the time") }
        skipBlanks(line, &i, end)
        guard let type = hex(line, &i, end) else { throw EvemuLineError("expected the event type in hex") }
        guard blank(line, i, end) else { throw EvemuLineError("expected a space after the event type") }
        skipBlanks(line, &i, end)
        guard let code = hex(line, &i, end) else { throw EvemuLineError("expected the event code in hex") }
        guard blank(line, i, end) else { throw EvemuLineError("expected a space after the event code") }
        skipBlanks(line, &i, end)
        var negative = false
        if i < end, line[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        guard let magnitude = decimal(line, &i, end, limit: negative ? 2_147_483_648 : 2_147_483_647) else {
            throw EvemuLineError("expected the event value as a 32-bit decimal integer")
        }
        skipBlanks(line, &i, end)
        guard i == end || line[i] == UInt8(ascii: "#") else {
            throw EvemuLineError("unexpected text after the event value")
        }
        return EvdevEvent(
            time: seconds * 1_000_000 + micros, type: type, code: code,
            value: Int32(truncatingIfNeeded: negative ? -magnitude : magnitude)
        )
    }

    @inline(__always)
    private static func digitValue(_ byte: UInt8) -> UInt8? {
        byte &- UInt8(ascii: "0") < 10 ? byte &- UInt8(ascii: "0") : nil
    }

    @inline(__always)
    private static func blank(_ line: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        i < end && (line[i] == UInt8(ascii: " ") || line[i] == UInt8(ascii: "\t"))
    }

    @inline(__always)
    private static func skipBlanks(_ line: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) {
        while blank(line, i, end) { i += 1 }
    }

    /// Decimal digits up to `limit`; nil when there are none or the number is larger.
    @inline(__always)
    private static func decimal(_ line: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int, limit: Int64) -> Int64? {
        let start = i
        var value: Int64 = 0
        while i < end, let digit = digitValue(line[i]) {
            value = value * 10 + Int64(digit)
            if value > limit { return nil }
            i += 1
        }
        return i > start ? value : nil
    }

    /// Hex digits (without `0x`) that fit in 16 bits; nil when there are none or it is larger.
    @inline(__always)
    private static func hex(_ line: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> UInt16? {
        let start = i
        var value: UInt32 = 0
        while i < end {
            let byte = line[i]
            let digit: UInt8
            if let d = digitValue(byte) {
                digit = d
            } else if byte | 0x20 >= UInt8(ascii: "a"), byte | 0x20 <= UInt8(ascii: "f") {
                digit = (byte | 0x20) - UInt8(ascii: "a") + 10
            } else {
                break
            }
            value = value << 4 | UInt32(digit)
            if value > UInt32(UInt16.max) { return nil }
            i += 1
        }
        return i > start ? UInt16(value) : nil
    }
}
