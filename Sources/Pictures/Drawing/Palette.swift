import Replay

/// The colours of every picture, chosen to stay apart for people with the common colour-vision
/// deficiencies where it matters (states differ in shape as well as colour) and to be exact RGB
/// values the tests can find in a rendering.
enum Palette {
    /// One colour per touch, in the order fingers went down, cycling.
    static let touches = ["#1864ab", "#c2255c", "#2b8a3e", "#e67700", "#5f3dc4", "#0b7285", "#862e9c", "#5c940d"]

    static func touch(_ index: Int) -> String { touches[index % touches.count] }

    static let ink = "#212529"
    static let muted = "#868e96"
    static let grid = "#e9ecef"
    static let panel = "#f8f9fa"
    static let outline = "#adb5bd"

    /// Recognizer states.
    static let active = "#1c7ed6"
    static let recognized = "#2f9e44"
    static let failed = "#e03131"
    static let cancelled = "#f08c00"
    static let possible = "#ced4da"

    /// View deliveries.
    static let deliveryBegan = "#2f9e44"
    static let deliveryMoved = "#adb5bd"
    static let deliveryEnded = "#1c7ed6"
    static let deliveryCancelled = "#f08c00"
    /// A delivery held back by delaysTouchesBegan/Ended: from the touches' time to the hook's.
    static let delay = "#7048e8"

    /// A report's differing events.
    static let highlight = "#ff00ff"

    static func delivery(_ phase: ViewTouchPhase) -> String {
        switch phase {
        case .began: deliveryBegan
        case .moved: deliveryMoved
        case .ended: deliveryEnded
        case .cancelled: deliveryCancelled
        }
    }

    static let font = "font-family=\"DejaVu Sans, Verdana, sans-serif\""
}
