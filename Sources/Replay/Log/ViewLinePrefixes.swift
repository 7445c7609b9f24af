/// What a `view` line says after its time, ` view map moved` or
/// `,"view":"map","touches":"moved","points":[`, spelled once per view and phase and copied into
/// each line: a scene's lines name a few views over and over, and copying a spelling costs a few
/// word stores where spelling it again costs a quoting pass and several copies.
final class ViewLinePrefixes {
    private let format: LogFormat
    /// One slot per phase: the view whose spelling it holds, and that spelling.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var views: [String?] = [nil, nil, nil, nil]
    private let spellings = (0..<4).map { _ in LogBuffer(capacity: 64) }
    /// The spellings' bytes: reading a buffer out of `spellings` would retain and release it.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var spelled = [UnsafeBufferPointer<UInt8>](repeating: UnsafeBufferPointer(start: nil, count: 0), count: 4)

    init(format: LogFormat) {
        self.format = format
    }

    /// The spelling for `view` and `phase`, valid until the next call; 7 bytes past its end may be
    /// read (`LogLine.copyWords`).
    @inline(__always)
    func spelling(view: String, phase: ViewTouchPhase) -> UnsafeBufferPointer<UInt8> {
        let slot = phase.slot
        if views[slot] != view { spell(view: view, phase: phase) }
        return spelled[slot]
    }

    private func spell(view: String, phase: ViewTouchPhase) {
        let spelling = spellings[phase.slot]
        views[phase.slot] = view
        spelling.count = 0
        var line = LogLine(spelling, room: LogLine.room(quoting: view) + 8)
        switch format {
        case .text:
            line.put(" view "); line.text(view); line.put(" "); line.put(phase.word)
        case .jsonl:
            line.put(",\"view\":"); line.quoted(view)
            line.put(",\"touches\":\""); line.put(phase.word); line.put("\",\"points\":[")
        }
        line.end(spelling)
        spelled[phase.slot] = UnsafeBufferPointer(start: spelling.base, count: spelling.count)
    }
}

extension ViewTouchPhase {
    /// 0 to 3, for tables by phase.
    var slot: Int {
        switch self {
        case .began: 0
        case .moved: 1
        case .ended: 2
        case .cancelled: 3
        }
    }
}
