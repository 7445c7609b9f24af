import Benchmark
import BenchmarkSupport
import TouchstoneBenchmarking
import FormatRecording
import TouchTrace

/// The import suite: one recording loaded from each format Touchstone reads (binary, evemu, getevent,
/// evtest, libinput record), and from evemu through libevemu's own parser. `scripts/bench-compare-formats` prints the ratios.
/// Targets: the binary format loads ≥ 100× faster than libevemu and ≥ 10,000× faster than
/// libinput record YAML; Touchstone's evemu reader is at least as fast as libevemu.
let benchmarks: @Sendable () -> Void = {
    let sabotage = Sabotage.current
    Benchmark.teardown = { BenchmarkCorpus.removeScratch() }
    let configuration = SuiteDefaults.loads()

    /// A text format loaded whole by Touchstone's reader for it, every event then walked.
    func loadWhole(
        _ name: String, _ path: KeyPath<Recording, String> & Sendable,
        _ read: @escaping @Sendable (String) throws -> (TraceDocument, [FormatWarning])
    ) {
        Benchmark(name, configuration: configuration) { benchmark, recording in
            benchmark.startMeasurement()
            let rate = Rate()
            let (document, _) = try read(recording[keyPath: path])
            for _ in document.events { sabotage.perEvent() }
            rate.report(loadOf: recording.touchSamples, to: benchmark)
            benchmark.stopMeasurement()
            blackHole(document)
        } setup: {
            try Recording.make()
        }
    }

    Benchmark("Load.binary", configuration: configuration) { benchmark, recording in
        benchmark.startMeasurement()
        let rate = Rate()
        let reader = try TraceReader(path: recording.binaryPath)
        var samples = 0
        try reader.forEachEvent { event in
            if case .touch = event { samples += 1 }
            sabotage.perEvent()
        }
        rate.report(loadOf: samples, to: benchmark)
        benchmark.stopMeasurement()
    } setup: {
        try Recording.make()
    }

    loadWhole("Load.evemu", \.evemuPath, EvemuFormat.read(path:))

    Benchmark("Load.evemu.libevemu", configuration: configuration) { benchmark, recording in
        benchmark.startMeasurement()
        let rate = Rate()
        blackHole(try Libevemu.load(recording.evemuPath))
        rate.report(loadOf: recording.touchSamples, to: benchmark)
        benchmark.stopMeasurement()
    } setup: {
        try Recording.make()
    }

    loadWhole("Load.getevent", \.geteventPath, GeteventFormat.read(path:))

    loadWhole("Load.evtest", \.evtestPath, EvtestFormat.read(path:))

    loadWhole("Load.libinputRecord", \.libinputRecordPath, LibinputRecordFormat.read(path:))
}
