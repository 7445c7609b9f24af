/// The translation and velocity bookkeeping shared by pan and screen-edge pan.
///
/// Translation accumulates centroid movement only while the set of fingers is unchanged, so a
/// finger landing or lifting does not make the content jump; `setTranslation` moves the reported
/// origin without disturbing the velocity estimate.
struct TranslationTracker {
    private var lastCentroid = Point.zero
    /// Movement accumulated since the first touch, before any `setTranslation`.
    private(set) var raw = Vector.zero
    private var offset = Vector.zero
    private var velocity: VelocityEstimator<Vector>

    init(velocityWindow: GestureDuration) {
        velocity = VelocityEstimator(window: velocityWindow)
    }

    var translation: Vector { raw + offset }

    mutating func setTranslation(_ translation: Vector) {
        offset = translation - raw
    }

    /// The finger set changed: measure from the new centroid.
    mutating func rebase(centroid: Point) {
        lastCentroid = centroid
    }

    /// Fingers landed at `time`: measure from their centroid and, the first time in an attempt,
    /// take touch-down as the velocity's first sample, so that a first move already has a
    /// velocity. A trackpad gesture uses `rebase` alone: its first update carries movement made
    /// before the time it began, so its beginning is no sample.
    mutating func fingersLanded(centroid: Point, at time: GestureTime) {
        rebase(centroid: centroid)
        velocity.addStart(raw, at: time)
    }

    mutating func move(to centroid: Point, at time: GestureTime) {
        raw = raw + (centroid - lastCentroid)
        lastCentroid = centroid
        velocity.add(raw, at: time)
    }

    /// `mutating` as the estimator's: read in place, not copied.
    mutating func velocity(at time: GestureTime) -> Vector {
        velocity.velocity(at: time)
    }

    mutating func reset() {
        raw = .zero
        offset = .zero
        velocity.removeAll()
    }
}

extension GestureRecognizer {
    /// The centroid of the tracked touches that are still down (window points), or `nil` if none is.
    func centroidOfTouchesStillDown() -> Point? {
        var x = 0.0, y = 0.0, count = 0.0
        touchList.forEachTouch { touch in
            guard !touch.phase.isTerminal else { return }
            x += touch.locationInWindow.x
            y += touch.locationInWindow.y
            count += 1
        }
        return count == 0 ? nil : Point(x: x / count, y: y / count)
    }

    /// How many tracked touches are still down.
    var numberOfTouchesStillDown: Int {
        var count = 0
        touchList.forEachTouch { if !$0.phase.isTerminal { count += 1 } }
        return count
    }
}
