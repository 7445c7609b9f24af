/// The numbers that make a synthetic gesture land on the right side of UIKit's thresholds, and the
/// ranges real hands fall in. Generators draw from these ranges; near misses step just outside the
/// threshold they name. Times in seconds, distances in points.
///
/// UIKit values are the defaults documented in Apple's headers or seen in UIKit itself. Where UIKit
/// publishes none, the values are those Touchstone's engine chose (`GestureDefaults` in
/// GestureEngine, which Synthesis does not import), and the generators stay well clear of them.
enum HumanFactors {
    // MARK: UIKit thresholds

    /// `UITapGestureRecognizer` fails once the touch moves farther than this (allowableMovement).
    static let tapAllowableMovement = 45.0
    /// Longest gap between two taps of a multi-tap (maximumIntervalBetweenSuccessiveTaps).
    static let multiTapInterval = 0.35
    /// `UILongPressGestureRecognizer.minimumPressDuration`.
    static let longPressMinimumDuration = 0.5
    /// `UILongPressGestureRecognizer.allowableMovement` before it begins.
    static let longPressAllowableMovement = 10.0
    /// Movement before a pan begins; undocumented, peers use 5 to 10 points.
    static let panHysteresis = 10.0
    /// Band along an edge where an edge pan may start (engine's choice).
    static let screenEdgeRegion = 20.0
    /// Longest a swipe may take (engine's choice; UIKit's `_maximumDuration` is private).
    static let swipeMaximumDuration = 0.5
    /// The least travel any swipe needs, however slow and straight (engine's choice).
    static let swipeMinimumDistance = 50.0
    /// Change in finger distance before a pinch begins (engine's choice).
    static let pinchHysteresis = 8.0
    /// Turn before a rotation begins, in degrees (engine's choice).
    static let rotationThresholdDegrees = 5.0

    // MARK: Human ranges that stay inside the thresholds

    /// How long a finger rests in a tap (people tap for 60 to 130 ms).
    static let tapContact = 0.07...0.13
    /// Lift-to-land gap between the taps of a double tap.
    static let doubleTapGap = 0.08...0.16
    /// How far a tapping finger rolls while it flattens and peels off.
    static let tapRoll = 0.3...1.5
    /// How long a long press is held.
    static let longPressHold = 0.65...1.1
    /// How far a pressing finger wanders while held (well under `longPressAllowableMovement`).
    static let pressWander = 1.0...3.5
    /// Distance between neighbouring fingertips of one hand on the panel (18 to 20 mm).
    static let fingerSpacing = 78.0...90.0
    /// Spread of the landing times of fingers that mean to land together.
    static let fingerLandingSpread = 0.0...0.025
    /// Spread of the lift times of fingers that mean to lift together.
    static let fingerLiftSpread = 0.0...0.02

    static let panDistance = 150.0...320.0
    static let panDuration = 0.45...0.9
    /// A flick: distance of the whole hand movement and its duration; the finger is on the glass for
    /// the middle part only (landing at 5–12 %, lifting at 78–90 % of the movement).
    static let swipeDistance = 190.0...320.0
    static let swipeDuration = 0.16...0.26
    /// Largest angle between a swipe or pan and its nominal direction, in radians (about 6°).
    static let strokeAngleWobble = 0.1
    /// Sideways bow of a straight stroke, as a fraction of its length.
    static let strokeBow = 0.02...0.07

    static let pinchInStartDistance = 200.0...280.0
    static let pinchInScale = 0.35...0.5
    static let pinchOutStartDistance = 70.0...110.0
    static let pinchOutScale = 2.2...2.8
    static let twoFingerDuration = 0.45...0.85
    static let rotationDistance = 140.0...200.0

    static let edgeInset = 1.0...6.0
    static let edgePanDistance = 180.0...300.0
    static let edgePanDuration = 0.35...0.6

    // MARK: Near misses

    /// A tap that slides this far has moved beyond `tapAllowableMovement`.
    static let slidingTapDistance = 55.0...75.0
    /// A second tap that comes this long after the first lifted is too late for a double tap.
    static let lateSecondTapGap = 0.42...0.55
    /// A press released this early is too short for a long press.
    static let shortPressHold = 0.28...0.42
    /// A drag this short stays under `panHysteresis`.
    static let creepDistance = 4.0...7.0
    /// A flick whose hand travels this far (the finger is down for about 80 % of it) is too short
    /// for a swipe, fast or slow. A slow drag is no near miss: UIKit takes a slow, straight,
    /// short movement for a swipe too.
    static let shortSwipeDistance = 28.0...45.0
    /// A pinch whose finger distance changes this little (points) stays under the pinch hysteresis.
    static let timidPinchChange = 2.0...5.0
    /// A rotation this small stays under the rotation threshold, in degrees.
    static let timidRotationDegrees = 2.0...4.0
    /// An edge pan starting this far in does not start at the edge.
    static let inlandEdgeInset = 40.0...70.0
}
