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
    /// The script's frames, each moved a period later every pass.
    private var frames: [TouchFrame]

    public init(script: FrameScript, recognizers: [GestureRecognizer]) {
        self.script = script
        frames = script.frames
        frames.withUnsafeMutableBufferPointer { _ in }  // the rig's own buffer now, not at the first pass
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
        // The frames are sent from the rig's own copy, walked through an unsafe buffer, so handing
        // one to the dispatcher retains no array; each is moved a period later once sent.
        let period = script.period
        frames.withUnsafeMutableBufferPointer { frames in
            if sabotage.isActive {
                for index in frames.indices {
                    send(&frames[index], period: period)
                    for _ in frames[index].touches { sabotage.perEvent() }
                }
            } else {
                for index in frames.indices { send(&frames[index], period: period) }
            }
        }
        scheduler.advance(to: offset + period)
        offset += period
        return script.touchSamples
    }

    /// One frame of the script, with the clock advanced to it first (timers due before it fire, as
    /// in a replay); then the frame is moved a period later for the next pass.
    @inline(__always)
    private func send(_ frame: inout TouchFrame, period: GestureTime) {
        scheduler.advance(to: frame.timestamp)
        dispatcher.send(frame)
        frame.timestamp += period
    }
}
