/// The recognizer behind a scroll view's `delaysContentTouches`: it holds the content's touches
/// back (`delaysTouchesBegan`) and fails once the delay has passed or the finger lifts, which
/// releases them. If the scroll view's pan recognizes first, the pan's `cancelsTouchesInView`
/// means the content never sees the touches. UIKit does the same with a private recognizer; a
/// scene's `delaysContentTouches` view key adds one to the view.
///
/// ```
///   possible ──(delay elapsed | all fingers lifted | cancelled)──► failed
/// ```
public final class ContentTouchDelayRecognizer: GestureRecognizer {
    /// Microseconds the content waits (UIScrollView waits 0.15 s).
    public let delay: GestureDuration
    private static let delayTimer = 1

    public init(name: String = "", delay: GestureDuration) {
        self.delay = delay
        super.init(kind: .discrete, name: name)
        delaysTouchesBegan = true
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }

    public override func touchesBegan(_ touches: TouchBatch) {
        if state == .possible, numberOfTouches == touches.count {
            startTimer(at: now + delay, tag: Self.delayTimer)
        }
    }

    public override func touchesEnded(_ touches: TouchBatch) {
        if state == .possible, numberOfTouches <= touches.count { state = .failed }
    }

    public override func touchesCancelled(_ touches: TouchBatch) {
        if state == .possible { state = .failed }
    }

    public override func timerFired(tag: Int) {
        if state == .possible { state = .failed }
    }

    /// It never recognizes, so it must never stand in anyone's way.
    public override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
}
