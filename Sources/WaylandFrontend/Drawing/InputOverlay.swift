import TouchTrace

/// What the live window remembers about raw input to draw it: a trail per finger slot and the
/// touchpad gesture in progress. Positions are in window points.
struct InputOverlay {
    static let trailLength = 128

    struct Trail {
        var slot: UInt16
        var points: [(x: Double, y: Double)]
        var isDown: Bool
    }

    private(set) var trails: [Trail] = []
    /// The current or last touchpad gesture, as a line of text.
    private(set) var gesture = ""
    private var pinchAngle = 0.0
    private var swipeX = 0.0, swipeY = 0.0
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
        if sample.phase == .down {
            trails.removeAll { $0.slot == sample.slot }
            var points: [(x: Double, y: Double)] = []
            points.reserveCapacity(Self.trailLength)
            points.append(point)
            trails.append(Trail(slot: sample.slot, points: points, isDown: true))
            return
        }
        guard let index = trails.firstIndex(where: { $0.slot == sample.slot && $0.isDown }) else { return }
        if trails[index].points.count == Self.trailLength { trails[index].points.removeFirst() }
        trails[index].points.append(point)
        if sample.phase == .up || sample.phase == .cancel { trails[index].isDown = false }
    }

    private mutating func apply(_ sample: GestureSample) {
        if sample.phase == .begin {
            pinchAngle = 0
            swipeX = 0
            swipeY = 0
        }
        pinchAngle += sample.angleDelta
        swipeX += sample.dx
        swipeY += sample.dy
        let phase = sample.phase == .end ? (sample.cancelled ? "cancelled" : "ended") : "\(sample.phase)"
        switch sample.kind {
        case .swipe:
            gesture = "swipe \(sample.fingers) fingers \(phase) dx \(Int(swipeX)) dy \(Int(swipeY))"
        case .pinch:
            let scale = (sample.scale * 100).rounded() / 100
            gesture = "pinch \(sample.fingers) fingers \(phase) scale \(scale) angle \(Int(pinchAngle))"
        case .hold:
            gesture = "hold \(sample.fingers) fingers \(phase)"
        }
    }
}
