import Foundation
import TestSupport
import Synchronization
import Testing
import GestureEngine
import Synthesis
import TouchTrace
@testable import Replay

/// `touchstone verify` on the bundled corpus and on scratch corpora made from it.
@Suite("Verify")
struct VerifyTests {
    @Test("Every bundled capture replays to its golden log")
    func bundledCorpusPasses() throws {
        let report = try CaptureCorpus.verify()
        #expect(report.results.count >= 30)
        #expect(report.failed == 0, "\(report.resultsText)")
    }

    @Test("Two runs print byte-identical reports")
    func repeatable() throws {
        let first = try CaptureCorpus.verify(), second = try CaptureCorpus.verify()
        #expect(first.resultsText + first.latencyText == second.resultsText + second.latencyText)
        #expect(JUnitReport.xml(first) == JUnitReport.xml(second))
    }

    @Test("Two jobs print exactly what one job prints")
    func parallelEqualsSerial() throws {
        let serial = try CaptureCorpus.verify(jobs: 1), parallel = try CaptureCorpus.verify(jobs: 2)
        #expect(serial.resultsText == parallel.resultsText)
        #expect(serial.latencyText == parallel.latencyText)
    }

    @Test("Several workers take the captures largest trace first, ties and unreadable traces in corpus order")
    func longestFirst() throws {
        let folder = TemporaryDirectory("verify-order")
        let sizes = [("a", 10), ("b", 300), ("c", 10), ("d", 2_000)]
        for (name, size) in sizes {
            try Data(repeating: 0, count: size).write(to: URL(fileURLWithPath: folder.file(name + ".trace")))
        }
        let captures = (sizes.map(\.0) + ["missing"]).map { Capture(root: folder.path, name: $0) }
        #expect(VerifyRunner.longestFirst(captures) == [3, 1, 0, 2, 4])
    }

    @Test("The shards K/4 together verify every capture exactly once")
    func shardsCoverCorpus() throws {
        let all = try CaptureDiscovery.captures(in: CaptureCorpus.root).map(\.name)
        var seen: [String] = []
        for k in 1...4 {
            seen += try CaptureCorpus.verify(shard: Shard(index: k, count: 4)).results.map(\.capture.name)
        }
        #expect(seen.sorted() == all.sorted())
        #expect(Set(seen).count == seen.count)
    }

    @Test("Captures are found recursively in byte order of their names")
    func discoveryOrder() throws {
        let names = try CaptureDiscovery.captures(in: CaptureCorpus.root).map(\.name)
        #expect(names == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(names.contains("map/double-tap"))
    }

    @Test("Changing one recognizer parameter fails the capture with a diff naming it")
    func changedParameterFails() throws {
        let folder = TemporaryDirectory("replay")
        let scene = #"""
            {"name": "changed", "window": {"width": 1280, "height": 800},
             "views": [{"id": "view", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
               "recognizers": [{"id": "tap", "type": "tap", "numberOfTapsRequired": 2}]}]}
            """#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder.file("changed.json")))
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap-changed", scene: "changed.json")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap-unchanged", scene: "tap")
        let report = try CaptureCorpus.verify(root: folder.path)
        #expect(report.results.map(\.isFailure) == [true, false])
        #expect(report.resultsText.contains("FAIL    tap-changed: log differs from tap-changed.golden.log\n--- tap-changed.golden.log\n+++ tap-changed (replay)\n@@ "))
        let removed = report.resultsText.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }
        #expect(removed.contains { $0.hasSuffix("state tap possible -> recognized") })
        #expect(JUnitReport.xml(report).contains(#"<testcase classname="captures" name="tap-changed""#))
    }

    @Test("The JUnit report writes the characters XML 1.0 forbids (C0 controls, U+FFFE, U+FFFF) in a capture's name and its diff as ?, so the file stays XML for a CI's parser")
    func junitHoldsOnlyXMLCharacters() throws {
        let folder = TemporaryDirectory("replay")
        let name = "tap\u{FFFE}x\u{FFFF}"
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: name, scene: "tap")
        let golden = folder.file(name + ".golden.log")
        writeFileBytes(golden, readFileBytes(golden) + Array("note \u{FFFF}\u{FFFE}\n".utf8))
        let xml = JUnitReport.xml(try CaptureCorpus.verify(root: folder.path))
        #expect(xml.contains(#"name="tap?x?""#), "\(xml)")
        #expect(xml.contains("-note ??\n"), "\(xml)")
        #expect(!xml.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF || ($0.value < 0x20 && $0 != "\n" && $0 != "\t") })
    }

    @Test("--update rewrites a stale golden and the next run passes")
    func updateRewritesGolden() throws {
        let folder = TemporaryDirectory("replay")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "doubleTap")
        #expect(try CaptureCorpus.verify(root: folder.path).failed == 1)
        let updated = try CaptureCorpus.verify(root: folder.path, update: true)
        #expect(updated.results.first?.status == .updated(changed: true))
        #expect(try CaptureCorpus.verify(root: folder.path).failed == 0)
    }

    @Test("--update rewrites no golden when a capture of the run fails: the corpus is updated all or nothing")
    func updateIsAllOrNothing() throws {
        let folder = TemporaryDirectory("replay")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "a-tap", scene: "doubleTap")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "b-broken", scene: "tap")
        try Data("not a trace".utf8).write(to: URL(fileURLWithPath: folder.file("b-broken.trace")))
        let stale = readFileBytes(folder.file("a-tap.golden.log"))
        let updated = try CaptureCorpus.verify(root: folder.path, update: true)
        #expect(updated.results.map(\.isFailure) == [false, true])
        #expect(readFileBytes(folder.file("a-tap.golden.log")) == stale)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == ["a-tap.golden.log", "a-tap.scene", "a-tap.trace", "b-broken.golden.log", "b-broken.scene", "b-broken.trace"])
    }

    @Test("--update on two workers stages every capture's golden and renames them all at the end")
    func updateOnTwoWorkers() throws {
        let folder = TemporaryDirectory("replay")
        for index in 0..<6 { try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap\(index)", scene: "doubleTap") }
        let updated = try CaptureCorpus.verify(jobs: 2, root: folder.path, update: true)
        #expect(updated.results.map(\.status) == Array(repeating: .updated(changed: true), count: 6))
        #expect(try CaptureCorpus.verify(root: folder.path).failed == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 18)
    }

    @Test("--update through the streamed run rewrites no golden when finishing the run throws (a report that cannot be written)")
    func updateWaitsForFinishing() throws {
        struct ReportFailed: Error {}
        let folder = TemporaryDirectory("replay")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "doubleTap")
        let stale = readFileBytes(folder.file("tap.golden.log"))
        let runner = VerifyRunner(options: VerifyOptions(root: folder.path, update: true))
        #expect(throws: ReportFailed.self) {
            _ = try runner.run(delivering: { _ in }, finishing: { _ in throw ReportFailed() })
        }
        #expect(readFileBytes(folder.file("tap.golden.log")) == stale)
        _ = try runner.run(delivering: { _ in })
        #expect(readFileBytes(folder.file("tap.golden.log")) != stale)
    }

    @Test("A capture without a golden log is an error that says how to create one")
    func missingGolden() throws {
        let folder = TemporaryDirectory("replay")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "tap")
        try FileManager.default.removeItem(atPath: folder.file("tap.golden.log"))
        let report = try CaptureCorpus.verify(root: folder.path)
        #expect(report.resultsText.hasPrefix("ERROR   tap: "))
        #expect(report.resultsText.contains("--update"))
    }

    @Test("A capture whose scene file is broken is an error naming the scene file and key")
    func brokenSceneIsNamed() throws {
        let folder = TemporaryDirectory("replay")
        try Data(#"{"name": "x", "window": {"width": 10}}"#.utf8).write(to: URL(fileURLWithPath: folder.file("broken.json")))
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "broken.json")
        let report = try CaptureCorpus.verify(root: folder.path)
        #expect(report.resultsText == "ERROR   tap: \(folder.path)/broken.json:1: window.height: missing required key\n")
    }

    @Test("A missing corpus folder is reported, not crashed on")
    func missingFolder() {
        #expect(throws: VerifyError.self) { try CaptureCorpus.verify(root: "/nonexistent/captures") }
    }
}

/// A recognizer that breaks the state machine stops the process (a programmer error); `verify`
/// names the capture it was replaying first. Run in a child process (an exit test).
@Suite("Verify, stopped by a recognizer")
struct VerifyStoppedTests {
    /// Declared continuous, it says `ended` straight from `possible` at the first touch.
    final class EndsAtOnce: GestureRecognizer {
        init(name: String) { super.init(kind: .continuous, name: name) }
        override func touchesBegan(_ touches: TouchBatch) { state = .ended }
    }

    @Test("A recognizer that traps stops verify with the message of the trap and the trace of the capture in progress")
    func trapNamesTheCapture() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let folder = "/tmp/touchstone-verify-trap-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(#"{"name": "trap", "window": {"width": 1000, "height": 1000}, "recognizers": [{"id": "t", "type": "endsAtOnce"}]}"#.utf8)
                .write(to: URL(fileURLWithPath: folder + "/trap.json"))
            try CaptureCorpus.copy("standard/tap", to: folder, as: "tap", scene: "trap.json")
            let kind = RecognizerKind("endsAtOnce", summary: "Ends at the first touch.", make: { EndsAtOnce(name: $0) })
            let registry = try RecognizerRegistry.standard.registering([kind])
            _ = try VerifyRunner(options: VerifyOptions(root: folder, registry: registry)).run()
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [] where name.hasPrefix("touchstone-verify-trap-") {
            try? FileManager.default.removeItem(atPath: "/tmp/" + name)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("illegal gesture state transition"))
        #expect(message.contains("touchstone verify: stopped while replaying /tmp/touchstone-verify-trap-"))
        #expect(message.contains("/tap.trace\n"))
    }
}

@Suite("Verify's memory budget for diffs")
struct MemoryBudgetTests {
    @Test("A failing capture's diff is counted by its golden's bytes and lines: a golden of line feeds counts its index too", arguments: [
        (String(repeating: "\n", count: 100_000), 100_000 + 16 * 100_001 + 4_000_000 + 4 << 20),
        (String(repeating: "123 state tap possible -> began\n", count: 1000), 32_000 + 16 * 1001 + 4_000_000 + 4 << 20),
    ])
    func diffCountsLines(golden: String, counted: Int) throws {
        let folder = TemporaryDirectory("budget")
        writeFileBytes(folder.file("a.golden.log"), Array(golden.utf8))
        let file = try InputFile(path: folder.file("a.golden.log"))
        #expect(try VerifyRunner.diffBytes(golden: file) == counted)
    }

    @Test("A diff's index is counted at most for the lines compared line by line")
    func indexCountIsBounded() {
        #expect(UnifiedDiff.indexBytes(goldenLines: 100 << 20) == 16 * UnifiedDiff.maximumLines + 4_000_000)
    }

    @Test("A holder that would pass the budget beside another waits until the other is done; one within it does not")
    func waitsBeyondTheBudget() {
        let budget = MemoryBudget(bytes: 256)
        let firstHolding = Atomic(false), firstDone = Atomic(false), secondTried = Atomic(false)
        let sawFirstDone = Atomic(false), smallRanBeside = Atomic(false)
        WorkerThreads.run(count: 2) { worker in
            if worker == 0 {
                budget.while(holding: 200) {
                    firstHolding.store(true, ordering: .sequentiallyConsistent)
                    while !secondTried.load(ordering: .sequentiallyConsistent) {}
                    // A holder of 50 fits beside this one at once.
                    budget.while(holding: 50) { smallRanBeside.store(true, ordering: .sequentiallyConsistent) }
                    usleep(50_000)
                    firstDone.store(true, ordering: .sequentiallyConsistent)
                }
            } else {
                while !firstHolding.load(ordering: .sequentiallyConsistent) {}
                secondTried.store(true, ordering: .sequentiallyConsistent)
                budget.while(holding: 100) { sawFirstDone.store(firstDone.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent) }
            }
        }
        let small = smallRanBeside.load(ordering: .sequentiallyConsistent), waited = sawFirstDone.load(ordering: .sequentiallyConsistent)
        #expect(small)
        #expect(waited)
    }
}

/// A failing capture's diff holds a bounded log and prints a bounded text, whatever the trace
/// and golden hold; the diffs of ordinary failures are what the whole log gives.
@Suite("Verify's diffs of long logs")
struct VerifyLongLogTests {
    /// A capture of a seeded corpus trace of `samples` samples through `map`, with `golden`, and
    /// its whole log.
    private func capture(samples: Int, in folder: TemporaryDirectory, golden: (_ log: [UInt8]) -> [UInt8]) throws -> (Capture, [UInt8]) {
        let corpus = try CorpusSynthesizer(seed: 3)
        var writer = try TraceWriter(path: folder.file("long.trace"), header: corpus.header(index: 0, samples: samples, version: "test"))
        try corpus.generateTrace(index: 0, samples: samples, into: &writer)
        try writer.close()
        writeFileBytes(folder.file("long.scene"), Array("map\n".utf8))
        let capture = Capture(root: folder.path, name: "long")
        let log = try CaptureReplayer.replay(capture).log
        writeFileBytes(folder.file("long.golden.log"), golden(log))
        return (capture, log)
    }

    @Test("A log of more lines than its golden's and the edit limit fails with the diff the whole log gives", arguments: [0, 40])
    func logFarLongerThanGolden(keptLines: Int) throws {
        let folder = TemporaryDirectory("long-log")
        let (capture, log) = try capture(samples: 5_000, in: folder) { log in
            Array(log.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(keptLines).joined(separator: [UInt8(ascii: "\n")])) + Array("\nchanged\n".utf8)
        }
        let golden = readFileBytes(capture.goldenPath)
        #expect(log.count(where: { $0 == UInt8(ascii: "\n") }) > 2 * UnifiedDiff.maximumEdits)
        let whole = try #require(UnifiedDiff.make(old: golden, new: log, oldName: "long.golden.log", newName: "long (replay)"))
        #expect(whole.hasSuffix("@@ -\(keptLines + 1) +\(keptLines + 1) @@ more than 1000 lines differ from here; showing none\n"))
        #expect(VerifyRunner.verify(capture, update: false).status == .failed(diff: whole))
    }

    @Test("The held log stops the replay once it has more line feeds than its limit, holding about a piece of the log past it")
    func heldLogStopsAtItsLineLimit() throws {
        let folder = TemporaryDirectory("long-log")
        let (capture, log) = try capture(samples: 50_000, in: folder) { _ in Array("x\n".utf8) }
        #expect(log.count > 3 * TraceReplay.flushThreshold)
        var held = HeldLog(lineFeedLimit: 1_002, byteLimit: 1 << 30)
        #expect(throws: HeldLog.Stop.pastLineLimit) {
            try TraceReplay.replay(tracePath: capture.tracePath, scene: BuiltinScenes.map, into: &held)
        }
        #expect(held.lineFeeds > 1_002)
        #expect(held.bytes.count <= TraceReplay.flushThreshold + 4096)
        #expect(held.bytes == Array(log.prefix(held.bytes.count)))
        var small = HeldLog(lineFeedLimit: .max, byteLimit: 2 * TraceReplay.flushThreshold)
        #expect(throws: HeldLog.Stop.pastByteLimit) {
            try TraceReplay.replay(tracePath: capture.tracePath, scene: BuiltinScenes.map, into: &small)
        }
        #expect(small.bytes.count <= 2 * TraceReplay.flushThreshold)
    }

    @Test("A golden that lacks only its final line feed fails with a diff that says so")
    func goldenWithoutFinalLineFeed() throws {
        let folder = TemporaryDirectory("replay")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "tap")
        var golden = readFileBytes(folder.file("tap.golden.log"))
        golden.removeLast()
        writeFileBytes(folder.file("tap.golden.log"), golden)
        let report = try CaptureCorpus.verify(root: folder.path)
        guard case .failed(let diff) = try #require(report.results.first).status else { Issue.record("\(report.resultsText)"); return }
        let last = try #require(UnifiedDiff.lines(String(decoding: golden, as: UTF8.self)).last)
        #expect(diff.hasSuffix("\n-\(last)\n\\ No newline at end of file\n+\(last)\n"))
    }

    @Test("A failing capture's diff is counted with the diff's text: the limit and a line decoded to fill it")
    func diffTextIsCounted() {
        #expect(VerifyRunner.diffBytes(goldenSize: 1000, goldenLines: 10) == 1000 + UnifiedDiff.indexBytes(goldenLines: 10) + 4 * UnifiedDiff.maximumBytes)
    }
}
