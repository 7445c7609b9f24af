extension Int {
    /// `value` rounded toward zero and clamped to `-limit...limit` (NaN is 0): the conversion for
    /// a number that comes from input (a file, a scene) on its way into integer arithmetic, which
    /// `Int(_:)` would trap on past `Int`'s range. `limit` leaves the room that arithmetic needs.
    package init(saturating value: Double, limit: Int = .max) {
        let bound = Double(limit)
        if value.isNaN {
            self = 0
        } else if value >= bound {
            self = limit
        } else if value <= -bound {
            self = -limit
        } else {
            self = Int(value)
        }
    }
}
