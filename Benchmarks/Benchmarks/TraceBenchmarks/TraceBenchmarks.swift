import Benchmark
import BenchmarkSupport
import TouchTrace

/// The trace suite: how fast Touchstone reads and summarises its event model.
let benchmarks: @Sendable () -> Void = {
    let sabotage = Sabotage.current

    // `touchstone info` walks every event of a file through TraceStatistics.
    Benchmark("Statistics", configuration: SuiteDefaults.timed()) { benchmark, events in
        benchmark.startMeasurement()
        let rate = Rate()
        var statistics = TraceStatistics()
        for event in events {
            statistics.add(event)
            sabotage.perEvent()
        }
        blackHole(statistics)
        rate.report(samples: statistics.touchSamples, to: benchmark)
        benchmark.stopMeasurement()
    } setup: {
        StandInCorpus.events(touches: 20_000)
    }

    Benchmark("Statistics.allocations", configuration: SuiteDefaults.allocations()) { benchmark, events in
        var statistics = TraceStatistics()
        for event in events {
            statistics.add(event)
            sabotage.perEvent()
        }
        blackHole(statistics)
    } setup: {
        StandInCorpus.events(touches: 20_000)
    }
}
