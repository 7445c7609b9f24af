import TouchTrace

/// Small, fully deterministic traces built by hand for the codec tests: every event case, several
/// chunks, and a long ten-finger session for size and allocation checks.
enum SampleTraces {
    static func touchscreen(index: DeviceIndex = 0) -> DeviceDescription {
        DeviceDescription(
            index: index, name: "Test Touchscreen \(index)", bus: 3, vendor: 0x04F3, product: 0x2B7C, version: 0x110,
            kind: .touchscreen, source: .synthetic,
            x: AxisRange(minimum: 0, maximum: 4095, resolution: 16, fuzz: 2),
            y: AxisRange(minimum: 0, maximum: 2559, resolution: 16, fuzz: 2, flat: 1),
            pressure: AxisRange(minimum: 0, maximum: 255),
            major: AxisRange(minimum: 0, maximum: 31, resolution: 1),
            slots: 10, unitsPerPoint: nil,
            properties: [.init("ID_INPUT_TOUCHSCREEN", "1"), .init("LIBINPUT_CALIBRATION_MATRIX", "1 0 0 0 1 0")])
    }

    static func touchpad(index: DeviceIndex) -> DeviceDescription {
        DeviceDescription(
            index: index, name: "Test Touchpad ✋", kind: .touchpad, source: .wayland,
            x: AxisRange(minimum: -3000, maximum: 3000), y: AxisRange(minimum: -2000, maximum: 2000),
            minor: AxisRange(minimum: 0, maximum: 15), slots: 5, unitsPerPoint: 256)
    }

    static let header = TraceHeader(
        recorder: RecorderInfo(name: "touchstone tests", version: "1.0", detail: "sample"),
        host: HostInfo(operatingSystem: "Debian GNU/Linux 12", kernel: "6.1.0", inputStack: "libinput 1.22.1"),
        startedAt: 1_763_683_200_000_000,
        devices: [touchscreen()],
        extensions: [.init(tag: 0x0100, payload: [1, 2, 3]), .init(tag: 0xBEEF, payload: [])])

    /// One of each event case and every touch field variant, spread over about 250 ms so that the
    /// default writer makes three chunks.
    static let everyCase: [TraceEvent] = {
        var events: [TraceEvent] = []
        events.append(.annotation(Annotation(time: 1_000, text: "expect pinch — «two fingers»")))
        events.append(.touch(TouchSample(time: 1_000, phase: .down, touch: 1, slot: 0, x: 100, y: 200, pressure: 40, major: 5)))
        events.append(.touch(TouchSample(time: 1_000, phase: .down, touch: 2, slot: 1, x: 4000, y: 2500)))
        events.append(.frame(FrameMark(time: 1_000, device: 0)))
        for step in 1...30 {
            let t = Microseconds(1_000 + step * 8_333)
            events.append(.touch(TouchSample(time: t, phase: .motion, touch: 1, slot: 0,
                                             x: 100 + Int32(step * 7), y: 200 - Int32(step * 3), pressure: 40, major: 5)))
            let pressure: Int32? = step % 5 == 0 ? nil : 40 + Int32(step)
            events.append(.touch(TouchSample(time: t, phase: .motion, touch: 2, slot: 1,
                                             x: 4000 - Int32(step * 90), y: 2500, pressure: pressure, minor: step > 20 ? 3 : nil)))
            events.append(.frame(FrameMark(time: t, device: 0)))
        }
        events.append(.device(.added(time: 260_000, touchpad(index: 1))))
        events.append(.gesture(GestureSample(time: 260_100, device: 1, kind: .pinch, phase: .begin, fingers: 2)))
        events.append(.gesture(GestureSample(time: 267_000, device: 1, kind: .pinch, phase: .update, fingers: 2,
                                             dx: 1.5, dy: -0.25, dxUnaccelerated: 3, dyUnaccelerated: -0.5,
                                             scale: 1.125, angleDelta: -2.75)))
        events.append(.gesture(GestureSample(time: 270_000, device: 1, kind: .swipe, phase: .end, fingers: 3,
                                             cancelled: true, dx: -0.0, scale: 0.1)))
        events.append(.gesture(GestureSample(time: 270_000, device: 1, kind: .hold, phase: .end, fingers: 4)))
        events.append(.frame(FrameMark(time: 270_000, device: 1)))
        events.append(.touch(TouchSample(time: 270_500, phase: .up, touch: 1, slot: 0, x: 310, y: 110, pressure: 40, major: 5)))
        events.append(.touch(TouchSample(time: 270_500, phase: .cancel, touch: 2, slot: 1, x: 1300, y: 2500)))
        events.append(.touch(TouchSample(time: 270_400, device: 1, phase: .down, touch: 3, slot: 4,
                                         x: .min, y: .max, pressure: .min, major: .max, minor: -1)))
        events.append(.touch(TouchSample(time: 270_400, device: 1, phase: .motion, touch: 3, slot: 4,
                                         x: .max, y: .min, pressure: .max, major: .min, minor: nil)))
        events.append(.frame(FrameMark(time: 270_600, device: 1)))
        events.append(.device(.removed(time: 280_000, device: 1)))
        events.append(.annotation(Annotation(time: 280_000, text: "")))
        return events
    }()

    static let everyCaseDocument = TraceDocument(header: header, events: everyCase)

    /// Two touchscreens touched at once: a libinput record of it has two devices read side by side.
    static func twoTouchscreens() -> TraceDocument {
        let one = SampleTraces.tenFingers(seconds: 1)
        var events: [TraceEvent] = []
        for event in one.events {
            events.append(event)
            switch event {
            case .touch(var sample):
                sample.device = 1
                sample.time += 3_000
                events.append(.touch(sample))
            case .frame(var frame):
                frame.device = 1
                frame.time += 3_000
                events.append(.frame(frame))
            default:
                break
            }
        }
        var header = one.header
        header.devices = [touchscreen(index: 0), touchscreen(index: 1)]
        return TraceDocument(header: header, events: events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element))
    }

    /// Ten fingers on a touchscreen at 120 Hz for `seconds`, each tracing its own smooth loop with
    /// a little sensor noise (a fixed linear congruential generator, so it is always the same).
    static func tenFingers(seconds: Int) -> TraceDocument {
        var events: [TraceEvent] = []
        var noise: UInt64 = 0x9E37_79B9_7F4A_7C15
        func jitter() -> Int32 {
            noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32(truncatingIfNeeded: noise >> 61) - 3
        }
        let frames = seconds * 120
        events.reserveCapacity(frames * 11 + 20)
        for frame in 0..<frames {
            let time = Microseconds(frame) * 1_000_000 / 120
            for finger in 0..<10 {
                let angle = Double(frame) / 120 * (1.3 + Double(finger) * 0.21)
                let x = Int32(2000 + Double(300 + finger * 60) * _cos(angle)) + jitter()
                let y = Int32(1280 + Double(250 + finger * 40) * _sin(angle)) + jitter()
                let phase: TouchPhase = frame == 0 ? .down : (frame == frames - 1 ? .up : .motion)
                events.append(.touch(TouchSample(time: time, phase: phase, touch: TouchID(finger + 1),
                                                 slot: UInt16(finger), x: x, y: y)))
            }
            events.append(.frame(FrameMark(time: time, device: 0)))
        }
        let header = TraceHeader(recorder: RecorderInfo(name: "touchstone tests", version: "1.0"), devices: [touchscreen()])
        return TraceDocument(header: header, events: events)
    }
}

#if canImport(Glibc)
import Glibc
private func _cos(_ x: Double) -> Double { Glibc.cos(x) }
private func _sin(_ x: Double) -> Double { Glibc.sin(x) }
#endif
