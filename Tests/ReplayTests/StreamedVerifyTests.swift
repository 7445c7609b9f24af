import Foundation
import TestSupport
import Testing
import TouchTrace
@testable import Replay

/// `VerifyRunner.run(progress:delivering:)`: results handed on in corpus order as they come, and
/// kept without their diffs, which is how `touchstone verify` prints a corpus of many failures.
@Suite("Streamed verify")
struct StreamedVerifyTests {
    /// Four captures of the bundled corpus, the second and fourth with goldens that differ.
    private func corpus() throws -> TemporaryDirectory {
        let folder = TemporaryDirectory("replay")
        for (index, name) in ["standard/tap", "standard/long-press", "standard/pan", "standard/swipe-left"].enumerated() {
            let copy = "c\(index)"
            let scene = String(decoding: readFileBytes(CaptureCorpus.root + "/" + name + ".scene"), as: UTF8.self)
            try CaptureCorpus.copy(name, to: folder.path, as: copy, scene: scene.trimmingCharacters(in: .whitespacesAndNewlines))
            if index % 2 == 1 {
                var golden = readFileBytes(folder.file(copy + ".golden.log"))
                golden.insert(contentsOf: Array("changed line\n".utf8), at: 0)
                writeFileBytes(folder.file(copy + ".golden.log"), golden)
            }
        }
        return folder
    }

    private final class Received: @unchecked Sendable {
        var results: [CaptureResult] = []
    }

    @Test("Results are handed on in corpus order at any number of jobs, exactly as a held run reports them", arguments: [1, 2, 3])
    func handedOnInCorpusOrder(jobs: Int) throws {
        let folder = try corpus()
        let held = try VerifyRunner(options: VerifyOptions(root: folder.path, jobs: 1)).run()
        let received = Received()
        let streamed = try VerifyRunner(options: VerifyOptions(root: folder.path, jobs: jobs)).run { received.results.append($0) }
        #expect(received.results.map(\.capture.name) == ["c0", "c1", "c2", "c3"])
        #expect(received.results.map(VerifyReport.resultText(of:)).joined() == held.resultsText)
        #expect(streamed.latencyText == held.latencyText)
        #expect(streamed.passed == 2 && streamed.failed == 2)
    }

    @Test("A streamed run keeps no latency sample once a result is handed on, and counts them as a held run does")
    func keepsNoLatencySamples() throws {
        let folder = try corpus()
        let held = try VerifyRunner(options: VerifyOptions(root: folder.path, jobs: 1)).run()
        let received = Received()
        let streamed = try VerifyRunner(options: VerifyOptions(root: folder.path, jobs: 2)).run { received.results.append($0) }
        #expect(received.results.contains { !$0.latencies.recognition.isEmpty })
        #expect(streamed.results.allSatisfy { $0.latencies == LatencySamples() })
        #expect(streamed.latencyCounts == held.latencyCounts && !held.latencyCounts.recognition.isEmpty)
        #expect(streamed.results.map(\.recognitionLatency) == held.results.map(\.recognitionLatency))
    }

    @Test("A streamed run keeps each failure without its diff once it is handed on")
    func keepsNoDiff() throws {
        let folder = try corpus()
        let streamed = try VerifyRunner(options: VerifyOptions(root: folder.path)).run { _ in }
        #expect(streamed.results.map(\.status) == [.passed, .failed(diff: ""), .passed, .failed(diff: "")])
    }

    private struct Refused: Error, Equatable {}

    @Test("A consumer that throws stops the run: no capture is started after it, and its error is rethrown")
    func consumerErrorStops() throws {
        let folder = try corpus()
        let received = Received()
        #expect(throws: Refused.self) {
            try VerifyRunner(options: VerifyOptions(root: folder.path)).run { result in
                received.results.append(result)
                throw Refused()
            }
        }
        #expect(received.results.map(\.capture.name) == ["c0"])
    }

    @Test("JUnit XML written as results come is byte for byte what the held run's report gives")
    func junitStreamMatchesHeldReport() throws {
        let folder = try corpus()
        let held = try VerifyRunner(options: VerifyOptions(root: folder.path)).run()
        let output = TemporaryDirectory("replay")
        let stream = try JUnitReport.Stream(path: output.file("junit.xml"))
        for result in held.results { try stream.add(result) }
        try stream.write(inputs: [])
        #expect(readFileBytes(output.file("junit.xml")) == Array(held.junitXML.utf8))
    }
}

/// The order in which results are handed on and captures taken (`OrderedDelivery`), one thread.
@Suite("Ordered delivery")
struct OrderedDeliveryTests {
    private func result(_ index: Int, diff: String = "") -> CaptureResult {
        let capture = Capture(root: "corpus", name: "c\(index)")
        return CaptureResult(capture: capture, status: diff.isEmpty ? .passed : .failed(diff: diff), events: 0, touchSamples: 0,
                             virtualDuration: 0, latencies: LatencySamples())
    }

    @Test("A result that comes before its turn waits, and goes out with the ones before it once they come")
    func waitsForItsTurn() {
        var handed: [String] = []
        let delivery = OrderedDelivery(order: [2, 0, 1], parkedBytesLimit: 1 << 20) { handed.append($0.capture.name) }
        #expect(delivery.take() == 2)
        delivery.deliver(result(2), at: 2)
        #expect(handed.isEmpty)
        #expect(delivery.take() == 0)
        delivery.deliver(result(0), at: 0)
        #expect(handed == ["c0"])
        #expect(delivery.take() == 1)
        #expect(delivery.take() == nil)
        delivery.deliver(result(1), at: 1)
        #expect(handed == ["c0", "c1", "c2"])
    }

    @Test("Past the waiting limit, workers take the earliest capture nobody has taken instead of the longest")
    func pastTheLimitTakesTheEarliest() {
        let delivery = OrderedDelivery(order: [3, 2, 1, 0], parkedBytesLimit: 1_000) { _ in }
        #expect(delivery.take() == 3)
        delivery.deliver(result(3, diff: String(repeating: "x", count: 2_000)), at: 3)
        #expect(delivery.take() == 0)
        #expect(delivery.take() == 1)
    }
}
