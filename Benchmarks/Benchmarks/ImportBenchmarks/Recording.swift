import BenchmarkSupport
import TouchstoneBenchmarking
import Foundation
import TouchTrace

/// One recording written in the three formats the side-by-side comparison loads: Touchstone's
/// binary trace, evemu text and libinput record YAML. Built once in setup from the benchmark corpus.
struct Recording: Sendable {
    let binaryPath: String
    let evemuPath: String
    let libinputRecordPath: String
    let touchSamples: Int

    /// Touch samples in the recording: long enough that a load is not dominated by opening a file,
    /// short enough that the YAML loader finishes several loads in a benchmark's time budget.
    static let samples = 20_000

    static func make() throws -> Recording {
        let corpus = try BenchmarkCorpus.events(samples: samples)
        let document = TraceDocument(header: corpus.header, events: corpus.events)
        let directory = try BenchmarkCorpus.scratchDirectory()
        let recording = Recording(
            binaryPath: directory + "/recording.trace",
            evemuPath: directory + "/recording.evemu",
            libinputRecordPath: directory + "/recording.yml",
            touchSamples: corpus.touchSamples)
        try BinaryTrace.write(document, to: recording.binaryPath)
        try EvemuFormat.write(document).write(toFile: recording.evemuPath, atomically: true, encoding: .utf8)
        try LibinputRecordFormat.write(document)
            .write(toFile: recording.libinputRecordPath, atomically: true, encoding: .utf8)
        return recording
    }
}
