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

extension DeviceMapping: CustomStringConvertible {
    /// As a scene file names the mode (`automatic`, `stretch`, `scale`), a scale with its numbers.
    public var description: String {
        switch self {
        case .automatic: "automatic"
        case .stretch: "stretch"
        case .scale(let unitsPerPoint, let originX, let originY): "scale (\(unitsPerPoint) units per point from \(originX), \(originY))"
        }
    }
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

    /// The id of the recognizer the replay adds for `contentTouchDelay` (`ID.delay`), as the log,
    /// the pictures and the scene's checks name it.
    public var contentDelayRecognizerID: String { id + ".delay" }

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
/// Parameters left out keep the recognizer's defaults (UIKit's values where UIKit documents them),
/// so a scene states only what it changes.
public struct RecognizerSpec: Equatable, Sendable {
    /// Unique within the scene; names the recognizer in the replay log and in failure requirements.
    public var id: String
    /// The registered kind (`RecognizerRegistry`) that builds it.
    public var kind: RecognizerKind
    /// The kind's parameters the scene sets, by key (`RecognizerKind.parameters`).
    public var parameters: [String: ParameterValue]
    public var isEnabled: Bool
    public var cancelsTouchesInView: Bool
    public var delaysTouchesBegan: Bool
    public var delaysTouchesEnded: Bool
    /// Ids of recognizers that must fail before this one may recognize (`require(toFail:)`).
    public var requiresFailureOf: [String]

    public init(
        id: String, kind: RecognizerKind, parameters: [String: ParameterValue] = [:], isEnabled: Bool = true,
        cancelsTouchesInView: Bool = true, delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true,
        requiresFailureOf: [String] = []
    ) {
        self.id = id
        self.kind = kind
        self.parameters = parameters
        self.isEnabled = isEnabled
        self.cancelsTouchesInView = cancelsTouchesInView
        self.delaysTouchesBegan = delaysTouchesBegan
        self.delaysTouchesEnded = delaysTouchesEnded
        self.requiresFailureOf = requiresFailureOf
    }
}
