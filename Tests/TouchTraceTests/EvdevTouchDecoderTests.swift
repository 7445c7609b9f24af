import Testing
import TouchTrace

/// A few evdev frames written the way a test reads best: one call per kernel event, `syn()` per frame.
/// Each event's line number (for warnings) is its position in the script, from 1.
private struct Script {
    var events: [EvdevEvent] = []
    var time: Microseconds = 5_000_000

    mutating func abs(_ code: UInt16, _ value: Int32) {
        events.append(EvdevEvent(time: time, type: EvdevCode.EV_ABS, code: code, value: value))
    }

    /// The current slot's position (protocol B).
    mutating func place(_ x: Int32, _ y: Int32) {
        abs(EvdevCode.ABS_MT_POSITION_X, x)
        abs(EvdevCode.ABS_MT_POSITION_Y, y)
    }

    /// A contact that is a palm from its first frame, at (40, 50), lifted in the next frame.
    mutating func palmTap(_ trackingID: Int32) {
        abs(EvdevCode.ABS_MT_TRACKING_ID, trackingID)
        abs(EvdevCode.ABS_MT_TOOL_TYPE, EvdevCode.MT_TOOL_PALM)
        place(40, 50)
        syn()
        abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        syn()
    }

    mutating func key(_ code: UInt16, _ value: Int32) {
        events.append(EvdevEvent(time: time, type: EvdevCode.EV_KEY, code: code, value: value))
    }

    mutating func syn(_ code: UInt16 = EvdevCode.SYN_REPORT, advance: Microseconds = 10_000) {
        events.append(EvdevEvent(time: time, type: EvdevCode.EV_SYN, code: code, value: 0))
        if code == EvdevCode.SYN_REPORT { time += advance }
    }

    func decode(_ capabilities: EvdevCapabilities) -> (samples: [TouchSample], frames: [FrameMark], warnings: [FormatWarning]) {
        var decoder = EvdevTouchDecoder(device: 0, capabilities: capabilities)
        var output = EvdevDecodeOutput(file: "script")
        for (index, event) in events.enumerated() {
            decoder.consume(event, line: index + 1, into: &output)
        }
        decoder.finish(line: events.count, into: &output)
        var samples: [TouchSample] = []
        var frames: [FrameMark] = []
        for event in output.events {
            if case .touch(let sample) = event { samples.append(sample) }
            if case .frame(let mark) = event { frames.append(mark) }
        }
        return (samples, frames, output.allWarnings)
    }
}

private func protocolB(slots: Int32 = 2, pressure: Bool = false, toolType: Bool = false) -> EvdevCapabilities {
    var device = EvdevCapabilities(name: "protocol B screen")
    device.addProperty(EvdevCode.INPUT_PROP_DIRECT)
    device.addAxis(EvdevCode.ABS_MT_SLOT, AxisRange(minimum: 0, maximum: slots - 1))
    device.addAxis(EvdevCode.ABS_MT_POSITION_X, AxisRange(minimum: 0, maximum: 4095))
    device.addAxis(EvdevCode.ABS_MT_POSITION_Y, AxisRange(minimum: 0, maximum: 4095))
    device.addAxis(EvdevCode.ABS_MT_TRACKING_ID, AxisRange(minimum: 0, maximum: 65535))
    if pressure { device.addAxis(EvdevCode.ABS_MT_PRESSURE, AxisRange(minimum: 0, maximum: 255)) }
    if toolType { device.addAxis(EvdevCode.ABS_MT_TOOL_TYPE, AxisRange(minimum: 0, maximum: 2)) }
    return device
}

private func protocolA(toolType: Bool = false) -> EvdevCapabilities {
    var device = EvdevCapabilities(name: "protocol A screen")
    device.addAxis(EvdevCode.ABS_MT_POSITION_X, AxisRange(minimum: 0, maximum: 4095))
    device.addAxis(EvdevCode.ABS_MT_POSITION_Y, AxisRange(minimum: 0, maximum: 4095))
    if toolType { device.addAxis(EvdevCode.ABS_MT_TOOL_TYPE, AxisRange(minimum: 0, maximum: 2)) }
    return device
}

private func singleTouch() -> EvdevCapabilities {
    var device = EvdevCapabilities(name: "single-touch pad")
    device.addCode(type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH)
    device.addAxis(EvdevCode.ABS_X, AxisRange(minimum: 0, maximum: 1023))
    device.addAxis(EvdevCode.ABS_Y, AxisRange(minimum: 0, maximum: 767))
    device.addAxis(EvdevCode.ABS_PRESSURE, AxisRange(minimum: 0, maximum: 127))
    return device
}

@Suite("The evdev touch decoder")
struct EvdevTouchDecoderTests {
    @Test("Protocol B: two fingers down, one moves, both lift, with one frame mark per report")
    func protocolBTwoFingers() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 40)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 100)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 200)
        s.abs(EvdevCode.ABS_MT_SLOT, 1)
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 41)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 300)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 400)
        s.syn()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 310)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.abs(EvdevCode.ABS_MT_SLOT, 0)
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        let (samples, frames, warnings) = s.decode(protocolB())

        #expect(samples == [
            TouchSample(time: 5_000_000, phase: .down, touch: 0, slot: 0, x: 100, y: 200),
            TouchSample(time: 5_000_000, phase: .down, touch: 1, slot: 1, x: 300, y: 400),
            TouchSample(time: 5_010_000, phase: .motion, touch: 1, slot: 1, x: 310, y: 400),
            TouchSample(time: 5_020_000, phase: .up, touch: 1, slot: 1, x: 310, y: 400),
            TouchSample(time: 5_020_000, phase: .up, touch: 0, slot: 0, x: 100, y: 200),
        ])
        #expect(frames.map(\.time) == [5_000_000, 5_010_000, 5_020_000])
        #expect(warnings.isEmpty)
    }

    @Test("Protocol B: a new touch in a slot keeps the slot's last values that were not resent")
    func protocolBSlotValuesPersist() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 1)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 50)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 60)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 2)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 70)
        s.syn()
        let samples = s.decode(protocolB()).samples

        #expect(samples.last == TouchSample(time: 5_020_000, phase: .down, touch: 1, slot: 0, x: 50, y: 70))
    }

    @Test("Protocol B: pressure is reported only by a device that declares it")
    func protocolBPressure() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 1)
        s.abs(EvdevCode.ABS_MT_PRESSURE, 90)
        s.syn()
        #expect(s.decode(protocolB(pressure: true)).samples.first?.pressure == 90)
        #expect(s.decode(protocolB(pressure: false)).samples.first?.pressure == nil)
    }

    @Test("Protocol A: contacts keep their identity by nearness and surplus contacts start touches")
    func protocolAContacts() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 100)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 100)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        // The second finger is listed first; the first has moved a little.
        s.abs(EvdevCode.ABS_MT_POSITION_X, 900)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 900)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 105)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 100)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        let (samples, frames, warnings) = s.decode(protocolA())

        #expect(samples == [
            TouchSample(time: 5_000_000, phase: .down, touch: 0, slot: 0, x: 100, y: 100),
            TouchSample(time: 5_010_000, phase: .motion, touch: 0, slot: 0, x: 105, y: 100),
            TouchSample(time: 5_010_000, phase: .down, touch: 1, slot: 1, x: 900, y: 900),
            TouchSample(time: 5_020_000, phase: .up, touch: 0, slot: 0, x: 105, y: 100),
            TouchSample(time: 5_020_000, phase: .up, touch: 1, slot: 1, x: 900, y: 900),
        ])
        #expect(frames.count == 3)
        #expect(warnings.isEmpty)
    }

    @Test("Protocol A: contacts at opposite corners of the 32-bit plane are matched by nearness without overflow")
    func protocolAContactsAtTheInt32Corners() {
        var device = protocolA()
        device.addAxis(EvdevCode.ABS_MT_POSITION_X, AxisRange(minimum: .min, maximum: .max))
        device.addAxis(EvdevCode.ABS_MT_POSITION_Y, AxisRange(minimum: .min, maximum: .max))
        var s = Script()
        s.abs(EvdevCode.ABS_MT_POSITION_X, .max)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, .max)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        // A second finger at the far corner is listed first: the first stays where it was.
        for position in [Int32.min, .max] {
            s.abs(EvdevCode.ABS_MT_POSITION_X, position)
            s.abs(EvdevCode.ABS_MT_POSITION_Y, position)
            s.syn(EvdevCode.SYN_MT_REPORT)
        }
        s.syn()
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        let (samples, _, _) = s.decode(device)

        #expect(samples.map(\.phase) == [.down, .down, .up, .up])
        #expect(samples.map(\.touch) == [0, 1, 0, 1])
        #expect(samples.map(\.x) == [.max, .min, .max, .min])
    }

    @Test("Protocol A: a device that sends tracking ids is matched by them, not by nearness")
    func protocolATrackingIDs() {
        var device = protocolA()
        device.addAxis(EvdevCode.ABS_MT_TRACKING_ID, AxisRange(minimum: 0, maximum: 65535))
        var s = Script()
        for (id, x) in [(Int32(1), Int32(100)), (2, 900)] {
            s.abs(EvdevCode.ABS_MT_TRACKING_ID, id)
            s.abs(EvdevCode.ABS_MT_POSITION_X, x)
            s.syn(EvdevCode.SYN_MT_REPORT)
        }
        s.syn()
        // The two fingers swap places: nearness would swap their identities, the ids do not.
        for (id, x) in [(Int32(1), Int32(880)), (2, 120)] {
            s.abs(EvdevCode.ABS_MT_TRACKING_ID, id)
            s.abs(EvdevCode.ABS_MT_POSITION_X, x)
            s.syn(EvdevCode.SYN_MT_REPORT)
        }
        s.syn()
        let motions = s.decode(device).samples.filter { $0.phase == .motion }

        #expect(motions.map(\.touch) == [0, 1])
        #expect(motions.map(\.x) == [880, 120])
    }

    @Test("Protocol A: a contact with touch major 0 touches nothing, so its touch lifts there and a new one does not begin")
    func protocolATouchMajorZeroIsNoContact() {
        var device = protocolA()
        device.addAxis(EvdevCode.ABS_MT_TOUCH_MAJOR, AxisRange(minimum: 0, maximum: 255))
        var s = Script()
        for (x, major) in [(Int32(100), Int32(30)), (200, 0), (300, 0)] {
            // Frame 1: one finger down. Frame 2: it is reported with touch major 0 (the old Android
            // drivers' lift). Frame 3: a contact with touch major 0 alone begins nothing.
            s.abs(EvdevCode.ABS_MT_TOUCH_MAJOR, major)
            s.abs(EvdevCode.ABS_MT_POSITION_X, x)
            s.abs(EvdevCode.ABS_MT_POSITION_Y, 50)
            s.syn(EvdevCode.SYN_MT_REPORT)
            s.syn()
        }
        let (samples, _, warnings) = s.decode(device)

        #expect(samples.map(\.phase) == [.down, .up])
        #expect(samples.map(\.time) == [5_000_000, 5_010_000])
        #expect(samples.last?.x == 100)
        #expect(warnings.isEmpty)
    }

    @Test("Protocol A: touch major 0 is an ordinary value on a device that does not declare the axis")
    func protocolATouchMajorZeroUndeclared() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TOUCH_MAJOR, 0)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 100)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()

        #expect(s.decode(protocolA()).samples.map(\.phase) == [.down])
    }

    @Test("Protocol A: a contact whose packet gives no position (neither ABS_MT_POSITION_X nor _Y) is no contact, so no touch begins at 0 and none is moved there")
    func protocolAContactWithoutPositionIsNoContact() {
        var device = protocolA()
        device.addAxis(EvdevCode.ABS_MT_PRESSURE, AxisRange(minimum: 0, maximum: 255))
        var s = Script()
        // Frame 1: one finger. Frame 2: the finger moves, and a second packet gives only pressure 0
        // (a driver's "no finger here"). Frame 3: the finger, moved, after a packet with only a
        // width. Frame 4: no contacts.
        s.abs(EvdevCode.ABS_MT_POSITION_X, 100)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 200)
        s.abs(EvdevCode.ABS_MT_PRESSURE, 16)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 110)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 200)
        s.abs(EvdevCode.ABS_MT_PRESSURE, 16)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.abs(EvdevCode.ABS_MT_PRESSURE, 0)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        s.abs(0x32, 0)  // ABS_MT_WIDTH_MAJOR
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.abs(EvdevCode.ABS_MT_PRESSURE, 16)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 210)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 120)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        let (samples, _, warnings) = s.decode(device)

        #expect(samples.map(\.phase) == [.down, .motion, .motion, .up])
        #expect(samples.map(\.x) == [100, 110, 120, 120])
        #expect(samples.map(\.y) == [200, 200, 210, 210])
        #expect(Set(samples.map(\.touch)).count == 1)
        #expect(warnings.isEmpty)
    }

    @Test("Single touch: BTN_TOUCH starts and ends the touch, ABS_X/Y and ABS_PRESSURE move it")
    func singleTouchSequence() {
        var s = Script()
        s.key(EvdevCode.BTN_TOUCH, 1)
        s.abs(EvdevCode.ABS_X, 463)
        s.abs(EvdevCode.ABS_Y, 384)
        s.abs(EvdevCode.ABS_PRESSURE, 66)
        s.syn()
        s.abs(EvdevCode.ABS_X, 468)
        s.syn()
        s.key(EvdevCode.BTN_TOUCH, 0)
        s.abs(EvdevCode.ABS_PRESSURE, 0)
        s.syn()
        let samples = s.decode(singleTouch()).samples

        #expect(samples == [
            TouchSample(time: 5_000_000, phase: .down, touch: 0, x: 463, y: 384, pressure: 66),
            TouchSample(time: 5_010_000, phase: .motion, touch: 0, x: 468, y: 384, pressure: 66),
            TouchSample(time: 5_020_000, phase: .up, touch: 0, x: 468, y: 384, pressure: 66),
        ])
    }

    @Test("SYN_DROPPED cancels touches in progress and a touch that reports again starts a new sequence")
    func droppedEventsResync() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 7)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 10)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 20)
        s.syn()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 11)
        s.syn(EvdevCode.SYN_DROPPED)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 999)  // part of the damaged frame: not trusted
        s.syn()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 30)
        s.syn()
        let (samples, _, warnings) = s.decode(protocolB())

        #expect(samples.map(\.phase) == [.down, .cancel, .down])
        #expect(samples[1].x == 11)
        #expect(samples[2] == TouchSample(time: 5_020_000, phase: .down, touch: 1, slot: 0, x: 30, y: 20))
        #expect(warnings.map(\.location) == [.line(6), .line(10)])
        #expect(warnings.first?.message.contains("SYN_DROPPED") == true)
    }

    @Test("Single touch: after SYN_DROPPED a contact still held comes back as a new touch when it moves")
    func singleTouchResync() {
        var s = Script()
        s.key(EvdevCode.BTN_TOUCH, 1)
        s.abs(EvdevCode.ABS_X, 10)
        s.syn()
        s.syn(EvdevCode.SYN_DROPPED)
        s.syn()
        s.abs(EvdevCode.ABS_X, 20)
        s.syn()
        s.key(EvdevCode.BTN_TOUCH, 0)
        s.syn()
        let samples = s.decode(singleTouch()).samples

        #expect(samples.map(\.phase) == [.down, .cancel, .down, .up])
        #expect(samples.map(\.touch) == [0, 0, 1, 1])
        #expect(samples[2].x == 20)
    }

    @Test("A slot out of range is reported with its line and its events are ignored")
    func slotOutOfRange() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_SLOT, 9)
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 10)
        s.syn()
        let (samples, frames, warnings) = s.decode(protocolB(slots: 2))

        #expect(samples.isEmpty)
        #expect(frames.isEmpty)
        #expect(warnings == [FormatWarning(file: "script", location: .line(1), message: "slot 9 out of range 0...1; its events are ignored")])
    }

    @Test("Time going backwards is reported and clamped so the trace stays in order")
    func timeGoingBackwards() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.place(1, 1)
        s.syn()
        s.time = 4_000_000
        s.abs(EvdevCode.ABS_MT_POSITION_X, 10)
        s.syn()
        let (samples, _, warnings) = s.decode(protocolB())

        #expect(samples.map(\.time) == [5_000_000, 5_000_000])
        #expect(warnings.first?.location == .line(5))
        #expect(warnings.first?.message.contains("backwards") == true)
    }

    @Test("A tracking id set again while active is reported and does not start a touch")
    func trackingIDReuse() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.place(1, 1)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 10)
        s.syn()
        let (samples, _, warnings) = s.decode(protocolB())

        #expect(samples.map(\.phase) == [.down, .motion])
        #expect(warnings.first?.location == .line(5))
    }

    @Test("A second tracking id in the frame that begins a touch replaces the first: one touch, at the frame's position")
    func trackingIDReplacedInFirstFrame() {
        // The layout of a real hyn_ts touchscreen's evtest log (NanoKVM-Desk): 25 then 0.
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 25)
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 0)
        s.place(71, 165)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        let (samples, _, warnings) = s.decode(protocolB())

        #expect(samples.map(\.phase) == [.down, .up])
        #expect(Set(samples.map(\.touch)).count == 1)
        #expect(samples.first.map { [$0.x, $0.y] } == [71, 165])
        #expect(warnings.map(\.location) == [.line(2)])
        #expect(warnings.first?.message.contains("replaces 25") == true)
    }

    @Test("A new tracking id in a later frame, with no -1 between, still ends the touch and begins another")
    func trackingIDChangedInLaterFrame() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.place(1, 1)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 4)
        s.syn()
        let (samples, _, _) = s.decode(protocolB())

        #expect(samples.map(\.phase) == [.down, .up, .down])
        #expect(samples.map(\.touch) == [0, 0, 1])
    }

    @Test("A tracking id replaced with no -1 between is said once per device, at the first, naming libinput's other reading")
    func trackingIDChangedIsSaidOnce() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.place(1, 1)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 4)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 5)
        s.syn()
        let warnings = s.decode(protocolB()).warnings.filter { !$0.message.contains("still down") }

        #expect(warnings.map(\.location) == [.line(5)])
        #expect(warnings.first?.message.contains("replaces 3 in slot 0 with no -1 between") == true)
        #expect(warnings.first?.message.contains("libinput") == true)
    }

    @Test("A touch still down at the end of the recording is reported, not invented an end")
    func touchStillDown() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.place(1, 1)
        s.syn()
        let (samples, _, warnings) = s.decode(protocolB())

        #expect(samples.map(\.phase) == [.down])
        #expect(warnings.count == 1)
    }

    @Test("A touch begun in a slot the recording never placed is reported once, at 0 on the axes it lacks")
    func touchWithoutPosition() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 40)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 4)
        s.syn()
        let (samples, _, warnings) = s.decode(protocolB())

        #expect(samples.map(\.phase) == [.down, .up, .down])
        #expect(samples.first.map { [$0.x, $0.y] } == [40, 0])
        #expect(warnings.map(\.location) == [.line(3), .line(7)])
        #expect(warnings.first?.message.contains("a touch began in slot 0 before the recording gave that slot its y") == true)
        #expect(warnings.last?.message.contains("still down") == true)
    }

    @Test("A position at the 32-bit minimum, on an axis whose range reaches it, is a position: the touch is there, with no warning")
    func positionAtTheInt32Minimum() {
        var device = protocolB()
        device.addAxis(EvdevCode.ABS_MT_POSITION_X, AxisRange(minimum: .min, maximum: .max))
        device.addAxis(EvdevCode.ABS_MT_POSITION_Y, AxisRange(minimum: .min, maximum: .max))
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.place(.min, .min)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        let (samples, _, warnings) = s.decode(device)

        #expect(samples.map(\.phase) == [.down, .up])
        #expect(samples.map { [$0.x, $0.y] } == [[.min, .min], [.min, .min]])
        #expect(warnings == [])
    }

    @Test("A touch already down when the recording began (positions, no tracking id) is reported once and not replayed")
    func touchDownBeforeTheRecording() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 40)
        s.syn()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 42)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 5)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 30)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        let (samples, _, warnings) = s.decode(protocolB())

        #expect(samples.map(\.phase) == [.down, .up])
        #expect(warnings.map(\.location) == [.line(2)])  // the first frame's SYN_REPORT
        #expect(warnings.first?.message == "slot 0 reports positions without a tracking id: a touch already down when the recording began is not replayed")
    }

    @Test("A slot keeps its position between touches: a touch begun where the last one was needs no position")
    func touchAtTheSlotsLastPosition() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.place(40, 50)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 4)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        let (samples, _, warnings) = s.decode(protocolB())

        #expect(samples.map { [$0.x, $0.y] } == [[40, 50], [40, 50], [40, 50], [40, 50]])
        #expect(warnings == [])
    }

    @Test("A touch whose contact becomes a palm is cancelled, and stays rejected until it lifts though it turns finger again")
    func touchBecomingAPalmIsCancelled() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.place(40, 50)
        s.syn()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 45)
        s.abs(EvdevCode.ABS_MT_TOOL_TYPE, EvdevCode.MT_TOOL_PALM)
        s.syn()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 60)
        s.abs(EvdevCode.ABS_MT_TOOL_TYPE, EvdevCode.MT_TOOL_FINGER)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        let (samples, frames, warnings) = s.decode(protocolB(toolType: true))

        #expect(samples.map(\.phase) == [.down, .cancel])
        #expect(samples[1] == TouchSample(time: 5_010_000, phase: .cancel, touch: 0, slot: 0, x: 45, y: 50))
        #expect(frames.count == 2)
        #expect(warnings == [])
    }

    @Test("A contact that is a palm when its first frame ends never begins, whether the tool type comes after its tracking id or stayed in the slot")
    func palmFromTheStartNeverBegins() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)  // the kernel's order: tracking id, then tool type
        s.abs(EvdevCode.ABS_MT_TOOL_TYPE, EvdevCode.MT_TOOL_PALM)
        s.place(40, 50)
        s.syn()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 45)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 4)  // the slot's tool type is still a palm
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        let (samples, frames, warnings) = s.decode(protocolB(toolType: true))

        #expect(samples.isEmpty)
        #expect(frames.isEmpty)
        #expect(warnings == [])
    }

    @Test("A finger after a palm in the same slot is a touch")
    func fingerAfterAPalm() {
        var s = Script()
        s.palmTap(3)
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 4)
        s.abs(EvdevCode.ABS_MT_TOOL_TYPE, EvdevCode.MT_TOOL_FINGER)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        let samples = s.decode(protocolB(toolType: true)).samples

        #expect(samples.map(\.phase) == [.down, .up])
        #expect(samples.map(\.touch) == [0, 0])
    }

    @Test("Tool types are not palms on a device that does not declare ABS_MT_TOOL_TYPE")
    func toolTypeUndeclared() {
        var s = Script()
        s.palmTap(3)

        #expect(s.decode(protocolB()).samples.map(\.phase) == [.down, .up])
    }

    @Test("Protocol A: a contact that becomes a palm is cancelled, and one that is a palm from the start never begins")
    func protocolAPalms() {
        var s = Script()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 100)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 100)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 900)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 900)
        s.abs(EvdevCode.ABS_MT_TOOL_TYPE, EvdevCode.MT_TOOL_PALM)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        s.abs(EvdevCode.ABS_MT_POSITION_X, 101)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 100)
        s.abs(EvdevCode.ABS_MT_TOOL_TYPE, EvdevCode.MT_TOOL_PALM)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.abs(EvdevCode.ABS_MT_POSITION_X, 900)
        s.abs(EvdevCode.ABS_MT_POSITION_Y, 900)
        s.abs(EvdevCode.ABS_MT_TOOL_TYPE, EvdevCode.MT_TOOL_PALM)
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        s.syn(EvdevCode.SYN_MT_REPORT)
        s.syn()
        let samples = s.decode(protocolA(toolType: true)).samples

        #expect(samples.map(\.phase) == [.down, .cancel])
        #expect(samples.map(\.x) == [100, 101])
    }

    @Test("A semi-multitouch device's touches are read from its slots, and the first one says once that they are a box's corners")
    func semiMultitouchIsSaid() {
        var device = protocolB()
        device.addProperty(EvdevCode.INPUT_PROP_SEMI_MT)
        var s = Script()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 3)
        s.place(40, 50)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, -1)
        s.syn()
        s.abs(EvdevCode.ABS_MT_TRACKING_ID, 4)
        s.syn()
        let (samples, _, warnings) = s.decode(device)

        #expect(samples.map(\.phase) == [.down, .up, .down])
        #expect(warnings.filter { $0.message.contains("INPUT_PROP_SEMI_MT") }.map(\.location) == [.line(4)])
    }

    @Test("A device counting more fingers than it has slots (BTN_TOOL_TRIPLETAP on two) says once that the others are not replayed")
    func fingersBeyondSlotsAreSaid() {
        var s = Script()
        s.key(EvdevCode.BTN_TOOL_DOUBLETAP, 1)
        s.syn()
        s.key(EvdevCode.BTN_TOOL_DOUBLETAP, 0)
        s.key(EvdevCode.BTN_TOOL_TRIPLETAP, 1)
        s.syn()
        s.key(EvdevCode.BTN_TOOL_TRIPLETAP, 0)
        s.key(EvdevCode.BTN_TOOL_QUADTAP, 1)
        s.syn()
        let warnings = s.decode(protocolB(slots: 2)).warnings

        #expect(warnings.map(\.message) == ["the device counts 3 fingers (BTN_TOOL_TRIPLETAP) but has 2 slots: the fingers beyond its slots have no position and are not replayed"])
        #expect(warnings.map(\.location) == [.line(4)])
    }
}
