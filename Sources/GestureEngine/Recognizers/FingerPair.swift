/// The line between the first two tracked touches, shared by pinch and rotation.
extension GestureRecognizer {
    /// The vector from the first tracked touch to the second, or `nil` with fewer than two down.
    func fingerPairVector() -> Vector? {
        var first: Point?
        var vector: Vector?
        touchList.forEachTouch { touch in
            guard vector == nil, !touch.phase.isTerminal else { return }
            if let first { vector = touch.locationInWindow - first } else { first = touch.locationInWindow }
        }
        return vector
    }

    /// Ignores every tracked touch after the first two: pinch and rotation are two-finger gestures.
    func ignoreTouchesBeyondTwo() {
        while touches.count > 2 { ignore(touches[touches.count - 1]) }
    }
}

/// `angle` brought into (-π, π].
func normalizedAngle(_ angle: Double) -> Double {
    var value = angle
    while value > Double.pi { value -= 2 * Double.pi }
    while value <= -Double.pi { value += 2 * Double.pi }
    return value
}
