import GestureEngine
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
    init(cursor: UnsafeMutablePointer<UInt8>) {
        self.cursor = cursor
    }

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
        // A copy that may assume no overlap: `update(from:)` compares the addresses first.
        UnsafeMutableRawPointer(cursor).copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
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

    /// Copies `count` bytes 8 at a time, for short spellings made to be copied: 7 bytes past the
    /// end of both `source` and the room reserved may be read and written.
    @inline(__always)
    mutating func copyWords(from source: UnsafePointer<UInt8>, count: Int) {
        var offset = 0
        while offset < count {
            let word = UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(cursor + offset).storeBytes(of: word, as: UInt64.self)
            offset &+= 8
        }
        cursor += count
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
    mutating func timeColumn(_ time: Int64, fourDigits: FourDigits = .table) {
        if time >= 0 && time < 10_000_000_000 {
            // The last eight digits as one word from two table loads, the first two (when the
            // time has them) as a pair: two stores and no division loop.
            let top = UInt64(time) / 100_000_000
            var low = fourDigits.eightDigits(UInt64(time) &- top &* 100_000_000)
            var head: UInt16 = 0x2020  // two spaces
            if top >= 10 {
                head = UInt16(truncatingIfNeeded: Self.digitPairWord(UInt32(truncatingIfNeeded: top)))
            } else if top > 0 {
                head = 0x20 | UInt16(0x30 &+ top) << 8
            } else {
                // Leading zeros of the eight become spaces ("0" minus 0x10): a zero byte once
                // XORed with "0"s, the set bit 56 keeping the last digit.
                let zeroBits = ((low ^ 0x3030_3030_3030_3030) | 1 << 56).trailingZeroBitCount & ~7
                low &-= 0x1010_1010_1010_1010 & ((1 &<< UInt64(truncatingIfNeeded: zeroBits)) &- 1)
            }
            UnsafeMutableRawPointer(cursor).storeBytes(of: head.littleEndian, as: UInt16.self)
            UnsafeMutableRawPointer(cursor + 2).storeBytes(of: low.littleEndian, as: UInt64.self)
            cursor += 10
            return
        }
        let digits = Self.digitCount(time.magnitude) + (time < 0 ? 1 : 0)
        if digits < 10 {
            cursor.update(repeating: 0x20, count: 10 - digits)
            cursor += 10 - digits
        }
        integer(time)
    }

    /// An integer without padding (JSON Lines' `"t"`, a touch's own time, a touch id): from 0
    /// to 9,999,999,999 as the time column spells its digits, two stores; others as `integer`.
    @inline(__always)
    mutating func wideInteger(_ value: Int64, fourDigits: FourDigits = .table) {
        guard value >= 0 && value < 10_000_000_000 else { return integer(value) }
        let top = UInt64(value) / 100_000_000
        let low = fourDigits.eightDigits(UInt64(value) &- top &* 100_000_000)
        if top == 0 {
            // Up to seven leading zeros shifted out: a leading "0" is a zero byte once XORed
            // with "0"s; the set bit 56 keeps the last digit. One bit scan, no comparisons.
            let zeroBits = ((low ^ 0x3030_3030_3030_3030) | 1 << 56).trailingZeroBitCount & ~7
            UnsafeMutableRawPointer(cursor).storeBytes(of: (low &>> UInt64(truncatingIfNeeded: zeroBits)).littleEndian, as: UInt64.self)
            cursor += 8 &- zeroBits &>> 3
            return
        }
        if top >= 10 {
            let pair = UInt16(truncatingIfNeeded: Self.digitPairWord(UInt32(truncatingIfNeeded: top)))
            UnsafeMutableRawPointer(cursor).storeBytes(of: pair.littleEndian, as: UInt16.self)
            cursor += 2
        } else {
            byte(0x30 &+ UInt8(truncatingIfNeeded: top))
        }
        UnsafeMutableRawPointer(cursor).storeBytes(of: low.littleEndian, as: UInt64.self)
        cursor += 8
    }

    /// `wideInteger` out of line, for the numbers a hot loop meets less often (a touch's own
    /// time, a touch id from 10,000, as every touch of a long session has): its constants and
    /// registers then stay out of the loop. Takes and returns the cursor by value, so the
    /// caller's cursor needs no address.
    @inline(never)
    static func outlinedWideInteger(_ value: Int64, at cursor: UnsafeMutablePointer<UInt8>, fourDigits: FourDigits) -> UnsafeMutablePointer<UInt8> {
        var line = LogLine(cursor: cursor)
        line.wideInteger(value, fourDigits: fourDigits)
        return line.cursor
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

    /// Two decimals (points).
    @inline(__always)
    mutating func fixed2(_ value: Double, fourDigits: FourDigits = .table) {
        // The fast path stores a separator after the number: a zero byte, taken back.
        fixed2(value, then: 0, fourDigits: fourDigits)
        cursor -= 1
    }

    /// Two decimals (points) followed by `separator`, which the common case stores with the number.
    @inline(__always)
    mutating func fixed2(_ value: Double, then separator: UInt8, fourDigits: FourDigits = .table) {
        fixed2(value, hundredths: Self.hundredths(value, value).x, then: separator, fourDigits: fourDigits)
    }

    /// `x` and `y` with two decimals, each followed by its separator (`(x,y)`'s `,` and `)`).
    @inline(__always)
    mutating func fixed2(_ x: Double, then xSeparator: UInt8, _ y: Double, then ySeparator: UInt8, fourDigits: FourDigits = .table) {
        let rounded = Self.hundredths(x, y)
        fixed2(x, hundredths: rounded.x, then: xSeparator, fourDigits: fourDigits)
        fixed2(y, hundredths: rounded.y, then: ySeparator, fourDigits: fourDigits)
    }

    /// The hundredths of `x` and `y`, rounded half away from zero as `scaled` rounds them, in the
    /// two lanes of one vector (a point's two coordinates for the arithmetic of one). A result of
    /// 1,000,000 or more (a negative product below -0.25, a nan, an infinity, 10,000 points or
    /// more) is a value for the general path; below, the hundredths themselves.
    @inline(__always)
    static func hundredths(_ x: Double, _ y: Double) -> (x: UInt64, y: UInt64) {
        // Adding 2^52 rounds the product to the nearest integer (ties to even) and leaves it in
        // the low bits of the mantissa: no conversion instruction. The same bits less 2^52's
        // are below 1,000,000 exactly when that integer is, which one unsigned comparison checks.
        let products = SIMD2(x, y) * 100
        let biased = products + 0x1p52
        // The difference is exact, so a tie rounded down to even is seen and taken up, its
        // lane's mask (all ones) subtracted: half away from zero (the other tie, rounded up,
        // already is; a tie never lands a result from 1,000,000 or more to below it).
        let tie = products - (biased - 0x1p52) .== 0.5
        let rounded = unsafeBitCast(biased, to: SIMD2<UInt64>.self) &- unsafeBitCast(tie, to: SIMD2<UInt64>.self)
            &- (0x1p52 as Double).bitPattern
        return (rounded.x, rounded.y)
    }

    /// `value`, whose `hundredths` are given, with two decimals and `separator` after it; in
    /// `json` (a constant at each call), a value that is not finite is `null`.
    @inline(__always)
    mutating func fixed2(_ value: Double, hundredths rounded: UInt64, then separator: UInt8, fourDigits: FourDigits, json: Bool = false) {
        // Most coordinates are from 0 to 9,999.99 points: they need no sign and no 64-bit digits.
        guard rounded < 1_000_000 else {
            // Through the cursor's value, not `self`: a call given `self`'s address would keep
            // the caller's cursor in memory, stored after every number.
            cursor = json ? Self.jsonFixed2Slow(value, at: cursor) : Self.fixed2Slow(value, at: cursor)
            return byte(separator)
        }
        let hundredths = UInt32(truncatingIfNeeded: rounded)
        let whole = hundredths / 100
        let fraction = hundredths &- whole &* 100
        // "WWWW.FF" and the separator as one 8-byte word (byte i = character i): one store
        // instead of eight, and no branch on the number of digits.
        let word = fourDigits[whole] | fourDigits.fractionWord(fraction, then: separator)
        // The word's last bytes, zeros once the leading zeros are shifted out, land past the
        // number: the room reserved covers them and the next store overwrites them.
        store(fourDigits.droppingLeadingZeros(word, of: whole), length: 8)
    }

    /// A touch id and the byte after it: ids below 10,000 as one word like `fixed2`'s; ids to
    /// 99,999,999 (every touch after the first 10,000 of a session) as one word of two table
    /// loads, then the separator; larger ones as `wideInteger`, out of line.
    @inline(__always)
    mutating func identifier(_ identifier: UInt32, then separator: UInt8, fourDigits: FourDigits = .table) {
        guard identifier < 10_000 else {
            if identifier < 100_000_000 {
                // The first four digits are at least 1: their leading zeros are the word's.
                let high = identifier / 10_000
                let word = fourDigits[high] | fourDigits[identifier &- high &* 10_000] << 32
                store(fourDigits.droppingLeadingZeros(word, of: high), length: 8)
            } else {
                cursor = Self.outlinedWideInteger(Int64(identifier), at: cursor, fourDigits: fourDigits)
            }
            return byte(separator)
        }
        store(fourDigits.droppingLeadingZeros(fourDigits[identifier] | UInt64(separator) << 32, of: identifier), length: 5)
    }

    /// Stores the 8 bytes of `shortened` and advances past its first `length` characters less
    /// those dropped: one store for a whole number, its spare bytes overwritten by the next.
    @inline(__always)
    mutating func store(_ shortened: (word: UInt64, dropped: Int), length: Int) {
        UnsafeMutableRawPointer(cursor).storeBytes(of: shortened.word.littleEndian, as: UInt64.self)
        cursor += length &- shortened.dropped
    }

    /// Two digits of `value` (0 to 99) as the low 16 bits of a word, first digit in the low byte.
    @inline(__always)
    static func digitPairWord(_ value: UInt32) -> UInt64 {
        let pair = UnsafeRawPointer(digitPairs.utf8Start + 2 &* Int(value)).loadUnaligned(as: UInt16.self)
        return UInt64(UInt16(littleEndian: pair))
    }

    /// Two decimals for what the fast path leaves (negative, 10,000 and above, not finite),
    /// written at `cursor`; returns the cursor after them.
    @inline(never)
    static func fixed2Slow(_ value: Double, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var line = LogLine(cursor: cursor)
        line.fixed2General(value)
        return line.cursor
    }

    /// `fixed2Slow` in JSON: a value that is not finite is `null`.
    @inline(never)
    static func jsonFixed2Slow(_ value: Double, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var line = LogLine(cursor: cursor)
        if value.isFinite { line.fixed2General(value) } else { line.put("null") }
        return line.cursor
    }

    @inline(__always)
    private mutating func fixed2General(_ value: Double) {
        guard let scaled = Self.scaled(value, by: 100) else { return beyondFixedPoint(value) }
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

    /// Four decimals (scales, angles, rates). Magnitudes below 10,000 (every scale, angle and rate
    /// of a real gesture) take two table loads and two stores; the rest `fixed4General`, out of
    /// line. Both round half away from zero, so they print the same digits.
    @inline(__always)
    mutating func fixed4(_ value: Double, fourDigits: FourDigits = .table) {
        // The ten-thousandths of the magnitude rounded as `hundredths` rounds (adding 2^52 leaves
        // the nearest integer, ties to even, in the mantissa's low bits; a tie rounded down is
        // taken up). Below 100,000,000 exactly when the magnitude rounds below 10,000; a nan, an
        // infinity or a larger magnitude gives a larger difference of bit patterns.
        let product = value.magnitude * 10_000
        let biased = product + 0x1p52
        let tie: UInt64 = product - (biased - 0x1p52) == 0.5 ? 1 : 0
        let rounded = biased.bitPattern &- (0x1p52 as Double).bitPattern &+ tie
        guard rounded < 100_000_000 else {
            cursor = Self.fixed4Slow(value, at: cursor)
            return
        }
        if value < 0 && rounded != 0 { byte(UInt8(ascii: "-")) }
        let tenThousandths = UInt32(truncatingIfNeeded: rounded)
        let whole = tenThousandths / 10_000
        let fraction = tenThousandths &- whole &* 10_000
        // "WWWW" less its leading zeros, then ".FFFF": two stores, their spare bytes overwritten
        // by what follows (the room reserved covers them).
        store(fourDigits.droppingLeadingZeros(fourDigits[whole], of: whole), length: 4)
        UnsafeMutableRawPointer(cursor).storeBytes(of: (0x2E | fourDigits[fraction] << 8).littleEndian, as: UInt64.self)
        cursor += 5
    }

    /// `fixed4` for what its fast path leaves (10,000 and above, not finite), written at `cursor`;
    /// returns the cursor after it.
    @inline(never)
    static func fixed4Slow(_ value: Double, at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var line = LogLine(cursor: cursor)
        line.fixed4General(value)
        return line.cursor
    }

    /// Four decimals of any value: the divisor a constant.
    private mutating func fixed4General(_ value: Double) {
        guard let scaled = Self.scaled(value, by: 10_000) else { return beyondFixedPoint(value) }
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

    /// A value the fixed-point paths leave: not finite (`nan`, `inf`, `-inf`), or too large to
    /// print without an exponent (written as Swift prints it, `1e+16`, a valid JSON number too).
    @inline(never)
    mutating func beyondFixedPoint(_ value: Double) {
        if value.isFinite {
            var text = value.description
            text.withUTF8 { utf8 in
                UnsafeMutableRawPointer(cursor).copyMemory(from: utf8.baseAddress!, byteCount: utf8.count)
                cursor += utf8.count
            }
            return
        }
        put(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
    }

    /// `fixed4` in JSON: a value that is not finite is `null`, as JSON has no infinity.
    @inline(__always)
    mutating func jsonFixed4(_ value: Double, fourDigits: FourDigits = .table) {
        if value.isFinite { fixed4(value, fourDigits: fourDigits) } else { put("null") }
    }

    /// A custom action value (`ActionValues[custom:]`): a number with four decimals (`null` in
    /// JSON when not finite), an integer, or a text as a JSON string in both formats.
    mutating func custom(_ value: ActionValue, json: Bool) {
        switch value {
        case .number(let number): if json { jsonFixed4(number) } else { fixed4(number) }
        case .integer(let integer): self.integer(Int64(integer))
        case .text(let text): quoted(text)
        }
    }

    /// An action's point or vector, `(x,y)`: either sign on the fast path.
    @inline(__always)
    mutating func pair(_ x: Double, _ y: Double, fourDigits: FourDigits = .table) {
        byte(UInt8(ascii: "(")); signedFixed2(x, then: UInt8(ascii: ","), y, then: UInt8(ascii: ")"), fourDigits: fourDigits)
    }

    /// `pair` in JSON, `[x,y]`; a coordinate that is not finite is `null`.
    @inline(__always)
    mutating func jsonPair(_ x: Double, _ y: Double, fourDigits: FourDigits = .table) {
        byte(UInt8(ascii: "[")); signedFixed2(x, then: UInt8(ascii: ","), y, then: UInt8(ascii: "]"), fourDigits: fourDigits, json: true)
    }

    /// `fixed2` of `x` and `y` with their separators, negative values on the fast path too: an
    /// action's translation and velocity are negative as often as not. The magnitudes round as
    /// `hundredths` rounds (half away from zero is symmetric), and a minus sign is stored before
    /// every number and kept, without a branch, for a negative one that does not round to zero.
    @inline(__always)
    mutating func signedFixed2(
        _ x: Double, then xSeparator: UInt8, _ y: Double, then ySeparator: UInt8, fourDigits: FourDigits = .table, json: Bool = false
    ) {
        let rounded = Self.hundredths(x.magnitude, y.magnitude)
        signedFixed2(x, magnitude: rounded.x, then: xSeparator, fourDigits: fourDigits, json: json)
        signedFixed2(y, magnitude: rounded.y, then: ySeparator, fourDigits: fourDigits, json: json)
    }

    /// In `json` (a constant at each call), a value that is not finite is `null`: every such value
    /// takes the slow path, as its magnitude's hundredths pass the fast path's bound.
    @inline(__always)
    private mutating func signedFixed2(_ value: Double, magnitude rounded: UInt64, then separator: UInt8, fourDigits: FourDigits, json: Bool) {
        guard rounded < 1_000_000 else {
            cursor = json ? Self.jsonFixed2Slow(value, at: cursor) : Self.fixed2Slow(value, at: cursor)
            return byte(separator)
        }
        cursor.pointee = UInt8(ascii: "-")
        cursor += value < 0 && rounded != 0 ? 1 : 0
        fixed2(value, hundredths: rounded, then: separator, fourDigits: fourDigits)
    }

    /// `value` rounded half away from zero to `decimals` places; never "-0.00", never exponents.
    mutating func fixed(_ value: Double, _ decimals: Int) {
        switch decimals {
        case 2: fixed2(value)
        case 4: fixed4(value)
        default:
            let scale = Self.power(decimals)
            guard let scaled = Self.scaled(value, by: scale) else { return beyondFixedPoint(value) }
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

/// "0000" to "9999", each as the low 32 bits of a word (byte i = character i): the whole part of
/// a coordinate or a touch id in one load instead of a division and two digit-pair loads; with
/// the tables a fixed-point number needs beside it. 50 KB, built once; a `view` line fetches it
/// once for all its touches (`TouchesLine`), as reaching a global checks its initialisation.
///
/// One block at one address: the three tables cost a register in a loop, not three.
struct FourDigits: @unchecked Sendable {  // written once, before any read, then never
    /// 10,000 words of four digits, then four tables of 100 words ".FF" and a separator
    /// (`fractionWord`), then 10,000 bytes of leading zero bits (`droppingLeadingZeros`).
    private let base: UnsafeRawPointer
    private static let fractionsOffset = 4 * 10_000
    /// The separators whose fraction tables are kept, in table order: none, and those of a
    /// point's two coordinates.
    private static let separators: [UInt8] = [0, UInt8(ascii: ","), UInt8(ascii: ")"), UInt8(ascii: "]")]
    private static let zeroBitsOffset = fractionsOffset + 8 * 100 * 4

    static let table: FourDigits = {
        let base = UnsafeMutableRawPointer.allocate(byteCount: zeroBitsOffset + 10_000, alignment: 8)
        for value in 0..<10_000 {
            var word: UInt32 = 0
            var rest = value
            for position in (0..<4).reversed() {
                word |= UInt32(0x30 + rest % 10) << (8 * position)
                rest /= 10
            }
            base.storeBytes(of: word.littleEndian, toByteOffset: 4 * value, as: UInt32.self)
            let zeros = value < 10 ? 3 : value < 100 ? 2 : value < 1_000 ? 1 : 0
            base.storeBytes(of: UInt8(8 * zeros), toByteOffset: zeroBitsOffset + value, as: UInt8.self)
        }
        for (table, separator) in separators.enumerated() {
            for value in 0..<100 {
                let digits = UInt64(0x30 + value / 10) | UInt64(0x30 + value % 10) << 8
                let word: UInt64 = 0x2E << 32 | digits << 40 | UInt64(separator) << 56
                base.storeBytes(of: word.littleEndian, toByteOffset: fractionsOffset + 8 * (100 * table + value), as: UInt64.self)
            }
        }
        return FourDigits(base: UnsafeRawPointer(base))
    }()

    /// The four digits of `value` (below 10,000), first digit in the low byte.
    @inline(__always)
    subscript(value: UInt32) -> UInt64 {
        UInt64(UInt32(littleEndian: base.load(fromByteOffset: 4 &* Int(value), as: UInt32.self)))
    }

    /// ".FF" and `separator`, the two decimals `value` (below 100) and the byte after them, as
    /// characters 4 to 7 of a word: the rest of a number whose whole part is the word's first
    /// four. The separators of points come with the table load (a constant separator picks its
    /// table when inlined); others are or-ed in.
    @inline(__always)
    func fractionWord(_ value: UInt32, then separator: UInt8) -> UInt64 {
        let table: Int
        switch separator {
        case UInt8(ascii: ","): table = 1
        case UInt8(ascii: ")"): table = 2
        case UInt8(ascii: "]"): table = 3
        default: table = 0
        }
        let word = base.load(fromByteOffset: Self.fractionsOffset &+ 8 &* (100 &* table &+ Int(value)), as: UInt64.self)
        return UInt64(littleEndian: word) | (table == 0 ? UInt64(separator) << 56 : 0)
    }

    /// `word` (characters from the low byte up) whose first four are the digits of `value`
    /// (below 10,000), without their leading zeros but the last, and how many characters it
    /// lost: one byte load instead of a bit scan and its masks.
    @inline(__always)
    func droppingLeadingZeros(_ word: UInt64, of value: UInt32) -> (word: UInt64, dropped: Int) {
        let bits = base.load(fromByteOffset: Self.zeroBitsOffset &+ Int(value), as: UInt8.self)
        return (word &>> UInt64(bits), Int(bits &>> 3))
    }

    /// The eight digits of `value` (below 100,000,000), first digit in the low byte.
    @inline(__always)
    func eightDigits(_ value: UInt64) -> UInt64 {
        let high = UInt32(truncatingIfNeeded: value / 10_000)
        return self[high] | self[UInt32(truncatingIfNeeded: value) &- high &* 10_000] << 32
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
