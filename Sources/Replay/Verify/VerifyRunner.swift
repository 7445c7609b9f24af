#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization
import TouchTrace

/// Replays every capture of a corpus (or of one shard of it) and compares each log with its golden:
/// `touchstone verify` as a library call, with the same results, diffs, JUnit XML and latency table
/// (`VerifyReport`), because the command runs this.
///
/// A capture's scene may name any kind of `options.registry`: Touchstone's own, and a package's
/// (`RecognizerRegistry.standard.registering([...])`).
///
/// Captures run on `jobs` threads of the runner's own (`WorkerThreads`), each taking the next
/// capture from a shared index, longest trace first when there are several workers (so that the
/// last to start are short and the workers finish together), but results are kept by position
/// and reported in the corpus order, so everything printed is the same at any parallelism. Only
/// a capture's failure keeps its log in memory (for the diff); a passing capture keeps its counts.
public struct VerifyRunner: Sendable {
    public var options: VerifyOptions

    public init(options: VerifyOptions) {
        self.options = options
    }

    /// Runs the corpus; `progress(done, total)` is called from worker threads as captures finish.
    /// Every result is kept whole to the end: for a corpus whose failures may be many, hand each on
    /// as it comes with `run(progress:delivering:)`.
    ///
    /// With `update`, the goldens are rewritten all or nothing: each is staged as its capture
    /// finishes, and they take their names together at the end when no capture failed; when one
    /// did (its result an error), every golden is left as it was.
    public func run(progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws(VerifyError) -> VerifyReport {
        let captures = try corpus()
        let results = ResultSlots(count: captures.count)
        let order = takingOrder(captures)
        let goldens = options.update ? GoldenUpdates() : nil
        // Atomics, not `Mutex`: on Linux a `Mutex` waits on a futex, which ThreadSanitizer cannot
        // see, so it reported the writes it orders as races.
        let next = Atomic(0)
        let elapsed = run(captures, goldens: goldens, progress: progress, take: {
            let taken = next.wrappingAdd(1, ordering: .relaxed).oldValue
            return taken < order.count ? order[taken] : nil
        }, store: { results.store($0, at: $1) })
        let report = VerifyReport(results: results.all, elapsed: elapsed)
        try Self.finishUpdates(goldens, report)
        return report
    }

    /// Runs the corpus and hands each capture's result to `each` in corpus order, as soon as it
    /// and every earlier one are known, then keeps it without its diff (`CaptureResult.delivered`):
    /// the report returned has every count and notice, the latencies counted (`latencyCounts`), and
    /// no failure's diff nor latency sample. So memory does not grow with the failures' diffs,
    /// however many captures fail, nor with the decisions: `touchstone verify`
    /// prints, writes JUnit and stages report pages from `each`.
    ///
    /// `each` runs on the workers' threads, one result at a time. If it throws, no capture is
    /// started after that, `each` is not called again, and this rethrows its error once the
    /// captures in progress have finished.
    ///
    /// With `update`, the goldens are rewritten all or nothing, as by `run(progress:)`, and last:
    /// `finishing` is given the report first (`touchstone verify` writes its JUnit file and report
    /// there), and when it throws, every golden is left as it was too.
    public func run(
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        delivering each: @escaping (CaptureResult) throws -> Void,
        finishing: (VerifyReport) throws -> Void = { _ in }
    ) throws -> VerifyReport {
        let captures = try corpus()
        let goldens = options.update ? GoldenUpdates() : nil
        let delivery = OrderedDelivery(order: takingOrder(captures), parkedBytesLimit: Self.resultsWaitingLimit, consumer: each)
        let elapsed = run(captures, goldens: goldens, progress: progress, take: delivery.take, store: delivery.deliver)
        if let failure = delivery.failure {
            goldens?.discard()
            throw failure
        }
        let report = VerifyReport(results: delivery.all, elapsed: elapsed, latencyCounts: delivery.latencyCounts)
        do {
            try finishing(report)
        } catch {
            goldens?.discard()
            throw error
        }
        try Self.finishUpdates(goldens, report)
        return report
    }

    /// Renames the staged goldens into place when no capture failed, else removes them.
    private static func finishUpdates(_ goldens: GoldenUpdates?, _ report: VerifyReport) throws(VerifyError) {
        guard let goldens else { return }
        guard report.failed == 0 else { return goldens.discard() }
        do {
            try goldens.commit()
        } catch {
            throw VerifyError(file: error.path, problem: "cannot rename the new golden into place (\(error.reason))")
        }
    }

    /// What the results that finished before their turn may hold between them (diffs mostly, a
    /// diff being cut at `UnifiedDiff.maximumBytes`) before workers take captures in corpus order
    /// and wait for earlier ones to be handed on (`OrderedDelivery`).
    static let resultsWaitingLimit = 16 << 20

    private func corpus() throws(VerifyError) -> [Capture] {
        options.shard.slice(try CaptureDiscovery.captures(in: options.root))
    }

    /// The workers' order: longest first when there are several, else the corpus order.
    private func takingOrder(_ captures: [Capture]) -> [Int] {
        workers(for: captures) > 1 ? Self.longestFirst(captures) : Array(captures.indices)
    }

    private func workers(for captures: [Capture]) -> Int {
        min(max(1, min(options.jobs, VerifyOptions.maximumJobs)), max(1, captures.count))
    }

    /// Runs `captures` on the workers, each taking the position `take()` gives until it gives
    /// none, and giving each result to `store` with that position. Returns the wall-clock time.
    private func run(
        _ captures: [Capture], goldens: GoldenUpdates?, progress: @escaping @Sendable (Int, Int) -> Void, take: @escaping @Sendable () -> Int?,
        store: @escaping @Sendable (CaptureResult, Int) -> Void
    ) -> Duration {
        // What --update must never write a golden onto, whichever capture's golden links to it.
        let inputs = options.update ? FileIdentities(captures.flatMap { Self.inputFiles(of: $0, registry: options.registry) }) : FileIdentities([])
        let done = Atomic(0)
        let registry = options.registry
        let started = ContinuousClock.now
        WorkerThreads.run(count: workers(for: captures)) { _ in
            // A recognizer that traps stops the process; the line names what it was replaying.
            let line = CapturesInProgress.claimLine()
            defer { if let line { CapturesInProgress.noted.release(line) } }
            while let index = take() {
                if let line { CapturesInProgress.noted.set(line, captures[index].tracePath) }
                store(Self.verify(captures[index], update: goldens.map(Update.staged) ?? .none, registry: registry, protecting: inputs), index)
                if let line { CapturesInProgress.noted.clear(line) }
                progress(done.wrappingAdd(1, ordering: .relaxed).newValue, captures.count)
            }
        }
        return ContinuousClock.now - started
    }

    /// Every file of the corpus (or of its shard) a run reads or may write: each capture's trace,
    /// scene reference and golden, and the scene files and templates its scene names. What an
    /// output written beside the corpus (`--junit`, `--report`) must never replace, checked before
    /// the run so that a refused output leaves the goldens as they were.
    public func corpusFiles() throws(VerifyError) -> [String] {
        options.shard.slice(try CaptureDiscovery.captures(in: options.root)).flatMap { capture in
            Self.inputFiles(of: capture, registry: options.registry) + [capture.goldenPath]
        }
    }

    /// A capture's inputs: its trace, its scene reference, the scene file and templates that names.
    static func inputFiles(of capture: Capture, registry: RecognizerRegistry) -> [String] {
        TraceFile.inputFiles(of: capture.tracePath) + SceneReference.inputFiles(captureSceneFile: capture.sceneReferencePath, registry: registry)
    }

    /// The captures' positions, largest trace file first (a capture's replay takes time in
    /// proportion to its events, which its file's size follows within one format), ties and
    /// files that cannot be read in corpus order. Taken in this order, the workers' last
    /// captures are short ones, so the workers finish close together, where corpus order could
    /// leave the longest capture to start last, on one worker, while the others wait.
    static func longestFirst(_ captures: [Capture]) -> [Int] {
        let sizes = captures.map { capture -> Int64 in
            var info = stat()
            return stat(capture.tracePath, &info) == 0 ? Int64(info.st_size) : 0
        }
        return captures.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }

    /// Replays one capture and judges it against its golden.
    ///
    /// The log is compared with the golden as it is produced, piece by piece, so a passing capture
    /// never holds its whole log; only a failing one is replayed again to build the diff, and
    /// `--update` keeps the log to write it. The capture's scene may name the kinds of `registry`.
    public static func verify(_ capture: Capture, update: Bool, registry: RecognizerRegistry = .standard) -> CaptureResult {
        verify(capture, update: update ? .written : .none, registry: registry, protecting: FileIdentities([]))
    }

    /// Whether and how a capture's golden is rewritten.
    enum Update {
        /// Compared, never written.
        case none
        /// Written whole at once (`OutputFile.write`): one capture verified alone.
        case written
        /// Staged, to take its name with the run's other goldens (`GoldenUpdates`).
        case staged(GoldenUpdates)
    }

    /// `verify(_:update:registry:)`, never writing a golden onto one of `inputs` (the corpus's
    /// traces, scenes and templates, reached through a golden that is a link).
    static func verify(_ capture: Capture, update: Update, registry: RecognizerRegistry, protecting inputs: FileIdentities) -> CaptureResult {
        let updating: Bool
        if case .none = update { updating = false } else { updating = true }
        var files: [String] = []
        if let problem = capture.problem { return result(capture, nil, .error(problem), files: files) }
        do {
            // Refused before any open, so a FIFO or a directory named like a capture file never hangs
            // or crashes the run: a golden that is there must be a file too (a FIFO would hang
            // --update's write).
            try RegularFile.check(capture.tracePath)
            try RegularFile.check(capture.sceneReferencePath)
            if access(capture.goldenPath, F_OK) == 0 { try RegularFile.check(capture.goldenPath) }
            if updating, inputs.contains(capture.goldenPath) {
                return result(capture, nil, .error("\(capture.goldenPath): is the same file as an input of the corpus (a trace, scene or template): not written"), files: files)
            }
            let scene = try SceneReference.resolve(captureSceneFile: capture.sceneReferencePath, registry: registry)
            files = TraceFile.inputFiles(of: capture.tracePath) + [capture.goldenPath] + SceneReference.inputFiles(captureSceneFile: capture.sceneReferencePath, scene: scene)
            if updating {
                let outcome = try CaptureReplayer.replay(capture, scene: scene)
                return result(capture, outcome, judge(capture, log: outcome.log, update: update, files: files), files: files)
            }
            guard access(capture.goldenPath, F_OK) == 0 else {
                return result(capture, nil, .error("\(capture.goldenPath): no golden log (run verify with --update to create it)"), files: files)
            }
            var golden = GoldenComparison(golden: try InputFile(path: capture.goldenPath))
            let outcome = try TraceReplay.replay(tracePath: capture.tracePath, scene: scene, into: &golden)
            if try golden.matchedWhole() { return result(capture, outcome, .passed, files: files) }
            // Too large to read whole for a diff: said so without a second replay.
            if golden.golden.size > largestGoldenReadWhole { return result(capture, outcome, judge(capture, log: [], update: .none, files: files), files: files) }
            let lines = try goldenLineFeeds(golden.golden) + 1
            let counted = diffBytes(goldenSize: golden.golden.size, goldenLines: lines)
            // The log is held up to the golden's size and `logSlack` with the diff's other memory;
            // a longer one, once alone with up to `largestLogHeld`.
            var logLimit = min(golden.golden.size + logSlack, largestLogHeld)
            while true {
                let held = try diffMemory.while(holding: counted + logLimit) { () throws -> CaptureResult? in
                    var log = HeldLog(lineFeedLimit: lines + UnifiedDiff.maximumEdits, byteLimit: logLimit)
                    do {
                        try TraceReplay.replay(tracePath: capture.tracePath, scene: scene, into: &log)
                    } catch HeldLog.Stop.pastLineLimit {
                        return result(capture, outcome, judgeLonger(capture, logStart: log.bytes), files: files)
                    } catch HeldLog.Stop.pastByteLimit {
                        return nil
                    }
                    return result(capture, outcome, judge(capture, log: log.bytes, update: .none, files: files), files: files)
                }
                if let held { return held }
                guard logLimit < largestLogHeld else {
                    return result(capture, outcome, .error("\(capture.goldenPath): the replay's log differs from it (no diff: the replay's log is larger than \(largestLogHeld) bytes)"), files: files)
                }
                logLimit = largestLogHeld
            }
        } catch {
            return result(capture, nil, .error(String(describing: error)), files: files)
        }
    }

    private static func result(_ capture: Capture, _ outcome: ReplayOutcome?, _ status: CaptureResult.Status, files: [String]) -> CaptureResult {
        CaptureResult(capture: capture, status: status, events: outcome?.events ?? 0, touchSamples: outcome?.touchSamples ?? 0,
                      virtualDuration: outcome?.virtualDuration ?? 0, latencies: outcome?.latencies ?? LatencySamples(),
                      recognitionLatency: outcome.flatMap { LatencySummary($0.latencies.recognition.values.flatMap { $0 }) },
                      notices: outcome?.notices ?? [], files: files)
    }

    /// A failing capture's diff holds its log and its golden whole, and an index of the lines
    /// between their first and last difference (`UnifiedDiff.indexBytes(goldenLines:)`). Diffs
    /// are built side by side while their goldens and indexes add up to `largestGoldenReadWhole`;
    /// a larger one waits for the others and runs alone. So a corpus whose every capture fails (a
    /// recognizer changed) keeps its workers, and one of large goldens, or of goldens of very
    /// short lines, needs the memory of one diff, not of one per worker (docs/verify.md, "Memory
    /// and speed").
    private static let diffMemory = MemoryBudget(bytes: largestGoldenReadWhole)

    /// What a failing capture's diff is counted as in `diffMemory` beside its log: the golden's
    /// bytes, the index of its lines, and the diff's text (`UnifiedDiff.maximumBytes`, and a
    /// line decoded to fill it: at most three times as many bytes). A golden too large to be
    /// shown as a diff is counted by its size.
    static func diffBytes(golden: InputFile) throws -> Int {
        guard golden.size <= largestGoldenReadWhole else { return golden.size }
        return diffBytes(goldenSize: golden.size, goldenLines: try goldenLineFeeds(golden) + 1)
    }

    static func diffBytes(goldenSize: Int, goldenLines: Int) -> Int {
        goldenSize + UnifiedDiff.indexBytes(goldenLines: goldenLines) + 4 * UnifiedDiff.maximumBytes
    }

    /// A golden's line feeds, counted as it is read again from its start (a piece at a time, so
    /// counting holds nothing).
    private static func goldenLineFeeds(_ golden: InputFile) throws -> Int {
        try InputFile(path: golden.path).lineFeeds(upTo: largestGoldenReadWhole)
    }

    /// What a failing capture's log is held up to beyond its golden's size, beside the other
    /// failing captures' diffs: a log longer than that is replayed again, alone if need be, held
    /// up to `largestLogHeld`.
    static let logSlack = 16 << 20

    /// The largest log held for a diff; a longer one is reported as differing without a diff.
    static let largestLogHeld = largestGoldenReadWhole

    /// The largest golden log read whole, to tell an update that changes nothing or to show a
    /// difference as a diff. A passing capture's golden is compared as it is read, whatever its size.
    static let largestGoldenReadWhole = 256 << 20

    private static func judge(_ capture: Capture, log: [UInt8], update: Update, files: [String]) -> CaptureResult.Status {
        let read = Result { () throws(FileBytes.Failure) in
            try FileBytes.read(capture.goldenPath, atMost: largestGoldenReadWhole, what: "a golden log shown as a diff")
        }
        let golden = try? read.get()
        switch update {
        case .none: break
        case .written, .staged:
            if golden == log { return .updated(changed: false) }
            let inputs = files.filter { $0 != capture.goldenPath }
            do {
                if case .staged(let goldens) = update {
                    try goldens.stage(log, to: capture.goldenPath, inputs: inputs)
                } else {
                    try OutputFile.write(log, to: capture.goldenPath, inputs: inputs)
                }
            } catch {
                return .error(error.description)
            }
            return .updated(changed: true)
        }
        guard let golden else {
            guard access(capture.goldenPath, F_OK) == 0, case .failure(let failure) = read else {
                return .error("\(capture.goldenPath): no golden log (run verify with --update to create it)")
            }
            return .error("\(capture.goldenPath): the replay's log differs from it (no diff: the file \(failure.message))")
        }
        if golden == log { return .passed }
        // The headers name the capture on one line each, escaped as its result line is.
        let name = TerminalText.escaped(capture.name, keepingLineBreaks: false)
        let diff = UnifiedDiff.make(old: golden, new: log, oldName: name + ".golden.log", newName: name + " (replay)")
        return .failed(diff: diff ?? "")
    }

    /// The status of a capture whose log has, from `logStart` on, more line feeds than its
    /// golden has lines and `UnifiedDiff.maximumEdits` (`HeldLog.Stop.pastLineLimit`): the diff
    /// the whole log would give, without the rest of it.
    private static func judgeLonger(_ capture: Capture, logStart: [UInt8]) -> CaptureResult.Status {
        let golden: [UInt8]
        do throws(FileBytes.Failure) {
            golden = try FileBytes.read(capture.goldenPath, atMost: largestGoldenReadWhole, what: "a golden log shown as a diff")
        } catch {
            return .error("\(capture.goldenPath): the replay's log differs from it (no diff: the file \(error.message))")
        }
        let name = TerminalText.escaped(capture.name, keepingLineBreaks: false)
        return .failed(diff: UnifiedDiff.makeAgainstLonger(old: golden, newStart: logStart, oldName: name + ".golden.log", newName: name + " (replay)"))
    }
}

/// A failing capture's log, held for its diff up to a number of bytes, and given up as soon as it
/// has more line feeds than its golden has lines and `UnifiedDiff.maximumEdits`, which the diff
/// says without showing a line (`UnifiedDiff.makeAgainstLonger`): a replay that writes far more
/// than its golden holds little more than the golden.
struct HeldLog: LogSink {
    enum Stop: Error {
        /// The log has more than `lineFeedLimit` line feeds; `bytes` holds them.
        case pastLineLimit
        /// The log would pass `byteLimit` bytes.
        case pastByteLimit
    }

    let lineFeedLimit: Int
    let byteLimit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var lineFeeds = 0

    init(lineFeedLimit: Int, byteLimit: Int) {
        self.lineFeedLimit = lineFeedLimit
        self.byteLimit = byteLimit
    }

    /// Keeps `piece`, or stops the replay: the piece that passes the line limit is kept whole
    /// (a piece is at most about `TraceReplay.flushThreshold`), so `bytes` holds every line
    /// feed counted.
    mutating func write(_ piece: UnsafeRawBufferPointer) throws {
        var count = 0
        for byte in piece where byte == UnifiedDiff.lineFeed { count += 1 }
        lineFeeds += count
        let pastLines = lineFeeds > lineFeedLimit
        guard pastLines || bytes.count + piece.count <= byteLimit else { throw Stop.pastByteLimit }
        // Reserved whole (pages never written cost nothing), so growing never copies the log.
        if bytes.capacity == 0 { bytes.reserveCapacity(byteLimit) }
        bytes.append(contentsOf: piece)
        if pastLines { throw Stop.pastLineLimit }
    }
}

/// Compares a log with a golden file piece by piece as the replay writes it, so that a passing
/// capture never holds its whole log.
private struct GoldenComparison: LogSink {
    let golden: InputFile
    private(set) var matches = true

    init(golden: InputFile) {
        self.golden = golden
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard matches else { return }
        // Read into a buffer kept between pieces and compared with memcmp: no array per piece.
        matches = try golden.nextBytesEqual(bytes)
    }

    /// Whether every piece matched and the golden has nothing more.
    func matchedWhole() throws -> Bool {
        try matches && golden.read(upTo: 1).isEmpty
    }
}

/// One slot per capture for the workers' results: each slot is written by the one worker that took
/// its capture (the counter hands every index out once), and all are read after every worker has
/// been joined, so no two threads ever touch the same slot at the same time and no lock is needed.
private final class ResultSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<CaptureResult?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    func store(_ result: CaptureResult, at index: Int) {
        slots[index] = result
    }

    /// Every result, in capture order; only once every worker has finished.
    var all: [CaptureResult] { slots.map { $0! } }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }
}
