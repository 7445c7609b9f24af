import GestureEngine

/// One window, one full-window view carrying the recognizers under test, a virtual clock and a
/// dispatcher, kept warm across iterations: each pass replays the script a period later than the
/// last, so touch pools and buffers have grown before anything is measured. What the `Dispatch.*`
/// benchmarks measure: the engine alone, no decoding, mapping or log.
///
/// ```swift
/// let rig = EngineRig(script: FrameScript(try BenchmarkCorpus.events(samples: 200_000).events),
///                     recognizers: [ThreeFingerLongPressGestureRecognizer()])
/// let timer = ThreadCPUTimer()
/// let samples = rig.pass()
/// let timing = timer.timing(samples: samples)    // timing.nanosecondsPerSample
/// ```
public final class EngineRig: @unchecked Sendable {
    public let script: FrameScript
    private let scheduler = VirtualScheduler()
    private let dispatcher: TouchDispatcher
    private var offset: GestureTime = 0
    private var frame = TouchFrame(timestamp: 0)

    public init(script: FrameScript, recognizers: [GestureRecognizer]) {
        self.script = script
        let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        let view = View(frame: window.bounds, name: "canvas")
        window.addSubview(view)
        for recognizer in recognizers { view.addGestureRecognizer(recognizer) }
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
    }

    /// UIKit's seven standard recognizers, fresh (recognizers belong to one view): what
    /// `Dispatch.allSeven` measures. The edge pan watches the left edge, as the built-in scenes do.
    public static func allSeven() -> [GestureRecognizer] {
        let edgePan = ScreenEdgePanGestureRecognizer()
        edgePan.edges = .left
        return [TapGestureRecognizer(), LongPressGestureRecognizer(), PanGestureRecognizer(),
                SwipeGestureRecognizer(), PinchGestureRecognizer(), RotationGestureRecognizer(), edgePan]
    }

    /// Dispatches every frame of the script once; returns the touch samples dispatched.
    ///
    /// The sabotage switch is read once, so the ordinary loop carries no per-frame branch for it.
    public func pass(_ sabotage: Sabotage = .none) -> Int {
        if sabotage.isActive {
            for source in script.frames {
                send(source)
                for _ in source.touches { sabotage.perEvent() }
            }
        } else {
            for source in script.frames { send(source) }
        }
        scheduler.advance(to: offset + script.period)
        offset += script.period
        return script.touchSamples
    }

    /// One frame of the script, a period later per pass, with the clock advanced to it first (timers
    /// due before it fire, as in a replay).
    @inline(__always)
    private func send(_ source: TouchFrame) {
        frame.timestamp = source.timestamp + offset
        frame.touches = source.touches
        scheduler.advance(to: frame.timestamp)
        dispatcher.send(frame)
    }
}
