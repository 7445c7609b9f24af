import Foundation
import GestureEngine
import Testing

private func twoFingers(_ tester: GestureTester, at ms: Double, _ a: Point, _ b: Point, _ change: TouchInput.Change) {
    tester.frame(at: ms, [
        TouchInput(identifier: 1, change: change, location: a),
        TouchInput(identifier: 2, change: change, location: b),
    ])
}

@Suite("Pinch")
struct PinchTests {
    private func scene() -> (GestureTester, PinchGestureRecognizer) {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        let pinch = PinchGestureRecognizer(name: "pinch")
        view.addGestureRecognizer(pinch)
        return (tester, pinch)
    }

    @Test("spreading two fingers from 100 to 200 points apart gives a scale of 2")
    func scale() {
        let (tester, pinch) = scene()
        twoFingers(tester, at: 0, Point(x: 150, y: 200), Point(x: 250, y: 200), .down)
        twoFingers(tester, at: 16, Point(x: 125, y: 200), Point(x: 275, y: 200), .move)
        twoFingers(tester, at: 32, Point(x: 100, y: 200), Point(x: 300, y: 200), .move)
        #expect(pinch.scale == 2)
        #expect(tester.actions == ["16ms pinch action began", "32ms pinch action changed"])
    }

    @Test("a change in finger distance under 8 points does not begin a pinch")
    func hysteresis() {
        let (tester, _) = scene()
        twoFingers(tester, at: 0, Point(x: 150, y: 200), Point(x: 250, y: 200), .down)
        twoFingers(tester, at: 16, Point(x: 147, y: 200), Point(x: 254, y: 200), .move)
        #expect(tester.actions.isEmpty)
    }

    @Test("one finger never begins a pinch")
    func oneFinger() {
        let (tester, _) = scene()
        tester.down(1, 100, 100, at: 0)
        tester.move(1, 200, 100, at: 16)
        tester.up(1, 200, 100, at: 32)
        #expect(tester.lines(of: "pinch") == ["32ms pinch: possible -> failed", "32ms pinch: failed -> possible"])
    }

    @Test("the pinch ends when both fingers have lifted, not at the first lift")
    func endsWhenBothLift() {
        let (tester, _) = scene()
        twoFingers(tester, at: 0, Point(x: 150, y: 200), Point(x: 250, y: 200), .down)
        twoFingers(tester, at: 16, Point(x: 100, y: 200), Point(x: 300, y: 200), .move)
        tester.up(1, 100, 200, at: 32)
        #expect(tester.actions == ["16ms pinch action began"])
        tester.up(2, 300, 200, at: 48)
        #expect(tester.actions == ["16ms pinch action began", "48ms pinch action ended"])
    }

    @Test("the scale when the second finger lands is the velocity's first sample")
    func velocityFromPairForming() {
        let (tester, pinch) = scene()
        tester.down(1, 150, 200, at: 0)
        tester.down(2, 250, 200, at: 20)
        twoFingers(tester, at: 40, Point(x: 125, y: 200), Point(x: 275, y: 200), .move)
        // From 1 at 20 ms (the pair formed) to 1.5 at 40 ms.
        #expect(pinch.scaleVelocity == 25)
        #expect(tester.actions == ["40ms pinch action began"])
    }

    @Test("assigning the scale makes later changes relative to it")
    func resettingScale() {
        let (tester, pinch) = scene()
        twoFingers(tester, at: 0, Point(x: 150, y: 200), Point(x: 250, y: 200), .down)
        twoFingers(tester, at: 16, Point(x: 100, y: 200), Point(x: 300, y: 200), .move)
        pinch.scale = 1
        twoFingers(tester, at: 32, Point(x: 0, y: 200), Point(x: 400, y: 200), .move)
        #expect(pinch.scale == 2)
    }
}

@Suite("Rotation")
struct RotationTests {
    @Test("turning the finger line a quarter turn clockwise reports +π/2 radians")
    func quarterTurn() {
        let tester = GestureTester()
        let rotation = RotationGestureRecognizer(name: "rotation")
        tester.window.addGestureRecognizer(rotation)
        twoFingers(tester, at: 0, Point(x: 100, y: 200), Point(x: 300, y: 200), .down)
        twoFingers(tester, at: 16, Point(x: 200 - 100 * 0.7071, y: 200 - 100 * 0.7071), Point(x: 200 + 100 * 0.7071, y: 200 + 100 * 0.7071), .move)
        twoFingers(tester, at: 32, Point(x: 200, y: 100), Point(x: 200, y: 300), .move)
        #expect(abs(rotation.rotation - Double.pi / 2) < 1e-9)
        #expect(tester.actions == ["16ms rotation action began", "32ms rotation action changed"])
    }

    @Test("rotation is unwrapped: turning past a half turn keeps counting")
    func unwrapped() {
        let tester = GestureTester()
        let rotation = RotationGestureRecognizer(name: "rotation")
        tester.window.addGestureRecognizer(rotation)
        let center = Point(x: 200, y: 200)
        twoFingers(tester, at: 0, center - Vector(dx: 100, dy: 0), center + Vector(dx: 100, dy: 0), .down)
        for step in 1...8 {
            let angle = Double(step) * Double.pi / 4
            let arm = Vector(dx: 100 * cos(angle), dy: 100 * sin(angle))
            twoFingers(tester, at: Double(step * 16), center - arm, center + arm, .move)
        }
        #expect(abs(rotation.rotation - 2 * Double.pi) < 1e-9)
    }

    @Test("the angle when the second finger lands is the velocity's first sample")
    func velocityFromPairForming() {
        let tester = GestureTester()
        let rotation = RotationGestureRecognizer(name: "rotation")
        tester.window.addGestureRecognizer(rotation)
        twoFingers(tester, at: 0, Point(x: 100, y: 200), Point(x: 300, y: 200), .down)
        twoFingers(tester, at: 10, Point(x: 200, y: 100), Point(x: 200, y: 300), .move)
        // A quarter turn in 10 ms, from the pair's landing.
        #expect(abs(rotation.rotationVelocity - Double.pi / 2 / 0.010) < 1e-9)
    }

    @Test("a turn under 5 degrees does not begin a rotation")
    func threshold() {
        let tester = GestureTester()
        let rotation = RotationGestureRecognizer(name: "rotation")
        tester.window.addGestureRecognizer(rotation)
        twoFingers(tester, at: 0, Point(x: 100, y: 200), Point(x: 300, y: 200), .down)
        twoFingers(tester, at: 16, Point(x: 100, y: 204), Point(x: 300, y: 196), .move)
        #expect(tester.actions.isEmpty)
    }
}

@Suite("Rotation's unmeasured moves")
struct RotationUnmeasuredMoveTests {
    /// A small deterministic generator (SplitMix64).
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// From -1 to 1.
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 52) - 1 }
    }

    private static func normalized(_ angle: Double) -> Double {
        var value = angle
        while value > Double.pi { value -= 2 * Double.pi }
        while value <= -Double.pi { value += 2 * Double.pi }
        return value
    }

    @Test("moves kept unmeasured give the rotation, its velocity and the frame it begins bit for bit as measuring every move")
    func unmeasuredMovesMatchMeasuring() {
        for seed in 0..<60 {
            var generator = Generator(state: UInt64(seed))
            let stepSize = [0.001, 0.004, 0.012, 0.03][seed % 4]
            // Read after every frame, so that every move is measured before the next; read now
            // and then, so that moves wait; and read only at the end, so that the moves kept
            // outgrow the first room and fill the last (600 frames, most of them moves).
            let measured = GestureTester(), waiting = GestureTester(), atTheEnd = GestureTester()
            let everyFrame = RotationGestureRecognizer(name: "rotation"), nowAndThen = RotationGestureRecognizer(name: "rotation")
            let once = RotationGestureRecognizer(name: "rotation")
            measured.window.addGestureRecognizer(everyFrame)
            waiting.window.addGestureRecognizer(nowAndThen)
            atTheEnd.window.addGestureRecognizer(once)
            var center = Point(x: 200, y: 400), angle = generator.unit() * Double.pi, arm = 80.0
            var pairDown = true
            func points() -> (Point, Point) {
                let half = Vector(dx: arm * cos(angle), dy: arm * sin(angle))
                return (center - half, center + half)
            }
            // The definition: the angle of the second finger from the first, its steps unwrapped.
            var lastAngle = 0.0, turned = 0.0
            func send(_ ms: Double, _ inputs: [TouchInput]) {
                measured.frame(at: ms, inputs)
                waiting.frame(at: ms, inputs)
                atTheEnd.frame(at: ms, inputs)
            }
            var (a, b) = points()
            send(0, [TouchInput(identifier: 1, change: .down, location: a), TouchInput(identifier: 2, change: .down, location: b)])
            lastAngle = atan2(b.y - a.y, b.x - a.x)
            for frame in 1...600 {
                let ms = Double(frame) * 8
                angle += generator.unit() * stepSize * (generator.next() % 20 == 0 ? 5 : 1)
                center = center + Vector(dx: generator.unit() * 3, dy: generator.unit() * 3)
                arm = max(20, arm + generator.unit() * 2)
                // The first finger moves only with the second; the second lifts where it is (a lift
                // elsewhere moves it first) and lands elsewhere.
                let (movedA, movedB) = points()
                if pairDown && generator.next() % 40 == 0 {
                    send(ms, [TouchInput(identifier: 2, change: .up, location: b)])
                    pairDown = false
                } else if !pairDown {
                    b = movedB
                    send(ms, [TouchInput(identifier: 2, change: .down, location: b)])
                    lastAngle = atan2(b.y - a.y, b.x - a.x)
                    pairDown = true
                } else {
                    (a, b) = (movedA, movedB)
                    send(ms, [TouchInput(identifier: 1, change: .move, location: a), TouchInput(identifier: 2, change: .move, location: b)])
                    let next = atan2(b.y - a.y, b.x - a.x)
                    turned += Self.normalized(next - lastAngle)
                    lastAngle = next
                }
                #expect(everyFrame.rotation.bitPattern == turned.bitPattern, "seed \(seed) frame \(frame)")
                if generator.next() % 30 == 0 {
                    #expect(nowAndThen.rotationVelocity.bitPattern == everyFrame.rotationVelocity.bitPattern)
                    #expect(nowAndThen.rotation.bitPattern == turned.bitPattern, "seed \(seed) frame \(frame)")
                }
            }
            #expect(nowAndThen.rotationVelocity.bitPattern == everyFrame.rotationVelocity.bitPattern)
            #expect(nowAndThen.rotation.bitPattern == turned.bitPattern, "seed \(seed)")
            #expect(once.rotationVelocity.bitPattern == everyFrame.rotationVelocity.bitPattern)
            #expect(once.rotation.bitPattern == turned.bitPattern, "seed \(seed)")
            send(4900, [TouchInput(identifier: 1, change: .up, location: a), TouchInput(identifier: 2, change: .up, location: b)])
            #expect(waiting.transcript == measured.transcript, "seed \(seed)")
            #expect(atTheEnd.transcript == measured.transcript, "seed \(seed)")
        }
    }

    @Test("after many turns, a rotation begins on the move whose measured turn reaches the threshold, however its steps rounded")
    func manyTurnsRoundingBeginsOnTheMeasuredMove() throws {
        let tester = GestureTester()
        let rotation = RotationGestureRecognizer(name: "rotation")
        rotation.threshold = 10_000
        tester.window.addGestureRecognizer(rotation)
        // The definition, as in the test above.
        var lastAngle = 0.0, turned = 0.0
        func move(_ ms: Double, _ a: Point, _ b: Point) {
            twoFingers(tester, at: ms, a, b, .move)
            let next = atan2(b.y - a.y, b.x - a.x)
            turned += Self.normalized(next - lastAngle)
            lastAngle = next
        }
        twoFingers(tester, at: 0, Point(x: 100, y: 400), Point(x: 300, y: 400), .down)
        // About 95 turns, a radian a move, ending on the level.
        for step in 1...600 {
            let arm = Vector(dx: 100 * cos(Double(step)), dy: 100 * sin(Double(step)))
            move(Double(step), Point(x: 200, y: 400) - arm, Point(x: 200, y: 400) + arm)
        }
        move(601, Point(x: 100, y: 400), Point(x: 300, y: 400))
        #expect(rotation.rotation.bitPattern == turned.bitPattern)
        let unit = turned.ulp
        rotation.threshold = turned + 20 * unit
        // Turns of a fraction of the last place of `turned`, each rounding it up: measured, it
        // gains a last place every other move while the line turns a fifth of one.
        var target = 0.0, beginning: Double?
        for step in 1...70 {
            target += (step % 2 == 1 ? 0.6 : -0.4) * unit
            let ms = Double(601 + step)
            move(ms, Point(x: 100, y: 400), Point(x: 300, y: 400 + target * 200))
            if beginning == nil && abs(turned) >= rotation.threshold { beginning = ms }
        }
        let began = try #require(beginning)
        #expect(tester.actions.first == "\(Int(began))ms rotation action began")
    }
}

@Suite("A gesture's change in the frame another begins")
struct ChangeAlongsideBeginningTests {
    /// Lets pinch and rotation recognize together, an answer that never changes: a pinch under
    /// way then asks nothing at its changes, so its change is held while the frame is delivered.
    private final class SimultaneousPair: GestureRecognizerDelegate {
        var simultaneityAnswersAreFixed: Bool { true }
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
    }

    @Test("a pinch under way sends its change in the frame a rotation begins alongside it, before the rotation's action")
    func alongside() {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 800))
        let pinch = PinchGestureRecognizer(name: "pinch"), rotation = RotationGestureRecognizer(name: "rotation")
        let pair = SimultaneousPair()
        pinch.delegate = pair
        rotation.delegate = pair
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
        // Two fingers spread (the pinch begins and changes), then turn by 10 degrees in one frame.
        twoFingers(tester, at: 0, Point(x: 150, y: 400), Point(x: 250, y: 400), .down)
        twoFingers(tester, at: 16, Point(x: 130, y: 400), Point(x: 270, y: 400), .move)
        twoFingers(tester, at: 32, Point(x: 120, y: 400), Point(x: 280, y: 400), .move)
        let arm = Vector(dx: 80 * cos(10 * Double.pi / 180), dy: 80 * sin(10 * Double.pi / 180))
        twoFingers(tester, at: 48, Point(x: 200, y: 400) - arm, Point(x: 200, y: 400) + arm, .move)
        twoFingers(tester, at: 64, Point(x: 200, y: 400) - arm, Point(x: 200, y: 400) + arm, .up)
        #expect(tester.actions == [
            "16ms pinch action began", "32ms pinch action changed", "48ms pinch action changed", "48ms rotation action began",
            "64ms pinch action ended", "64ms rotation action ended",
        ])
        withExtendedLifetime(pair) {}
    }
}
