import Testing
import TouchTrace

extension EndToEnd {
    @Suite("touchstone record on an emulated touchpad")
    struct TouchpadRecordingTests {
        /// Records `script` on the emulated touchpad and returns the gesture events, after a pause that
        /// lets libinput's gesture timers run out.
        private func recordGestures(_ script: FingerScript, keepingAs name: String? = nil) throws -> (gestures: [GestureSample], frameTimes: [Int64], trace: TraceDocument) {
            let scenario = try Scenario([.touchpad], arguments: Scenario.pathBackend)
            let times = scenario.play(script)
            Injector.pause(milliseconds: 300)
            let trace = try scenario.finish()
            if let name { try scenario.keep(as: name) }
            return (trace.gestures, times, trace)
        }

        /// Checks one gesture's shape: begin first, end last, updates between, one kind and finger count
        /// throughout, every event inside the injected time span, times never going back.
        private func expectWellFormed(_ gestures: [GestureSample], kind: GestureKind, fingers: UInt8, frameTimes: [Int64]) {
            #expect(gestures.first?.phase == .begin)
            #expect(gestures.last?.phase == .end)
            #expect(gestures.dropFirst().dropLast().allSatisfy { $0.phase == .update })
            #expect(gestures.allSatisfy { $0.kind == kind && $0.fingers == fingers && $0.device == 0 })
            #expect(zip(gestures, gestures.dropFirst()).allSatisfy { $0.time <= $1.time })
            #expect(gestures.allSatisfy { $0.time >= frameTimes.first! })
        }

        @Test("A three-finger swipe is recorded from begin through every update to end")
        func threeFingerSwipe() throws {
            let (all, times, trace) = try recordGestures(.threeFingerSwipe)
            let gestures = all.filter { $0.kind == .swipe }
            // Fingers that rest before moving (the injection slowed down by a loaded machine) may be
            // reported as a hold first; the swipe cancels it.
            #expect(all.allSatisfy { $0.kind == .swipe || $0.kind == .hold })
            expectWellFormed(gestures, kind: .swipe, fingers: 3, frameTimes: times)
            #expect(gestures.count >= 3)
            #expect(gestures.last?.cancelled == false)
            #expect(gestures.map(\.dxUnaccelerated).reduce(0, +) > 0)
            #expect(gestures.allSatisfy { $0.dyUnaccelerated == 0 })
            #expect(trace.header.devices.first?.kind == .touchpad)
            #expect(trace.touches.isEmpty)
        }

        @Test("A two-finger pinch is recorded with a growing scale")
        func twoFingerPinch() throws {
            let (all, times, _) = try recordGestures(.twoFingerPinchOut, keepingAs: "pinch-out")
            let gestures = all.filter { $0.kind == .pinch }
            // As for the swipe: a resting start may be reported as a hold first.
            #expect(all.allSatisfy { $0.kind == .pinch || $0.kind == .hold })
            expectWellFormed(gestures, kind: .pinch, fingers: 2, frameTimes: times)
            #expect(gestures.count >= 3)
            #expect(gestures.last?.cancelled == false)
            let updates = gestures.filter { $0.phase == .update }
            #expect(zip(updates, updates.dropFirst()).allSatisfy { $0.scale <= $1.scale })
            #expect((updates.last?.scale ?? 0) > 1.2)
        }

        @Test("Two fingers scrolling are recorded as a scroll gesture: begin, movements, end at the stop")
        func twoFingerScroll() throws {
            let (all, times, _) = try recordGestures(.twoFingerScrollDown, keepingAs: "scroll-down")
            let gestures = all.filter { $0.kind == .scroll }
            // A resting start may be reported as a hold first; the scroll cancels it.
            #expect(all.allSatisfy { $0.kind == .scroll || $0.kind == .hold })
            expectWellFormed(gestures, kind: .scroll, fingers: 0, frameTimes: times)
            #expect(gestures.count >= 4)
            #expect(gestures.map(\.dy).reduce(0, +) > 0)
            #expect(gestures.allSatisfy { $0.dx == 0 })
            #expect(gestures.last.map { $0.dx == 0 && $0.dy == 0 } == true)
        }

        @Test("Three resting fingers are recorded as a hold that ends when they lift")
        func threeFingerHold() throws {
            let (gestures, times, _) = try recordGestures(.threeFingerRest(frames: 30))
            expectWellFormed(gestures, kind: .hold, fingers: 3, frameTimes: times)
            #expect(gestures.map(\.phase) == [.begin, .end])
            #expect(gestures.last?.cancelled == false)
        }

        @Test("A hold that turns into a swipe is recorded as a cancelled hold, then the swipe")
        func holdCancelledBySwipe() throws {
            let (gestures, _, _) = try recordGestures(.restThenSwipe)
            let hold = gestures.prefix { $0.kind == .hold }
            let swipe = gestures.drop { $0.kind == .hold }
            #expect(hold.map(\.phase) == [.begin, .end])
            #expect(hold.last?.cancelled == true)
            #expect(swipe.first?.phase == .begin)
            #expect(swipe.last?.phase == .end)
            #expect(swipe.allSatisfy { $0.kind == .swipe && $0.fingers == 3 })
        }
    }
}
