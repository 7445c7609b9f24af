import GestureEngine

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
