import AllocationCounter
import GestureEngine
import Testing

/// Trackpad gestures reach recognizers as on iPadOS: a pinch or rotation as UIKit's transform event,
/// two-finger scrolling as its scroll event (docs/semantics.md "Trackpad gestures").
@Suite("Trackpad gestures")
struct TrackpadGestureTests {
    private let pointer = Point(x: 200, y: 150)

    private func scene(_ recognizers: GestureRecognizer...) -> GestureTester {
        let tester = GestureTester()
        let view = tester.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
        for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
        return tester
    }

    private func transform(
        _ tester: GestureTester, _ phase: IndirectGesture.Phase, at ms: Double, scale: Double = 1, degrees: Double = 0
    ) {
        let time = GestureTime(ms * 1000)
        tester.scheduler.advance(to: time)
        tester.dispatcher.send(IndirectGesture(
            kind: .transform, phase: phase, timestamp: time, location: pointer,
            scale: scale, rotation: degrees * .pi / 180))
    }

    private func scroll(_ tester: GestureTester, _ phase: IndirectGesture.Phase, at ms: Double, _ dx: Double, _ dy: Double) {
        let time = GestureTime(ms * 1000)
        tester.scheduler.advance(to: time)
        tester.dispatcher.send(IndirectGesture(
            kind: .scroll, phase: phase, timestamp: time, location: pointer, translation: Vector(dx: dx, dy: dy)))
    }

    @Test("a trackpad pinch drives the pinch recognizer: it begins once the scale has moved 0.08 from 1")
    func pinch() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let tester = scene(pinch)
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 1.05)
        transform(tester, .changed, at: 20, scale: 1.2)
        transform(tester, .changed, at: 30, scale: 1.5)
        #expect(pinch.scale == 1.5)
        transform(tester, .ended, at: 40, scale: 1.5)
        #expect(tester.actions == ["20ms pinch action began", "30ms pinch action changed", "40ms pinch action ended"])
    }

    @Test("a trackpad pinch update whose scale is not a number above 0 moves nothing: the pinch keeps the scale it had",
          arguments: [0, -1.5, Double.nan, Double.infinity])
    func impossibleScale(scale: Double) {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let tester = scene(pinch)
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 1.2)
        transform(tester, .changed, at: 20, scale: scale)
        #expect(pinch.scale == 1.2)
        transform(tester, .changed, at: 30, scale: 1.5)
        #expect(pinch.scale == 1.5)
        #expect(tester.actions == ["10ms pinch action began", "30ms pinch action changed"])
    }

    @Test("a trackpad gesture's actions count no touches and report the pointer's location")
    func noTouches() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let tester = scene(pinch)
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 2)
        #expect(tester.reports(of: "pinch") == ["10ms pinch began touches=0 at=(200,150)"])
    }

    @Test("a trackpad rotation drives the rotation recognizer once it has turned 5 degrees")
    func rotation() {
        let rotation = RotationGestureRecognizer(name: "rotation")
        let tester = scene(rotation)
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, degrees: 3)
        transform(tester, .changed, at: 20, degrees: 30)
        #expect(abs(rotation.rotation - .pi / 6) < 1e-12)
        transform(tester, .ended, at: 30, degrees: 30)
        #expect(tester.actions == ["20ms rotation action began", "30ms rotation action ended"])
    }

    @Test("of pinch and rotation on one view, the one whose threshold a trackpad transform crosses first wins")
    func pinchOrRotation() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let rotation = RotationGestureRecognizer(name: "rotation")
        let tester = scene(pinch, rotation)
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 1.01, degrees: 8)
        transform(tester, .changed, at: 20, scale: 1.3, degrees: 9)
        transform(tester, .ended, at: 30, scale: 1.3, degrees: 9)
        #expect(tester.lines(of: "pinch").first == "10ms pinch: possible -> failed")
        #expect(tester.actions == ["10ms rotation action began", "20ms rotation action changed", "30ms rotation action ended"])
    }

    @Test("a trackpad pinch that never crosses the threshold fails the pinch when it ends")
    func pinchTooSmall() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let tester = scene(pinch)
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 1.02)
        transform(tester, .ended, at: 20, scale: 1.02)
        #expect(tester.lines(of: "pinch") == ["20ms pinch: possible -> failed", "20ms pinch: failed -> possible"])
    }

    @Test("two-finger scrolling drives a pan whose allowed scroll types include continuous scrolling")
    func scrollPans() {
        let pan = PanGestureRecognizer(name: "pan")
        pan.allowedScrollTypes = .continuous
        var translations: [Vector] = []
        pan.addAction { [unowned pan] _ in translations.append(pan.translation(in: nil)) }
        let tester = scene(pan)
        scroll(tester, .began, at: 0, 0, 0)
        scroll(tester, .changed, at: 10, 0, 6)
        scroll(tester, .changed, at: 20, 0, 12)
        scroll(tester, .changed, at: 30, 0, 30)
        scroll(tester, .ended, at: 40, 0, 30)
        #expect(translations == [Vector(dx: 0, dy: 12), Vector(dx: 0, dy: 30), Vector(dx: 0, dy: 30)])
        #expect(tester.reports(of: "pan") == [
            "20ms pan began touches=0 at=(200,150)",
            "30ms pan changed touches=0 at=(200,150)",
            "40ms pan ended touches=0 at=(200,150)",
        ])
    }

    @Test("a scroll's beginning is no velocity sample: its first update carries movement made before it")
    func scrollVelocityFromUpdates() {
        let pan = PanGestureRecognizer(name: "pan")
        pan.allowedScrollTypes = .continuous
        let tester = scene(pan)
        scroll(tester, .began, at: 0, 0, 0)
        scroll(tester, .changed, at: 0, 0, 8)
        scroll(tester, .changed, at: 10, 0, 16)
        // From the first update (8 at 0 ms), not from the beginning (0 at 0 ms).
        #expect(pan.velocity(in: nil) == Vector(dx: 0, dy: 800))
    }

    @Test("by default a pan takes no scrolling, as UIKit's allowedScrollTypesMask")
    func scrollIgnoredByDefault() {
        let pan = PanGestureRecognizer(name: "pan")
        let tester = scene(pan)
        scroll(tester, .began, at: 0, 0, 0)
        scroll(tester, .changed, at: 10, 0, 40)
        scroll(tester, .ended, at: 20, 0, 40)
        #expect(tester.transcript.isEmpty)
    }

    @Test("scrolling does not drive pinch or rotation, nor a transform a pan")
    func kindsStayApart() {
        let pan = PanGestureRecognizer(name: "pan")
        pan.allowedScrollTypes = .all
        let pinch = PinchGestureRecognizer(name: "pinch")
        let tester = scene(pan, pinch)
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 2)
        transform(tester, .ended, at: 20, scale: 2)
        scroll(tester, .began, at: 100, 0, 0)
        scroll(tester, .changed, at: 110, 40, 0)
        scroll(tester, .ended, at: 120, 40, 0)
        #expect(tester.actions == [
            "10ms pinch action began", "20ms pinch action ended",
            "110ms pan action began", "120ms pan action ended",
        ])
    }

    @Test("a trackpad gesture goes to the recognizers of the view under the pointer and its ancestors")
    func hitTested() {
        let tester = GestureTester()
        let left = tester.addView("left", Rect(x: 0, y: 0, width: 100, height: 400))
        let right = tester.addView("right", Rect(x: 100, y: 0, width: 300, height: 400))
        left.addGestureRecognizer(PinchGestureRecognizer(name: "leftPinch"))
        right.addGestureRecognizer(PinchGestureRecognizer(name: "rightPinch"))
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 2)
        #expect(tester.actions == ["10ms rightPinch action began"])
    }

    @Test("a cancelled trackpad pinch cancels the pinch that began")
    func cancelled() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let tester = scene(pinch)
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 2)
        transform(tester, .cancelled, at: 20, scale: 2)
        #expect(tester.actions == ["10ms pinch action began", "20ms pinch action cancelled"])
    }

    @Test("a trackpad gesture that begins before the last one ended cancels the last one first, so its recognizer finishes and takes the new one afresh")
    func beganWithoutEnd() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let pan = PanGestureRecognizer(name: "pan")
        let tester = scene(pinch, pan)
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 1.2)
        transform(tester, .began, at: 100)
        transform(tester, .changed, at: 110, scale: 1.5)
        transform(tester, .ended, at: 120, scale: 1.5)
        tester.down(1, 100, 100, at: 200)
        tester.move(1, 150, 100, at: 210)
        tester.up(1, 150, 100, at: 220)
        #expect(tester.actions == [
            "10ms pinch action began", "100ms pinch action cancelled",
            "110ms pinch action began", "120ms pinch action ended",
            "210ms pan action began", "220ms pan action ended",
        ])
    }

    @Test("a trackpad phase of another kind than the gesture under way drives none of its recognizers")
    func otherKindIgnored() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let tester = scene(pinch)
        var scales: [Double] = []
        pinch.addAction { scales.append(($0 as! PinchGestureRecognizer).scale) }
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 1.2)
        scroll(tester, .changed, at: 20, 0, 30)
        scroll(tester, .ended, at: 30, 0, 30)
        transform(tester, .changed, at: 40, scale: 1.3)
        transform(tester, .ended, at: 50, scale: 1.3)
        #expect(tester.actions == ["10ms pinch action began", "40ms pinch action changed", "50ms pinch action ended"])
        #expect(zip(scales, [1.2, 1.3, 1.3]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test("fingers landing on the screen while a trackpad pinch drives the pinch do not join it: it counts no touches and ends with the trackpad")
    func touchesDoNotJoinTrackpadGesture() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let pan = PanGestureRecognizer(name: "pan")
        let tester = scene(pinch, pan)
        var scales: [Double] = []
        pinch.addAction { scales.append(($0 as! PinchGestureRecognizer).scale) }
        transform(tester, .began, at: 0)
        transform(tester, .changed, at: 10, scale: 1.2)
        tester.frame(at: 20, [
            TouchInput(identifier: 1, change: .down, location: Point(x: 100, y: 100)),
            TouchInput(identifier: 2, change: .down, location: Point(x: 300, y: 100)),
        ])
        tester.frame(at: 30, [
            TouchInput(identifier: 1, change: .move, location: Point(x: 50, y: 100)),
            TouchInput(identifier: 2, change: .move, location: Point(x: 350, y: 130)),
        ])
        transform(tester, .changed, at: 40, scale: 1.3)
        tester.frame(at: 50, [
            TouchInput(identifier: 1, change: .up, location: Point(x: 50, y: 100)),
            TouchInput(identifier: 2, change: .up, location: Point(x: 350, y: 130)),
        ])
        transform(tester, .changed, at: 60, scale: 1.4)
        transform(tester, .ended, at: 70, scale: 1.4)
        #expect(tester.reports(of: "pinch") == [
            "10ms pinch began touches=0 at=(200,150)", "40ms pinch changed touches=0 at=(200,150)",
            "60ms pinch changed touches=0 at=(200,150)", "70ms pinch ended touches=0 at=(200,150)",
        ])
        #expect(zip(scales, [1.2, 1.3, 1.4, 1.4]).allSatisfy { abs($0 - $1) < 1e-9 })
        // The fingers begin the pan, which the pinch, already recognizing, excludes; nothing won
        // them, so the view receives them whole.
        #expect(tester.lines(of: "pan").prefix(2) == ["30ms pan: possible -> began", "30ms pan: began -> failed"])
        #expect(tester.received(by: "view") == ["20ms began [1,2]", "30ms moved [1,2]", "50ms ended [1,2]"])
    }
}

@Suite("Trackpad gestures allocate nothing per update")
struct TrackpadAllocationTests {
    /// Allocations while a pinch, a rotation and a pan take a trackpad transform and a scroll of
    /// `updates` updates each, with no observer.
    private func allocations(_ dispatcher: TouchDispatcher, _ scheduler: VirtualScheduler, updates: Int, from start: GestureTime) -> UInt64 {
        let pointer = Point(x: 640, y: 400)
        var time = start
        allocation_counter_start()
        for kind in [IndirectGesture.Kind.transform, .scroll] {
            for step in 0...(updates + 1) {
                time += 8_000
                scheduler.advance(to: time)
                let phase: IndirectGesture.Phase = step == 0 ? .began : step == updates + 1 ? .ended : .changed
                let amount = Double(step)
                dispatcher.send(IndirectGesture(
                    kind: kind, phase: phase, timestamp: time, location: pointer,
                    scale: 1 + amount / 100, rotation: amount / 100, translation: Vector(dx: 0, dy: amount)))
            }
        }
        return allocation_counter_stop()
    }

    @Test("ten times the updates cost no more allocations")
    func perUpdate() {
        let scheduler = VirtualScheduler()
        let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        let view = View(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        window.addSubview(view)
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypes = .continuous
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let delegate = Simultaneous()
        pinch.delegate = delegate
        for recognizer in [pan, pinch, rotation] as [GestureRecognizer] { view.addGestureRecognizer(recognizer) }
        let dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        _ = allocations(dispatcher, scheduler, updates: 200, from: 0)
        let few = allocations(dispatcher, scheduler, updates: 20, from: 10_000_000)
        let many = allocations(dispatcher, scheduler, updates: 200, from: 20_000_000)
        #expect(many <= few + 2, "\(few) allocations for 20 updates, \(many) for 200")
    }
}

private final class Simultaneous: GestureRecognizerDelegate {
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}
