import Foundation
import TestSupport
import Testing
import TouchTrace
@testable import Replay

/// Which files of a corpus folder are captures: a `NAME.scene` and the one trace beside it, in any
/// format Touchstone reads.
@Suite("Capture discovery")
struct CaptureDiscoveryTests {
    @Test("A capture's trace may have the extension of any format Touchstone reads")
    func everyFormatsExtension() throws {
        let folder = TemporaryDirectory("discovery")
        for ext in CaptureDiscovery.traceExtensions {
            let name = "c" + ext.dropFirst()
            writeFileBytes(folder.file(name + ext), [])
            writeFileBytes(folder.file(name + ".scene"), Array("map\n".utf8))
        }
        let found = try CaptureDiscovery.captures(in: folder.path)
        #expect(found.map(\.tracePath).sorted() == CaptureDiscovery.traceExtensions.map { folder.file("c" + $0.dropFirst() + $0) }.sorted())
        #expect(found.allSatisfy { $0.problem == nil })
        for ext in [".jsonl", ".yml", ".yaml", ".events", ".getevent", ".evtest"] {
            #expect(CaptureDiscovery.traceExtensions.contains(ext))
        }
    }

    @Test("A JSON Lines capture verifies against the golden of its binary twin")
    func jsonLinesCaptureVerifies() throws {
        let folder = TemporaryDirectory("discovery")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "tap")
        try TraceFile.convert(folder.file("tap.trace"), to: folder.file("tap.jsonl"), as: .jsonLines)
        try FileManager.default.removeItem(atPath: folder.file("tap.trace"))
        let report = try CaptureCorpus.verify(root: folder.path)
        #expect(report.results.map(\.capture.tracePath) == [folder.file("tap.jsonl")])
        #expect(report.failed == 0, "\(report.resultsText)")
    }

    @Test("Files with no NAME.scene beside them are not captures, whatever their extension")
    func filesWithoutSceneAreNotCaptures() throws {
        let folder = TemporaryDirectory("discovery")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "tap")
        writeFileBytes(folder.file("ci.yml"), Array("jobs: {}\n".utf8))
        writeFileBytes(folder.file("source.events"), Array("# EVEMU 1.3\n".utf8))
        writeFileBytes(folder.file("tap.json"), Array("{}\n".utf8))
        writeFileBytes(folder.file("other.jsonl"), [])
        #expect(try CaptureDiscovery.captures(in: folder.path).map(\.name) == ["tap"])
    }

    @Test("A scene with no trace beside it is that capture's error, naming the rule")
    func sceneWithoutTrace() throws {
        let folder = TemporaryDirectory("discovery")
        writeFileBytes(folder.file("lonely.scene"), Array("map\n".utf8))
        let report = try CaptureCorpus.verify(root: folder.path)
        #expect(report.failed == 1)
        #expect(report.resultsText.contains("ERROR   lonely: \(folder.file("lonely.scene")): no trace beside it (a capture is NAME.scene with one trace beside it, NAME.trace (or .jsonl, "))
    }

    @Test("A scene with two traces beside it is that capture's error, naming both")
    func sceneWithTwoTraces() throws {
        let folder = TemporaryDirectory("discovery")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "tap")
        try TraceFile.convert(folder.file("tap.trace"), to: folder.file("tap.jsonl"), as: .jsonLines)
        let report = try CaptureCorpus.verify(root: folder.path)
        #expect(report.failed == 1)
        #expect(report.resultsText.contains("ERROR   tap: \(folder.file("tap.scene")): 2 traces beside it (tap.trace, tap.jsonl): keep one"))
    }

    @Test("A golden log whose scene is gone is that capture's error, not a capture skipped")
    func goldenWithoutScene() throws {
        let folder = TemporaryDirectory("discovery")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "tap")
        try FileManager.default.removeItem(atPath: folder.file("tap.scene"))
        let report = try CaptureCorpus.verify(root: folder.path)
        #expect(report.failed == 1)
        #expect(report.resultsText.contains("ERROR   tap: \(folder.file("tap.golden.log")): no tap.scene beside it (a capture is NAME.scene"))
    }

    @Test("A folder with no scene file has no captures, and the error says what a capture is")
    func noCaptures() throws {
        let folder = TemporaryDirectory("discovery")
        writeFileBytes(folder.file("x.trace"), [])
        #expect(throws: VerifyError(file: folder.path, problem: "no captures in the folder (\(CaptureDiscovery.rule))")) {
            try CaptureDiscovery.captures(in: folder.path)
        }
        #expect(CaptureDiscovery.rule.contains(".jsonl") && CaptureDiscovery.rule.contains(".yml"))
    }
}
