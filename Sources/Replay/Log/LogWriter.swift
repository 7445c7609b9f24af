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


    /// Starts a `view` line; follow with `touchPoint` per touch and `endTouches`.
    public func beginTouches(time: Int64, view: String, phase: ViewTouchPhase) {
        buffer.touchIndex = 0
        switch format {
        case .text:
            timeColumn(time)
            ascii(" view "); text(view); ascii(" "); ascii(phase.word)
        case .jsonl:
            ascii("{\"t\":"); integer(time)
            ascii(",\"view\":"); quoted(view)
            ascii(",\"touches\":\""); ascii(phase.word); ascii("\",\"points\":[")
        }
    }

    /// One touch of a `view` line; `timestamp` is the touch's own time, given only when it differs
    /// from the line's (`#0(640.00,396.89)@499`).
    public func touchPoint(_ touch: UInt32, x: Double, y: Double, timestamp: Int64? = nil) {
        switch format {
        case .text:
            ascii(" #"); integer(Int64(touch)); ascii("("); fixed(x, 2); ascii(","); fixed(y, 2); ascii(")")
            if let timestamp { ascii("@"); integer(timestamp) }
        case .jsonl:
            if buffer.touchIndex > 0 { ascii(",") }
            ascii("{\"id\":"); integer(Int64(touch)); ascii(",\"x\":"); fixed(x, 2); ascii(",\"y\":"); fixed(y, 2)
            if let timestamp { ascii(",\"t\":"); integer(timestamp) }
            ascii("}")
        }
        buffer.touchIndex += 1
    }

    public func endTouches() {
        if format == .jsonl { ascii("]}") }
        newline()
    }

    public func state(time: Int64, recognizer: String, from: RecognizerStateName, to: RecognizerStateName) {
        switch format {
        case .text:
            timeColumn(time)
            ascii(" state "); text(recognizer); ascii(" "); ascii(from.word); ascii(" -> "); ascii(to.word)
        case .jsonl:
            ascii("{\"t\":"); integer(time)
            ascii(",\"recognizer\":"); quoted(recognizer)
            ascii(",\"from\":\""); ascii(from.word); ascii("\",\"to\":\""); ascii(to.word); ascii("\"}")
        }
        newline()
    }

    public func action(time: Int64, recognizer: String, state: RecognizerStateName, values: LogValues) {
        switch format {
        case .text:
            timeColumn(time)
            ascii(" action "); text(recognizer); ascii(" "); ascii(state.word)
            ascii(" touches="); integer(Int64(values.numberOfTouches))
            ascii(" at="); pair(values.location.x, values.location.y, 2)
            if let v = values.translation { ascii(" translation="); pair(v.x, v.y, 2) }
            if let v = values.velocity { ascii(" velocity="); pair(v.x, v.y, 2) }
            if let v = values.scale { ascii(" scale="); fixed(v, 4) }
            if let v = values.rotation { ascii(" rotation="); fixed(v, 4) }
            if let v = values.scalarVelocity { ascii(" velocity="); fixed(v, 4) }
            if let v = values.direction { ascii(" direction="); text(v) }
            if let v = values.match { ascii(" match="); text(v) }
            if let v = values.score { ascii(" score="); fixed(v, 4) }
            if let v = values.turns { ascii(" turns="); integer(Int64(v)) }
            if let v = values.accepted { ascii(v ? " accepted=yes" : " accepted=no") }
        case .jsonl:
            ascii("{\"t\":"); integer(time)
            ascii(",\"action\":"); quoted(recognizer)
            ascii(",\"state\":\""); ascii(state.word); ascii("\"")
            ascii(",\"touches\":"); integer(Int64(values.numberOfTouches))
            ascii(",\"location\":"); jsonPair(values.location.x, values.location.y, 2)
            if let v = values.translation { ascii(",\"translation\":"); jsonPair(v.x, v.y, 2) }
            if let v = values.velocity { ascii(",\"velocity\":"); jsonPair(v.x, v.y, 2) }
            if let v = values.scale { ascii(",\"scale\":"); fixed(v, 4) }
            if let v = values.rotation { ascii(",\"rotation\":"); fixed(v, 4) }
            if let v = values.scalarVelocity { ascii(",\"velocity\":"); fixed(v, 4) }
            if let v = values.direction { ascii(",\"direction\":"); quoted(v) }
            if let v = values.match { ascii(",\"match\":"); quoted(v) }
            if let v = values.score { ascii(",\"score\":"); fixed(v, 4) }
            if let v = values.turns { ascii(",\"turns\":"); integer(Int64(v)) }
            if let v = values.accepted { ascii(v ? ",\"accepted\":true" : ",\"accepted\":false") }
            ascii("}")
        }
        newline()
    }

    public func note(time: Int64, text note: String) {
        switch format {
        case .text:
            timeColumn(time)
            ascii(" note ")
            // A note is one line whatever the trace says, and prints no control character.
            var line = note
            if line.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) {
                line = TerminalText.escaped(String(line.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }), keepingLineBreaks: false)
            }
            for unit in line.utf8 { byte(unit) }
        case .jsonl:
            ascii("{\"t\":"); integer(time); ascii(",\"note\":"); quoted(note); ascii("}")
        }
        newline()
    }

    // MARK: - Primitives

    @inline(__always)
    private func ascii(_ text: StaticString) {
        buffer.append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    @inline(__always)
    private func text(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            if let start = utf8.baseAddress { buffer.append(start, count: utf8.count) }
        }
    }

    @inline(__always)
    private func byte(_ value: UInt8) {
        buffer.reserve(1)
        buffer.base[buffer.count] = value
        buffer.count += 1
    }

    private func newline() {
        byte(0x0A)
    }

    /// Ten columns, right-aligned (wider times simply push the line right).
    private func timeColumn(_ time: Int64) {
        let digits = Self.digitCount(time.magnitude) + (time < 0 ? 1 : 0)
        if digits < 10 {
            buffer.reserve(10 - digits)
            (buffer.base + buffer.count).update(repeating: 0x20, count: 10 - digits)
            buffer.count += 10 - digits
        }
        integer(time)
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

    /// Writes `value` in decimal, zero-padded to `minimumDigits`, two digits per step from the end.
    private func unsigned(_ value: UInt64, minimumDigits: Int = 1) {
        let count = max(Self.digitCount(value), minimumDigits)
        buffer.reserve(count)
        Self.writeDigits(value, count: count, endingAt: buffer.base + buffer.count + count)
        buffer.count += count
    }

    /// Writes the last `count` decimal digits of `value` to the `count` bytes before `end`.
    @inline(__always)
    private static func writeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        var cursor = end
        var rest = value
        var remaining = count
        let pairs = Self.digitPairs.utf8Start
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

    private func integer(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    /// `value` rounded half away from zero to `decimals` places; never "-0.00", never exponents.
    func fixed(_ value: Double, _ decimals: Int) {
        guard value.isFinite, abs(value) < 1e15 else {
            ascii(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
            return
        }
        let scale = decimals == 2 ? 100.0 : decimals == 4 ? 10_000.0 : Self.power(decimals)
        // Half away from zero without a libm call: truncate, then round on the remainder, which
        // is exact (Sterbenz), so this equals `rounded(.toNearestOrAwayFromZero)` for every input.
        let product = value * scale
        var scaled = Int64(product)
        let remainder = product - Double(scaled)
        if remainder >= 0.5 { scaled += 1 } else if remainder <= -0.5 { scaled -= 1 }
        // The log's two precisions divide by constants (a multiply, not a division instruction).
        switch decimals {
        case 2: fixedPoint(scaled, divisor: 100, decimals: 2)
        case 4: fixedPoint(scaled, divisor: 10_000, decimals: 4)
        default:
            if scaled < 0 { byte(UInt8(ascii: "-")) }
            let divisor = UInt64(scale)
            unsigned(scaled.magnitude / divisor)
            if decimals > 0 {
                byte(UInt8(ascii: "."))
                unsigned(scaled.magnitude % divisor, minimumDigits: decimals)
            }
        }
    }

    /// `scaled / divisor` with `decimals` places, written into space reserved once: sign, whole
    /// digits, point, decimals.
    @inline(__always)
    private func fixedPoint(_ scaled: Int64, divisor: UInt64, decimals: Int) {
        let magnitude = scaled.magnitude
        let whole = magnitude / divisor
        let fraction = magnitude &- whole &* divisor
        let wholeDigits = Self.digitCount(whole)
        buffer.reserve(wholeDigits + decimals + 2)
        var cursor = buffer.base + buffer.count
        if scaled < 0 {
            cursor.pointee = UInt8(ascii: "-")
            cursor += 1
        }
        cursor += wholeDigits
        Self.writeDigits(whole, count: wholeDigits, endingAt: cursor)
        cursor.pointee = UInt8(ascii: ".")
        cursor += 1 + decimals
        Self.writeDigits(fraction, count: decimals, endingAt: cursor)
        buffer.count = cursor - buffer.base
    }

    static func power(_ decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return scale
    }

    private func pair(_ x: Double, _ y: Double, _ decimals: Int) {
        ascii("("); fixed(x, decimals); ascii(","); fixed(y, decimals); ascii(")")
    }

    private func jsonPair(_ x: Double, _ y: Double, _ decimals: Int) {
        ascii("["); fixed(x, decimals); ascii(","); fixed(y, decimals); ascii("]")
    }

    private func quoted(_ text: String) {
        byte(UInt8(ascii: "\""))
        for unit in text.utf8 {
            switch unit {
            case UInt8(ascii: "\""): ascii("\\\"")
            case UInt8(ascii: "\\"): ascii("\\\\")
            case 0..<0x20:
                ascii("\\u00")
                byte(Self.hex[Int(unit >> 4)])
                byte(Self.hex[Int(unit & 0xF)])
            default: byte(unit)
            }
        }
        byte(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)
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
