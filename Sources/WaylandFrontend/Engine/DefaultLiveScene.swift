import GestureEngine

/// The scene `touchstone live` shows until scenes can be loaded by name: one view filling the
/// window, carrying a tap, a double tap, a long press, a pan, a pinch and a rotation recognizer.
///
/// Pinch and rotation may recognize together, as in a photo viewer; every other pair excludes
/// each other by UIKit's defaults, which is what makes the live view instructive.
public enum DefaultLiveScene {
    public static let name = "default"

    /// Builds the scene's window at the surface's size in points.
    public static func makeWindow(width: Double, height: Double) -> Window {
        let window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
        let canvas = View(frame: Rect(x: 0, y: 0, width: width, height: height), name: "canvas")
        window.addSubview(canvas)
        let doubleTap = TapGestureRecognizer(name: "double tap")
        doubleTap.numberOfTapsRequired = 2
        let pinch = PinchGestureRecognizer(name: "pinch")
        let rotation = RotationGestureRecognizer(name: "rotation")
        pinch.delegate = PinchWithRotation.shared
        rotation.delegate = PinchWithRotation.shared
        let recognizers: [GestureRecognizer] = [
            TapGestureRecognizer(name: "tap"), doubleTap, LongPressGestureRecognizer(name: "long press"),
            PanGestureRecognizer(name: "pan"), pinch, rotation,
        ]
        for recognizer in recognizers { canvas.addGestureRecognizer(recognizer) }
        return window
    }
}

/// Lets a pinch and a rotation recognize at the same time.
private final class PinchWithRotation: GestureRecognizerDelegate {
    nonisolated(unsafe) static let shared = PinchWithRotation()

    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        let pair = [recognizer, other]
        return pair.contains { $0 is PinchGestureRecognizer } && pair.contains { $0 is RotationGestureRecognizer }
    }
}
