import TouchTrace

/// A window, its view tree and the gesture recognizers on each view: everything a replay needs to
/// turn a trace into records, apart from the trace itself.
///
/// Scenes are read from JSON (`docs/scenes.md`, `SceneLoader`) or taken by name from `BuiltinScenes`.
/// They are plain values; `SceneBuilder` turns one into live GestureEngine objects for each replay.
public struct Scene: Equatable, Sendable {
    /// A short name used in logs and reports.
    public var name: String
    /// The window's size in points; the window's origin is (0, 0).
    public var window: Size
    /// How device positions become window points.
    public var mapping: DeviceMapping
    /// Recognizers attached to the window itself.
    public var windowRecognizers: [RecognizerSpec]
    /// The window's subviews, back to front (the last one is on top, as in UIKit).
    public var views: [ViewSpec]
    /// Pairs of recognizer ids that may recognize at the same time (the scene's answer to
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`, symmetric).
    public var simultaneous: [RecognizerPair]
    /// The template files the scene's unistroke recognizers read (paths as resolved against the
    /// scene file): inputs of every command that loads the scene, which no output may replace.
    public var templateFiles: [String] = []

    public init(
        name: String, window: Size, mapping: DeviceMapping = .automatic,
        windowRecognizers: [RecognizerSpec] = [], views: [ViewSpec], simultaneous: [RecognizerPair] = []
    ) {
        self.name = name
        self.window = window
        self.mapping = mapping
        self.windowRecognizers = windowRecognizers
        self.views = views
        self.simultaneous = simultaneous
    }

    /// Every recognizer in the scene, window first, then views depth first in file order.
    public var allRecognizers: [RecognizerSpec] {
        var result = windowRecognizers
        func visit(_ view: ViewSpec) {
            result += view.recognizers
            view.subviews.forEach(visit)
        }
        views.forEach(visit)
        return result
    }
}

/// A width and height in points.
public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in points, in its superview's coordinates.
public struct Frame: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// How a trace's device units become window points.
public enum DeviceMapping: Equatable, Sendable {
    /// The device's own `unitsPerPoint` when it has one (Wayland, synthetic traces), else `stretch`.
    case automatic
    /// The device's x and y axis ranges are stretched over the whole window.
    case stretch
    /// A fixed scale: point = (units - origin) / unitsPerPoint on each axis.
    case scale(unitsPerPoint: Double, originX: Double, originY: Double)
}

/// One view of a scene: a frame, the flags hit testing reads, its recognizers and subviews.
public struct ViewSpec: Equatable, Sendable {
    /// Unique within the scene; names the view in the replay log.
    public var id: String
    public var frame: Frame
    public var isHidden: Bool
    public var isUserInteractionEnabled: Bool
    public var recognizers: [RecognizerSpec]
    /// For a scrolling view: how long touches wait before its content sees them (UIScrollView's
    /// `delaysContentTouches`, 0.15 s there). The replay adds a recognizer that delays touches
    /// began for this long and then fails, which is how UIKit implements it.
    public var contentTouchDelay: Microseconds?
    /// Back to front.
    public var subviews: [ViewSpec]

    public init(
        id: String, frame: Frame, isHidden: Bool = false, isUserInteractionEnabled: Bool = true,
        recognizers: [RecognizerSpec] = [], contentTouchDelay: Microseconds? = nil, subviews: [ViewSpec] = []
    ) {
        self.contentTouchDelay = contentTouchDelay
        self.id = id
        self.frame = frame
        self.isHidden = isHidden
        self.isUserInteractionEnabled = isUserInteractionEnabled
        self.recognizers = recognizers
        self.subviews = subviews
    }
}

/// Two recognizer ids, unordered.
public struct RecognizerPair: Equatable, Sendable {
    public var first: String
    public var second: String

    public init(_ first: String, _ second: String) {
        self.first = first
        self.second = second
    }
}

/// One gesture recognizer in a scene: its kind with parameters, and the settings every recognizer has.
///
/// Parameters left `nil` take the engine's defaults (UIKit's values where UIKit documents them), so
/// a scene states only what it changes.
public struct RecognizerSpec: Equatable, Sendable {
    /// Unique within the scene; names the recognizer in the replay log and in failure requirements.
    public var id: String
    public var kind: RecognizerKind
    public var isEnabled: Bool
    public var cancelsTouchesInView: Bool
    public var delaysTouchesBegan: Bool
    public var delaysTouchesEnded: Bool
    /// Ids of recognizers that must fail before this one may recognize (`require(toFail:)`).
    public var requiresFailureOf: [String]

    public init(
        id: String, kind: RecognizerKind, isEnabled: Bool = true, cancelsTouchesInView: Bool = true,
        delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true, requiresFailureOf: [String] = []
    ) {
        self.id = id
        self.kind = kind
        self.isEnabled = isEnabled
        self.cancelsTouchesInView = cancelsTouchesInView
        self.delaysTouchesBegan = delaysTouchesBegan
        self.delaysTouchesEnded = delaysTouchesEnded
        self.requiresFailureOf = requiresFailureOf
    }
}

/// The standard recognizer kinds and their parameters. Durations are microseconds of virtual time,
/// distances are points.
public enum RecognizerKind: Equatable, Sendable {
    case tap(TapParameters)
    case longPress(LongPressParameters)
    case pan(PanParameters)
    case swipe(SwipeParameters)
    case pinch
    case rotation
    case screenEdgePan(ScreenEdgePanParameters)
    /// One of the custom recognizers (chevron, unistroke, reset shake, zoom, press, pattern).
    case custom(CustomRecognizerKind)

    /// The `type` string a scene file uses for this kind.
    public var typeName: String {
        switch self {
        case .tap: "tap"
        case .longPress: "longPress"
        case .pan: "pan"
        case .swipe: "swipe"
        case .pinch: "pinch"
        case .rotation: "rotation"
        case .screenEdgePan: "screenEdgePan"
        case .custom(let kind): kind.typeName
        }
    }
}

/// `UITapGestureRecognizer`'s settings.
public struct TapParameters: Equatable, Sendable {
    public var numberOfTapsRequired: Int?
    public var numberOfTouchesRequired: Int?
    /// Longest gap between one tap's lift and the next tap's touch down.
    public var maximumTapInterval: Microseconds?
    public var allowableMovement: Double?
    /// Longest a finger may stay down for a tap.
    public var maximumPressDuration: Microseconds?

    public init(
        numberOfTapsRequired: Int? = nil, numberOfTouchesRequired: Int? = nil,
        maximumTapInterval: Microseconds? = nil, allowableMovement: Double? = nil,
        maximumPressDuration: Microseconds? = nil
    ) {
        self.numberOfTapsRequired = numberOfTapsRequired
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.maximumTapInterval = maximumTapInterval
        self.allowableMovement = allowableMovement
        self.maximumPressDuration = maximumPressDuration
    }
}

/// `UILongPressGestureRecognizer`'s settings.
public struct LongPressParameters: Equatable, Sendable {
    public var minimumPressDuration: Microseconds?
    public var allowableMovement: Double?
    public var numberOfTapsRequired: Int?
    public var numberOfTouchesRequired: Int?

    public init(
        minimumPressDuration: Microseconds? = nil, allowableMovement: Double? = nil,
        numberOfTapsRequired: Int? = nil, numberOfTouchesRequired: Int? = nil
    ) {
        self.minimumPressDuration = minimumPressDuration
        self.allowableMovement = allowableMovement
        self.numberOfTapsRequired = numberOfTapsRequired
        self.numberOfTouchesRequired = numberOfTouchesRequired
    }
}

/// `UIPanGestureRecognizer`'s settings.
public struct PanParameters: Equatable, Sendable {
    public var minimumNumberOfTouches: Int?
    public var maximumNumberOfTouches: Int?
    /// The scrolling that drives the pan besides touches (`allowedScrollTypesMask`); `nil` takes
    /// the default, none.
    public var allowedScrollTypes: [ScrollType]?

    public init(minimumNumberOfTouches: Int? = nil, maximumNumberOfTouches: Int? = nil, allowedScrollTypes: [ScrollType]? = nil) {
        self.minimumNumberOfTouches = minimumNumberOfTouches
        self.maximumNumberOfTouches = maximumNumberOfTouches
        self.allowedScrollTypes = allowedScrollTypes
    }
}

/// UIKit's scroll types (`UIScrollType`): a mouse wheel's steps, or a trackpad's two-finger scrolling.
public enum ScrollType: String, CaseIterable, Equatable, Sendable {
    case discrete, continuous
}

/// The four directions a swipe or a screen edge can have.
public enum Direction: String, CaseIterable, Equatable, Sendable {
    case right, left, up, down
}

/// `UISwipeGestureRecognizer`'s settings.
public struct SwipeParameters: Equatable, Sendable {
    /// `nil` takes the default (right).
    public var directions: [Direction]?
    public var numberOfTouchesRequired: Int?

    public init(directions: [Direction]? = nil, numberOfTouchesRequired: Int? = nil) {
        self.directions = directions
        self.numberOfTouchesRequired = numberOfTouchesRequired
    }
}

/// The edges of a window, for `UIScreenEdgePanGestureRecognizer`.
public enum Edge: String, CaseIterable, Equatable, Sendable {
    case top, left, bottom, right
}

/// `UIScreenEdgePanGestureRecognizer`'s settings.
public struct ScreenEdgePanParameters: Equatable, Sendable {
    public var edges: [Edge]

    public init(edges: [Edge]) {
        self.edges = edges
    }
}
