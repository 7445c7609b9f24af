/// Every threshold of the custom recognizers (`Recognizers/Custom/`), with its unit and why.
///
/// Like `GestureDefaults`, recognizers copy these at initialisation and each can be overridden per
/// recognizer. Distances are in window points, durations in microseconds, angles in radians. None
/// of these recognizers exists in UIKit, so every value is chosen: the reasons are given here and
/// in docs/custom-recognizers.md.
public enum CustomGestureDefaults {
    // MARK: Chevron

    /// Shortest horizontal run of each of the chevron's two legs, points. Chosen: a third of a
    /// fingertip-drawn V (60–90 pt a leg), long enough that a wobbling straight stroke has no "turn".
    public static let chevronMinimumLegLength = 40.0
    /// How far the finger must come back from its outermost point before the turn counts, points.
    /// Chosen: well above sensor noise and a stroke's bow.
    public static let chevronTurnTolerance = 15.0
    /// How far the finger may rise above the lowest point it has reached, points. Chosen: both legs
    /// go down; a small allowance absorbs the turn's wobble.
    public static let chevronUpwardTolerance = 12.0
    /// Shallowest and steepest a leg may be, below the horizontal, radians (15° and 75°). Chosen: a
    /// V drawn by hand keeps its legs around 45°; flatter is a zigzag, steeper a line.
    public static let chevronMinimumLegAngle = 15.0 * Double.pi / 180
    public static let chevronMaximumLegAngle = 75.0 * Double.pi / 180
    /// How far below its start the V must end, points. Chosen (the seed article's "ends below").
    public static let chevronMinimumDrop = 20.0

    // MARK: Unistroke templates

    /// Points a stroke is resampled to before matching. Source: Wobbrock et al., "$1 Unistroke
    /// Recognizer" (UIST 2007), N = 64.
    public static let unistrokeResampleCount = 64
    /// Side of the square a stroke is scaled to, points. Source: $1 paper (250).
    public static let unistrokeSquareSize = 250.0
    /// Rotation searched either side of the indicative angle for rotation-invariant templates,
    /// radians (45°). Source: $1 paper.
    public static let unistrokeAngleRange = 45.0 * Double.pi / 180
    /// Rotation searched either side of the drawn orientation for templates that are not
    /// rotation-invariant, radians (15°). Chosen: a hand's natural tilt, far from turning a tick
    /// into an "L".
    public static let unistrokeOrientationTolerance = 15.0 * Double.pi / 180
    /// Golden-section search stops at this angle step, radians (2°). Source: $1 paper.
    public static let unistrokeAnglePrecision = 2.0 * Double.pi / 180
    /// Lowest score (0…1) that recognizes. Chosen from synthetic strokes (30 seeds each):
    /// checkmarks and circles score 0.91 and above, v's 0.85 and above (one in thirty below
    /// 0.86), half circles drawn like a ">" 0.86–0.87 against the v: the v and the half circle
    /// overlap here, and no threshold tells them apart (docs/custom-recognizers.md).
    public static let unistrokeMinimumScore = 0.86
    /// Shortest stroke that is matched at all, points of path. Chosen: a tap's wobble is no stroke.
    public static let unistrokeMinimumPathLength = 60.0

    // MARK: Reset shake

    /// Direction changes needed, recognized at lift. Source: the seed article (Apple's sample
    /// "reset" gesture: three or more back-and-forth strokes).
    public static let shakeMinimumDirectionChanges = 3
    /// Horizontal travel one stroke needs before its reversal counts, points. Chosen: jitter and
    /// a finger rolling on the glass stay far below it.
    public static let shakeMinimumStrokeLength = 40.0
    /// How far the finger may drift vertically from where it came down, points. Chosen: a shake is
    /// horizontal; more drift than this is some other drawing.
    public static let shakeMaximumVerticalDrift = 60.0

    // MARK: Double-tap-drag zoom

    /// Movement at which the first tap fails, points. Chosen: the pan's hysteresis, so a drag
    /// that starts without a tap fails the zoom no later than the pan begins (both at 10 pt).
    public static let zoomTapAllowableMovement = 10.0
    /// Distance between the first tap and the second touch-down, points. Source: DC-TapRec
    /// (the tap's 45 pt allowable movement).
    public static let zoomSecondTouchDistance = 45.0
    /// Vertical movement of the second touch before the zoom begins, points. Chosen: the pan's
    /// hysteresis, so neither wins on distance alone.
    public static let zoomHysteresis = 10.0
    /// Vertical drag that doubles (down) or halves (up) the scale, points. Chosen: about a fifth of
    /// a phone screen per zoom level, as map apps feel.
    public static let zoomPointsPerDoubling = 150.0

    // MARK: Touch-down press

    /// Fingers that must be down together. Chosen: a button pressed with one finger.
    public static let pressNumberOfTouchesRequired = 1

    // MARK: Pattern unlock

    /// Distance between neighbouring targets' centres, points. Chosen: the size of a phone's lock
    /// screen grid (Android's is about 120 pt apart on a tablet-sized window).
    public static let patternSpacing = 120.0
    /// How close the path must pass to a target's centre to enter it, points. Chosen: a third of
    /// the spacing, so a diagonal between two targets does not clip a third.
    public static let patternTargetRadius = 40.0
    /// Fewest targets a pattern joins. Source: Android's lock screen (4).
    public static let patternMinimumTargets = 4
}
