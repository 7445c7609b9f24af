import AllocationCounter
import GestureEngine
import Testing

/// UIKit's seven standard recognizers on one full-window view, no observer: what
/// `Dispatch.allSeven` measures, fed whole touch sequences (touch-downs that collect and activate
/// the seven, moves, lifts that reset them, the long press's timer).
private final class SevenRecognizerScene {
    let scheduler = VirtualScheduler()
    let dispatcher: TouchDispatcher
    private var time: GestureTime = 0

    init() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        let view = View(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        window.addSubview(view)
        let edgePan = ScreenEdgePanGestureRecognizer()
        edgePan.edges = .left
        let recognizers: [GestureRecognizer] = [
            TapGestureRecognizer(), LongPressGestureRecognizer(), PanGestureRecognizer(), SwipeGestureRecognizer(),
            PinchGestureRecognizer(), RotationGestureRecognizer(), edgePan,
        ]
        for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
    }

    /// The frames of `count` sequences in turn: a tap, a one-finger pan, a two-finger pinch and
    /// turn, and a press held past the long press's duration, each 8 ms a frame and a second
    /// apart (so no tap counts towards a double tap and every timer has fired).
    func sequences(_ count: Int) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        func frame(_ touches: [TouchInput], after delay: GestureTime = 8_000) {
            time += delay
            frames.append(TouchFrame(timestamp: time, touches: touches))
        }
        for index in 0..<count {
            time += 1_000_000
            let start = Point(x: 300 + Double(index % 7) * 40, y: 300)
            switch index % 4 {
            case 0:
                frame([TouchInput(identifier: 1, change: .down, location: start)])
                frame([TouchInput(identifier: 1, change: .move, location: Point(x: start.x + 1, y: start.y))])
                frame([TouchInput(identifier: 1, change: .up, location: Point(x: start.x + 1, y: start.y))])
            case 1:
                frame([TouchInput(identifier: 1, change: .down, location: start)])
                for step in 1...30 {
                    frame([TouchInput(identifier: 1, change: .move, location: Point(x: start.x + Double(step) * 12, y: start.y))])
                }
                frame([TouchInput(identifier: 1, change: .up, location: Point(x: start.x + 360, y: start.y))])
            case 2:
                frame([TouchInput(identifier: 1, change: .down, location: start),
                       TouchInput(identifier: 2, change: .down, location: Point(x: start.x + 100, y: start.y))])
                for step in 1...20 {
                    let spread = 100 + Double(step) * 8
                    frame([TouchInput(identifier: 1, change: .move, location: Point(x: start.x - Double(step) * 4, y: start.y - Double(step))),
                           TouchInput(identifier: 2, change: .move, location: Point(x: start.x + spread, y: start.y + Double(step)))])
                }
                frame([TouchInput(identifier: 1, change: .up, location: Point(x: start.x - 80, y: start.y - 20)),
                       TouchInput(identifier: 2, change: .up, location: Point(x: start.x + 260, y: start.y + 20))])
            default:
                frame([TouchInput(identifier: 1, change: .down, location: start)])
                frame([TouchInput(identifier: 1, change: .move, location: start)], after: 700_000)
                frame([TouchInput(identifier: 1, change: .up, location: start)])
            }
        }
        return frames
    }

    /// Allocations (all, and Swift heap objects among them) made while sending `frames`, the
    /// clock advanced to each first.
    func allocations(sending frames: [TouchFrame]) -> (all: UInt64, objects: UInt64) {
        allocation_counter_start()
        for frame in frames {
            scheduler.advance(to: frame.timestamp)
            dispatcher.send(frame)
        }
        let all = allocation_counter_stop()
        return (all, allocation_counter_objects())
    }
}

@Suite("Dispatch allocations")
struct DispatchAllocationTests {
    @Test("whole touch sequences through the seven standard recognizers allocate nothing once warm")
    func perSequence() {
        let scene = SevenRecognizerScene()
        // Warm-up: touch pools, the recognizers' lists and the dispatcher's buffers grow here.
        _ = scene.allocations(sending: scene.sequences(40))
        let short = scene.sequences(20), long = scene.sequences(200)
        let few = scene.allocations(sending: short)
        let many = scene.allocations(sending: long)
        // Every sequence activates and resets the seven: one object per activation (a closure
        // context, say) would add 180 × 7 here. Counted as objects, so that this holds unoptimised
        // too, where unspecialised generic accessors call malloc for their frames (no object);
        // sanitized builds cannot tell objects apart, and count only in optimised builds below.
        if allocation_counter_counts_objects() != 0 {
            #expect(few.objects == 0 && many.objects == 0,
                    "\(few.objects) objects allocated for 20 sequences (\(short.count) frames), \(many.objects) for 200 (\(long.count) frames)")
        }
        #if !DEBUG
        // Optimised, nothing is allocated at all.
        #expect(many.all <= few.all, "\(few.all) allocations for 20 sequences, \(many.all) for 200")
        #endif
    }
}
