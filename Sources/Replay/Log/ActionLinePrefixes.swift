/// What an `action` line says between its time and its values, ` action pinch changed touches=`
/// or `,"action":"pinch","state":"changed","touches":`, spelled once per recognizer and state and
/// copied into each line, as `ViewLinePrefixes` does for `view` lines: a continuous gesture sends
/// an action per frame, so the same recognizer and state follow each other line after line.
final class ActionLinePrefixes {
    private let format: LogFormat
    /// One slot per state word (`slot(of:)`): the recognizer whose spelling it holds.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var recognizers: [String?] = Array(repeating: nil, count: ActionLinePrefixes.slots)
    private let spellings = (0..<ActionLinePrefixes.slots).map { _ in LogBuffer(capacity: 64) }
    /// The spellings' bytes: reading a buffer out of `spellings` would retain and release it.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var spelled = [UnsafeBufferPointer<UInt8>](
        repeating: UnsafeBufferPointer(start: nil, count: 0), count: ActionLinePrefixes.slots)

    /// The six states, and `recognized`.
    private static let slots = 7

    init(format: LogFormat) {
        self.format = format
    }

    @inline(__always)
    private static func slot(of state: RecognizerStateName) -> Int {
        state.isRecognized ? slots - 1 : Int(state.state.rawValue)
    }

    /// The spelling for `recognizer` and `state`, valid until the next call; 7 bytes past its end
    /// may be read (`LogLine.copyWords`).
    @inline(__always)
    func spelling(recognizer: String, state: RecognizerStateName) -> UnsafeBufferPointer<UInt8> {
        let slot = Self.slot(of: state)
        if recognizers[slot] != recognizer { spell(recognizer: recognizer, state: state, slot: slot) }
        return spelled[slot]
    }

    private func spell(recognizer: String, state: RecognizerStateName, slot: Int) {
        let spelling = spellings[slot]
        recognizers[slot] = recognizer
        spelling.count = 0
        var line = LogLine(spelling, room: LogLine.room(quoting: recognizer) + 8)
        switch format {
        case .text:
            line.put(" action "); line.text(recognizer); line.put(" "); line.put(state.word); line.put(" touches=")
        case .jsonl:
            line.put(",\"action\":"); line.quoted(recognizer)
            line.put(",\"state\":\""); line.put(state.word); line.put("\",\"touches\":")
        }
        line.end(spelling)
        spelled[slot] = UnsafeBufferPointer(start: spelling.base, count: spelling.count)
    }
}
