/// The two spellings of the canonical replay log (`docs/replay-log.md`).
public enum LogFormat: String, CaseIterable, Sendable {
    /// One aligned, human-readable line per observation; what goldens store.
    case text
    /// One JSON object per line, for machines.
    case jsonl
}

/// Appends log lines for observations to a byte buffer, in either format.
///
/// Numbers are printed from integers after fixed rounding (points and seconds-based values to two
/// or four decimals), never through locale-dependent formatting, so the same replay gives the same
/// bytes on every machine.
public struct LogWriter: Sendable {
    public let format: LogFormat
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    public init(format: LogFormat) {
        self.format = format
        bytes.reserveCapacity(4096)
    }

    /// Hands out what has been written and starts an empty buffer.
    public mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    public mutating func write(_ observation: Observation) {
        switch format {
        case .text: writeText(observation)
        case .jsonl: writeJSON(observation)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    // MARK: - Text

    private mutating func writeText(_ observation: Observation) {
        let time = String(observation.time)
        if time.utf8.count < 10 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 10 - time.utf8.count)) }
        append(time)
        switch observation.kind {
        case .touches(let view, let phase, let touches):
            append(" view ", view, " ", phase.rawValue)
            for touch in touches {
                append(" #", String(touch.touch), "(")
                appendFixed(touch.x, decimals: 2)
                append(",")
                appendFixed(touch.y, decimals: 2)
                append(")")
            }
        case .state(let recognizer, let from, let to):
            append(" state ", recognizer, " ", from.rawValue, " -> ", to.rawValue)
        case .action(let recognizer, let state, let values):
            append(" action ", recognizer, " ", state.rawValue)
            writeTextValues(values)
        case .note(let text):
            append(" note ", text)
        }
    }

    private mutating func writeTextValues(_ values: ActionValues) {
        append(" touches=", String(values.numberOfTouches), " at=")
        appendPair(values.location, decimals: 2)
        if let translation = values.translation { append(" translation="); appendPair(translation, decimals: 2) }
        if let velocity = values.velocity { append(" velocity="); appendPair(velocity, decimals: 2) }
        if let scale = values.scale { append(" scale="); appendFixed(scale, decimals: 4) }
        if let rotation = values.rotation { append(" rotation="); appendFixed(rotation, decimals: 4) }
        if let velocity = values.scalarVelocity { append(" velocity="); appendFixed(velocity, decimals: 4) }
        if let direction = values.direction { append(" direction=", direction) }
    }

    // MARK: - JSON Lines

    private mutating func writeJSON(_ observation: Observation) {
        append("{\"t\":", String(observation.time))
        switch observation.kind {
        case .touches(let view, let phase, let touches):
            append(",\"view\":"); appendQuoted(view)
            append(",\"touches\":\"", phase.rawValue, "\",\"points\":[")
            for (index, touch) in touches.enumerated() {
                if index > 0 { append(",") }
                append("{\"id\":", String(touch.touch), ",\"x\":")
                appendFixed(touch.x, decimals: 2)
                append(",\"y\":")
                appendFixed(touch.y, decimals: 2)
                append("}")
            }
            append("]}")
        case .state(let recognizer, let from, let to):
            append(",\"recognizer\":"); appendQuoted(recognizer)
            append(",\"from\":\"", from.rawValue, "\",\"to\":\"", to.rawValue, "\"}")
        case .action(let recognizer, let state, let values):
            append(",\"action\":"); appendQuoted(recognizer)
            append(",\"state\":\"", state.rawValue, "\"")
            writeJSONValues(values)
            append("}")
        case .note(let text):
            append(",\"note\":"); appendQuoted(text); append("}")
        }
    }

    private mutating func writeJSONValues(_ values: ActionValues) {
        append(",\"touches\":", String(values.numberOfTouches), ",\"location\":")
        appendJSONPair(values.location, decimals: 2)
        if let translation = values.translation { append(",\"translation\":"); appendJSONPair(translation, decimals: 2) }
        if let velocity = values.velocity { append(",\"velocity\":"); appendJSONPair(velocity, decimals: 2) }
        if let scale = values.scale { append(",\"scale\":"); appendFixed(scale, decimals: 4) }
        if let rotation = values.rotation { append(",\"rotation\":"); appendFixed(rotation, decimals: 4) }
        if let velocity = values.scalarVelocity { append(",\"velocity\":"); appendFixed(velocity, decimals: 4) }
        if let direction = values.direction { append(",\"direction\":"); appendQuoted(direction) }
    }

    // MARK: - Primitives

    private mutating func append(_ parts: String...) {
        for part in parts { bytes.append(contentsOf: part.utf8) }
    }

    private mutating func appendPair(_ pair: (x: Double, y: Double), decimals: Int) {
        append("(")
        appendFixed(pair.x, decimals: decimals)
        append(",")
        appendFixed(pair.y, decimals: decimals)
        append(")")
    }

    private mutating func appendJSONPair(_ pair: (x: Double, y: Double), decimals: Int) {
        append("[")
        appendFixed(pair.x, decimals: decimals)
        append(",")
        appendFixed(pair.y, decimals: decimals)
        append("]")
    }

    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0..<0x20: append("\\u00", String(byte >> 4, radix: 16), String(byte & 0xF, radix: 16))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `value` rounded half away from zero to `decimals` places; never "-0.00", never exponents.
    mutating func appendFixed(_ value: Double, decimals: Int) {
        bytes.append(contentsOf: FixedPoint.format(value, decimals: decimals).utf8)
    }
}

/// Locale-free fixed-point formatting of doubles.
enum FixedPoint {
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9e18 else { return value < 0 ? "-huge" : "huge" }
        let integer = Int64(scaled)
        if integer == 0 { return decimals == 0 ? "0" : "0." + String(repeating: "0", count: decimals) }
        let magnitude = integer.magnitude
        let divisor = UInt64(scale)
        var text = integer < 0 ? "-" : ""
        text += String(magnitude / divisor)
        if decimals > 0 {
            let fraction = String(magnitude % divisor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }
}
