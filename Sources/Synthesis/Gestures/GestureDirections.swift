/// Which way a swipe, pan or drag travels on screen.
public enum SwipeDirection: String, Sendable, CaseIterable, Equatable {
    case left, right, up, down

    /// Unit vector of travel in screen coordinates (y down).
    var unitVector: ScreenPoint {
        switch self {
        case .left: ScreenPoint(x: -1, y: 0)
        case .right: ScreenPoint(x: 1, y: 0)
        case .up: ScreenPoint(x: 0, y: -1)
        case .down: ScreenPoint(x: 0, y: 1)
        }
    }
}

/// Whether the fingers of a pinch close (zoom out of content) or spread apart.
public enum PinchDirection: String, Sendable, CaseIterable, Equatable {
    case `in`, out
}

/// The screen edge an edge pan starts from; the finger travels away from it.
public enum ScreenEdge: String, Sendable, CaseIterable, Equatable {
    case left, right, top, bottom
}

/// Which way a circle is drawn or a rotation turns, as seen on screen.
public enum Turn: String, Sendable, CaseIterable, Equatable {
    case clockwise, counterclockwise

    /// +1 for clockwise (positive angles on a y-down screen), -1 otherwise.
    var sign: Double { self == .clockwise ? 1 : -1 }
}
