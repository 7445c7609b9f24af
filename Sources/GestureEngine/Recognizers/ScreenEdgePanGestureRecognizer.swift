/// Recognizes a drag that starts at an edge of the window and moves inwards: UIKit's
/// `UIScreenEdgePanGestureRecognizer` (continuous).
///
/// The first touch must land within `edgeRegion` points of one of `edges` (default none, so it
/// never begins until edges are set: AD), then move `hysteresis` points mostly inwards (the inward
/// component at least the sideways one); moving that far in any other way fails it. Touches after
/// the first are ignored (AD). Translation and velocity work as for a pan.
public final class ScreenEdgePanGestureRecognizer: GestureRecognizer {
    /// Window edges, combinable.
    public struct Edges: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1)
        public static let left = Edges(rawValue: 2)
        public static let bottom = Edges(rawValue: 4)
        public static let right = Edges(rawValue: 8)
        public static let all: Edges = [.top, .left, .bottom, .right]
    }

    public var edges: Edges = []
    /// Points from an edge within which the touch must land.
    public var edgeRegion = GestureDefaults.screenEdgeRegion
    /// Points of movement before it begins.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    public var hysteresis = GestureDefaults.panHysteresis

    private var inward = Vector.zero
    private var tracker = TranslationTracker(velocityWindow: GestureDefaults.velocityWindow)

    public init(name: String = "") {
        super.init(kind: .continuous, name: name)
    }

    public func translation(in view: View?) -> Vector { tracker.translation }
    public func setTranslation(_ translation: Vector, in view: View?) { tracker.setTranslation(translation) }
    public func velocity(in view: View?) -> Vector { tracker.velocity(at: now) }

    public override func touchesBegan(_ touches: TouchBatch) {
        while numberOfTouches > 1 { ignore(self.touches[self.touches.count - 1]) }
        guard state == .possible, inward == .zero, let first = self.touches.first,
              touches.contains(where: { $0 === first }) else { return }
        guard let bounds = view?.window?.bounds else {
            state = .failed
            return
        }
        let point = first.locationInWindow
        if edges.contains(.left) && point.x - bounds.minX <= edgeRegion {
            inward = Vector(dx: 1, dy: 0)
        } else if edges.contains(.right) && bounds.maxX - point.x <= edgeRegion {
            inward = Vector(dx: -1, dy: 0)
        } else if edges.contains(.top) && point.y - bounds.minY <= edgeRegion {
            inward = Vector(dx: 0, dy: 1)
        } else if edges.contains(.bottom) && bounds.maxY - point.y <= edgeRegion {
            inward = Vector(dx: 0, dy: -1)
        } else {
            state = .failed
            return
        }
        tracker.rebase(centroid: point)
    }

    public override func touchesMoved(_ touches: TouchBatch) {
        guard let first = self.touches.first else { return }
        tracker.move(to: first.locationInWindow, at: first.timestamp)
        switch state {
        case .possible:
            let travel = tracker.raw
            guard travel.length >= hysteresis else { return }
            let along = travel.dx * inward.dx + travel.dy * inward.dy
            let sideways = abs(travel.dx * inward.dy - travel.dy * inward.dx)
            state = along > 0 && along >= sideways ? .began : .failed
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    public override func touchesEnded(_ touches: TouchBatch) {
        // Touches after the first are ignored, so this lift is the last tracked finger's.
        failOrEnd(remaining: 0)
    }

    public override func touchesCancelled(_ touches: TouchBatch) {
        failOrCancel()
    }

    public override func reset() {
        super.reset()
        inward = .zero
        tracker.reset()
    }

    public override var actionValues: ActionValues {
        var values = super.actionValues
        values.translation = translation(in: nil)
        values.velocity = velocity(in: nil)
        return values
    }
}
