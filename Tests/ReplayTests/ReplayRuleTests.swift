import TestSupport
import Testing
import Synthesis
import TouchTrace
@testable import Replay

/// The replay rule: frames in virtual time, timers first at equal instants, remaining timers at the end.
@Suite("Replay rule")
struct ReplayRuleTests {
    static let unitsPerPoint = SyntheticTouchscreen.unitsPerPoint

    /// One finger at (x, y) points: down at `down`, up at `up` (microseconds), each in its own frame.
    static func press(down: Microseconds, up: Microseconds, x: Double = 640, y: Double = 400) -> TraceDocument {
        let ux = Int32(x * unitsPerPoint), uy = Int32(y * unitsPerPoint)
        let events: [TraceEvent] = [
            .touch(TouchSample(time: down, phase: .down, touch: 7, x: ux, y: uy)), .frame(FrameMark(time: down, device: 0)),
            .touch(TouchSample(time: up, phase: .up, touch: 7, x: ux, y: uy)), .frame(FrameMark(time: up, device: 0)),
        ]
        return TraceDocument(header: SyntheticTouchscreen.header(recorder: "test", version: "0", detail: ""), events: events)
    }

    func lines(_ document: TraceDocument, _ scene: Scene) throws -> [Substring] {
        UnifiedDiff.lines(try SyntheticTraces.log(document, scene: scene))
    }

    @Test("A timer due at the same instant as a frame fires before the frame is delivered")
    func timerBeforeFrameAtSameInstant() throws {
        // The long press's 0.5 s timer and the lift both fall at 500000 µs after the touch down.
        let log = try lines(Self.press(down: 1_000_000, up: 1_500_000), BuiltinScenes.named("longPress")!)
        let began = log.firstIndex { $0.hasSuffix("state longPress possible -> began") }
        let ended = log.firstIndex { $0.hasSuffix("state longPress began -> ended") }
        #expect(log[try #require(began)].hasPrefix("    500000 "))
        #expect(try #require(began) < (try #require(ended)))
    }

    @Test("A lift one microsecond before the long-press deadline fails the long press")
    func liftJustBeforeDeadline() throws {
        let log = try lines(Self.press(down: 0, up: 499_999), BuiltinScenes.named("longPress")!)
        #expect(log.contains("    499999 state longPress possible -> failed"))
        #expect(!log.contains { $0.contains("-> began") })
    }

    @Test("Timers still pending after the last event run, so a waiting single tap is decided")
    func remainingTimersRun() throws {
        let log = try lines(Self.press(down: 0, up: 80_000), BuiltinScenes.map)
        #expect(log.contains("    430000 state doubleTap possible -> failed"))
        #expect(log.contains { $0.hasPrefix("    430000 action singleTap recognized") })
    }

    @Test("Virtual time starts at the trace's first event")
    func timeStartsAtFirstEvent() throws {
        let log = try lines(Self.press(down: 9_000_000_000, up: 9_000_080_000), BuiltinScenes.named("tap")!)
        #expect(log.first == "         0 view view began #7(640.00,400.00)")
    }

    @Test("Scale mapping turns device units into points through the scene's origin and scale")
    func scaleMapping() throws {
        var scene = BuiltinScenes.named("tap")!
        scene.mapping = .scale(unitsPerPoint: 4.5, originX: 900, originY: 0)
        let log = try lines(Self.press(down: 0, up: 80_000), scene)
        // 640 pt * 2.25 = 1440 units; (1440 - 900) / 4.5 = 120 pt. 400 pt * 2.25 / 4.5 = 200 pt.
        #expect(log.first == "         0 view view began #7(120.00,200.00)")
    }

    @Test("A lift held by delaysTouchesEnded reaches the view with the time the finger lifted")
    func heldLiftKeepsItsTime() throws {
        // The double tap holds the lift until it fails 0.35 s later; the view then gets it, stamped 80000.
        let log = try lines(Self.press(down: 0, up: 80_000), BuiltinScenes.named("doubleTap")!)
        #expect(log.contains("    430000 view view ended #7(640.00,400.00)@80000"))
    }

    @Test("A cancellation a recognizer makes between frames carries its own instant")
    func cancellationCarriesItsInstant() throws {
        let log = try lines(Self.press(down: 0, up: 600_000), BuiltinScenes.named("longPress")!)
        #expect(log.contains("    500000 view view cancelled #7(640.00,400.00)"))
    }

    @Test("A touch delivered when it happened prints no timestamp of its own")
    func liveTouchesPrintNoTimestamp() throws {
        let log = try lines(Self.press(down: 0, up: 80_000), BuiltinScenes.named("tap")!)
        #expect(!log.contains { $0.contains(")@") })
    }

    /// A touchpad pinch from scale 1 to `scale`, turning `degrees` in all, in `updates` steps 10 ms apart.
    static func touchpadPinch(scale: Double, degrees: Double, updates: Int = 10) -> TraceDocument {
        var events: [TraceEvent] = [.gesture(GestureSample(time: 0, kind: .pinch, phase: .begin, fingers: 2))]
        for step in 1...updates {
            let fraction = Double(step) / Double(updates)
            events.append(.gesture(GestureSample(
                time: Microseconds(step) * 10_000, kind: .pinch, phase: .update, fingers: 2,
                scale: 1 + (scale - 1) * fraction, angleDelta: degrees / Double(updates))))
        }
        events.append(.gesture(GestureSample(time: Microseconds(updates + 1) * 10_000, kind: .pinch, phase: .end, fingers: 2)))
        return TraceDocument(header: SyntheticTouchscreen.header(recorder: "test", version: "0", detail: ""), events: events)
    }

    @Test("A touchpad pinch in a trace drives the scene's pinch recognizer at the centre of the window")
    func touchpadPinchReachesPinch() throws {
        let log = try lines(Self.touchpadPinch(scale: 2, degrees: 0), BuiltinScenes.named("pinch")!)
        #expect(log.contains { $0.hasPrefix("     10000 action pinch began touches=0 at=(640.00,400.00) scale=1.1000") })
        #expect(log.contains { $0.hasPrefix("    110000 action pinch ended touches=0 at=(640.00,400.00) scale=2.0000") })
    }

    @Test("Touchpad pinch updates whose scale is not a number above 0 move no pinch, and the replay says so once, at the first's line, with their count")
    func touchpadPinchImpossibleScale() throws {
        let document = Self.changingGestures(Self.touchpadPinch(scale: 2, degrees: 0), at: [3, 6]) { sample, order in
            sample.scale = order == 0 ? 0 : -1
        }
        let folder = TemporaryDirectory("pinch-scale")
        let path = folder.file("pinch.jsonl")
        let (lines, notices) = try Self.replayed(document, from: path, BuiltinScenes.named("pinch")!)
        #expect(!lines.contains { $0.contains("scale=0.0000") || $0.contains("scale=-") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("     20000 action pinch changed touches=0 at=(640.00,400.00) scale=1.2000") })
        #expect(!lines.contains { $0.hasPrefix("     30000 action pinch") })
        #expect(lines.contains { $0.hasPrefix("    110000 action pinch ended touches=0 at=(640.00,400.00) scale=2.0000") })
        // Line 1 is the header; the event at index 3 is on line 5.
        #expect(notices == [
            "\(path):5: warning: 2 trackpad pinch updates with a scale that is not a number above 0 (the first: 0.0): "
                + "a pinch's scale is the distance between the fingers over their distance when it began (libinput, Wayland), always above 0; "
                + "the pinch recognizers pass over them, the pinch keeping the scale it had",
        ])
    }

    /// The log and the notices of `document` replayed from a JSON Lines file at `path`.
    static func replayed(_ document: TraceDocument, from path: String, _ scene: Scene) throws -> (lines: [Substring], notices: [String]) {
        writeFileBytes(path, JSONLines.encode(document))
        var log: [UInt8] = []
        let outcome = try TraceReplay.replay(tracePath: path, scene: scene, into: &log)
        return (UnifiedDiff.lines(String(decoding: log, as: UTF8.self)), outcome.notices)
    }

    /// `document` with the gesture sample at each index changed by `change`.
    static func changingGestures(_ document: TraceDocument, at indices: [Int], _ change: (inout GestureSample, Int) -> Void) -> TraceDocument {
        var document = document
        for (order, index) in indices.enumerated() {
            guard case .gesture(var sample) = document.events[index] else { preconditionFailure("no gesture at \(index)") }
            change(&sample, order)
            document.events[index] = .gesture(sample)
        }
        return document
    }

    @Test("A touchpad pinch update whose angle delta is not a finite number turns no rotation: the rotation keeps what it had and later deltas still count",
          arguments: [Double.nan, .infinity, -.infinity])
    func touchpadPinchNonFiniteAngle(angle: Double) throws {
        let document = Self.changingGestures(Self.touchpadPinch(scale: 1, degrees: 90), at: [3]) { sample, _ in sample.angleDelta = angle }
        let log = try lines(document, BuiltinScenes.named("rotation")!)
        #expect(!log.contains { $0.contains("nan") || $0.contains("inf") }, "\(log)")
        // Nine of the ten 9° turns: 81°.
        #expect(log.contains { $0.hasPrefix("    110000 action rotation ended touches=0 at=(640.00,400.00) rotation=1.4137") }, "\(log)")
    }

    @Test("A two-finger scroll update whose deltas are not finite numbers moves no pan: its translation keeps what it had and later movements still count",
          arguments: [Double.nan, .infinity])
    func touchpadScrollNonFiniteDelta(delta: Double) throws {
        var events: [TraceEvent] = [.gesture(GestureSample(time: 0, kind: .scroll, phase: .begin, fingers: 0))]
        for step in 1...4 {
            events.append(.gesture(GestureSample(
                time: Microseconds(step) * 10_000, kind: .scroll, phase: .update, fingers: 0, dy: step == 3 ? delta : 6)))
        }
        events.append(.gesture(GestureSample(time: 50_000, kind: .scroll, phase: .end, fingers: 0)))
        let document = TraceDocument(header: SyntheticTouchscreen.header(recorder: "test", version: "0", detail: ""), events: events)
        var scene = BuiltinScenes.named("pan")!
        scene.views[0].recognizers[0].parameters = ["allowedScrollTypes": ["continuous"]]
        let log = try lines(document, scene)
        #expect(!log.contains { $0.contains("nan") || $0.contains("inf") }, "\(log)")
        #expect(log.contains { $0.hasPrefix("     50000 action pan ended touches=0 at=(640.00,400.00) translation=(0.00,18.00)") }, "\(log)")
    }

    @Test("Touchpad updates whose movement is not a finite number are said once, at the first's line, with their count")
    func touchpadNonFiniteMovementNotice() throws {
        let document = Self.changingGestures(Self.touchpadPinch(scale: 1, degrees: 90), at: [3, 6]) { sample, order in
            sample.angleDelta = order == 0 ? .nan : .infinity
        }
        let folder = TemporaryDirectory("pinch-angle")
        let path = folder.file("pinch.jsonl")
        let (_, notices) = try Self.replayed(document, from: path, BuiltinScenes.named("rotation")!)
        // Line 1 is the header; the event at index 3 is on line 5.
        #expect(notices == [
            "\(path):5: warning: 2 trackpad gesture updates with a movement that is not a finite number, "
                + "or that takes the gesture's sum past the largest one (the first: a pinch's angleDelta nan): "
                + "the recognizers take them as no movement, the gesture keeping the rotation or scrolling it had",
        ])
    }

    @Test("A touchpad pinch that turns drives the scene's rotation recognizer by the summed angle deltas")
    func touchpadPinchReachesRotation() throws {
        let log = try lines(Self.touchpadPinch(scale: 1, degrees: 90), BuiltinScenes.named("rotation")!)
        #expect(log.contains { $0.hasPrefix("     10000 action rotation began touches=0 at=(640.00,400.00) rotation=0.1571") })
        #expect(log.contains { $0.hasPrefix("    110000 action rotation ended touches=0 at=(640.00,400.00) rotation=1.5708") })
    }

    @Test("A two-finger scroll in a trace drives a pan that allows continuous scrolling, summing its movements")
    func touchpadScrollReachesPan() throws {
        var events: [TraceEvent] = [.gesture(GestureSample(time: 0, kind: .scroll, phase: .begin, fingers: 0))]
        for step in 1...4 {
            events.append(.gesture(GestureSample(time: Microseconds(step) * 10_000, kind: .scroll, phase: .update, fingers: 0, dy: 6)))
        }
        events.append(.gesture(GestureSample(time: 50_000, kind: .scroll, phase: .end, fingers: 0)))
        let document = TraceDocument(header: SyntheticTouchscreen.header(recorder: "test", version: "0", detail: ""), events: events)
        var scene = BuiltinScenes.named("pan")!
        let log = try lines(document, scene)
        #expect(!log.contains { $0.contains(" action ") })
        scene.views[0].recognizers[0].parameters = ["allowedScrollTypes": ["continuous"]]
        let scrolled = try lines(document, scene)
        #expect(scrolled.contains { $0.hasPrefix("     20000 action pan began touches=0 at=(640.00,400.00) translation=(0.00,12.00)") })
        #expect(scrolled.contains { $0.hasPrefix("     50000 action pan ended touches=0 at=(640.00,400.00) translation=(0.00,24.00)") })
    }

    @Test("A touch from a device the trace never described is a replay error, not a crash")
    func unknownDevice() throws {
        var document = Self.press(down: 0, up: 1)
        document.events[0] = .touch(TouchSample(time: 0, device: 3, phase: .down, touch: 1, x: 0, y: 0))
        #expect(throws: ReplayError.self) { try SyntheticTraces.log(document, scene: BuiltinScenes.map) }
    }
}
