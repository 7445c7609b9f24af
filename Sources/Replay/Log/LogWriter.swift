import TouchTrace
/// Appends canonical log lines (`docs/replay-log.md`) to a byte buffer, in either format.
///
/// Numbers are printed digit by digit from integers after fixed rounding, never through
/// locale-dependent formatting, so the same replay gives the same bytes on every machine. The
/// per-line entry points take plain values and write straight into the buffer: once the buffer has
/// grown, writing a line allocates nothing and checks no bounds per byte, which keeps replay fast.
public struct LogWriter {
    public let format: LogFormat
    private let buffer = LogBuffer(capacity: 1 << 16)

    public init(format: LogFormat) {
        self.format = format
    }

    /// The bytes written and not yet taken.
    public var bytes: [UInt8] { buffer.array }

    /// How many bytes are waiting.
    public var count: Int { buffer.count }

    /// Hands out what has been written and starts an empty buffer.
    public func take() -> [UInt8] {
        defer { buffer.count = 0 }
        return buffer.array
    }

    /// Empties the buffer through `body` (for streaming to a file) and keeps its capacity.
    public func drain(_ body: ([UInt8]) throws -> Void) rethrows {
        defer { buffer.count = 0 }
        if buffer.count > 0 { try body(buffer.array) }
    }

    /// Empties the buffer into `sink` without copying it into an array, and keeps its capacity.
    public func drain<Sink: LogSink>(into sink: inout Sink) throws {
        defer { buffer.count = 0 }
        if buffer.count > 0 { try sink.write(UnsafeRawBufferPointer(start: buffer.base, count: buffer.count)) }
    }

    /// Empties the buffer through `body` without copying it into an array: the bytes are valid
    /// only during the call. Draining this way allocates nothing.
    public func drainBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if buffer.count > 0 { body(UnsafeBufferPointer(start: buffer.base, count: buffer.count)) }
        buffer.count = 0
    }

    /// Writes one record; the same as the specialised entry points below.
    public func write(_ record: LogRecord) {
        switch record.kind {
        case .touches(let view, let phase, let touches):
            beginTouches(time: record.time, view: view, phase: phase)
            for touch in touches { touchPoint(touch.touch, x: touch.x, y: touch.y, timestamp: touch.timestamp) }
            endTouches()
        case .state(let recognizer, let from, let to):
            state(time: record.time, recognizer: recognizer, from: from, to: to)
        case .action(let recognizer, let state, let values):
            action(time: record.time, recognizer: recognizer, state: state, values: values)
        case .note(let text):
            note(time: record.time, text: text)
        }
    }

    // MARK: - Lines
    //
    // Each line reserves room for its longest spelling once, then writes through a local cursor
    // (`Line`) that stays in a register: no capacity check, and no reload of the buffer's fields
    // after each byte stored, per number or word.

    /// Starts a `view` line; follow with `touchPoint` per touch and `endTouches`.
    public func beginTouches(time: Int64, view: String, phase: ViewTouchPhase) {
        buffer.touchIndex = 0
        var line = Line(buffer, room: Line.room(quoting: view))
        switch format {
        case .text:
            line.timeColumn(time)
            line.put(" view "); line.text(view); line.put(" "); line.put(phase.word)
        case .jsonl:
            line.put("{\"t\":"); line.integer(time)
            line.put(",\"view\":"); line.quoted(view)
            line.put(",\"touches\":\""); line.put(phase.word); line.put("\",\"points\":[")
        }
        line.end(buffer)
    }

    /// One touch of a `view` line; `timestamp` is the touch's own time, given only when it differs
    /// from the line's (`#0(640.00,396.89)@499`).
    public func touchPoint(_ touch: UInt32, x: Double, y: Double, timestamp: Int64? = nil) {
        var line = Line(buffer, room: Line.room(quoting: ""))
        switch format {
        case .text:
            line.put(" #"); line.unsigned(UInt64(touch)); line.put("("); line.fixed2(x); line.put(","); line.fixed2(y); line.put(")")
            if let timestamp { line.put("@"); line.integer(timestamp) }
        case .jsonl:
            if buffer.touchIndex > 0 { line.put(",") }
            line.put("{\"id\":"); line.unsigned(UInt64(touch)); line.put(",\"x\":"); line.fixed2(x); line.put(",\"y\":"); line.fixed2(y)
            if let timestamp { line.put(",\"t\":"); line.integer(timestamp) }
            line.put("}")
        }
        line.end(buffer)
        buffer.touchIndex += 1
    }

    public func endTouches() {
        var line = Line(buffer, room: 3)
        if format == .jsonl { line.put("]}") }
        line.newline()
        line.end(buffer)
    }

    public func state(time: Int64, recognizer: String, from: RecognizerStateName, to: RecognizerStateName) {
        var line = Line(buffer, room: Line.room(quoting: recognizer))
        switch format {
        case .text:
            line.timeColumn(time)
            line.put(" state "); line.text(recognizer); line.put(" "); line.put(from.word); line.put(" -> "); line.put(to.word)
        case .jsonl:
            line.put("{\"t\":"); line.integer(time)
            line.put(",\"recognizer\":"); line.quoted(recognizer)
            line.put(",\"from\":\""); line.put(from.word); line.put("\",\"to\":\""); line.put(to.word); line.put("\"}")
        }
        line.newline()
        line.end(buffer)
    }

    public func action(time: Int64, recognizer: String, state: RecognizerStateName, values: LogValues) {
        action(time: time, recognizer: recognizer, state: state, numberOfTouches: values.numberOfTouches,
               location: values.location, translation: values.translation, velocity: values.velocity,
               scale: values.scale, rotation: values.rotation, scalarVelocity: values.scalarVelocity,
               direction: values.direction, match: values.match, score: values.score, turns: values.turns,
               accepted: values.accepted)
    }

    /// An action line from its values one by one: the replay writes the engine's values straight
    /// through here, without gathering them into a `LogValues` first.
    func action(
        time: Int64, recognizer: String, state: RecognizerStateName, numberOfTouches: Int,
        location: (x: Double, y: Double), translation: (x: Double, y: Double)?, velocity: (x: Double, y: Double)?,
        scale: Double?, rotation: Double?, scalarVelocity: Double?, direction: String?, match: String?,
        score: Double?, turns: Int?, accepted: Bool?
    ) {
        let texts = recognizer.utf8.count + (direction?.utf8.count ?? 0) + (match?.utf8.count ?? 0)
        var line = Line(buffer, room: 6 * texts + 512)
        switch format {
        case .text:
            line.timeColumn(time)
            line.put(" action "); line.text(recognizer); line.put(" "); line.put(state.word)
            line.put(" touches="); line.integer(Int64(numberOfTouches))
            line.put(" at="); line.pair(location.x, location.y)
            if let v = translation { line.put(" translation="); line.pair(v.x, v.y) }
            if let v = velocity { line.put(" velocity="); line.pair(v.x, v.y) }
            if let v = scale { line.put(" scale="); line.fixed4(v) }
            if let v = rotation { line.put(" rotation="); line.fixed4(v) }
            if let v = scalarVelocity { line.put(" velocity="); line.fixed4(v) }
            if let v = direction { line.put(" direction="); line.text(v) }
            if let v = match { line.put(" match="); line.text(v) }
            if let v = score { line.put(" score="); line.fixed4(v) }
            if let v = turns { line.put(" turns="); line.integer(Int64(v)) }
            if let v = accepted { line.put(v ? " accepted=yes" : " accepted=no") }
        case .jsonl:
            line.put("{\"t\":"); line.integer(time)
            line.put(",\"action\":"); line.quoted(recognizer)
            line.put(",\"state\":\""); line.put(state.word); line.put("\"")
            line.put(",\"touches\":"); line.integer(Int64(numberOfTouches))
            line.put(",\"location\":"); line.jsonPair(location.x, location.y)
            if let v = translation { line.put(",\"translation\":"); line.jsonPair(v.x, v.y) }
            if let v = velocity { line.put(",\"velocity\":"); line.jsonPair(v.x, v.y) }
            if let v = scale { line.put(",\"scale\":"); line.fixed4(v) }
            if let v = rotation { line.put(",\"rotation\":"); line.fixed4(v) }
            if let v = scalarVelocity { line.put(",\"velocity\":"); line.fixed4(v) }
            if let v = direction { line.put(",\"direction\":"); line.quoted(v) }
            if let v = match { line.put(",\"match\":"); line.quoted(v) }
            if let v = score { line.put(",\"score\":"); line.fixed4(v) }
            if let v = turns { line.put(",\"turns\":"); line.integer(Int64(v)) }
            if let v = accepted { line.put(v ? ",\"accepted\":true" : ",\"accepted\":false") }
            line.put("}")
        }
        line.newline()
        line.end(buffer)
    }

    public func note(time: Int64, text note: String) {
        // A note is one line whatever the trace says, and prints no control character.
        var text = note
        if format == .text, text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) {
            text = TerminalText.escaped(String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }), keepingLineBreaks: false)
        }
        var line = Line(buffer, room: Line.room(quoting: text))
        switch format {
        case .text:
            line.timeColumn(time)
            line.put(" note "); line.text(text)
        case .jsonl:
            line.put("{\"t\":"); line.integer(time); line.put(",\"note\":"); line.quoted(text); line.put("}")
        }
        line.newline()
        line.end(buffer)
    }

    /// `value` rounded half away from zero to `decimals` places; never "-0.00", never exponents.
    func fixed(_ value: Double, _ decimals: Int) {
        var line = Line(buffer, room: 64 + max(0, decimals))
        line.fixed(value, decimals)
        line.end(buffer)
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

/// Writes one line into room reserved in a `LogBuffer`: a cursor in a local variable, so that the
/// stores of one line are not interleaved with loads and stores of the buffer's fields.
private struct Line {
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

    mutating func quoted(_ text: String) {
        byte(UInt8(ascii: "\""))
        for unit in text.utf8 {
            switch unit {
            case UInt8(ascii: "\""): put("\\\"")
            case UInt8(ascii: "\\"): put("\\\\")
            case 0..<0x20:
                put("\\u00")
                byte(Self.hex.utf8Start[Int(unit >> 4)])
                byte(Self.hex.utf8Start[Int(unit & 0xF)])
            default: byte(unit)
            }
        }
        byte(UInt8(ascii: "\""))
    }

    private static let hex: StaticString = "0123456789abcdef"

    /// Ten columns, right-aligned (wider times simply push the line right).
    @inline(__always)
    mutating func timeColumn(_ time: Int64) {
        let digits = LogWriter.digitCount(time.magnitude) + (time < 0 ? 1 : 0)
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
        let count = max(LogWriter.digitCount(value), minimumDigits)
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
        guard let scaled = Self.scaled(value, by: 100) else { return nonFinite(value) }
        let magnitude = scaled.magnitude
        let whole = magnitude / 100
        let fraction = Int(truncatingIfNeeded: magnitude &- whole &* 100)
        if scaled < 0 { byte(UInt8(ascii: "-")) }
        let digits = LogWriter.digitCount(whole)
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
        let digits = LogWriter.digitCount(whole)
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
        put("("); fixed2(x); put(","); fixed2(y); put(")")
    }

    @inline(__always)
    mutating func jsonPair(_ x: Double, _ y: Double) {
        put("["); fixed2(x); put(","); fixed2(y); put("]")
    }

    /// `value` rounded half away from zero to `decimals` places; never "-0.00", never exponents.
    mutating func fixed(_ value: Double, _ decimals: Int) {
        switch decimals {
        case 2: fixed2(value)
        case 4: fixed4(value)
        default:
            let scale = LogWriter.power(decimals)
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
}

/// The log's growable byte store: raw memory, so appending a line costs copies, not bounds checks.
final class LogBuffer {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var base: UnsafeMutablePointer<UInt8>
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var count = 0
    /// Touches written on the current `view` line (JSON needs commas between them).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var touchIndex = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        (base + count).update(from: source, count: length)
        count += length
    }
}

/// Locale-free fixed-point formatting of doubles, for tables and reports (the log writes its own).
enum FixedPoint {
    static func format(_ value: Double, decimals: Int) -> String {
        let writer = LogWriter(format: .text)
        writer.fixed(value, decimals)
        return String(decoding: writer.take(), as: UTF8.self)
    }
}

extension ViewTouchPhase {
    var word: StaticString {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

extension RecognizerStateName {
    var word: StaticString {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        case .recognized: "recognized"
        }
    }
}
