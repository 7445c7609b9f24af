/// The line between the first two tracked touches, shared by pinch and rotation.
extension GestureRecognizer {
    /// The vector from the first tracked touch to the second, or `nil` with fewer than two down.
    func fingerPairVector() -> Vector? {
        touchList.firstTwoLocations { !$0.phase.isTerminal }.map { $0.second - $0.first }
    }

    /// Ignores every tracked touch after the first two: pinch and rotation are two-finger gestures.
    func ignoreTouchesBeyondTwo() {
        while touchList.count > 2 { ignore(touchList[touchList.count - 1]) }
    }
}

/// `angle` brought into (-π, π].
func normalizedAngle(_ angle: Double) -> Double {
    var value = angle
    while value > Double.pi { value -= 2 * Double.pi }
    while value <= -Double.pi { value += 2 * Double.pi }
    return value
}
