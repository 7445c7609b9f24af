/// How hard and how wide one fingertip touches: pressure and contact size grow as the pad flattens
/// after landing and shrink just before the lift, as capacitive panels report them.
struct ContactProfile: Equatable, Sendable {
    /// Pressure once the finger has settled, as a fraction of the device's maximum.
    var peakPressure: Double
    /// Long axis of the settled contact ellipse, in millimetres (index finger 7–10, thumb 10–13).
    var majorMillimetres: Double
    /// Short axis as a fraction of the long one.
    var minorRatio: Double
    /// Seconds for the pad to flatten after touching down.
    var landing: Double
    /// Seconds over which the pad peels off before the lift.
    var lifting: Double

    /// How settled the contact is at `time` for a finger down over [down, up]: 0 just touching, 1 flat.
    func settling(at time: Double, down: Double, up: Double) -> Double {
        let landed = landing > 0 ? min(1, (time - down) / landing) : 1
        let lifted = lifting > 0 ? min(1, (up - time) / lifting) : 1
        let raw = max(0, min(landed, lifted))
        // Smoothstep: the pad does not flatten at a constant rate.
        return raw * raw * (3 - 2 * raw)
    }
}
