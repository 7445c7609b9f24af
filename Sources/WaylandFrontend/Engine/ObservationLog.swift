import GestureEngine
import Glibc

/// Writes every engine observation as one line of text, and remembers each recognizer's state
/// and last action for the live overlay.
///
/// One line per observation, fields separated by single spaces, times in microseconds on the
/// trace's time line and numbers with three decimals, so the same session always gives the same
/// bytes and a replay of its recording can be compared line for line:
///
///     1050000 state "tap" possible -> ended
///     1050000 action "tap" ended touches 1 at 100.000 100.000 taps 1
///     1050000 view "canvas" ended touches 1
public final class ObservationLog: GestureObserver {
    private let file: UnsafeMutablePointer<FILE>?
    private(set) var lastActions: [ObjectIdentifier: String] = [:]

    /// Logs to `path` (created or truncated), or only keeps the overlay's state when `path` is nil.
    public init(path: String?) throws(LiveError) {
        if let path {
            guard let opened = fopen(path, "w") else {
                throw .recording("cannot open the log \(path): \(String(cString: strerror(errno)))")
            }
            file = opened
        } else {
            file = nil
        }
    }

    public func observe(_ observation: Observation, at time: GestureTime) {
        switch observation {
        case .stateChanged(let recognizer, let from, let to):
            write("\(time) state \(quoted(recognizer.name)) \(from) -> \(to)")
        case .action(let recognizer, let state, let values):
            let text = Self.describe(values)
            lastActions[ObjectIdentifier(recognizer)] = "\(state) \(text)"
            write("\(time) action \(quoted(recognizer.name)) \(state) \(text)")
        case .viewReceived(let view, let phase, let touches):
            write("\(time) view \(quoted(view.name)) \(phase) touches \(touches.count)")
        }
    }

    /// Closes the log file.
    public func close() {
        if let file { fclose(file) }
    }

    private func write(_ line: String) {
        guard let file else { return }
        fputs(line + "\n", file)
        fflush(file)
    }

    private func quoted(_ name: String) -> String { "\"\(name)\"" }

    static func describe(_ values: ActionValues) -> String {
        var text = "touches \(values.numberOfTouches) at \(fixed(values.location.x)) \(fixed(values.location.y))"
        if let translation = values.translation { text += " translation \(fixed(translation.dx)) \(fixed(translation.dy))" }
        if let scale = values.scale { text += " scale \(fixed(scale))" }
        if let rotation = values.rotation { text += " rotation \(fixed(rotation))" }
        if let taps = values.tapCount { text += " taps \(taps)" }
        if let direction = values.direction { text += " direction \(direction)" }
        return text
    }

    /// Three decimals, with "-0.000" normalised, so that formatting is the same on every machine.
    static func fixed(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        var buffer = [CChar](repeating: 0, count: 48)
        _ = withVaList([rounded == 0 ? 0.0 : rounded]) { vsnprintf(&buffer, buffer.count, "%.3f", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
