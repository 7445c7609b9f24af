import GestureEngine

extension RecognizerStateName {
    /// The log's name for an engine state: a discrete recognizer's `ended` is `recognized`.
    public init(_ state: GestureRecognizer.State, kind: GestureRecognizer.Kind) {
        switch state {
        case .possible: self = .possible
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = kind == .discrete ? .recognized : .ended
        case .cancelled: self = .cancelled
        case .failed: self = .failed
        }
    }
}

extension ViewTouchPhase {
    /// The log's name for a view hook's phase; `nil` for `stationary`, which no hook receives.
    public init?(_ phase: Touch.Phase) {
        switch phase {
        case .began: self = .began
        case .moved: self = .moved
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        case .stationary: return nil
        }
    }
}
