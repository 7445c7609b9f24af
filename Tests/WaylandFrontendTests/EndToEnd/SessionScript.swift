import TouchTrace

/// The session the test compositor plays in the end-to-end tests, and the trace it must produce.
///
/// The compositor stamps events with synthetic milliseconds from 1000 and paces them in real time
/// by the same waits. Positions are surface points; the trace holds them as wl_fixed_t (×256).
enum SessionScript {
    static let text = """
        # a tap
        down 0 100 100
        frame
        wait 50
        up 0
        frame
        wait 400
        # two fingers down, moving, up one after the other
        down 1 50 50
        down 2 150 60
        frame
        wait 16
        motion 1 60 55
        motion 2 160 65
        frame
        wait 16
        motion 1 80 65
        motion 2 180 75
        frame
        wait 16
        up 1
        frame
        wait 16
        up 2
        frame
        wait 400
        # a touch the compositor cancels
        down 3 200 200
        frame
        wait 16
        motion 3 210 205
        frame
        wait 16
        cancel
        wait 400
        swipe-begin 3
        wait 10
        swipe-update 10 0
        wait 10
        swipe-update 12.5 -1
        wait 10
        swipe-end 0
        wait 100
        pinch-begin 2
        wait 10
        pinch-update 1 1 1.25 2.5
        wait 10
        pinch-update 0 0 1.5 -1
        wait 10
        pinch-end 0
        wait 100
        hold-begin 3
        wait 300
        hold-end 1
        wait 100
        # a long press: the engine's timer fires on the live clock
        down 4 300 150
        frame
        wait 800
        up 4
        frame
        wait 100
        resize 500 350
        settle
        close

        """

    /// Exactly what the recording must hold, in order.
    static let expectedEvents: [TraceEvent] = {
        var events: [TraceEvent] = []
        func touch(_ ms: Int64, _ phase: TouchPhase, _ touch: TouchID, slot: UInt16, _ x: Double, _ y: Double) {
            events.append(.touch(TouchSample(
                time: ms * 1000, device: 0, phase: phase, touch: touch, slot: slot,
                x: Int32(x * 256), y: Int32(y * 256))))
        }
        func frame(_ ms: Int64) { events.append(.frame(FrameMark(time: ms * 1000, device: 0))) }
        func gesture(
            _ ms: Int64, _ kind: GestureKind, _ phase: GesturePhase, fingers: UInt8, cancelled: Bool = false,
            dx: Double = 0, dy: Double = 0, scale: Double = 1, angle: Double = 0
        ) {
            events.append(.gesture(GestureSample(
                time: ms * 1000, device: 1, kind: kind, phase: phase, fingers: fingers, cancelled: cancelled,
                dx: dx, dy: dy, dxUnaccelerated: dx, dyUnaccelerated: dy, scale: scale, angleDelta: angle)))
        }
        touch(1000, .down, 0, slot: 0, 100, 100); frame(1000)
        touch(1050, .up, 0, slot: 0, 100, 100); frame(1050)
        touch(1450, .down, 1, slot: 0, 50, 50); touch(1450, .down, 2, slot: 1, 150, 60); frame(1450)
        touch(1466, .motion, 1, slot: 0, 60, 55); touch(1466, .motion, 2, slot: 1, 160, 65); frame(1466)
        touch(1482, .motion, 1, slot: 0, 80, 65); touch(1482, .motion, 2, slot: 1, 180, 75); frame(1482)
        touch(1498, .up, 1, slot: 0, 80, 65); frame(1498)
        touch(1514, .up, 2, slot: 1, 180, 75); frame(1514)
        touch(1914, .down, 3, slot: 0, 200, 200); frame(1914)
        touch(1930, .motion, 3, slot: 0, 210, 205); frame(1930)
        // wl_touch.cancel carries no time: it takes the last stamp the compositor sent.
        touch(1930, .cancel, 3, slot: 0, 210, 205); frame(1930)
        gesture(2346, .swipe, .begin, fingers: 3)
        gesture(2356, .swipe, .update, fingers: 3, dx: 10)
        gesture(2366, .swipe, .update, fingers: 3, dx: 12.5, dy: -1)
        gesture(2376, .swipe, .end, fingers: 3)
        gesture(2476, .pinch, .begin, fingers: 2)
        gesture(2486, .pinch, .update, fingers: 2, dx: 1, dy: 1, scale: 1.25, angle: 2.5)
        gesture(2496, .pinch, .update, fingers: 2, scale: 1.5, angle: -1)
        gesture(2506, .pinch, .end, fingers: 2, scale: 1.5)
        gesture(2606, .hold, .begin, fingers: 3)
        gesture(2906, .hold, .end, fingers: 3, cancelled: true)
        touch(3006, .down, 4, slot: 0, 300, 150); frame(3006)
        touch(3806, .up, 4, slot: 0, 300, 150); frame(3806)
        events.append(.annotation(Annotation(time: 3_806_000, text: "wayland surface resized to 500x350 scale 1; scene 1280x800 at 0.3906 from 0,18.75")))
        return events
    }()
}
