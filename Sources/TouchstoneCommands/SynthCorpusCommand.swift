import ArgumentParser
import Synthesis
import TouchTrace

#if canImport(Glibc)
import Glibc
#endif

/// `touchstone synth corpus`: mixed-gesture traces of an exact size, for scale tests and benchmarks.
struct SynthCorpus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "corpus",
        abstract: "Generate N traces of M touch samples each, mixing every gesture family.",
        discussion: """
            Trace I of a corpus depends only on the seed and I. Files are named corpus-0000.trace, \
            corpus-0001.trace, … in DIR, which is created if missing.
            """
    )

    @Option(parsing: .unconditional, help: "How many traces to write.")
    var count: Int = 1

    @Option(parsing: .unconditional, help: "Touch samples in each trace (at least 2).")
    var samples: Int

    @OptionGroup var panel: SynthPanelOptions

    @Option(name: [.customShort("o"), .customLong("output")], help: "The directory to write the traces into.")
    var directory: String

    /// Every check of the command line, so that a bad value is a usage error (64) with this
    /// command's usage line, found before anything is written.
    func validate() throws {
        try refuseUnnamablePath(directory, option: "-o")
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard count <= Self.maximumCount else { throw ValidationError("--count must be at most \(Self.maximumCount)") }
        guard samples >= 2 else { throw ValidationError("--samples must be at least 2: a touch needs a down and an up") }
        guard samples <= Self.maximumSamples else { throw ValidationError("--samples must be at most \(Self.maximumSamples)") }
        _ = try makeCorpus()
    }

    private func makeCorpus() throws -> CorpusSynthesizer {
        let options = try panel.synthesisOptions()
        do {
            return try CorpusSynthesizer(seed: panel.seed, options: options)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let corpus = try makeCorpus()
        let createdFolders: [String]
        do {
            createdFolders = try OutputFile.createFolders(directory)
        } catch {
            throw fail(error.description)
        }
        // The corpus is written all or nothing: every trace is staged, and they take their names
        // together once the last is written. A failure on the way (a full disk, a file-size limit)
        // leaves DIR as it was, never a mix of the old corpus and the new.
        let staging = StagedOutputs()
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let summaries = try writeTraces(corpus, directory: directory, staging: staging)
            // Printed once every trace is staged, before any takes its name: a line names only a
            // trace that is written, and a summary that cannot be printed leaves DIR as it was.
            let output = OutputFile.standardOutput()
            for line in summaries { try output.write(line + "\n") }
            try staging.commit()
            OutputFile.keepCreatedFolders(createdFolders)
        } catch {
            staging.discard()
            OutputFile.removeCreatedFolders(createdFolders)
            if let failure = error as? OutputFileError { throw fail(failure.description) }
            throw error
        }
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let total = Double(count * samples)
        printError("generated \(count * samples) touch samples in \(rounded(seconds)) s (\(rounded(total / seconds / 1e6)) M samples/s)")
    }

    /// Writes every trace of the corpus into `staging`, returning each one's summary line.
    private func writeTraces(_ corpus: CorpusSynthesizer, directory: String, staging: StagedOutputs) throws -> [String] {
        let digits = max(4, String(count - 1).count)
        let paths = (0..<count).map { index in
            let number = String(index)
            let name = "corpus-" + String(repeating: "0", count: digits - number.count) + number + ".trace"
            return directory.hasSuffix("/") ? directory + name : directory + "/" + name
        }
        // A name taken by something that is not a regular file (a folder, a device) is refused
        // before any trace is written: a failed command leaves every file as it was.
        for path in paths {
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw fail("\(path): is not a regular file; the corpus would replace it")
            }
            try OutputFile.refuseStandardOutputOrFail(path, carrying: "synth corpus's summary lines")
        }
        var summaries: [String] = []
        summaries.reserveCapacity(count)
        for (index, path) in paths.enumerated() {
            var made: CorpusSynthesizer.TraceSummary?
            let header = corpus.header(index: index, samples: samples, version: Touchstone.configuration.version)
            let line = try SynthOutput.write(
                to: path, header: header, allowJSONLines: false, staging: staging,
                failureNote: "; the corpus is written all or nothing, so every file in \(directory) is as it was",
                summary: { bytes in
                    let samples = made?.touchSamples ?? 0, gestures = made?.gestures ?? 0
                    let perSample = Double(bytes) / Double(max(samples, 1))
                    return "wrote \(TerminalText.escaped(path, keepingLineBreaks: false)): \(samples) touch samples, \(gestures) gesture\(gestures == 1 ? "" : "s"), \(bytes) bytes (\(rounded(perSample)) bytes/sample)"
                }
            ) { sink in
                made = try corpus.generateTrace(index: index, samples: samples, into: &sink)
            }
            summaries.append(line)
        }
        return summaries
    }

    /// Bounds that keep a typo from filling a disk, and `count × samples` far from overflowing.
    static let maximumCount = 100_000
    static let maximumSamples = 100_000_000

    private func rounded(_ value: Double) -> String {
        let hundredths = (value * 100).rounded() / 100
        return "\(hundredths)"
    }
}
