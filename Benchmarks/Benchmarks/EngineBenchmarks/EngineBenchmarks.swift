import Benchmark
import BenchmarkSupport
import GestureEngine

/// The engine suite: the cost of dispatching touch samples through a view with each standard
/// recognizer alone and with all seven, and the heap allocations that costs once warm.
/// Targets (issue 3): ≤ 200 ns median per sample with seven recognizers; no allocation per sample.
let benchmarks: @Sendable () -> Void = {
    let sabotage = Sabotage.current
    let samples = 200_000

    /// The recognizers of one benchmark, made fresh for each (recognizers belong to one view).
    let sets: [(name: String, make: @Sendable () -> [GestureRecognizer])] = [
        ("tap", { [TapGestureRecognizer()] }),
        ("longPress", { [LongPressGestureRecognizer()] }),
        ("pan", { [PanGestureRecognizer()] }),
        ("swipe", { [SwipeGestureRecognizer()] }),
        ("pinch", { [PinchGestureRecognizer()] }),
        ("rotation", { [RotationGestureRecognizer()] }),
        ("screenEdgePan", { [edgePan()] }),
        ("allSeven", {
            [TapGestureRecognizer(), LongPressGestureRecognizer(), PanGestureRecognizer(),
             SwipeGestureRecognizer(), PinchGestureRecognizer(), RotationGestureRecognizer(), edgePan()]
        }),
    ]

    for set in sets {
        Benchmark("Dispatch.\(set.name)", configuration: SuiteDefaults.timed()) { benchmark, rig in
            benchmark.startMeasurement()
            let rate = Rate()
            let dispatched = rig.pass(sabotage)
            rate.report(samples: dispatched, to: benchmark)
            benchmark.stopMeasurement()
        } setup: {
            try EngineRig(script: FrameScript(Corpus.events(samples: samples).events), recognizers: set.make())
        }

        // Allocations alone (peak-memory sampling would add mallocs of its own). Warm-up passes
        // let pools and buffers grow first, as a long-running replay's would.
        Benchmark("Dispatch.\(set.name).allocations", configuration: SuiteDefaults.allocations()) { _, rig in
            blackHole(rig.pass(sabotage))
        } setup: {
            try EngineRig(script: FrameScript(Corpus.events(samples: samples).events), recognizers: set.make())
        }
    }
}

/// UIKit's edge pan recognizes nothing until edges are set; the built-in scenes use the left edge.
private func edgePan() -> ScreenEdgePanGestureRecognizer {
    let recognizer = ScreenEdgePanGestureRecognizer()
    recognizer.edges = .left
    return recognizer
}
