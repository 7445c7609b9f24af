import Benchmark
import BenchmarkSupport
import TouchTrace

/// The trace suite: how fast the binary trace format decodes, encodes and is written to a file,
/// how compact it is, and how fast `touchstone info` summarises a trace. Targets (issue 7): decode ≥ 100 M touch samples
/// per second per core (goal 200 M), ≤ 6 bytes per sample, no allocation per decoded event.
let benchmarks: @Sendable () -> Void = {
    let sabotage = Sabotage.current
    Benchmark.teardown = { Corpus.removeScratch() }
    /// Large enough that opening the file is noise next to decoding it (about 20 ms at the target).
    let decodeSamples = 2_000_000
    let encodeSamples = 500_000

    // Decoding from a memory-mapped file: open, then every event through the fast path.
    Benchmark("Decode", configuration: SuiteDefaults.timed()) { benchmark, path in
        benchmark.startMeasurement()
        let rate = Rate()
        let samples = try decodeAll(path, sabotage)
        rate.report(samples: samples, to: benchmark)
        benchmark.stopMeasurement()
    } setup: {
        try Corpus.traceFile(samples: decodeSamples)
    }

    // The same decode, counting heap allocations only: a fixed handful for opening the file (reader,
    // decode table, header strings), none per event.
    Benchmark("Decode.allocations", configuration: SuiteDefaults.allocations()) { _, path in
        blackHole(try decodeAll(path, sabotage))
    } setup: {
        try Corpus.traceFile(samples: decodeSamples)
    }

    // Encoding into memory, as the recorder's writer does before each write(2).
    Benchmark(
        "Encode",
        configuration: SuiteDefaults.timed(
            extra: [TouchstoneMetric.bytesPerThousandSamples],
            thresholds: [TouchstoneMetric.bytesPerThousandSamples: SuiteDefaults.exact])
    ) { benchmark, corpus in
        benchmark.startMeasurement()
        let rate = Rate()
        var encoder = try TraceEncoder(header: corpus.header)
        for event in corpus.events {
            try encoder.append(event)
            sabotage.perEvent()
        }
        let bytes = encoder.finish()
        rate.report(samples: corpus.touchSamples, to: benchmark)
        benchmark.stopMeasurement()
        benchmark.measurement(
            TouchstoneMetric.bytesPerThousandSamples, bytes.count * 1000 / corpus.touchSamples)
        blackHole(bytes)
    } setup: {
        try Corpus.events(samples: encodeSamples)
    }

    // The recorder's write path: events into a TraceWriter on a file, chunks sealed and written with
    // write(2) as event time passes, then the index and trailer on close (issue 5: ≥ 1 M events/s).
    Benchmark("Write", configuration: SuiteDefaults.timed()) { benchmark, corpus in
        let path = try Corpus.scratchDirectory() + "/write.trace"
        benchmark.startMeasurement()
        let rate = Rate()
        let writer = try TraceWriter(path: path, header: corpus.header)
        for event in corpus.events {
            try writer.append(event)
            sabotage.perEvent()
        }
        try writer.close()
        rate.report(samples: corpus.touchSamples, to: benchmark)
        benchmark.stopMeasurement()
    } setup: {
        try Corpus.events(samples: encodeSamples)
    }

    // `touchstone info`: every event of a trace through TraceStatistics.
    Benchmark("Statistics", configuration: SuiteDefaults.timed()) { benchmark, corpus in
        benchmark.startMeasurement()
        let rate = Rate()
        var statistics = TraceStatistics()
        for event in corpus.events {
            statistics.add(event)
            sabotage.perEvent()
        }
        blackHole(statistics)
        rate.report(samples: statistics.touchSamples, to: benchmark)
        benchmark.stopMeasurement()
    } setup: {
        try Corpus.events(samples: encodeSamples)
    }
}

/// Opens `path` and decodes every event; returns the touch samples seen.
private func decodeAll(_ path: String, _ sabotage: Sabotage) throws -> Int {
    let reader = try TraceReader(path: path)
    var samples = 0
    try reader.forEachEvent { event in
        if case .touch = event { samples += 1 }
        sabotage.perEvent()
    }
    return samples
}
