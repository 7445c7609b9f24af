import GestureEngine
import Replay

/// The pictures' observer: hands each recognizer's state changes and actions and each view's
/// deliveries, with the time the delivered touches really happened, to a `SessionVisitor` as the
/// replay reports them.
///
/// Lanes are announced in scene order before the replay starts, so a recognizer that never leaves
/// `possible` still has its (empty) lane. Lookups go by object identity, not by name.
final class TimelineRecorder<Visitor: SessionVisitor>: GestureObserver {
    private let visitor: Visitor
    private var recognizerIndex: [ObjectIdentifier: Int] = [:]
    private var viewIndex: [ObjectIdentifier: Int] = [:]
    private let recognizerOrder: [String: Int]
    private let viewOrder: [String: Int]
    private var recognizerLanes: Int
    private var viewLanes: Int

    init(scene: Scene, visitor: Visitor) {
        self.visitor = visitor
        var recognizerNames: [String] = scene.windowRecognizers.map(\.id)
        var viewNames: [String] = []
        func visit(_ view: ViewSpec) {
            viewNames.append(view.id)
            recognizerNames += view.recognizers.map(\.id)
            if view.contentTouchDelay != nil { recognizerNames.append(view.id + ".delay") }
            view.subviews.forEach(visit)
        }
        scene.views.forEach(visit)
        recognizerNames.forEach(visitor.recognizerLane)
        for name in viewNames { visitor.viewLane(name, shownEmpty: false) }
        recognizerLanes = recognizerNames.count
        viewLanes = viewNames.count
        recognizerOrder = Dictionary(recognizerNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        viewOrder = Dictionary(viewNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func observe(_ observation: Observation, at time: GestureTime) {
        switch observation {
        case .stateChanged(let recognizer, let from, let to):
            observeStateChange(recognizer, from: from, to: to, at: time)
        case .action(let recognizer, let state, let values):
            observeAction(recognizer, presenting: state, values: values, at: time)
        case .viewReceived(let view, let phase, let touches):
            observeView(view, received: phase, touches: touches, at: time)
        }
    }

    func observeStateChange(_ recognizer: GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State, at time: GestureTime) {
        if from == .changed && to == .changed { return }
        visitor.recognizer(index(of: recognizer), changed: .init(time: time, to: RecognizerStateName(to, kind: recognizer.kind)))
    }

    func observeAction(_ recognizer: GestureRecognizer, presenting state: GestureRecognizer.State, values: ActionValues, at time: GestureTime) {
        visitor.recognizer(index(of: recognizer), acted: .init(time: time, state: RecognizerStateName(state, kind: recognizer.kind)))
    }

    func observeView(_ view: View, received phase: Touch.Phase, touches: TouchBatch, at time: GestureTime) {
        guard let phase = ViewTouchPhase(phase) else { return }
        // Only began and ended can be held back (delaysTouchesBegan/Ended); a cancel carries the
        // touches' last movement, which is no delay.
        let held = phase == .began || phase == .ended
        var original = time
        var count = 0
        touches.forEach { touch in
            if held { original = min(original, touch.timestamp) }
            count += 1
        }
        visitor.view(index(of: view), received: .init(time: time, original: original, phase: phase, touchCount: count))
    }

    private func index(of recognizer: GestureRecognizer) -> Int {
        let key = ObjectIdentifier(recognizer)
        if let index = recognizerIndex[key] { return index }
        let index = recognizerOrder[recognizer.name] ?? {
            // An object the scene did not name: a new lane at the end.
            visitor.recognizerLane(recognizer.name)
            recognizerLanes += 1
            return recognizerLanes - 1
        }()
        recognizerIndex[key] = index
        return index
    }

    private func index(of view: View) -> Int {
        let key = ObjectIdentifier(view)
        if let index = viewIndex[key] { return index }
        let index = viewOrder[view.name] ?? {
            visitor.viewLane(view.name, shownEmpty: false)
            viewLanes += 1
            return viewLanes - 1
        }()
        viewIndex[key] = index
        return index
    }
}
