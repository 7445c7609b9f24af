/// Every threshold the standard recognizers use, with its unit and where the value comes from.
///
/// Recognizers copy these into their own properties at initialisation, so each one can be
/// overridden per recognizer (a scene file, a test, a benchmark). Distances are in window points,
/// durations in microseconds, angles in radians. docs/semantics.md explains each choice, and the
/// sources are listed there in full:
/// H-* = Apple's UIKit SDK headers; AD = Apple's documentation; DC-TapRec = a decompilation of
/// UIKit's private tap engine; "chosen" = UIKit does not document the value and this is ours.
public enum GestureDefaults {
    // MARK: Tap

    /// Taps needed to recognize. Source: H-Tap (`numberOfTapsRequired` = 1).
    public static let numberOfTapsRequired = 1
    /// Fingers per tap. Source: H-Tap (`numberOfTouchesRequired` = 1).
    public static let numberOfTouchesRequired = 1
    /// Longest gap between one tap's lift and the next tap's touch-down, microseconds.
    /// Source: DC-TapRec (`_maximumIntervalBetweenSuccessiveTaps = 0.35`).
    public static let maximumIntervalBetweenSuccessiveTaps: GestureDuration = 350_000
    /// How far the touch centroid may wander from where the first tap began, points.
    /// Source: DC-TapRec (`allowableMovement` 45.0, sloppiness factor 1).
    public static let tapAllowableMovement = 45.0
    /// Longest a finger may stay down for one tap, microseconds. Chosen: 0.75 s, the value UIKit's
    /// text multi-tap recognizer configures (DC-TextMultiTap); the plain default is unreadable.
    public static let maximumTapDuration: GestureDuration = 750_000

    // MARK: Long press

    /// Press duration before the long press begins, microseconds. Source: AD
    /// `minimumPressDuration` (0.5 s) and H-LP.
    public static let minimumPressDuration: GestureDuration = 500_000
    /// Movement allowed before the long press begins, points. Source: H-LP (10).
    public static let longPressAllowableMovement = 10.0
    /// Full taps before the press. Source: H-LP (0).
    public static let longPressNumberOfTapsRequired = 0

    // MARK: Pan and screen-edge pan

    /// Centroid movement before a pan begins, points. Chosen: UIKit keeps a private `_hysteresis`
    /// with no documented value; 10 pt is the figure commonly observed, peers use 5 (WinObjC,
    /// flowkey). Below the tap's 45 pt, so a drag beats a tap by exclusion.
    public static let panHysteresis = 10.0
    /// Source: H-Pan (`minimumNumberOfTouches` = 1).
    public static let minimumNumberOfTouches = 1
    /// Source: H-Pan (`maximumNumberOfTouches` = NSUIntegerMax).
    public static let maximumNumberOfTouches = Int.max
    /// Samples older than this do not count towards velocity, microseconds. Chosen: 100 ms keeps
    /// the estimate responsive while smoothing over frame jitter (cf. Cacao zeroing at 0.2 s).
    public static let velocityWindow: GestureDuration = 100_000
    /// Width of the band along a screen edge where an edge pan may start, points. Chosen: 20 pt,
    /// roughly a fingertip; UIKit does not document it.
    public static let screenEdgeRegion = 20.0

    // MARK: Swipe

    /// Longest a swipe may take, microseconds. Chosen (UIKit's `_maximumDuration` is private).
    public static let swipeMaximumDuration: GestureDuration = 500_000
    /// Distance along the swipe direction a slow swipe needs, points. Chosen.
    public static let swipeSlowMinimumDistance = 50.0
    /// Distance along the swipe direction a fast swipe needs, points. Chosen. Apple: "a fast swipe
    /// requires low directional precision but a large distance" (AD UISwipeGestureRecognizer).
    public static let swipeFastMinimumDistance = 100.0
    /// Largest angle off the swipe direction for a slow swipe, radians (20°). Chosen.
    public static let swipeSlowMaximumAngle = 20.0 * Double.pi / 180
    /// Largest angle off the swipe direction for a fast swipe, radians (35°). Chosen.
    public static let swipeFastMaximumAngle = 35.0 * Double.pi / 180
    /// Speeds at or below this are slow, points per second. Chosen.
    public static let swipeSlowSpeed = 300.0
    /// Speeds at or above this are fast, points per second; between the two the distance and angle
    /// limits are interpolated linearly. Chosen.
    public static let swipeFastSpeed = 1_000.0

    // MARK: Pinch and rotation

    /// Change in the distance between the two fingers before a pinch begins, points. Chosen
    /// (UIKit's `_hysteresis` is private).
    public static let pinchHysteresis = 8.0
    /// How far a trackpad pinch's scale must move from 1 before a pinch begins. Chosen: 8 pt of
    /// change over a typical 100 pt finger spread, the touchscreen pinch's hysteresis.
    public static let pinchScaleHysteresis = 0.08
    /// The scrolling a pan takes besides touches: none, as UIKit's `allowedScrollTypesMask`
    /// defaults (AD: setting the mask "enables the pan gesture to recognize scroll events").
    public static let panAllowedScrollTypes: PanGestureRecognizer.ScrollTypes = []
    /// Change in the angle of the line between the two fingers before a rotation begins, radians
    /// (5°). Chosen (UIKit's threshold is private).
    public static let rotationThreshold = 5.0 * Double.pi / 180
}
