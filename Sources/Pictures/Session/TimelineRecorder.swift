import GestureEngine
import Replay

/// The pictures' observer: keeps each recognizer's state changes and actions and each view's
/// deliveries, with the time the delivered touches really happened, as the replay reports them.
///
/// Lanes are laid out in scene order before the replay starts, so a recognizer that never leaves
/// `possible` still has its (empty) lane. Lookups go by object identity, not by name.
final class TimelineRecorder: GestureObserver {
    private(set) var recognizers: [RecognizerLane]
    private(set) var views: [ViewLane]
    private var recognizerIndex: [ObjectIdentifier: Int] = [:]
    private var viewIndex: [ObjectIdentifier: Int] = [:]
    private let recognizerOrder: [String: Int]
    private let viewOrder: [String: Int]

    init(scene: Scene) {
        var recognizerNames: [String] = scene.windowRecognizers.map(\.id)
        var viewNames: [String] = []
        func visit(_ view: ViewSpec) {
            viewNames.append(view.id)
            recognizerNames += view.recognizers.map(\.id)
            if view.contentTouchDelay != nil { recognizerNames.append(view.id + ".delay") }
            view.subviews.forEach(visit)
        }
        scene.views.forEach(visit)
        recognizers = recognizerNames.map(RecognizerLane.init(name:))
        views = viewNames.map(ViewLane.init(name:))
        recognizerOrder = Dictionary(recognizerNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        viewOrder = Dictionary(viewNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func observe(_ observation: Observation, at time: GestureTime) {
        switch observation {
        case .stateChanged(let recognizer, let from, let to):
            if from == .changed && to == .changed { return }
            let lane = index(of: recognizer)
            recognizers[lane].changes.append(.init(time: time, to: RecognizerStateName(to, kind: recognizer.kind)))
        case .action(let recognizer, let state, _):
            let lane = index(of: recognizer)
            recognizers[lane].actions.append(.init(time: time, state: RecognizerStateName(state, kind: recognizer.kind)))
        case .viewReceived(let view, let phase, let touches):
            guard let phase = ViewTouchPhase(phase) else { return }
            // Only began and ended can be held back (delaysTouchesBegan/Ended); a cancel carries
            // the touches' last movement, which is no delay.
            let held = phase == .began || phase == .ended
            var original = time
            var count = 0
            for touch in touches {
                if held { original = min(original, touch.timestamp) }
                count += 1
            }
            views[index(of: view)].deliveries.append(.init(time: time, original: original, phase: phase, touchCount: count))
        }
    }

    /// The view lanes that received anything, in scene order.
    var deliveringViews: [ViewLane] { views.filter { !$0.deliveries.isEmpty } }

    private func index(of recognizer: GestureRecognizer) -> Int {
        Self.lane(for: ObjectIdentifier(recognizer), named: recognizer.name, cache: &recognizerIndex,
                  order: recognizerOrder, lanes: &recognizers, make: RecognizerLane.init(name:))
    }

    private func index(of view: View) -> Int {
        Self.lane(for: ObjectIdentifier(view), named: view.name, cache: &viewIndex, order: viewOrder,
                  lanes: &views, make: ViewLane.init(name:))
    }

    /// The lane of an engine object: cached by identity; else the scene's lane of that name; else
    /// a new lane at the end (an object the scene did not name).
    private static func lane<Lane>(
        for key: ObjectIdentifier, named name: String, cache: inout [ObjectIdentifier: Int], order: [String: Int],
        lanes: inout [Lane], make: (String) -> Lane
    ) -> Int {
        if let index = cache[key] { return index }
        let index: Int
        if let ordered = order[name] {
            index = ordered
        } else {
            lanes.append(make(name))
            index = lanes.count - 1
        }
        cache[key] = index
        return index
    }
}
