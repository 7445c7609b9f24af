import TouchTrace

/// What the live window remembers about raw input to draw it: a trail per finger slot and the
/// touchpad gesture in progress. Positions are in scene points.
///
/// A trail is drawn at full strength while its finger is down and fades out linearly over
/// `trailFade` (0.6 s of trace time) after the lift or cancel; then it is gone.
///
/// Applying an event allocates nothing once each slot's trail exists: trails are reused per slot
/// and the gesture is kept as numbers, turned into text only when a frame is drawn.
struct InputOverlay {
    static let trailLength = 128
    /// How long a trail takes to fade out after its finger lifts, in trace microseconds.
    static let trailFade: Microseconds = 600_000

    /// A point of a trail, in window points.
    struct TrailPoint {
        var x: Double
        var y: Double
    }

    /// One slot's trail: a ring of the last `trailLength` points, written in place so that a
    /// finger's motion costs no allocation (array growth and bulk removal allocate in debug builds).
    final class Trail {
        let slot: UInt16
        private var ring: [TrailPoint]
        private var start = 0
        private(set) var count = 0
        var isDown: Bool
        /// When the finger lifted (or was cancelled), on the trace's time line.
        var liftTime: Microseconds?

        init(slot: UInt16, point: TrailPoint, isDown: Bool) {
            self.slot = slot
            ring = [TrailPoint](repeating: point, count: InputOverlay.trailLength)
            self.isDown = isDown
            append(point)
        }

        /// The `index`th point, oldest first.
        subscript(index: Int) -> TrailPoint {
            ring[(start + index) % ring.count]
        }

        var last: TrailPoint? { count > 0 ? self[count - 1] : nil }

        func append(_ point: TrailPoint) {
            if count == ring.count {
                ring[start] = point
                start = (start + 1) % ring.count
            } else {
                ring[(start + count) % ring.count] = point
                count += 1
            }
        }

        func clear() {
            start = 0
            count = 0
        }
    }

    /// The touchpad gesture in progress or last seen, accumulated since its begin.
    struct Gesture {
        var kind: GestureKind
        var phase: GesturePhase
        var cancelled: Bool
        var fingers: UInt8
        var dx: Double
        var dy: Double
        var scale: Double
        var angle: Double

        /// When the gesture ended, on the trace's time line; nil while it runs.
        var endTime: Microseconds?

        var isRunning: Bool { phase != .end }

        var text: String {
            let state = phase == .end ? (cancelled ? "cancelled" : "ended") : "\(phase)"
            switch kind {
            case .swipe: return "swipe \(fingers) fingers \(state) dx \(Int(dx)) dy \(Int(dy))"
            case .pinch: return "pinch \(fingers) fingers \(state) scale \((scale * 100).rounded() / 100) angle \(Int(angle))"
            case .hold: return "hold \(fingers) fingers \(state)"
            case .scroll: return "scroll \(state) dx \(Int(dx)) dy \(Int(dy))"
            }
        }
    }

    private(set) var trails: [Trail] = []
    private(set) var gesture: Gesture?
    let unitsPerPoint: Double

    init(unitsPerPoint: Double) {
        self.unitsPerPoint = unitsPerPoint
    }

    mutating func apply(_ event: TraceEvent) {
        switch event {
        case .touch(let sample): apply(sample)
        case .gesture(let sample): apply(sample)
        case .frame, .device, .annotation: break
        }
    }

    private mutating func apply(_ sample: TouchSample) {
        let point = TrailPoint(x: Double(sample.x) / unitsPerPoint, y: Double(sample.y) / unitsPerPoint)
        guard let index = trailIndex(slot: sample.slot) else {
            let trail = Trail(slot: sample.slot, point: point, isDown: sample.phase == .down)
            if !trail.isDown { trail.liftTime = sample.time }
            trails.append(trail)
            return
        }
        let trail = trails[index]
        if sample.phase == .down {
            trail.clear()
            trail.isDown = true
            trail.liftTime = nil
        }
        guard trail.isDown else { return }
        trail.append(point)
        if sample.phase == .up || sample.phase == .cancel {
            trail.isDown = false
            trail.liftTime = sample.time
        }
    }

    /// How strongly `trail` is drawn at trace time `now`: 1 while down, falling linearly to 0 over
    /// `trailFade` after the lift (0 for a trail never drawn or long faded).
    static func opacity(of trail: Trail, at now: Microseconds?) -> Double {
        if trail.isDown { return 1 }
        guard let lift = trail.liftTime, trail.count > 0 else { return 0 }
        guard let now, now > lift else { return 1 }
        let elapsed = now - lift
        return elapsed >= trailFade ? 0 : 1 - Double(elapsed) / Double(trailFade)
    }

    /// The trace time by which every lifted trail has faded out, or nil when none is fading at `now`.
    func fadeEnd(after now: Microseconds?) -> Microseconds? {
        var end: Microseconds?
        var index = 0
        while index < trails.count {
            let trail = trails[index]
            if !trail.isDown, let lift = trail.liftTime, trail.count > 0, now.map({ $0 < lift + Self.trailFade }) ?? true {
                end = max(end ?? 0, lift + Self.trailFade)
            }
            index += 1
        }
        return end
    }

    /// A plain loop: a capturing closure costs a heap allocation per event in unoptimised builds.
    private func trailIndex(slot: UInt16) -> Int? {
        var index = 0
        while index < trails.count {
            if trails[index].slot == slot { return index }
            index += 1
        }
        return nil
    }

    private mutating func apply(_ sample: GestureSample) {
        if sample.phase == .begin || gesture?.kind != sample.kind {
            gesture = Gesture(kind: sample.kind, phase: sample.phase, cancelled: false, fingers: sample.fingers,
                              dx: 0, dy: 0, scale: 1, angle: 0, endTime: nil)
        }
        if sample.phase == .end { gesture?.endTime = sample.time }
        gesture?.phase = sample.phase
        gesture?.cancelled = sample.cancelled
        gesture?.dx += sample.dx
        gesture?.dy += sample.dy
        gesture?.scale = sample.scale
        gesture?.angle += sample.angleDelta
    }
}
