import TouchTrace

/// Writes one line into room reserved in a `LogBuffer`: a cursor in a local variable, so that the
/// stores of one line are not interleaved with loads and stores of the buffer's fields.
struct LogLine {
    var cursor: UnsafeMutablePointer<UInt8>

    /// Room for the longest spelling of a line whose texts are `text` (quoted, each byte may take
    /// six: `\u001f`) plus numbers, words and punctuation.
    @inline(__always)
    static func room(quoting text: String) -> Int { 6 * text.utf8.count + 256 }

    @inline(__always)
    init(_ buffer: LogBuffer, room: Int) {
        buffer.reserve(room)
        cursor = buffer.base + buffer.count
    }

    @inline(__always)
    func end(_ buffer: LogBuffer) {
        buffer.count = cursor - buffer.base
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        cursor.pointee = value
        cursor += 1
    }

    @inline(__always)
    mutating func newline() { byte(0x0A) }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        cursor.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        cursor += text.utf8CodeUnitCount
    }

    /// A `String` (names, notes): its own name, so that a literal never picks it over the
    /// `StaticString` overload.
    @inline(__always)
    mutating func text(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            if let start = utf8.baseAddress { cursor.update(from: start, count: utf8.count) }
            cursor += utf8.count
        }
        if copied == nil { for unit in text.utf8 { byte(unit) } }
    }

    /// `text` as a JSON string, escaped by the one escaper (`JSONText.forEachEscapedByte`).
    mutating func quoted(_ text: String) {
        var cursor = self.cursor
        cursor.pointee = UInt8(ascii: "\"")
        cursor += 1
        JSONText.forEachEscapedByte(of: text) { unit in
            cursor.pointee = unit
            cursor += 1
        }
        cursor.pointee = UInt8(ascii: "\"")
        self.cursor = cursor + 1
    }

    /// Ten columns, right-aligned (wider times simply push the line right).
    @inline(__always)
    mutating func timeColumn(_ time: Int64) {
        let digits = Self.digitCount(time.magnitude) + (time < 0 ? 1 : 0)
        if digits < 10 {
            cursor.update(repeating: 0x20, count: 10 - digits)
            cursor += 10 - digits
        }
        integer(time)
    }

    @inline(__always)
    mutating func integer(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    /// `value` in decimal, zero-padded to `minimumDigits`.
    @inline(__always)
    mutating func unsigned(_ value: UInt64, minimumDigits: Int = 1) {
        let count = max(Self.digitCount(value), minimumDigits)
        cursor += count
        Self.writeDigits(value, count: count, endingAt: cursor)
    }

    /// Writes the last `count` decimal digits of `value` to the `count` bytes before `end`, two
    /// digits per step from the end.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        var cursor = end
        var rest = value
        var remaining = count
        let pairs = digitPairs.utf8Start
        while remaining >= 2 {
            let quotient = rest / 100
            let pair = Int(truncatingIfNeeded: rest &- quotient &* 100)
            cursor -= 2
            cursor[0] = pairs[2 &* pair]
            cursor[1] = pairs[2 &* pair &+ 1]
            rest = quotient
            remaining -= 2
        }
        if remaining == 1 { (cursor - 1).pointee = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10) }
    }

    /// "00" to "99": two digits per table read instead of a division and a remainder.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Two decimals (points): the divisor a constant, the two decimals one table read.
    @inline(__always)
    mutating func fixed2(_ value: Double) {
        // Most coordinates are from 0 to 9,999.99 points: their hundredths, rounded as `scaled`
        // rounds them (truncate, then half away from zero on the exact remainder), need no
        // sign, no 64-bit range checks and at most two digit pairs before the point.
        let product = value * 100
        if product >= 0 && product < 999_999.5 {
            var hundredths = UInt32(product)
            if product - Double(hundredths) >= 0.5 { hundredths += 1 }
            let whole = hundredths / 100
            let fraction = Int(truncatingIfNeeded: hundredths &- whole &* 100)
            let pairs = Self.digitPairs.utf8Start
            if whole < 10 {
                byte(0x30 &+ UInt8(truncatingIfNeeded: whole))
            } else if whole < 100 {
                cursor[0] = pairs[2 &* Int(whole)]
                cursor[1] = pairs[2 &* Int(whole) &+ 1]
                cursor += 2
            } else {
                let high = whole / 100
                let low = Int(truncatingIfNeeded: whole &- high &* 100)
                if high < 10 {
                    byte(0x30 &+ UInt8(truncatingIfNeeded: high))
                } else {
                    cursor[0] = pairs[2 &* Int(high)]
                    cursor[1] = pairs[2 &* Int(high) &+ 1]
                    cursor += 2
                }
                cursor[0] = pairs[2 &* low]
                cursor[1] = pairs[2 &* low &+ 1]
                cursor += 2
            }
            cursor[0] = UInt8(ascii: ".")
            cursor[1] = pairs[2 &* fraction]
            cursor[2] = pairs[2 &* fraction &+ 1]
            cursor += 3
            return
        }
        guard let scaled = Self.scaled(value, by: 100) else { return nonFinite(value) }
        let magnitude = scaled.magnitude
        let whole = magnitude / 100
        let fraction = Int(truncatingIfNeeded: magnitude &- whole &* 100)
        if scaled < 0 { byte(UInt8(ascii: "-")) }
        let digits = Self.digitCount(whole)
        cursor += digits
        Self.writeDigits(whole, count: digits, endingAt: cursor)
        let pairs = Self.digitPairs.utf8Start
        cursor[0] = UInt8(ascii: ".")
        cursor[1] = pairs[2 &* fraction]
        cursor[2] = pairs[2 &* fraction &+ 1]
        cursor += 3
    }

    /// Four decimals (scales, angles, rates): the divisor a constant.
    @inline(__always)
    mutating func fixed4(_ value: Double) {
        guard let scaled = Self.scaled(value, by: 10_000) else { return nonFinite(value) }
        let magnitude = scaled.magnitude
        let whole = magnitude / 10_000
        let fraction = magnitude &- whole &* 10_000
        if scaled < 0 { byte(UInt8(ascii: "-")) }
        let digits = Self.digitCount(whole)
        cursor += digits
        Self.writeDigits(whole, count: digits, endingAt: cursor)
        cursor.pointee = UInt8(ascii: ".")
        cursor += 5
        Self.writeDigits(fraction, count: 4, endingAt: cursor)
    }

    /// `value × scale` rounded half away from zero, or nil when `value` is not finite or too large
    /// to print without an exponent. No libm call: truncate, then round on the remainder, which is
    /// exact (Sterbenz), so this equals `rounded(.toNearestOrAwayFromZero)` for every input.
    @inline(__always)
    static func scaled(_ value: Double, by scale: Double) -> Int64? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        let product = value * scale
        var scaled = Int64(product)
        let remainder = product - Double(scaled)
        if remainder >= 0.5 { scaled += 1 } else if remainder <= -0.5 { scaled -= 1 }
        return scaled
    }

    mutating func nonFinite(_ value: Double) {
        put(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
    }

    @inline(__always)
    mutating func pair(_ x: Double, _ y: Double) {
        byte(UInt8(ascii: "(")); fixed2(x); byte(UInt8(ascii: ",")); fixed2(y); byte(UInt8(ascii: ")"))
    }

    @inline(__always)
    mutating func jsonPair(_ x: Double, _ y: Double) {
        byte(UInt8(ascii: "[")); fixed2(x); byte(UInt8(ascii: ",")); fixed2(y); byte(UInt8(ascii: "]"))
    }

    /// `value` rounded half away from zero to `decimals` places; never "-0.00", never exponents.
    mutating func fixed(_ value: Double, _ decimals: Int) {
        switch decimals {
        case 2: fixed2(value)
        case 4: fixed4(value)
        default:
            let scale = Self.power(decimals)
            guard let scaled = Self.scaled(value, by: scale) else { return nonFinite(value) }
            if scaled < 0 { byte(UInt8(ascii: "-")) }
            let divisor = UInt64(scale)
            unsigned(scaled.magnitude / divisor)
            if decimals > 0 {
                byte(UInt8(ascii: "."))
                unsigned(scaled.magnitude % divisor, minimumDigits: decimals)
            }
        }
    }

    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        // Log numbers are mostly 1 to 7 digits: a short chain of comparisons beats division.
        if value < 10 { return 1 }
        if value < 100 { return 2 }
        if value < 1_000 { return 3 }
        if value < 10_000 { return 4 }
        if value < 100_000 { return 5 }
        if value < 1_000_000 { return 6 }
        if value < 10_000_000 { return 7 }
        var count = 8
        var rest = value / 100_000_000
        while rest > 0 { rest /= 10; count += 1 }
        return count
    }

    static func power(_ decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return scale
    }
}

/// Locale-free fixed-point formatting of doubles, for tables and reports (the log writes its own).
enum FixedPoint {
    static func format(_ value: Double, decimals: Int) -> String {
        let buffer = LogBuffer(capacity: 64 + max(0, decimals))
        var line = LogLine(buffer, room: 64 + max(0, decimals))
        line.fixed(value, decimals)
        line.end(buffer)
        return String(decoding: UnsafeBufferPointer(start: buffer.base, count: buffer.count), as: UTF8.self)
    }
}
