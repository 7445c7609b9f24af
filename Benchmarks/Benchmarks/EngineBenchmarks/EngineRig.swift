import BenchmarkSupport
import GestureEngine

/// One window, one full-window view carrying the recognizers under test, a virtual clock and a
/// dispatcher, kept warm across iterations: each pass replays the script a period later than the
/// last, so touch pools and buffers have grown before anything is measured.
final class EngineRig: @unchecked Sendable {
    let script: FrameScript
    private let scheduler = VirtualScheduler()
    private let dispatcher: TouchDispatcher
    private var offset: GestureTime = 0
    private var frame = TouchFrame(timestamp: 0)

    init(script: FrameScript, recognizers: [GestureRecognizer]) {
        self.script = script
        let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        let view = View(frame: window.bounds, name: "canvas")
        window.addSubview(view)
        for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
    }

    /// Dispatches every frame of the script once; returns the touch samples dispatched.
    func pass(_ sabotage: Sabotage) -> Int {
        for source in script.frames {
            frame.timestamp = source.timestamp + offset
            frame.touches = source.touches
            scheduler.advance(to: frame.timestamp)
            dispatcher.send(frame)
            for _ in source.touches { sabotage.perEvent() }
        }
        scheduler.advance(to: offset + script.period)
        offset += script.period
        return script.touchSamples
    }
}
