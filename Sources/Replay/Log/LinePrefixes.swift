/// What a log line says between its time and its values, spelled once per name and slot and
/// copied into each line: ` view map moved` (`,"view":"map","touches":"moved","points":[`), one
/// slot per touch phase, and ` action pinch changed touches=`
/// (`,"action":"pinch","state":"changed","touches":`), one slot per state. A scene's lines name a
/// few views and recognizers over and over (a continuous gesture acts every frame), and copying a
/// spelling costs a few word stores where spelling it again costs a quoting pass and several
/// copies.
///
/// A slot keeps two spellings: the name it holds and the one it held before, so two names taking
/// turns in it (a pan and a pinch acting in the same sequence, each beginning, changing and ending)
/// are spelled once each, not at every turn. A line finds its own name first, as with one way; a
/// turn swaps the two, and a third name replaces the older.
final class LinePrefixes {
    /// A name and its spelling.
    private struct Way {
        var name: String?
        /// The spelling's bytes: reading a buffer out of `spelling` would retain and release it.
        var spelled: UnsafeBufferPointer<UInt8>
        var spelling: LogBuffer
    }

    /// Per slot, two ways: the slot's own at `slot`, and at `slots + slot` the name it held
    /// before and its spelling. Raw memory, as `SequenceSet`'s table is: an array's element
    /// checked its index at every line and its buffer's uniqueness at every swap.
    private let ways: UnsafeMutableBufferPointer<Way>
    private let slots: Int

    init(slots: Int) {
        self.slots = slots
        ways = .allocate(capacity: 2 * slots)
        for index in ways.indices {
            (ways.baseAddress! + index).initialize(
                to: Way(name: nil, spelled: UnsafeBufferPointer(start: nil, count: 0), spelling: LogBuffer(capacity: 64)))
        }
    }

    deinit {
        ways.baseAddress!.deinitialize(count: ways.count)
        ways.deallocate()
    }

    /// The spelling `slot` holds for `name`, or nil when it holds another name's (then `spell`).
    /// Valid until the second `spell` of the slot after it, and 7 bytes past its end may be read
    /// (`LogLine.copyWords`).
    @inline(__always)
    func spelling(name: String, slot: Int) -> UnsafeBufferPointer<UInt8>? {
        ways[slot].name == name ? ways[slot].spelled : nil
    }

    /// Makes `slot` hold `name`'s spelling, which `write` puts into a line unless the slot held it
    /// before, and returns it: the rare path (a slot changes names), which callers keep out of
    /// their lines' way.
    func spell(name: String, slot: Int, write: (inout LogLine) -> Void) -> UnsafeBufferPointer<UInt8> {
        ways.swapAt(slot, slots + slot)
        if ways[slot].name != name { respell(name: name, slot: slot, spell: write) }
        return ways[slot].spelled
    }

    private func respell(name: String, slot: Int, spell: (inout LogLine) -> Void) {
        let spelling = ways[slot].spelling
        ways[slot].name = name
        spelling.count = 0
        var line = LogLine(spelling, room: LogLine.room(quoting: name) + 8)
        spell(&line)
        line.end(spelling)
        ways[slot].spelled = UnsafeBufferPointer(start: spelling.base, count: spelling.count)
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
