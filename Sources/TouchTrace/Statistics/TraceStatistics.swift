/// Counts that describe a trace at a glance: what `touchstone info` prints.
///
/// Feed it every event in order with `add(_:)`; it keeps no events, so it summarises a file of any
/// length in constant memory (apart from the set of touches down at one instant).
public struct TraceStatistics: Equatable, Sendable {
    /// Touch sequences that started (one per `down`).
    public private(set) var touchSequences = 0
    /// The most touches down at once, on all devices together.
    public private(set) var maxConcurrentTouches = 0
    /// Touch samples of any phase.
    public private(set) var touchSamples = 0
    /// Hardware frames (`SYN_REPORT`, `wl_touch.frame`).
    public private(set) var frames = 0
    /// Touchpad gesture events of any kind and phase.
    public private(set) var gestureEvents = 0
    /// Devices added or removed after the trace began.
    public private(set) var deviceChanges = 0
    public private(set) var annotations = 0
    /// Time of the first and last event; `nil` for an empty trace.
    public private(set) var firstTime: Microseconds?
    public private(set) var lastTime: Microseconds?
    /// Samples that made no sense in sequence: a motion or lift for a touch that is not down, or a
    /// second `down` for a touch that is. Counted, not trusted.
    public private(set) var inconsistentSamples = 0

    private var active: Set<Key> = []

    private struct Key: Hashable, Sendable {
        var device: DeviceIndex
        var touch: TouchID
    }

    public init() {}

    /// Every event of the trace, counted; total events of any kind.
    public var events: Int {
        touchSamples + frames + gestureEvents + deviceChanges + annotations
    }

    /// Seconds between the first and the last event.
    public var durationSeconds: Double {
        guard let first = firstTime, let last = lastTime else { return 0 }
        return (Double(last) - Double(first)) / 1_000_000  // times near ±2^63 must not overflow
    }

    public mutating func add(_ event: TraceEvent) {
        let time = event.time
        if firstTime == nil { firstTime = time }
        lastTime = max(lastTime ?? time, time)
        switch event {
        case .touch(let sample):
            touchSamples += 1
            count(sample)
        case .frame:
            frames += 1
        case .gesture:
            gestureEvents += 1
        case .device(let change):
            deviceChanges += 1
            if case .removed(_, let device) = change {
                active = active.filter { $0.device != device }
            }
        case .annotation:
            annotations += 1
        }
    }

    private mutating func count(_ sample: TouchSample) {
        let key = Key(device: sample.device, touch: sample.touch)
        switch sample.phase {
        case .down:
            touchSequences += 1
            if active.insert(key).inserted {
                maxConcurrentTouches = max(maxConcurrentTouches, active.count)
            } else {
                inconsistentSamples += 1
            }
        case .motion:
            if !active.contains(key) { inconsistentSamples += 1 }
        case .up, .cancel:
            if active.remove(key) == nil { inconsistentSamples += 1 }
        }
    }
}
