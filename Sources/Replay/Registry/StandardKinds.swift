import GestureEngine

/// UIKit's standard recognizers as scene kinds. Defaults are the engine's (`GestureDefaults`,
/// docs/semantics.md); durations are seconds in scene files, distances points.
extension RecognizerKind {
    /// Touchstone's standard kinds, in the order the tables list them.
    static let standardKinds = [tap, longPress, pan, swipe, pinch, rotation, screenEdgePan]

    /// `UITapGestureRecognizer`.
    public static let tap = RecognizerKind(
        "tap", summary: "UITapGestureRecognizer: the required taps with the required fingers; discrete.",
        parameters: [
            .count("numberOfTapsRequired", \.numberOfTapsRequired, in: 1...10, doc: "Taps needed to recognize."),
            .count("numberOfTouchesRequired", \.numberOfTouchesRequired, in: 1...10, doc: "Fingers per tap."),
            .duration("maximumTapInterval", \.maximumIntervalBetweenSuccessiveTaps,
                      doc: "Longest gap between one tap's lift and the next tap's touch-down."),
            .number("allowableMovement", \.allowableMovement, unit: "pt", range: .atLeast(0),
                    doc: "How far the touches may wander from where the first tap began."),
            .duration("maximumPressDuration", \.maximumTapDuration, doc: "Longest a finger may stay down for one tap."),
        ],
        make: { TapGestureRecognizer(name: $0) }
    )

    /// `UILongPressGestureRecognizer`.
    public static let longPress = RecognizerKind(
        "longPress", summary: "UILongPressGestureRecognizer: fingers held still long enough, then followed; continuous.",
        parameters: [
            .duration("minimumPressDuration", \.minimumPressDuration, doc: "How long the fingers stay down before it begins."),
            .number("allowableMovement", \.allowableMovement, unit: "pt", range: .atLeast(0), doc: "Movement allowed before it begins."),
            .count("numberOfTapsRequired", \.numberOfTapsRequired, in: 0...10, doc: "Full taps before the press."),
            .count("numberOfTouchesRequired", \.numberOfTouchesRequired, in: 1...10, doc: "Fingers that must press."),
        ],
        make: { LongPressGestureRecognizer(name: $0) }
    )

    /// `UIPanGestureRecognizer`.
    public static let pan = RecognizerKind(
        "pan", summary: "UIPanGestureRecognizer: the touches' centroid moving past the hysteresis; continuous.",
        parameters: [
            .count("minimumNumberOfTouches", \.minimumNumberOfTouches, in: 1...10, doc: "Fewest fingers that pan."),
            .count("maximumNumberOfTouches", \.maximumNumberOfTouches, in: 1...10,
                   doc: "Most fingers that pan; not less than minimumNumberOfTouches."),
            .choices("allowedScrollTypes", \.allowedScrollTypes, [("discrete", .discrete), ("continuous", .continuous)],
                     doc: "Scrolling that drives the pan besides touches (allowedScrollTypesMask); continuous: a touchpad's two-finger scroll (docs/semantics.md TP1)."),
        ],
        check: { values throws(ParameterProblem) in
            if case .count(let low) = values["minimumNumberOfTouches"], case .count(let high) = values["maximumNumberOfTouches"],
               low > high {
                throw ParameterProblem(key: "maximumNumberOfTouches", problem: "must not be less than minimumNumberOfTouches (\(low))")
            }
        },
        make: { PanGestureRecognizer(name: $0) }
    )

    /// `UISwipeGestureRecognizer`.
    public static let swipe = RecognizerKind(
        "swipe", summary: "UISwipeGestureRecognizer: a quick, straight stroke in an allowed direction; discrete.",
        parameters: [
            .choices("direction", \.direction, [("right", .right), ("left", .left), ("up", .up), ("down", .down)],
                     doc: "Directions that count."),
            .count("numberOfTouchesRequired", \.numberOfTouchesRequired, in: 1...10, doc: "Fingers that must swipe."),
        ],
        make: { SwipeGestureRecognizer(name: $0) }
    )

    /// `UIPinchGestureRecognizer`.
    public static let pinch = RecognizerKind(
        "pinch", summary: "UIPinchGestureRecognizer: two fingers moving apart or together, reporting scale; continuous.",
        make: { PinchGestureRecognizer(name: $0) }
    )

    /// `UIRotationGestureRecognizer`.
    public static let rotation = RecognizerKind(
        "rotation", summary: "UIRotationGestureRecognizer: two fingers turning, reporting the angle; continuous.",
        make: { RotationGestureRecognizer(name: $0) }
    )

    /// `UIScreenEdgePanGestureRecognizer`.
    public static let screenEdgePan = RecognizerKind(
        "screenEdgePan", summary: "UIScreenEdgePanGestureRecognizer: a pan that starts at one of the edges; continuous.",
        parameters: [
            .choices("edges", \.edges, [("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right)],
                     required: true, doc: "Window edges it starts from."),
        ],
        make: { ScreenEdgePanGestureRecognizer(name: $0) }
    )
}
