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
        let key = ObjectIdentifier(recognizer)
        if let index = recognizerIndex[key] { return index }
        let index = recognizerOrder[recognizer.name] ?? {
            recognizers.append(RecognizerLane(name: recognizer.name))
            return recognizers.count - 1
        }()
        recognizerIndex[key] = index
        return index
    }

    private func index(of view: View) -> Int {
        let key = ObjectIdentifier(view)
        if let index = viewIndex[key] { return index }
        let index = viewOrder[view.name] ?? {
            views.append(ViewLane(name: view.name))
            return views.count - 1
        }()
        viewIndex[key] = index
        return index
    }
}
