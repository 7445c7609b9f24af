import Benchmark
import BenchmarkSupport
import TouchstoneBenchmarking
import GestureEngine

/// The engine suite: the cost of dispatching touch samples through a view with each standard
/// recognizer alone and with all seven, and the heap allocations that costs once warm.
/// Targets: ≤ 200 ns median per sample with seven recognizers; no allocation per sample.
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
        ("allSeven", { EngineRig.allSeven() }),
    ]

    // The target's definition: "dispatch of one touch sample through a view with the
    // seven standard recognizers attached". One finger panning, gesture after gesture, so every
    // frame carries one touch sample; `allSeven` is the gated figure. Each recognizer alone and
    // `allSeven.mixed` run on the mixed corpus (taps, presses, swipes, two-finger pinches and
    // rotations…), where touch-downs and -ups, hit testing and recognizer resets weigh more;
    // `allSeven.hold` on one finger held down, where they weigh nothing.
    for set in sets {
        benchmarks(set.name, recognizers: set.make, sabotage: sabotage) {
            try FrameScript(set.name == "allSeven"
                ? BenchmarkCorpus.oneFingerSession(samples: samples).events
                : BenchmarkCorpus.events(samples: samples).events)
        }
    }
    benchmarks("allSeven.mixed", recognizers: sets.last!.make, sabotage: sabotage) {
        try FrameScript(BenchmarkCorpus.events(samples: samples).events)
    }
    // One touch held for the whole script: moves only (no down, up, hit test or reset but the
    // first and last), which is what the engine's own throwaway measurement timed.
    benchmarks("allSeven.hold", recognizers: sets.last!.make, sabotage: sabotage) {
        try FrameScript(BenchmarkCorpus.restingFinger(samples: samples).events)
    }
}

/// `Dispatch.<name>` (rate) and `Dispatch.<name>.allocations` (heap allocations alone: peak-memory
/// sampling would add mallocs of its own; warm-up passes let pools and buffers grow first, as a
/// long-running replay's would) for the recognizers `make` returns, on the script `script` builds.
private func benchmarks(
    _ name: String, recognizers make: @escaping @Sendable () -> [GestureRecognizer], sabotage: Sabotage,
    script: @escaping @Sendable () throws -> FrameScript
) {
    Benchmark("Dispatch.\(name)", configuration: SuiteDefaults.timed()) { benchmark, rig in
        benchmark.startMeasurement()
        let rate = Rate()
        let dispatched = rig.pass(sabotage)
        rate.report(samples: dispatched, to: benchmark)
        benchmark.stopMeasurement()
    } setup: {
        try EngineRig(script: script(), recognizers: make())
    }

    Benchmark("Dispatch.\(name).allocations", configuration: SuiteDefaults.allocations()) { _, rig in
        blackHole(rig.pass(sabotage))
    } setup: {
        try EngineRig(script: script(), recognizers: make())
    }
}

/// UIKit's edge pan recognizes nothing until edges are set; the built-in scenes use the left edge.
private func edgePan() -> ScreenEdgePanGestureRecognizer {
    let recognizer = ScreenEdgePanGestureRecognizer()
    recognizer.edges = .left
    return recognizer
}
