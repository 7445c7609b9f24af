/// Flash and Hogan's minimum-jerk profile: the fraction of a point-to-point movement done at
/// normalised time `tau` in [0, 1].
///
/// Human reaching and dragging movements follow it closely: a bell-shaped speed that starts and ends
/// at rest, peaking at 1.875 times the mean speed half-way. Values outside [0, 1] clamp.
@inlinable
func minimumJerk(_ tau: Double) -> Double {
    if tau <= 0 { return 0 }
    if tau >= 1 { return 1 }
    return tau * tau * tau * (10 + tau * (-15 + 6 * tau))
}
