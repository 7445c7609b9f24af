import GestureEngine
import Testing

/// `GestureObserver.observesRepeatedChanges`: an observer that answers `false` is not told of
/// `changed -> changed`, and is told of everything else as before; the default answer keeps
/// every report.
@Suite("Repeated changes")
struct RepeatedChangeTests {
    final class StateTranscript: GestureObserver {
        let repeated: Bool
        var changes: [String] = []
        var actions = 0

        init(observesRepeatedChanges: Bool) { repeated = observesRepeatedChanges }

        var observesRepeatedChanges: Bool { repeated }

        func observe(_ observation: Observation, at time: GestureTime) {
            switch observation {
            case .stateChanged(_, let from, let to): changes.append("\(from) -> \(to)")
            case .action: actions += 1
            case .viewReceived: break
            }
        }
    }

    /// A default observer, which does not say: it keeps the protocol's answer.
    final class DefaultTranscript: GestureObserver {
        var repeatedChanges = 0
        func observe(_ observation: Observation, at time: GestureTime) {
            if case .stateChanged(_, .changed, .changed) = observation { repeatedChanges += 1 }
        }
    }

    /// A pan dragged over ten frames: it begins, changes at each move, and ends.
    private func drag(_ observer: any GestureObserver) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 800), name: "view")
        window.addSubview(view)
        view.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        let dispatcher = TouchDispatcher(window: window, scheduler: VirtualScheduler(), observer: observer)
        dispatcher.send(TouchFrame(timestamp: 0, touches: [TouchInput(identifier: 1, change: .down, location: Point(x: 50, y: 50))]))
        for step in 1...10 {
            let location = Point(x: 50 + Double(step) * 20, y: 50)
            dispatcher.send(TouchFrame(timestamp: GestureTime(step) * 8_000, touches: [TouchInput(identifier: 1, change: .move, location: location)]))
        }
        dispatcher.send(TouchFrame(timestamp: 88_000, touches: [TouchInput(identifier: 1, change: .up, location: Point(x: 250, y: 50))]))
    }

    @Test("An observer that declines repeated changes gets every other report, and every action")
    func declined() {
        let all = StateTranscript(observesRepeatedChanges: true)
        let declining = StateTranscript(observesRepeatedChanges: false)
        drag(all)
        drag(declining)
        #expect(all.changes.contains("changed -> changed"))
        #expect(declining.changes == all.changes.filter { $0 != "changed -> changed" })
        #expect(declining.actions == all.actions)
        #expect(declining.actions > 2)
    }

    @Test("By default an observer is told of repeated changes")
    func keptByDefault() {
        let transcript = DefaultTranscript()
        #expect(transcript.observesRepeatedChanges)
        drag(transcript)
        #expect(transcript.repeatedChanges > 0)
    }
}
