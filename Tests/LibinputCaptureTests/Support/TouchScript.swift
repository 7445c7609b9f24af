import TouchTrace

/// A touchscreen session written as frames of finger steps. It produces both the evdev frames to
/// inject (multitouch protocol B) and the trace events the recorder must write for them, so every
/// expectation follows from the script rather than being typed in by hand.
struct TouchScript {
    enum Step {
        case down(slot: Int, x: Int32, y: Int32)
        case move(slot: Int, x: Int32, y: Int32)
        case up(slot: Int)
        /// The touch becomes a palm (`ABS_MT_TOOL_TYPE` = `MT_TOOL_PALM`): libinput cancels it.
        case palm(slot: Int)

        var slot: Int {
            switch self {
            case .down(let slot, _, _), .move(let slot, _, _), .up(let slot), .palm(let slot): slot
            }
        }
    }

    var frames: [[Step]]

    /// The evdev events of each frame (without the closing `SYN_REPORT`).
    func evdevFrames() -> [[InputEvent]] {
        var trackingID: Int32 = 100
        var down = Set<Int>()
        return frames.map { steps in
            var events: [InputEvent] = []
            let wasTouching = !down.isEmpty
            for step in steps {
                events.append(.abs(EmulatedDevice.abs.slot, Int32(step.slot)))
                switch step {
                case .down(let slot, let x, let y):
                    trackingID += 1
                    down.insert(slot)
                    events += [.abs(EmulatedDevice.abs.trackingID, trackingID), .abs(EmulatedDevice.abs.mtX, x), .abs(EmulatedDevice.abs.mtY, y)]
                case .move(_, let x, let y):
                    events += [.abs(EmulatedDevice.abs.mtX, x), .abs(EmulatedDevice.abs.mtY, y)]
                case .up(let slot):
                    down.remove(slot)
                    events.append(.abs(EmulatedDevice.abs.trackingID, -1))
                case .palm:
                    events.append(.abs(EmulatedDevice.abs.toolType, 2))
                }
            }
            if wasTouching != !down.isEmpty { events.append(.key(EmulatedDevice.key.touch, !down.isEmpty)) }
            return events
        }
    }

    /// What the recorder must write when frame `i` was stamped `times[i]` on device 0: the frame's
    /// samples in slot order (libinput's order), then the frame mark, unless nothing was reported.
    func expectedEvents(times: [Microseconds]) -> [TraceEvent] {
        var events: [TraceEvent] = []
        var nextTouch: TouchID = 0
        var active: [Int: (id: TouchID, x: Int32, y: Int32)] = [:]
        for (steps, time) in zip(frames, times) {
            let before = events.count
            for step in steps.sorted(by: { $0.slot < $1.slot }) {
                let sample: TouchSample
                switch step {
                case .down(let slot, let x, let y):
                    active[slot] = (nextTouch, x, y)
                    nextTouch += 1
                    sample = TouchSample(time: time, phase: .down, touch: active[slot]!.id, slot: UInt16(slot), x: x, y: y)
                case .move(let slot, let x, let y):
                    active[slot]!.x = x
                    active[slot]!.y = y
                    sample = TouchSample(time: time, phase: .motion, touch: active[slot]!.id, slot: UInt16(slot), x: x, y: y)
                case .up(let slot):
                    // A cancelled touch has already ended: its lift reports nothing.
                    guard let last = active.removeValue(forKey: slot) else { continue }
                    sample = TouchSample(time: time, phase: .up, touch: last.id, slot: UInt16(slot), x: last.x, y: last.y)
                case .palm(let slot):
                    let last = active.removeValue(forKey: slot)!
                    sample = TouchSample(time: time, phase: .cancel, touch: last.id, slot: UInt16(slot), x: last.x, y: last.y)
                }
                events.append(.touch(sample))
            }
            // libinput closes a frame only when it reported something in it.
            if events.count > before { events.append(.frame(FrameMark(time: time, device: 0))) }
        }
        return events
    }

    /// Two fingers: one drags right, a second lands, both move, the first lifts, the second moves and lifts.
    static let twoFingerSession = TouchScript(frames:
        [[.down(slot: 0, x: 1000, y: 1000)]]
        + (1...6).map { [.move(slot: 0, x: 1000 + 25 * $0, y: 1000 + 3 * $0)] }
        + [[.down(slot: 1, x: 3000, y: 2000), .move(slot: 0, x: 1175, y: 1021)]]
        + (1...5).map { [.move(slot: 1, x: 3000 - 30 * $0, y: 2000 - 11 * $0), .move(slot: 0, x: 1175 + 7 * $0, y: 1021)] }
        + [[.up(slot: 0)]]
        + (1...3).map { [.move(slot: 1, x: 2850 - 40 * $0, y: 1945)] }
        + [[.up(slot: 1)]]
    )

    /// A finger lands and moves, a second lands, the first turns into a palm, then both lift.
    static let palmSession = TouchScript(frames: [
        [.down(slot: 0, x: 500, y: 500)],
        [.move(slot: 0, x: 520, y: 505)],
        [.down(slot: 1, x: 2500, y: 1500)],
        [.palm(slot: 0), .move(slot: 1, x: 2480, y: 1490)],
        [.move(slot: 1, x: 2460, y: 1480)],
        [.up(slot: 0)],
        [.up(slot: 1)],
    ])

    /// A quick tap: down and up in consecutive frames.
    static func tap(x: Int32, y: Int32) -> TouchScript {
        TouchScript(frames: [[.down(slot: 0, x: x, y: y)], [.up(slot: 0)]])
    }
}
