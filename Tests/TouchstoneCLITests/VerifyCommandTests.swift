import Foundation
import Replay
import TestSupport
import Testing

/// `touchstone verify` and `touchstone replay` run as a user runs them: the main job's command on
/// the bundled captures, parallelism, failures and unusable input.
@Suite("verify and replay commands")
struct VerifyCommandTests {
    static let captures = packagePath("captures")

    @Test("touchstone verify captures/ passes every bundled capture and exits 0")
    func mainJobPasses() throws {
        let result = try TouchstoneProcess.run(["verify", Self.captures + "/"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") || $0.hasPrefix("ERROR") }
        #expect(lines.count >= 30)
        #expect(lines.allSatisfy { $0.hasPrefix("PASS") })
        #expect(result.stderr.contains("captures  passed  failed  events  events/s"))
    }

    @Test("touchstone verify prints the library's report and writes its JUnit XML, byte for byte")
    func commandIsTheLibraryCall() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["verify", Self.captures + "/buttons", "--jobs", "2", "--junit", folder.file("r.xml")])
        let report = try VerifyRunner(options: VerifyOptions(root: Self.captures + "/buttons", jobs: 2)).run()
        #expect(result.status == 0)
        #expect(result.stdout == report.standardOutputText)
        #expect(try String(contentsOfFile: folder.file("r.xml"), encoding: .utf8) == report.junitXML)
    }

    @Test("--jobs 2 prints exactly what --jobs 1 prints")
    func jobsDoNotChangeOutput() throws {
        let serial = try TouchstoneProcess.run(["verify", Self.captures, "--jobs", "1"])
        let parallel = try TouchstoneProcess.run(["verify", Self.captures, "--jobs", "2"])
        #expect(serial.stdout == parallel.stdout)
    }

    @Test("A changed recognizer parameter exits 1 with a diff naming the capture, also in JUnit")
    func changedParameterFails() throws {
        let folder = TemporaryDirectory("cli")
        for suffix in [".trace", ".golden.log"] {
            try FileManager.default.copyItem(atPath: Self.captures + "/standard/long-press" + suffix,
                                             toPath: folder.file("press" + suffix))
        }
        try Data("press.json\n".utf8).write(to: folder.url.appendingPathComponent("press.scene"))
        try Data(#"""
            {"name": "press", "window": {"width": 1280, "height": 800},
             "views": [{"id": "view", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
               "recognizers": [{"id": "longPress", "type": "longPress", "minimumPressDuration": 0.3}]}]}
            """#.utf8).write(to: folder.url.appendingPathComponent("press.json"))
        let result = try TouchstoneProcess.run(["verify", folder.url.path, "--junit", folder.file("junit.xml")])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("FAIL    press: log differs from press.golden.log\n--- press.golden.log\n+++ press (replay)\n@@ "))
        let junit = try String(contentsOfFile: folder.file("junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testsuite name="touchstone verify" tests="1" failures="1" errors="0">"#))
    }

    @Test("A broken scene file is one error line naming file, line, key and problem, and exit 1")
    func brokenSceneFile() throws {
        let folder = TemporaryDirectory("cli")
        try Data("{\n  \"name\": \"s\",\n  \"window\": {\"width\": 10, \"height\": -1}\n}\n".utf8)
            .write(to: folder.url.appendingPathComponent("bad.json"))
        let result = try TouchstoneProcess.run(["replay", Self.captures + "/map/pan.trace", "--scene", folder.file("bad.json")])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(folder.file("bad.json")):3: window.height: must be greater than 0, found -1.0\n")
    }

    @Test("replay --format jsonl prints one JSON object per observation")
    func replayJSONLines() throws {
        let text = try TouchstoneProcess.run(["replay", Self.captures + "/map/double-tap.trace", "--scene", "map"])
        let json = try TouchstoneProcess.run(["replay", Self.captures + "/map/double-tap.trace", "--scene", "map", "--format", "jsonl"])
        #expect(text.status == 0 && json.status == 0)
        let objects = json.stdout.split(separator: "\n")
        #expect(objects.count == text.stdout.split(separator: "\n").count)
        #expect(objects.allSatisfy { $0.hasPrefix("{\"t\":") && $0.hasSuffix("}") })
    }
}

@Suite("replay output")
struct ReplayOutputTests {
    @Test("replay -o writes through a symbolic link into its target, never replacing the link")
    func outputWritesInPlace() throws {
        let folder = TemporaryDirectory("cli")
        try Data("old".utf8).write(to: folder.url.appendingPathComponent("target.log"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.log"), withDestinationPath: folder.file("target.log"))
        let result = try TouchstoneProcess.run(
            ["replay", VerifyCommandTests.captures + "/standard/tap.trace", "--scene", "tap", "-o", folder.file("link.log")])
        #expect(result.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("link.log"))
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let written = try String(contentsOfFile: folder.file("target.log"), encoding: .utf8)
        let golden = try String(contentsOfFile: VerifyCommandTests.captures + "/standard/tap.golden.log", encoding: .utf8)
        #expect(written == golden)
    }

    @Test("A shard past the corpus's end passes (exit 0, 0 captures) with a warning on standard error saying it checked nothing")
    func emptyShardWarns() throws {
        let result = try TouchstoneProcess.run(["verify", VerifyCommandTests.captures + "/buttons", "--shard", "79/1000", "--no-progress"])
        let corpus = try FileManager.default.contentsOfDirectory(atPath: VerifyCommandTests.captures + "/buttons").count { $0.hasSuffix(".scene") }
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix(
            "warning: --shard 79/1000 holds no capture: \(VerifyCommandTests.captures)/buttons has \(corpus) captures, fewer than 79, so nothing was checked\n"), "\(result.stderr)")
    }
}
