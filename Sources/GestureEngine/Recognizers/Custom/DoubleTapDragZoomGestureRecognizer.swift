#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Recognizes the one-finger zoom of map apps (continuous): a tap, then the finger comes down again
/// at the same place within the double-tap interval and drags vertically; dragging down zooms in.
///
/// The first tap obeys the tap's timing (`maximumTapDuration`, then
/// `maximumIntervalBetweenSuccessiveTaps` to the second touch-down) but allows only
/// `tapAllowableMovement`, so a plain drag fails this recognizer as early as a pan begins. The
/// second touch must land within `secondTouchDistance` of the first; once it has moved
/// `hysteresis` points, mostly vertically, the zoom begins and `scale` follows the drag:
/// 2^(drag down / `pointsPerDoubling`). It ends at lift. A plain double tap (a second touch that
/// lifts without dragging) fails it, as does a horizontal drag, a second finger or a cancellation
/// before it began; a cancellation after it began cancels it.
///
/// In a scene with a pan, the pan should require this recognizer to fail (the second touch's drag
/// is a zoom, not a pan), and a single tap should require it to fail as it does the double tap.
public final class DoubleTapDragZoomGestureRecognizer: SingleStrokeGestureRecognizer {
    /// Microseconds the first tap's finger may stay down. Read at every sequence's landing: a
    /// public stored property is otherwise read under a dynamic exclusivity check (as the tap's).
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var maximumTapDuration = GestureDefaults.maximumTapDuration
    /// Microseconds from the first tap's lift to the second touch-down.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var maximumIntervalBetweenSuccessiveTaps = GestureDefaults.maximumIntervalBetweenSuccessiveTaps
    /// Points the first tap's finger must stay within: it fails once it has moved this far, the
    /// distance at which a pan begins (so a drag at exactly that distance holds no pan back).
    public var tapAllowableMovement = CustomGestureDefaults.zoomTapAllowableMovement
    /// Points between where the first tap came down and where the second touch comes down.
    public var secondTouchDistance = CustomGestureDefaults.zoomSecondTouchDistance
    /// Points of vertical drag before the zoom begins.
    public var hysteresis = CustomGestureDefaults.zoomHysteresis
    /// Points of drag that double (down) or halve (up) the scale.
    public var pointsPerDoubling = CustomGestureDefaults.zoomPointsPerDoubling

    /// The zoom factor since the second touch came down: 1 at rest, above 1 dragging down.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public private(set) var scale = 1.0

    private enum Timer: Int { case tapDuration = 1, interval = 2 }

    /// Where the recognizer is in the tap-then-drag.
    ///
    /// ```
    ///          down             lift               down near, in time
    ///   idle ───────► firstTap ──────► betweenTaps ──────────────────► secondTouch
    ///                    │                 │                               │ vertical drag ≥ hysteresis
    ///                    │ moved, held,    │ late, far,                    ▼   (began)
    ///                    │ 2nd finger,     │ cancel                     zooming ◄─┐ move (changed)
    ///                    │ cancel          │                               │  └───┘
    ///                    │                 │   secondTouch: lift, sideways │ lift (ended)
    ///                    │                 │   drag, 2nd finger, cancel    │ cancel (cancelled)
    ///                    └────────► done ◄─┴──────────────────────────────┴──────────────► done
    ///                              (failed)
    /// ```
    enum Phase: Equatable {
        case idle, firstTap, betweenTaps, secondTouch, zooming, done
    }

    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var phase = Phase.idle
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var tapPoint = Point.zero
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var origin = Point.zero

    public init(name: String = "") {
        super.init(kind: .continuous, name: name)
    }

    /// The one place `phase` moves, and with it `state`.
    override func transition(_ event: StrokeEvent) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.idle, .down(let point)):
            tapPoint = point
            scale = 1
            phase = .firstTap
            startTimer(at: touchTimestamp + maximumTapDuration, tag: Timer.tapDuration.rawValue)
        case (.firstTap, .move(let point)):
            if point.distance(to: tapPoint) >= tapAllowableMovement { fail() }
        case (.firstTap, .lift(let point)):
            guard point.distance(to: tapPoint) < tapAllowableMovement else { return fail() }
            cancelTimer(tag: Timer.tapDuration.rawValue)
            phase = .betweenTaps
            startTimer(at: touchTimestamp + maximumIntervalBetweenSuccessiveTaps, tag: Timer.interval.rawValue)
        case (.betweenTaps, .down(let point)):
            cancelTimer(tag: Timer.interval.rawValue)
            guard point.distance(to: tapPoint) <= secondTouchDistance else { return fail() }
            origin = point
            phase = .secondTouch
        case (.secondTouch, .move(let point)):
            let drag = point - origin
            guard max(abs(drag.dx), abs(drag.dy)) >= hysteresis else { return }
            guard abs(drag.dy) > abs(drag.dx) else { return fail() }
            scale = scale(at: point)
            phase = .zooming
            state = .began
        case (.zooming, .move(let point)):
            scale = scale(at: point)
            state = .changed
        case (.zooming, .lift(let point)):
            scale = scale(at: point)
            phase = .done
            state = .ended
        case (.zooming, .cancel), (.zooming, .extraFinger):
            // A second finger during the zoom is a pinch's business; the zoom stops as if cancelled.
            phase = .done
            state = .cancelled
        case (.idle, .extraFinger), (.idle, .cancel),
             (.firstTap, .extraFinger), (.firstTap, .cancel), (.firstTap, .timeout),
             (.betweenTaps, .extraFinger), (.betweenTaps, .cancel), (.betweenTaps, .timeout),
             (.secondTouch, .lift), (.secondTouch, .extraFinger), (.secondTouch, .cancel):
            fail()
        case (.idle, .move), (.idle, .lift), (.idle, .timeout), (.firstTap, .down), (.betweenTaps, .move), (.betweenTaps, .lift),
             (.secondTouch, .down), (.secondTouch, .timeout), (.zooming, .down), (.zooming, .timeout):
            preconditionFailure("\(debugName): \(event) while \(phase)")
        }
    }

    private func fail() {
        cancelAllTimers()
        phase = .done
        state = .failed
    }

    /// 2^(drag down / `pointsPerDoubling`), the exponent kept within ±`maximumScaleExponent` so the
    /// scale stays finite and above 0 however far a drag goes (a 2,000 pt drag at 1 pt per doubling).
    private func scale(at point: Point) -> Double {
        let exponent = (point.y - origin.y) / pointsPerDoubling
        return exp2(min(max(exponent, -Self.maximumScaleExponent), Self.maximumScaleExponent))
    }

    /// The largest doubling or halving the scale reports: 2^±1000 is finite and, printed or
    /// multiplied by a size, far beyond any zoom.
    public static let maximumScaleExponent = 1000.0

    public override func reset() {
        super.reset()
        phase = .idle
    }

    public override var actionValues: ActionValues {
        var values = super.actionValues
        values.scale = scale
        return values
    }
}
