/// Appends canonical log lines (`docs/replay-log.md`) to a byte buffer, in either format.
///
/// Numbers are printed digit by digit from integers after fixed rounding, never through
/// locale-dependent formatting, so the same replay gives the same bytes on every machine. The
/// per-line entry points take plain values and write straight into the buffer: once the buffer has
/// grown, writing a line allocates nothing, which keeps replay fast.
public struct LogWriter: Sendable {
    public let format: LogFormat
    /// The bytes written and not yet taken.
    public private(set) var bytes: [UInt8] = []

    public init(format: LogFormat) {
        self.format = format
        bytes.reserveCapacity(1 << 16)
    }

    /// Hands out what has been written and starts an empty buffer.
    public mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// Empties the buffer through `body` (for streaming to a file) and keeps its capacity.
    public mutating func drain(_ body: ([UInt8]) -> Void) {
        if !bytes.isEmpty { body(bytes) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes one record; the same as the specialised entry points below.
    public mutating func write(_ record: LogRecord) {
        switch record.kind {
        case .touches(let view, let phase, let touches):
            beginTouches(time: record.time, view: view, phase: phase)
            for touch in touches { touchPoint(touch.touch, x: touch.x, y: touch.y) }
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

    private var touchIndex = 0

    /// Starts a `view` line; follow with `touchPoint` per touch and `endTouches`.
    public mutating func beginTouches(time: Int64, view: String, phase: ViewTouchPhase) {
        touchIndex = 0
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

    public mutating func touchPoint(_ touch: UInt32, x: Double, y: Double) {
        switch format {
        case .text:
            ascii(" #"); integer(Int64(touch)); ascii("("); fixed(x, 2); ascii(","); fixed(y, 2); ascii(")")
        case .jsonl:
            if touchIndex > 0 { ascii(",") }
            ascii("{\"id\":"); integer(Int64(touch)); ascii(",\"x\":"); fixed(x, 2); ascii(",\"y\":"); fixed(y, 2); ascii("}")
        }
        touchIndex += 1
    }

    public mutating func endTouches() {
        if format == .jsonl { ascii("]}") }
        newline()
    }

    public mutating func state(time: Int64, recognizer: String, from: RecognizerStateName, to: RecognizerStateName) {
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

    public mutating func action(time: Int64, recognizer: String, state: RecognizerStateName, values: LogValues) {
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
            ascii("}")
        }
        newline()
    }

    public mutating func note(time: Int64, text note: String) {
        switch format {
        case .text:
            timeColumn(time)
            ascii(" note ")
            // A note is one line whatever the trace says.
            for byte in note.utf8 { bytes.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte) }
        case .jsonl:
            ascii("{\"t\":"); integer(time); ascii(",\"note\":"); quoted(note); ascii("}")
        }
        newline()
    }

    // MARK: - Primitives

    @inline(__always)
    private mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    private mutating func text(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func newline() {
        bytes.append(0x0A)
    }

    /// Ten columns, right-aligned (wider times simply push the line right).
    private mutating func timeColumn(_ time: Int64) {
        let digits = Self.digitCount(time.magnitude) + (time < 0 ? 1 : 0)
        if digits < 10 { for _ in digits..<10 { bytes.append(0x20) } }
        integer(time)
    }

    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 { rest /= 10; count += 1 }
        return count
    }

    private mutating func unsigned(_ value: UInt64, minimumDigits: Int = 1) {
        let count = max(Self.digitCount(value), minimumDigits)
        let start = bytes.count
        for _ in 0..<count { bytes.append(0x30) }
        var rest = value
        var index = start + count - 1
        while rest > 0 {
            bytes[index] = 0x30 + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    private mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    /// `value` rounded half away from zero to `decimals` places; never "-0.00", never exponents.
    mutating func fixed(_ value: Double, _ decimals: Int) {
        guard value.isFinite, abs(value) < 1e15 else {
            ascii(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
            return
        }
        let scale = decimals == 2 ? 100.0 : decimals == 4 ? 10_000.0 : Self.power(decimals)
        let scaled = Int64((value * scale).rounded(.toNearestOrAwayFromZero))
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        let divisor = UInt64(scale)
        unsigned(scaled.magnitude / divisor)
        if decimals > 0 {
            bytes.append(UInt8(ascii: "."))
            unsigned(scaled.magnitude % divisor, minimumDigits: decimals)
        }
    }

    static func power(_ decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return scale
    }

    private mutating func pair(_ x: Double, _ y: Double, _ decimals: Int) {
        ascii("("); fixed(x, decimals); ascii(","); fixed(y, decimals); ascii(")")
    }

    private mutating func jsonPair(_ x: Double, _ y: Double, _ decimals: Int) {
        ascii("["); fixed(x, decimals); ascii(","); fixed(y, decimals); ascii("]")
    }

    private mutating func quoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): ascii("\\\"")
            case UInt8(ascii: "\\"): ascii("\\\\")
            case 0..<0x20:
                ascii("\\u00")
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)
}

/// Locale-free fixed-point formatting of doubles, for tables and reports (the log writes its own).
enum FixedPoint {
    static func format(_ value: Double, decimals: Int) -> String {
        var writer = LogWriter(format: .text)
        writer.fixed(value, decimals)
        return String(decoding: writer.bytes, as: UTF8.self)
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
