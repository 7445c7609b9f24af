/// Touchpad fingers as a list of frames, each with every finger's position: the fingers land
/// together on the first frame, move through the rest, and lift together after the last.
/// Produces the evdev frames a clickpad sends (slots, tracking ids, `BTN_TOOL_*`, pressure).
struct FingerScript {
    var positions: [[(x: Int32, y: Int32)]]

    func evdevFrames() -> [[InputEvent]] {
        let abs = EmulatedDevice.abs
        let key = EmulatedDevice.key
        let fingers = positions[0].count
        let tool = [1: key.toolFinger, 2: key.doubleTap, 3: key.tripleTap, 4: key.quadTap][fingers]!
        var frames: [[InputEvent]] = []
        for (index, frame) in positions.enumerated() {
            var events: [InputEvent] = []
            for (slot, point) in frame.enumerated() {
                events.append(.abs(abs.slot, Int32(slot)))
                if index == 0 {
                    events += [.abs(abs.trackingID, Int32(200 + slot)), .abs(abs.mtPressure, 60)]
                }
                events += [.abs(abs.mtX, point.x), .abs(abs.mtY, point.y)]
            }
            if index == 0 { events += [.key(key.touch, true), .key(tool, true), .abs(abs.pressure, 60)] }
            events += [.abs(abs.x, frame[0].x), .abs(abs.y, frame[0].y)]
            frames.append(events)
        }
        var lift: [InputEvent] = []
        for slot in 0..<fingers { lift += [.abs(abs.slot, Int32(slot)), .abs(abs.trackingID, -1)] }
        frames.append(lift + [.key(key.touch, false), .key(tool, false), .abs(abs.pressure, 0)])
        return frames
    }

    /// Three fingers side by side moving right together.
    static let threeFingerSwipe = FingerScript(positions: (0..<20).map { step in
        let dx = Int32(40 * step)
        return [(1000 + dx, 1000), (1400 + dx, 1000), (1800 + dx, 1000)]
    })

    /// Two fingers moving apart along a diagonal.
    static let twoFingerPinchOut = FingerScript(positions: (0..<20).map { step in
        let d = Int32(step)
        return [(1800 - 30 * d, 1200 - 10 * d), (2200 + 30 * d, 1200 + 10 * d)]
    })

    /// Two fingers side by side moving down together: libinput's two-finger scrolling.
    static let twoFingerScrollDown = FingerScript(positions: (0..<25).map { step in
        let dy = Int32(30 * step)
        return [(1800, 1000 + dy), (2300, 1000 + dy)]
    })

    /// Three fingers resting still for `frames` frames.
    static func threeFingerRest(frames: Int) -> FingerScript {
        FingerScript(positions: Array(repeating: [(1000, 1000), (1400, 1000), (1800, 1000)], count: frames))
    }

    /// Three fingers resting, then swiping down.
    static let restThenSwipe = FingerScript(
        positions: threeFingerRest(frames: 25).positions + (1...20).map { step in
            let dy = Int32(40 * step)
            return [(1000, 1000 + dy), (1400, 1000 + dy), (1800, 1000 + dy)]
        }
    )
}

extension Scenario {
    /// Plays a finger script on device `index`, 12 ms between frames (a touchpad's report rate).
    @discardableResult
    func play(_ script: FingerScript, on index: Int = 0) -> [Int64] {
        script.evdevFrames().map { frame in
            defer { Injector.pause(milliseconds: 12) }
            return injector(index).frame(frame)
        }
    }
}
