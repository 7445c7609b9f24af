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

    @Test("A folder too deep for the system's path limit fails the check on its own; the other captures are verified")
    func folderBeyondPathLimitIsItsOwnError() throws {
        let folder = TemporaryDirectory("discovery")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "tap")
        // Created a level at a time through descriptors (no working-directory change: tests run
        // side by side): the whole path is past PATH_MAX. Removed the same way, deepest first.
        let level = String(repeating: "d", count: 200)
        var descriptors = [open(folder.path, O_RDONLY | O_DIRECTORY)]
        for _ in 0..<25 {
            #expect(mkdirat(descriptors.last!, level, 0o755) == 0)
            descriptors.append(openat(descriptors.last!, level, O_RDONLY | O_DIRECTORY))
        }
        defer {
            for (parent, child) in zip(descriptors.dropLast(), descriptors.dropFirst()).reversed() {
                close(child)
                unlinkat(parent, level, AT_REMOVEDIR)
            }
            close(descriptors[0])
        }
        let report = try CaptureCorpus.verify(root: folder.path)
        #expect(report.passed == 1 && report.failed == 1, "\(report.resultsText)")
        #expect(report.resultsText.contains("cannot read the folder (File name too long): any captures in it are not checked"))
    }

    @Test("A capture's file whose name is not UTF-8 fails the check, named as far as it can be")
    func nameNotUTF8IsAnError() throws {
        let folder = TemporaryDirectory("discovery")
        try CaptureCorpus.copy("standard/tap", to: folder.path, as: "tap", scene: "tap")
        let name = Array(folder.file("caf").utf8) + [0xE9] + Array(".scene".utf8) + [0]
        let fd = name.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        #expect(fd >= 0)
        close(fd)
        let found = try CaptureDiscovery.captures(in: folder.path)
        #expect(found.map(\.name) == ["caf\u{FFFD}.scene", "tap"])
        #expect(found.first?.problem?.hasSuffix("the name is not UTF-8: the capture cannot be checked") == true)
    }

    @Test("Captures in subfolders are found; a link to a folder is listed, not walked")
    func linksToFoldersAreNotWalked() throws {
        let folder = TemporaryDirectory("discovery")
        try FileManager.default.createDirectory(atPath: folder.file("taps/more"), withIntermediateDirectories: true)
        try CaptureCorpus.copy("standard/tap", to: folder.file("taps/more"), as: "tap", scene: "tap")
        #expect(symlink(folder.file("taps"), folder.file("loop")) == 0)
        #expect(try CaptureDiscovery.captures(in: folder.path).map(\.name) == ["taps/more/tap"])
    }
}
