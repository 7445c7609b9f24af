import GestureEngine

/// A window, a virtual clock and a transcript of everything observable: the script-like harness
/// every engine test drives. Times are given in milliseconds for readability.
final class GestureTester {
    let window: Window
    let scheduler = VirtualScheduler()
    let dispatcher: TouchDispatcher
    /// The dispatcher's observer. A separate object, because the dispatcher holds its observer
    /// strongly: a tester observing its own dispatcher would be a reference cycle, and every
    /// tester would leak with its window and recognizers (LeakSanitizer found 140 of them).
    private let recorder = TranscriptRecorder()
    /// One line per observation, e.g. `100ms tap: possible -> ended`, `100ms tap action ended`,
    /// `100ms view cancelled [1]`.
    var transcript: [String] { recorder.transcript }
    /// What each action could read, e.g. `60ms tap ended touches=2 at=(100,100) [(80,100) (120,100)]`:
    /// `numberOfTouches`, `location(in: nil)` and `location(ofTouch:in: nil)` for every touch.
    var reports: [String] { recorder.reports }
    /// Append ` @<ms>` to view deliveries whose touch timestamp differs from the current time (a
    /// delayed began carries its original timestamp).
    var timestampBegan: Bool {
        get { recorder.timestampBegan }
        set { recorder.timestampBegan = newValue }
    }

    init(width: Double = 400, height: Double = 800) {
        window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler, observer: recorder)
    }

    /// A view added to the window (or to `parent`).
    @discardableResult
    func addView(_ name: String, _ frame: Rect, in parent: View? = nil) -> View {
        let view = View(frame: frame, name: name)
        (parent ?? window).addSubview(view)
        return view
    }

    // MARK: Script

    func down(_ id: UInt32, _ x: Double, _ y: Double, at ms: Double) {
        frame(at: ms, [TouchInput(identifier: id, change: .down, location: Point(x: x, y: y))])
    }

    func move(_ id: UInt32, _ x: Double, _ y: Double, at ms: Double) {
        frame(at: ms, [TouchInput(identifier: id, change: .move, location: Point(x: x, y: y))])
    }

    func up(_ id: UInt32, _ x: Double, _ y: Double, at ms: Double) {
        frame(at: ms, [TouchInput(identifier: id, change: .up, location: Point(x: x, y: y))])
    }

    func cancel(_ id: UInt32, _ x: Double, _ y: Double, at ms: Double) {
        frame(at: ms, [TouchInput(identifier: id, change: .cancel, location: Point(x: x, y: y))])
    }

    /// The replay rule: fire every timer due by the frame's time, then deliver the frame.
    func frame(at ms: Double, _ touches: [TouchInput]) {
        let time = micros(ms)
        scheduler.advance(to: time)
        dispatcher.send(TouchFrame(timestamp: time, touches: touches))
    }

    /// A quick tap: down at `ms`, up 50 ms later.
    func tap(_ id: UInt32, _ x: Double, _ y: Double, at ms: Double) {
        down(id, x, y, at: ms)
        up(id, x, y, at: ms + 50)
    }

    func wait(until ms: Double) { scheduler.advance(to: micros(ms)) }

    /// Runs every remaining timer, as a replay does after its last frame.
    func finish() { scheduler.runRemaining() }

    private func micros(_ ms: Double) -> GestureTime { GestureTime((ms * 1000).rounded()) }

    // MARK: Reading the transcript

    /// Lines mentioning `subject` (a recognizer or view name) as the actor.
    func lines(of subject: String) -> [String] {
        transcript.filter { $0.split(separator: " ").dropFirst().first.map { $0.hasPrefix(subject) } ?? false }
    }

    /// Action lines only, e.g. `100ms tap action ended`.
    var actions: [String] { transcript.filter { $0.contains(" action ") } }

    /// What `view` received, e.g. `0ms began [1]`.
    func received(by view: String) -> [String] {
        transcript.compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, parts[1] == Substring(view), !parts[2].hasPrefix("action"),
                  !parts[2].contains("->") else { return nil }
            return "\(parts[0]) \(parts[2])"
        }
    }
}

/// Writes the transcript and action reports a `GestureTester` shows.
final class TranscriptRecorder: GestureObserver {
    private(set) var transcript: [String] = []
    private(set) var reports: [String] = []
    var timestampBegan = false

    func observe(_ observation: Observation, at time: GestureTime) {
        let stamp = time % 1000 == 0 ? "\(time / 1000)ms" : "\(Double(time) / 1000)ms"
        switch observation {
        case .stateChanged(let recognizer, let from, let to):
            transcript.append("\(stamp) \(recognizer.name): \(from) -> \(to)")
        case .action(let recognizer, let state, _):
            transcript.append("\(stamp) \(recognizer.name) action \(state)")
            let count = recognizer.numberOfTouches
            let touches = (0..<count).map { GestureTester.text(recognizer.location(ofTouch: $0, in: nil)) }
            reports.append("\(stamp) \(recognizer.name) \(state) touches=\(count) at=\(GestureTester.text(recognizer.location(in: nil)))"
                + (touches.isEmpty ? "" : " [\(touches.joined(separator: " "))]"))
        case .viewReceived(let view, let phase, let touches):
            let ids = touches.map { String($0.identifier) }.joined(separator: ",")
            var line = "\(stamp) \(view.name) \(phase) [\(ids)]"
            if timestampBegan, let first = touches.first, first.timestamp != time {
                line += " @\(first.timestamp / 1000)ms"
            }
            transcript.append(line)
        }
    }
}

extension GestureTester {
    /// A point as `(x,y)`, each rounded to two decimals and printed without trailing zeros.
    static func text(_ point: Point) -> String {
        func number(_ value: Double) -> String {
            let rounded = (value * 100).rounded() / 100
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        return "(\(number(point.x)),\(number(point.y)))"
    }

    /// The reports of `recognizer`'s actions only.
    func reports(of recognizer: String) -> [String] {
        reports.filter { $0.split(separator: " ").dropFirst().first == Substring(recognizer) }
    }
}

/// A delegate whose answers are set per test.
final class ScriptedDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive = true
    var simultaneous = false
    var requireFailureOf: [GestureRecognizer] = []
    var answeredQuestions = GestureRecognizerDelegateQuestions.all

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { shouldReceive }
    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }
    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool { requireFailureOf.contains { $0 === other } }
}
