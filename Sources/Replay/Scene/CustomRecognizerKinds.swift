import GestureEngine
import TouchTrace

/// The custom recognizers a scene can use (`Recognizers/Custom/` in the engine), with their
/// parameters as a scene file gives them. Unset parameters keep the engine's defaults
/// (`CustomGestureDefaults`). `docs/scenes.md` lists the keys.
public enum CustomRecognizerKind: Equatable, Sendable {
    case chevron(ChevronParameters)
    case unistroke(UnistrokeParameters)
    case resetShake(ResetShakeParameters)
    case doubleTapDragZoom(DoubleTapDragZoomParameters)
    case touchDownPress(TouchDownPressParameters)
    case patternUnlock(PatternUnlockParameters)

    /// The `type` string a scene file uses for this kind.
    public var typeName: String {
        switch self {
        case .chevron: "chevron"
        case .unistroke: "unistroke"
        case .resetShake: "resetShake"
        case .doubleTapDragZoom: "doubleTapDragZoom"
        case .touchDownPress: "touchDownPress"
        case .patternUnlock: "patternUnlock"
        }
    }

    static let typeNames = ["chevron", "unistroke", "resetShake", "doubleTapDragZoom", "touchDownPress", "patternUnlock"]
}

/// `ChevronGestureRecognizer`'s settings.
public struct ChevronParameters: Equatable, Sendable {
    public var mirrored: Bool?
    /// Points each leg must run horizontally.
    public var minimumLegLength: Double?

    public init(mirrored: Bool? = nil, minimumLegLength: Double? = nil) {
        self.mirrored = mirrored
        self.minimumLegLength = minimumLegLength
    }
}

/// `UnistrokeGestureRecognizer`'s settings.
public struct UnistrokeParameters: Equatable, Sendable {
    /// The templates to match, already loaded: built-ins by name, user templates from their files.
    /// Nil: every built-in.
    public var templates: [UnistrokeTemplate]?
    /// Lowest score, 0…1, that recognizes.
    public var minimumScore: Double?

    public init(templates: [UnistrokeTemplate]? = nil, minimumScore: Double? = nil) {
        self.templates = templates
        self.minimumScore = minimumScore
    }
}

/// `ResetShakeGestureRecognizer`'s settings.
public struct ResetShakeParameters: Equatable, Sendable {
    public var minimumDirectionChanges: Int?
    /// Points of horizontal travel a stroke needs.
    public var minimumStrokeLength: Double?

    public init(minimumDirectionChanges: Int? = nil, minimumStrokeLength: Double? = nil) {
        self.minimumDirectionChanges = minimumDirectionChanges
        self.minimumStrokeLength = minimumStrokeLength
    }
}

/// `DoubleTapDragZoomGestureRecognizer`'s settings.
public struct DoubleTapDragZoomParameters: Equatable, Sendable {
    /// Longest gap between the tap's lift and the second touch-down.
    public var maximumTapInterval: Microseconds?
    /// Points of vertical drag that double the scale.
    public var pointsPerDoubling: Double?

    public init(maximumTapInterval: Microseconds? = nil, pointsPerDoubling: Double? = nil) {
        self.maximumTapInterval = maximumTapInterval
        self.pointsPerDoubling = pointsPerDoubling
    }
}

/// `TouchDownPressGestureRecognizer`'s settings.
public struct TouchDownPressParameters: Equatable, Sendable {
    public var numberOfTouchesRequired: Int?

    public init(numberOfTouchesRequired: Int? = nil) {
        self.numberOfTouchesRequired = numberOfTouchesRequired
    }
}

/// `PatternUnlockGestureRecognizer`'s settings.
public struct PatternUnlockParameters: Equatable, Sendable {
    /// Points between neighbouring targets.
    public var spacing: Double?
    /// Points from a target's centre within which the path enters it.
    public var targetRadius: Double?
    public var minimumTargets: Int?
    /// Codes such as "1-2-3-6-9" that unlock.
    public var acceptedCodes: [String]?

    public init(spacing: Double? = nil, targetRadius: Double? = nil, minimumTargets: Int? = nil, acceptedCodes: [String]? = nil) {
        self.spacing = spacing
        self.targetRadius = targetRadius
        self.minimumTargets = minimumTargets
        self.acceptedCodes = acceptedCodes
    }
}
