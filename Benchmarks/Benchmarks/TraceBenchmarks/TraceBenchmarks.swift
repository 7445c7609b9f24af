import Benchmark
import BenchmarkSupport
import TouchstoneBenchmarking
import TouchTrace

/// The trace suite: how fast the binary trace format decodes, encodes and is written to a file,
/// how compact it is, and how fast `touchstone info` summarises a trace. Targets:
/// decode ≥ 100 M touch samples per second per core (goal 200 M), ≤ 6 bytes per sample "for a
/// 10-finger 120 Hz session", no allocation per decoded event.
///
/// The targets are measured on the session they are defined on (`BenchmarkCorpus.tenFingerSession`: ten
/// minutes of ten fingers at 120 Hz); the mixed corpus every other suite uses (mostly one finger, a
/// frame mark per sample) is kept beside it as `….mixed`, so that both figures have a history.
let benchmarks: @Sendable () -> Void = {
    let sabotage = Sabotage.current
    Benchmark.teardown = { BenchmarkCorpus.removeScratch() }
    let mixedDecodeSamples = 2_000_000
    let mixedEncodeSamples = 500_000

    // Decoding with the fast path (`forEachEvent`, chunk CRCs checked) from a trace opened and read
    // once in setup: the measured region is the decode alone, not mapping the file or faulting its
    // pages in (opening is measured by the import suite's `Load.binary`).
    func decodeBenchmark(_ name: String, trace path: @escaping @Sendable () throws -> String) {
        Benchmark(name, configuration: SuiteDefaults.decode()) { benchmark, trace in
            try trace.rewind()
            benchmark.startMeasurement()
            let rate = Rate()
            let (samples, events) = try trace.decode(sabotage)
            rate.report(samples: samples, events: events, to: benchmark)
            benchmark.stopMeasurement()
        } setup: {
            try OpenTrace(path: path())
        }
    }
    decodeBenchmark("Decode") { try BenchmarkCorpus.traceFile(BenchmarkCorpus.tenFingerSession(), name: "ten-finger") }
    // The same on the mixed corpus: one frame mark per touch sample, so about twice the events per
    // sample of the ten-finger session (compare `events_per_s`), and a file larger than the
    // reader's 8 MiB page-release step, so later passes fault pages back in as a long replay would.
    decodeBenchmark("Decode.mixed") { try BenchmarkCorpus.traceFile(samples: mixedDecodeSamples) }

    // Opening and decoding the mixed corpus, counting heap allocations only: a fixed handful for
    // opening the file (reader, decode table, header strings) and one per annotation (its text is a
    // `String`), none per touch sample.
    Benchmark("Decode.allocations", configuration: SuiteDefaults.allocations()) { _, path in
        let trace = try OpenTrace(path: path)
        blackHole(try trace.decode(sabotage))
    } setup: {
        try BenchmarkCorpus.traceFile(samples: mixedDecodeSamples)
    }

    // Encoding into memory, as the recorder's writer does before each write(2); the size (`size`,
    // exact) is the whole trace (header, chunk headers, frame marks, index and trailer) per touch
    // sample.
    func encodeBenchmark(
        _ name: String, size: BenchmarkMetric, corpus: @escaping @Sendable () throws -> BenchmarkCorpus.InMemory
    ) {
        Benchmark(
            name, configuration: SuiteDefaults.timed(extra: [size], thresholds: [size: SuiteDefaults.exact])
        ) { benchmark, corpus in
            let bytes = try encode(corpus, benchmark, sabotage)
            benchmark.measurement(size, bytes * 1000 / corpus.touchSamples)
        } setup: {
            try corpus()
        }
    }
    // On the session the size target is defined on.
    encodeBenchmark("Encode", size: TouchstoneMetric.bytesPerThousandSamples) { try BenchmarkCorpus.tenFingerSession() }
    // The same on the mixed corpus, whose size is the second, named figure.
    encodeBenchmark("Encode.mixed", size: TouchstoneMetric.bytesPerThousandSamplesMixed) {
        try BenchmarkCorpus.events(samples: mixedEncodeSamples)
    }

    // The recorder's write path: events into a TraceWriter on a file, chunks sealed and written with
    // write(2) as event time passes, then the index and trailer on close (target: ≥ 1 M events/s).
    Benchmark("Write", configuration: SuiteDefaults.timed()) { benchmark, corpus in
        let path = try BenchmarkCorpus.scratchDirectory() + "/write.trace"
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
        try BenchmarkCorpus.events(samples: mixedEncodeSamples)
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
        try BenchmarkCorpus.events(samples: mixedEncodeSamples)
    }
}

/// Encodes `corpus` in memory inside the measured region; returns the encoded size in bytes.
private func encode(_ corpus: BenchmarkCorpus.InMemory, _ benchmark: Benchmark, _ sabotage: Sabotage) throws -> Int {
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
    blackHole(bytes)
    return bytes.count
}

/// A trace file opened once, its pages touched by a first full decode, rewound before each pass.
private final class OpenTrace: @unchecked Sendable {
    let reader: TraceReader

    init(path: String) throws {
        reader = try TraceReader(path: path)
        _ = try decode(Sabotage(slow: false, allocate: false))
    }

    /// Back to the first event, outside the measured region.
    func rewind() throws {
        try reader.seek(toTime: 0)
    }

    /// Decodes every remaining event; returns the touch samples and the events of every kind.
    ///
    /// Two loops rather than one with `sabotage.perEvent()` inside: `Sabotage` lives in another
    /// module and is not inlinable, so calling it per event would cost a call across a module
    /// boundary on every event of the hot path even when no sabotage was asked for. The switch is
    /// read once, here, and the ordinary loop contains nothing but the decode and two counters.
    func decode(_ sabotage: Sabotage) throws -> (samples: Int, events: Int) {
        var samples = 0
        var events = 0
        if sabotage.isActive {
            try reader.forEachEvent { event in
                events += 1
                if case .touch = event { samples += 1 }
                sabotage.perEvent()
            }
        } else {
            // Wrapping counts (a file's events cannot reach Int.max): no overflow test per event
            // in the measured loop, which is meant to hold the decode alone (mirrored by
            // `decodePass` in InstructionCounts).
            try reader.forEachEvent { event in
                events &+= 1
                if case .touch = event { samples &+= 1 }
            }
        }
        return (samples, events)
    }
}
