/// Counts that describe a trace at a glance: what `touchstone info` prints.
///
/// Feed it every event in order with `add(_:)`, or a whole input with `add(contentsOf:)` (the
/// fast path: the decoder and the counting compile into one loop); it keeps no events, so it
/// summarises a file of any length in constant memory: it follows at most `touchesDownLimit`
/// touches down at once (`untrackedTouches` counts those past it), and a `device removed` event
/// costs at most a walk of those; it keeps the first `addedDevicesKept` devices added and counts
/// the rest.
public struct TraceStatistics: Equatable, Sendable {
    /// The most touches down at once that are followed: the limit past which `touchstone replay`
    /// and `render` refuse a file (`ReplayDriver.touchesDownLimit`), so a file within it is
    /// described exactly. A touch that goes down while this many are down is counted as a
    /// sequence and in `untrackedTouches`, and is not followed.
    public static let touchesDownLimit = 1_024

    /// Touch sequences that started (one per `down`).
    public private(set) var touchSequences = 0
    /// The most touches down at once, on all devices together; at most `touchesDownLimit`
    /// (`untrackedTouches` says whether the file went past it).
    public private(set) var maxConcurrentTouches = 0
    /// Touches that went down while `touchesDownLimit` touches were down: counted as sequences,
    /// not followed. Once there is one, a sample of a touch that is not down is no longer counted
    /// as inconsistent (it may be one of these), so `inconsistentSamples` is then a lower bound.
    public var untrackedTouches: Int { active.refused }
    /// Touch samples of any phase.
    public private(set) var touchSamples = 0
    /// Hardware frames (`SYN_REPORT`, `wl_touch.frame`).
    public private(set) var frames = 0
    /// Touchpad gesture events of any kind and phase.
    public private(set) var gestureEvents = 0
    /// Devices added or removed after the trace began.
    public private(set) var deviceChanges = 0
    public private(set) var annotations = 0
    /// Time of the first event; `nil` for an empty trace.
    public var firstTime: Microseconds? { started ? first : nil }
    /// The latest time of any event (the last one's unless the trace's times go back); `nil` for
    /// an empty trace.
    public var lastTime: Microseconds? { started ? latest : nil }
    /// Samples that made no sense in sequence: a motion or lift for a touch that is not down, or a
    /// second `down` for a touch that is. Counted, not trusted. Exact while `untrackedTouches` is
    /// 0; after that, only the second `down`s of touches followed.
    public private(set) var inconsistentSamples = 0

    /// The devices that appeared after the trace began, in order: the first `addedDevicesKept`.
    public private(set) var addedDevices: [DeviceDescription] = []
    /// `device added` events past the first `addedDevicesKept`: counted, their devices not kept.
    public private(set) var addedDevicesNotKept = 0
    /// How many added devices are kept: as many as a getevent or evtest log may describe, far
    /// more than a session plugs in, few enough that a file of nothing but `device added` events
    /// is described in constant memory.
    public static let addedDevicesKept = 256

    private var active = ActiveTouches()
    /// `firstTime` and `lastTime` without optionals (an event costs one compare and one store).
    /// `started` is `events > 0`, kept rather than derived: that is a sum of five counts, which
    /// every event would add up again.
    private var started = false
    private var first: Microseconds = 0
    private var latest: Microseconds = .min

    public init() {}

    /// Every event of the trace, counted; total events of any kind.
    public var events: Int {
        touchSamples + frames + gestureEvents + deviceChanges + annotations
    }

    /// Seconds between the first and the last event.
    public var durationSeconds: Double {
        guard let first = firstTime, let last = lastTime else { return 0 }
        // Exact where the difference fits (times near ±2^63 are 2,048 µs apart as doubles); only
        // a span past Int64 itself goes through doubles.
        let (span, overflow) = last.subtractingReportingOverflow(first)
        return (overflow ? Double(last) - Double(first) : Double(span)) / 1_000_000
    }

    /// The counts add with `&+=`: each counts events of one file, which cannot hold 2^63 of them
    /// (an event takes at least a byte), and the overflow checks were 4 of the 122 instructions a
    /// sample costs `info`, and 7 % of its time (docs/benchmarks.md, "Session 12").
    public mutating func add(_ event: TraceEvent) {
        var found: UInt64 = 0
        var running = Running(latest: latest)
        add(event, touchBit: 0, found: &found, running: &running)
        store(running)
    }

    /// Adds every remaining event of `input`. Per event this costs about what decoding it does.
    public mutating func add(contentsOf input: TraceInput) throws {
        if case .streamed(let reader) = input.events {
            // The binary decoder inlined into this loop, stepping over the values it does not count.
            // The chunk's word: the touches of the chunk being read (a bit each, by their index in
            // its touch table) last seen down, so that their motions skip the lookup (`count`).
            var running = Running(latest: latest)
            defer { store(running) }
            try reader.forEachEventWithoutValues { add($0, touchBit: $1, found: &$2, running: &running) }
        } else {
            try input.forEachEvent { add($0) }
        }
    }

    /// The counts every event changes, kept in a local through a loop and stored once at its end
    /// (or at an error): kept in `self`, each event's load of `latest` and `touchSamples` waited
    /// for the last event's store (the loop's instructions the same, its time 4-7 % more;
    /// docs/benchmarks.md, "Session 25's end").
    private struct Running {
        var samples = 0
        var frames = 0
        var latest: Microseconds
    }

    private mutating func store(_ running: Running) {
        touchSamples &+= running.samples
        frames &+= running.frames
        latest = running.latest
    }

    /// `add(_:)`, with the bit of a sample's touch in its chunk (0 when it has none), the bits
    /// of those found down so far, and the running counts.
    private mutating func add(_ event: TraceEvent, touchBit: UInt64, found: inout UInt64, running: inout Running) {
        let time = event.time
        if !started {
            started = true
            first = time
        }
        running.latest = max(running.latest, time)
        switch event {
        case .touch(let sample):
            running.samples &+= 1
            count(sample, touchBit: touchBit, found: &found)
        case .frame:
            running.frames &+= 1
        case .gesture:
            gestureEvents &+= 1
        case .device(let change):
            deviceChanges &+= 1
            changed(change)
            found = 0
        case .annotation:
            annotations &+= 1
        }
    }

    /// Out of the loop: rare, and inlined it kept the counting of samples from being inlined.
    @inline(never)
    private mutating func changed(_ change: DeviceChange) {
        switch change {
        case .added(_, let device):
            if addedDevices.count < Self.addedDevicesKept { addedDevices.append(device) } else { addedDevicesNotKept &+= 1 }
        case .removed(_, let device): active.removeAll(of: device)
        }
    }

    /// Inlined into the decoder's loop (`add(contentsOf:)`) with `ActiveTouches`' lookups, as long
    /// as it stays this short: what is rare (a touch past the limit, a sample not followed, a
    /// device change) is out of line.
    ///
    /// A motion of a touch whose bit is in `found` is known to be down without a lookup: a bit is
    /// set only when the lookup has found the touch in the set, and every bit is cleared when a
    /// touch leaves it (a lift, a cancel, a device removed: one chunk may name a touch twice) and
    /// when a chunk begins. The answers are the lookup's; on the ten-finger session nine motions
    /// in ten skip it.
    private mutating func count(_ sample: TouchSample, touchBit: UInt64, found: inout UInt64) {
        switch sample.phase {
        case .motion:
            if found & touchBit != 0 { return }
            if active.contains(ActiveTouches.key(sample.device, sample.touch), line: ActiveTouches.line(sample.device, sample.slot)) {
                found |= touchBit
            } else {
                notDown()
            }
        case .down:
            touchSequences &+= 1
            if active.insert(ActiveTouches.key(sample.device, sample.touch), line: ActiveTouches.line(sample.device, sample.slot)) {
                maxConcurrentTouches = max(maxConcurrentTouches, active.count)
            } else {
                inconsistentSamples &+= 1
            }
        case .up, .cancel:
            found = 0
            if !active.remove(ActiveTouches.key(sample.device, sample.touch), line: ActiveTouches.line(sample.device, sample.slot)) { notDown() }
        }
    }

    /// A sample of a touch that is not down: inconsistent, unless it may be one not followed.
    @inline(never)
    private mutating func notDown() {
        if active.refused == 0 { inconsistentSamples &+= 1 }
    }
}

/// The touches down at one instant, as device and touch packed into one integer.
///
/// A touch keeps its hardware slot from its down to its lift, so the set is looked up through its
/// slot first: a small direct-mapped table, one line per device and slot, remembers the touch last
/// seen there, and a sample whose touch is in its line is known to be down without a search. Only
/// a miss (a touch's first sample in its line, or a file whose touches share or change slots)
/// searches the set. The set itself is a short array (a screen has a few fingers down, no
/// hashing); a file that claims more than `smallLimit` at once (hostile or broken) moves them to a
/// set, so no input makes a lookup slow, and the set takes at most `limit` keys, so no input makes
/// it large (`insert` then refuses a key and counts it in `refused`). Every key in the table is
/// in the set (a removal clears every line that holds it), so the table only ever saves a search,
/// never changes an answer.
struct ActiveTouches: Equatable, Sendable {
    private var small: [UInt64] = []
    private var large: Set<UInt64>?
    /// Each line holds a key that is down, plus one (0: empty).
    private var lines = [UInt64](repeating: 0, count: ActiveTouches.lineCount)
    /// Touches `insert` refused because `limit` keys were there.
    private(set) var refused = 0
    /// Lines `contains` filled after a search since the set was last empty. Until there is one,
    /// every line was filled by `insert`, which never fills a second line with a key, so a key is
    /// in one line at most and a removal need not look at the others.
    private var strays = 0
    static let smallLimit = 32
    static let lineCount = 64
    static let limit = TraceStatistics.touchesDownLimit

    static func key(_ device: DeviceIndex, _ touch: TouchID) -> UInt64 {
        UInt64(device) << 32 | UInt64(touch)
    }

    /// The table line of a slot of a device.
    static func line(_ device: DeviceIndex, _ slot: UInt16) -> Int {
        (Int(slot) &+ Int(device) &* 17) & (lineCount - 1)
    }

    var count: Int { large?.count ?? small.count }

    /// The same touches, however they are stored and looked up.
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.refused == rhs.refused && lhs.count == rhs.count && (lhs.large.map(Array.init) ?? lhs.small).allSatisfy { rhs.searched($0) }
    }

    /// Whether `key` is down; `line` is its slot's.
    mutating func contains(_ key: UInt64, line: Int) -> Bool {
        if lines[line] == key &+ 1 { return true }
        guard searched(key) else { return false }
        lines[line] = key &+ 1
        strays &+= 1
        return true
    }

    /// False if it was already there; true without inserting it when `limit` keys are (counted in
    /// `refused`).
    mutating func insert(_ key: UInt64, line: Int) -> Bool {
        if lines[line] == key &+ 1 || searched(key) { return false }
        if large != nil {
            guard insertIntoLarge(key) else { return true }
        } else if small.count < Self.smallLimit {
            small.append(key)
        } else {
            large = Set(small)
            large!.insert(key)
            small = []
        }
        lines[line] = key &+ 1
        return true
    }

    /// False, and counted in `refused`, when `limit` keys are there. Out of line: rare, and the
    /// lookups inlined into `info`'s loop stay short.
    @inline(never)
    private mutating func insertIntoLarge(_ key: UInt64) -> Bool {
        guard large!.count < Self.limit else {
            refused &+= 1
            return false
        }
        large!.insert(key)
        return true
    }

    /// False if it was not there.
    mutating func remove(_ key: UInt64, line: Int) -> Bool {
        if large != nil {
            guard large!.remove(key) != nil else { return false }
        } else {
            guard let index = small.lastIndex(of: key) else { return false }
            small.remove(at: index)
        }
        // Every line that holds it: its slot's, and others if it changed slots.
        let stale = key &+ 1
        if strays == 0, lines[line] == stale {
            lines[line] = 0
        } else {
            for index in lines.indices where lines[index] == stale { lines[index] = 0 }
        }
        if count == 0 { strays = 0 }
        return true
    }

    /// At most `limit` keys looked at, and nothing rebuilt or cleared when none is the device's:
    /// a file of many removals of a device with nothing down costs a walk of the set each.
    mutating func removeAll(of device: DeviceIndex) {
        let device = UInt64(device)
        if large != nil {
            guard large!.contains(where: { $0 >> 32 == device }) else { return }
            large = large!.filter { $0 >> 32 != device }
        } else {
            guard small.contains(where: { $0 >> 32 == device }) else { return }
            small.removeAll { $0 >> 32 == device }
        }
        for index in lines.indices { lines[index] = 0 }
        strays = 0
    }

    /// Whether `key` is in the set, searched (the latest finger first: the likeliest to move next).
    private func searched(_ key: UInt64) -> Bool {
        if let large { return large.contains(key) }
        return small.lastIndex(of: key) != nil
    }
}
