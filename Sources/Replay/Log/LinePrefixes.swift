/// What a log line says between its time and its values, spelled once per name and slot and
/// copied into each line: ` view map moved` (`,"view":"map","touches":"moved","points":[`), one
/// slot per touch phase, and ` action pinch changed touches=`
/// (`,"action":"pinch","state":"changed","touches":`), one slot per state. A scene's lines name a
/// few views and recognizers over and over (a continuous gesture acts every frame), and copying a
/// spelling costs a few word stores where spelling it again costs a quoting pass and several
/// copies.
final class LinePrefixes {
    /// One entry per slot: the name whose spelling the slot holds.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var names: [String?]
    private let spellings: [LogBuffer]
    /// The spellings' bytes: reading a buffer out of `spellings` would retain and release it.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var spelled: [UnsafeBufferPointer<UInt8>]

    init(slots: Int) {
        names = Array(repeating: nil, count: slots)
        spellings = (0..<slots).map { _ in LogBuffer(capacity: 64) }
        spelled = Array(repeating: UnsafeBufferPointer(start: nil, count: 0), count: slots)
    }

    /// The spelling `slot` holds for `name`, or nil when it holds another name's (then `spell`).
    /// Valid until the next `spell`, and 7 bytes past its end may be read (`LogLine.copyWords`).
    @inline(__always)
    func spelling(name: String, slot: Int) -> UnsafeBufferPointer<UInt8>? {
        names[slot] == name ? spelled[slot] : nil
    }

    /// Makes `slot` hold `name`'s spelling, which `write` puts into a line, and returns it: the
    /// rare path (a slot changes names), which callers keep out of their lines' way.
    func spell(name: String, slot: Int, write: (inout LogLine) -> Void) -> UnsafeBufferPointer<UInt8> {
        respell(name: name, slot: slot, spell: write)
        return spelled[slot]
    }

    private func respell(name: String, slot: Int, spell: (inout LogLine) -> Void) {
        let spelling = spellings[slot]
        names[slot] = name
        spelling.count = 0
        var line = LogLine(spelling, room: LogLine.room(quoting: name) + 8)
        spell(&line)
        line.end(spelling)
        spelled[slot] = UnsafeBufferPointer(start: spelling.base, count: spelling.count)
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

extension RecognizerStateName {
    /// 0 to 6, for tables by state word: the six states, and `recognized`.
    var slot: Int { isRecognized ? Self.slots - 1 : Int(state.rawValue) }
    static let slots = 7
}
