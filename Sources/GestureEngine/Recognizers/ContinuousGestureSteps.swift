/// The state steps the built-in continuous recognizers without a `Phase` of their own (screen-edge
/// pan, pinch, rotation) take alike, so each keeps only what is its own: what makes it begin, and
/// how its fingers are counted. Pan and long press, whose progress has more steps, move through
/// their own `transition(_:)`.
extension GestureRecognizer {
    /// A move: a gesture in progress changes; one not yet begun begins once `shouldBegin` holds
    /// (asked only while it is possible).
    final func changeOrBegin(when shouldBegin: @autoclosure () -> Bool) {
        switch state {
        case .possible:
            if shouldBegin() { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// A lift that leaves `remaining` fingers down: a gesture not yet begun fails once none remain;
    /// one in progress ends once fewer than `minimum` remain.
    final func failOrEnd(remaining: Int, minimum: Int = 1) {
        switch state {
        case .possible where remaining == 0:
            state = .failed
        case .began where remaining < minimum, .changed where remaining < minimum:
            state = .ended
        default:
            break
        }
    }

    /// A cancellation: a gesture not yet begun fails, one in progress is cancelled.
    final func failOrCancel() {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }
}
