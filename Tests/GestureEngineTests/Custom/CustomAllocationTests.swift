import AllocationCounter
import GestureEngine
import Testing

/// A window with one recognizer and no observer, fed prepared frames: nothing but the engine and
/// the recognizer can allocate while the frames are sent.
private final class QuietScene {
    let scheduler = VirtualScheduler()
    let dispatcher: TouchDispatcher

    init(_ recognizer: GestureRecognizer) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        let view = View(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        window.addSubview(view)
        view.addGestureRecognizer(recognizer)
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
    }

    /// Frames of one finger going down at `path[0]`, moving along `path` and lifting, 8 ms apart,
    /// starting at `start` microseconds.
    static func frames(_ path: [Point], from start: GestureTime, id: UInt32 = 1) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        for (index, point) in path.enumerated() {
            let change: TouchInput.Change = index == 0 ? .down : index == path.count - 1 ? .up : .move
            frames.append(TouchFrame(timestamp: start + GestureTime(index) * 8_000,
                                     touches: [TouchInput(identifier: id, change: change, location: point)]))
        }
        return frames
    }

    /// Allocations made while sending `frames`.
    func allocations(sending frames: [TouchFrame]) -> UInt64 {
        allocation_counter_start()
        for frame in frames {
            scheduler.advance(to: frame.timestamp)
            dispatcher.send(frame)
        }
        return allocation_counter_stop()
    }
}

/// `count` points back and forth along a V-shaped, shaking, circling path: shapes do not matter
/// here, only that every recognizer keeps working on every move.
private func path(_ count: Int, shape: (Double) -> Point) -> [Point] {
    (0..<count).map { shape(Double($0) / Double(count - 1)) }
}

private func vee(_ t: Double) -> Point { t < 0.5 ? Point(x: 400 + 160 * t, y: 200 + 200 * t) : Point(x: 560 - 160 * t, y: 200 + 200 * t) }
private func zigzag(_ t: Double) -> Point { Point(x: 540 + 100 * abs((t * 8).truncatingRemainder(dividingBy: 2) - 1), y: 400) }
private func grid(_ t: Double) -> Point { Point(x: 520 + 240 * t, y: 280 + 240 * t) }

/// What the engine itself allocates for `frames` (debug builds keep some bookkeeping per frame):
/// measured with the touch-down press, which has nothing left to do once the finger is down.
private func engineAllocations(_ frames: [TouchFrame]) -> UInt64 {
    let scene = QuietScene(TouchDownPressGestureRecognizer())
    _ = scene.allocations(sending: frames)
    return scene.allocations(sending: frames.map { TouchFrame(timestamp: $0.timestamp + 50_000_000_000, touches: $0.touches) })
}

@Suite("Custom recognizers allocate nothing per move")
struct CustomAllocationTests {
    @Test("ten times the moves cost no more allocations than the engine's own", arguments: ["chevron", "unistroke", "resetShake", "pattern"])
    func perMove(kind: String) {
        let recognizer: GestureRecognizer
        var shape: (Double) -> Point = vee
        switch kind {
        case "chevron": recognizer = ChevronGestureRecognizer()
        case "unistroke": recognizer = UnistrokeGestureRecognizer()
        case "resetShake":
            recognizer = ResetShakeGestureRecognizer()
            shape = zigzag
        case "pattern":
            recognizer = PatternUnlockGestureRecognizer()
            shape = grid
        default: recognizer = TouchDownPressGestureRecognizer()
        }
        let scene = QuietScene(recognizer)
        let short = QuietScene.frames(path(20, shape: shape), from: 0)
        let long = QuietScene.frames(path(200, shape: shape), from: 1_000_000)
        _ = scene.allocations(sending: QuietScene.frames(path(200, shape: shape), from: 5_000_000_000))
        let few = scene.allocations(sending: short)
        let many = scene.allocations(sending: long)
        let engine = engineAllocations(long) - engineAllocations(short)
        #expect(many - few <= engine + 2, "\(kind): \(few) allocations for 20 frames, \(many) for 200; engine \(engine) more")
    }

    @Test("the zoom's drag costs no more allocations for ten times the moves")
    func zoomPerMove() {
        let scene = QuietScene(DoubleTapDragZoomGestureRecognizer())
        func gesture(moves: Int, at start: GestureTime) -> [TouchFrame] {
            QuietScene.frames([Point(x: 640, y: 400), Point(x: 640, y: 400)], from: start)
                + QuietScene.frames(path(moves) { Point(x: 640, y: 400 + 200 * $0) }, from: start + 100_000, id: 2)
        }
        _ = scene.allocations(sending: gesture(moves: 200, at: 0))
        let few = scene.allocations(sending: gesture(moves: 20, at: 10_000_000))
        let many = scene.allocations(sending: gesture(moves: 200, at: 20_000_000))
        let engine = engineAllocations(gesture(moves: 200, at: 0)) - engineAllocations(gesture(moves: 20, at: 0))
        // A continuous recognizer takes the dispatcher's action path on every move, which grows a
        // few buffers once; an allocation per move would add 180 here.
        #expect(many - few <= engine + 16, "\(few) allocations for 20 moves, \(many) for 200; engine \(engine) more")
    }
}
