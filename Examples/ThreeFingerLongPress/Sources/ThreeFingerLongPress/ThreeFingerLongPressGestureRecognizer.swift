import GestureEngine

/// Recognizes three fingers that land together and stay still long enough (discrete): a
/// "show the debug overlay" gesture that one or two fingers, a brushing palm or a three-finger
/// swipe never trigger.
///
/// Unlike UIKit's long press with three touches required, the three fingers must land within
/// `landingWindow` of the first, no fourth finger may join, and it acts once, when the press has
/// lasted `minimumPressDuration`, instead of following the fingers.
///
/// ```
///        1st or 2nd finger          3rd finger within landingWindow       minimumPressDuration
///  idle ─────────────────► landing ───────────────────────────────► holding ─────────────────► done (recognized)
///    │ 3 at once                                                    ▲  │
///    └──────────────────────────────────────────────────────────────┘  │ a lift, a 4th finger, a finger
///  landing: window over, a lift, a 4th finger, drift, cancel ─► done   │ beyond allowableMovement, cancel
///                                                       (failed) ◄─────┘
/// ```
public final class ThreeFingerLongPressGestureRecognizer: GestureRecognizer {
    /// How long the three fingers stay down, from the third landing, before it recognizes.
    public var minimumPressDuration: GestureDuration = 500_000
    /// How far, in points, any finger may move from where it landed.
    public var allowableMovement = 10.0
    /// How soon after the first finger the third must land.
    public var landingWindow: GestureDuration = 150_000

    enum Phase: Equatable {
        case idle, landing, holding, done
    }

    enum Event {
        case down(fingers: Int), moved(drifted: Bool), lift, cancel, landingTimeout, pressElapsed
    }

    private enum Timer: Int {
        case landing = 1, press
    }

    private(set) var phase = Phase.idle
    /// Where each finger landed, by touch identifier.
    private var anchors: [(touch: UInt32, at: Point)] = []
    /// When the first finger landed, and how long the three took: the action reports the second.
    private var firstLanding: GestureTime = 0
    private var landingDuration: GestureDuration = 0

    public init(name: String = "") {
        super.init(kind: .discrete, name: name)
        anchors.reserveCapacity(4)
    }

    public override func touchesBegan(_ touches: TouchBatch) {
        for touch in touches { anchors.append((touch.identifier, touch.locationInWindow)) }
        transition(.down(fingers: numberOfTouches))
    }

    public override func touchesMoved(_ touches: TouchBatch) {
        let drifted = touches.contains { touch in
            guard let anchor = anchors.first(where: { $0.touch == touch.identifier }) else { return false }
            return anchor.at.distance(to: touch.locationInWindow) > allowableMovement
        }
        transition(.moved(drifted: drifted))
    }

    public override func touchesEnded(_ touches: TouchBatch) {
        transition(.lift)
    }

    public override func touchesCancelled(_ touches: TouchBatch) {
        transition(.cancel)
    }

    public override func timerFired(tag: Int) {
        transition(tag == Timer.landing.rawValue ? .landingTimeout : .pressElapsed)
    }

    /// The one place `phase` moves, and with it `state`.
    func transition(_ event: Event) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.idle, .down(let fingers)), (.landing, .down(let fingers)):
            if fingers > 3 {
                fail()
            } else if fingers == 3 {
                cancelTimer(tag: Timer.landing.rawValue)
                landingDuration = phase == .idle ? 0 : now - firstLanding
                phase = .holding
                startTimer(at: now + minimumPressDuration, tag: Timer.press.rawValue)
            } else if phase == .idle {
                phase = .landing
                firstLanding = now
                startTimer(at: now + landingWindow, tag: Timer.landing.rawValue)
            }
        case (.landing, .moved(let drifted)), (.holding, .moved(let drifted)):
            if drifted { fail() }
        case (.holding, .down), (.landing, .lift), (.holding, .lift), (.landing, .cancel), (.holding, .cancel),
             (.landing, .landingTimeout):
            fail()
        case (.holding, .pressElapsed):
            phase = .done
            state = .recognized
        case (.idle, _), (.landing, .pressElapsed), (.holding, .landingTimeout):
            preconditionFailure("ThreeFingerLongPressGestureRecognizer \(name): \(event) cannot happen while \(phase)")
        }
    }

    private func fail() {
        phase = .done
        cancelAllTimers()
        state = .failed
    }

    public override func reset() {
        super.reset()
        phase = .idle
        anchors.removeAll(keepingCapacity: true)
        landingDuration = 0
    }

    /// The standard values, and one of its own the golden logs keep: how many microseconds the
    /// three fingers took to land (`landing=7370`).
    public override var actionValues: ActionValues {
        var values = super.actionValues
        values[custom: "landing"] = .integer(Int(landingDuration))
        return values
    }
}
