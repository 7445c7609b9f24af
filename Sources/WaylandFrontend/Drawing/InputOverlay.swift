import TouchTrace

/// What the live window remembers about raw input to draw it: a trail per finger slot and the
/// touchpad gesture in progress. Positions are in window points.
///
/// Applying an event allocates nothing once each slot's trail exists: trails are reused per slot
/// and the gesture is kept as numbers, turned into text only when a frame is drawn.
struct InputOverlay {
    static let trailLength = 128

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
            trails.append(Trail(slot: sample.slot, point: point, isDown: sample.phase == .down))
            return
        }
        let trail = trails[index]
        if sample.phase == .down {
            trail.clear()
            trail.isDown = true
        }
        guard trail.isDown else { return }
        trail.append(point)
        if sample.phase == .up || sample.phase == .cancel { trail.isDown = false }
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
                              dx: 0, dy: 0, scale: 1, angle: 0)
        }
        gesture?.phase = sample.phase
        gesture?.cancelled = sample.cancelled
        gesture?.dx += sample.dx
        gesture?.dy += sample.dy
        gesture?.scale = sample.scale
        gesture?.angle += sample.angleDelta
    }
}
