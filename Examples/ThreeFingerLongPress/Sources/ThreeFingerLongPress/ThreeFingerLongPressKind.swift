import Replay

extension RecognizerKind {
    /// `ThreeFingerLongPressGestureRecognizer` for scene files: `"type": "threeFingerLongPress"`.
    public static let threeFingerLongPress = RecognizerKind(
        "threeFingerLongPress",
        summary: "Three fingers land together and stay still long enough; recognizes once (discrete).",
        parameters: [
            .duration("minimumPressDuration", \.minimumPressDuration,
                      doc: "How long the three fingers stay down before it recognizes."),
            .number("allowableMovement", \.allowableMovement, unit: "pt", range: .atLeast(0),
                    doc: "How far any finger may move from where it landed."),
            .duration("landingWindow", \.landingWindow, doc: "How soon after the first finger the third must land."),
        ],
        make: { ThreeFingerLongPressGestureRecognizer(name: $0) }
    )
}
