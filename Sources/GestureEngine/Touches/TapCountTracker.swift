/// Numbers successive touch-downs at about the same place, like `UITouch.tapCount`.
///
/// A down continues the count when it comes within the tap interval of the previous lift and
/// within the allowable distance of the previous down; otherwise the count restarts at 1.
struct TapCountTracker {
    var maximumInterval: GestureDuration
    var maximumDistance: Double
    private var lastUpTime: GestureTime = .min
    private var lastDownLocation = Point.zero
    private var count = 0

    init(maximumInterval: GestureDuration, maximumDistance: Double) {
        self.maximumInterval = maximumInterval
        self.maximumDistance = maximumDistance
    }

    mutating func touchDown(at location: Point, time: GestureTime) -> Int {
        let continues = count > 0 && lastUpTime != .min
            && time - lastUpTime <= maximumInterval
            && location.distance(to: lastDownLocation) <= maximumDistance
        count = continues ? count + 1 : 1
        lastDownLocation = location
        return count
    }

    mutating func touchUp(at time: GestureTime) {
        lastUpTime = time
    }
}
