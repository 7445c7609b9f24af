/// A trackpad gesture that reaches recognizers without touches: UIKit's `transform` and `scroll`
/// events (iPadOS 13.4+, docs/semantics.md "Trackpad gestures").
///
/// With `UIApplicationSupportsIndirectInputEvents`, UIKit drives `UIPinchGestureRecognizer` and
/// `UIRotationGestureRecognizer` with transform events for a pinch or rotation on an indirect
/// touch surface, and `UIPanGestureRecognizer` with scroll events when its
/// `allowedScrollTypesMask` allows them. No touches drive these gestures, so `numberOfTouches` is 0.
///
/// Values are cumulative since `began`, so a recognizer never has to sum deltas itself.
public struct IndirectGesture: Equatable, Sendable {
    /// UIKit's `UIEvent.EventType` for the gesture.
    public enum Kind: UInt8, Sendable, Equatable {
        /// A two-finger pinch or rotation on a trackpad (`UIEvent.EventType.transform`).
        case transform
        /// Two-finger scrolling on a trackpad, a continuous scroll (`UIEvent.EventType.scroll`,
        /// `UIScrollType.continuous`).
        case scroll
    }

    public enum Phase: UInt8, Sendable, Equatable {
        case began, changed, ended, cancelled
    }

    public var kind: Kind
    public var phase: Phase
    /// Microseconds on the engine's clock.
    public var timestamp: GestureTime
    /// Where the pointer is, in window points. The gesture is hit-tested there when it begins, and
    /// it is what the recognizers report as `location(in:)`.
    public var location: Point
    /// Transform: the scale since `began` (1 then).
    public var scale: Double
    /// Transform: the rotation since `began`, radians, clockwise positive.
    public var rotation: Double
    /// Scroll: the movement since `began`, in points, in the direction the fingers moved (content
    /// following the fingers, as a pan on a touchscreen).
    public var translation: Vector

    public init(
        kind: Kind, phase: Phase, timestamp: GestureTime, location: Point,
        scale: Double = 1, rotation: Double = 0, translation: Vector = .zero
    ) {
        self.kind = kind
        self.phase = phase
        self.timestamp = timestamp
        self.location = location
        self.scale = scale
        self.rotation = rotation
        self.translation = translation
    }
}
