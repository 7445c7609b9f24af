/// One finger on the surface, from touch-down to lift or cancellation: the engine's `UITouch`.
///
/// The same object represents the finger for its whole sequence and is what recognizers and views
/// receive. The dispatcher owns it and recycles it once the sequence is over and every delivery it
/// was holding back is done, so do not keep references to touches past `touchesEnded` or
/// `touchesCancelled` (or a recognizer's `reset()`).
public final class Touch {
    /// Where the touch is in its sequence, as the receiver of a delivery sees it.
    public enum Phase: UInt8, Sendable, CaseIterable, CustomStringConvertible {
        case began, moved, stationary, ended, cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }

        /// Whether this phase ends the sequence.
        public var isTerminal: Bool { self == .ended || self == .cancelled }

        /// This phase's bit in a set of phases kept as a mask.
        var bit: UInt8 { 1 << rawValue }
    }

    /// The driver's identity for this finger's sequence.
    public internal(set) var identifier: UInt32 {
        @inlinable get { _identifier }
        set { _identifier = newValue }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _identifier: UInt32 = 0
    public internal(set) var phase: Phase {
        @inlinable get { _phase }
        set { _phase = newValue }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _phase: Phase = .began
    /// When the touch last changed, in microseconds on the engine's clock.
    public internal(set) var timestamp: GestureTime {
        @inlinable get { _timestamp }
        set { _timestamp = newValue }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _timestamp: GestureTime = 0
    /// Where the touch is, in window points.
    public internal(set) var locationInWindow: Point {
        @inlinable get { _locationInWindow }
        set { _locationInWindow = newValue }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _locationInWindow: Point = Point.zero
    /// Where the touch was before its last change, in window points.
    public internal(set) var previousLocationInWindow: Point {
        @inlinable get { _previousLocationInWindow }
        set { _previousLocationInWindow = newValue }
    }
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    @usableFromInline var _previousLocationInWindow: Point = Point.zero
    /// How many taps in quick succession at about this place this touch belongs to (1 for a lone
    /// touch).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public internal(set) var tapCount = 1
    /// The view the touch was hit-tested to when it began.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public internal(set) var view: View? {
        didSet { viewReference = view.map { Unretained($0) } }
    }
    /// `view` without reference counting, for the dispatch loops; `view` keeps it alive.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var viewReference: Unretained<View>?
    /// The recognizers that collected this touch and still track it (in collection order).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    // Delivery bookkeeping for the dispatcher.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var beganTimestamp: GestureTime = 0
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var beganLocation = Point.zero
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var viewDelivery = ViewDeliveryState.live
    /// What the touch's recognizers say about view delivery, valid while `flagsGeneration` equals
    /// the dispatcher's `deliveryGeneration`.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var deliveryFlags = DeliveryFlags()
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var flagsGeneration: UInt64 = 0
    /// The last recognizer of `gestureRecognizers` found deciding with `delaysTouchesEnded` when
    /// `deliveryFlags` was last worked out, and the dispatcher's `heldFlagsStamp` then (read
    /// only while the stamp holds, when that list still keeps it alive). While it still decides
    /// and no recognizer has been let through, had its delivery flags set or left a touch's list
    /// since, a held lift stays held: its flags are not worked out again
    /// (`TouchDispatcher.deliveryFlags(of:)`).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var endHolder: Unretained<GestureRecognizer>?
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var endHolderStamp: UInt64 = 0
    /// Equal to the dispatcher's `eventStamp` while the touch is in the frame being dispatched.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var eventStamp: UInt64 = 0
    /// Whether the touch is still down (began and not yet ended or cancelled).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    var isDown = false

    init() {
        gestureRecognizers.reserveCapacity(8)
    }

    /// The touch's location in `view`'s coordinates (the window's when `nil`).
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return locationInWindow - view.originInWindow
    }

    /// The touch's previous location in `view`'s coordinates (the window's when `nil`).
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return previousLocationInWindow - view.originInWindow
    }

    func prepare(identifier: UInt32, at location: Point, time: GestureTime, tapCount: Int, view: View?) {
        self.identifier = identifier
        self.phase = .began
        self.timestamp = time
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.tapCount = tapCount
        self.view = view
        self.beganTimestamp = time
        self.beganLocation = location
        self.viewDelivery = .live
        self.flagsGeneration = 0
        self.endHolder = nil
        self.isDown = true
        // Empty after `recycle` (and in a new touch): `removeAll(keepingCapacity:)` is a generic
        // call of about a hundred instructions even then.
        if !gestureRecognizers.isEmpty { gestureRecognizers.removeAll(keepingCapacity: true) }
    }

    func recycle() {
        view = nil
        endHolder = nil
        isDown = false
        // From the end: `removeAll(keepingCapacity:)` is a generic call of about a hundred and fifty
        // instructions, and a walk of value witnesses to release what it held.
        gestureRecognizers.removeAllFromEnd()
    }
}

extension Touch: CustomStringConvertible {
    public var description: String { "touch \(identifier) \(phase) at \(locationInWindow)" }
}

/// What the hit-test view has been told about a touch so far, under the delivery flags.
enum ViewDeliveryState: Equatable {
    /// Phases go to the view as they happen.
    case live
    /// The began phase (and everything after it) is held back until the delaying recognizers fail.
    case heldBegan
    /// The view saw began; the ended phase is held back until the analysing recognizers resolve.
    case heldEnded
    /// The view has left the window (docs/semantics.md V7): at the touch's next delivery step it
    /// gets `touchesCancelled` if it has seen the touch, and nothing if not, then nothing more.
    case leftWindow
    /// The view has seen the last of this touch (ended, cancelled, or discarded unseen).
    case finished
}

/// A view delivery pass left every touch down either live on `view` or finished in its view (a
/// recognizer cancelled it there), at delivery generation `generation`.
struct QuietViews {
    /// `nil` when every touch down is finished: a frame of moves then goes to no view.
    let view: Unretained<View>?
    /// Every touch down is live: the frame's own list is the batch, with no walk.
    let allLive: Bool
    let generation: UInt64
}

/// The delivery-relevant summary of a touch's recognizers.
struct DeliveryFlags {
    /// A recognizer that recognized cancels the touch in the view.
    var cancels = false
    /// A recognizer with `delaysTouchesBegan` recognized: a held began is discarded.
    var recognizedDelayingBegan = false
    /// A recognizer still deciding delays began.
    var decidingDelaysBegan = false
    /// A recognizer still deciding delays ended.
    var decidingDelaysEnded = false
}
