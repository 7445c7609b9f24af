import TouchTrace

/// What the live window remembers about raw input to draw it: a trail per finger slot and the
/// touchpad gesture in progress. Positions are in window points.
///
/// Applying an event allocates nothing once each slot's trail exists: trails are reused per slot
/// and the gesture is kept as numbers, turned into text only when a frame is drawn.
struct InputOverlay {
    static let trailLength = 128

    struct Trail {
        var slot: UInt16
        var points: [(x: Double, y: Double)]
        var isDown: Bool
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
        let point = (x: Double(sample.x) / unitsPerPoint, y: Double(sample.y) / unitsPerPoint)
        guard let index = trails.firstIndex(where: { $0.slot == sample.slot }) else {
            var points: [(x: Double, y: Double)] = []
            points.reserveCapacity(Self.trailLength)
            points.append(point)
            trails.append(Trail(slot: sample.slot, points: points, isDown: sample.phase == .down))
            return
        }
        if sample.phase == .down {
            trails[index].points.removeAll(keepingCapacity: true)
            trails[index].isDown = true
        }
        guard trails[index].isDown else { return }
        if trails[index].points.count == Self.trailLength { trails[index].points.removeFirst() }
        trails[index].points.append(point)
        if sample.phase == .up || sample.phase == .cancel { trails[index].isDown = false }
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
