import Foundation
import Replay
import TestSupport
import Testing
import TouchTrace

/// `VerifyRunner` and `VerifyReport` as a package's own tests call them: the results, diffs, JUnit
/// XML and latency table `touchstone verify` prints, from a library call.
@Suite("Verify API")
struct VerifyAPITests {
    @Test("A folder of passing captures: a PASS line each in corpus order, then the latency table")
    func passingFolder() throws {
        let folder = TemporaryDirectory("api")
        try Bundled.copy("standard", "long-press", into: folder)
        try Bundled.copy("standard", "tap", into: folder)
        let report = try VerifyRunner(options: VerifyOptions(root: folder.path, jobs: 2)).run()
        #expect(report.failed == 0 && report.passed == 2)
        let lines = report.standardOutputText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("PASS    long-press ("))
        #expect(lines[1].hasPrefix("PASS    tap ("))
        #expect(lines[2] == "")
        #expect(lines[3] == "Recognition latency (virtual time)")
        #expect(report.standardOutputText == report.resultsText + "\n" + report.latencyText)
    }

    @Test("A golden that no longer matches fails with a unified diff, in the text and in the JUnit XML")
    func changedGoldenFails() throws {
        let folder = TemporaryDirectory("api")
        try Bundled.copy("standard", "long-press", into: folder)
        var golden = try Bundled.bytes(folder.file("long-press.golden.log"))
        golden.insert(contentsOf: Array("0.000000 note an extra line\n".utf8), at: 0)
        try Data(golden).write(to: URL(fileURLWithPath: folder.file("long-press.golden.log")))
        let report = try VerifyRunner(options: VerifyOptions(root: folder.path)).run()
        #expect(report.failed == 1)
        #expect(report.standardOutputText.hasPrefix(
            "FAIL    long-press: log differs from long-press.golden.log\n--- long-press.golden.log\n+++ long-press (replay)\n@@ "))
        #expect(report.standardOutputText.contains("\n-0.000000 note an extra line\n"))
        #expect(report.junitXML.contains(#"<testsuite name="touchstone verify" tests="1" failures="1" errors="0">"#))
    }

    @Test("writeJUnit writes exactly junitXML")
    func writeJUnitWritesTheXML() throws {
        let folder = TemporaryDirectory("api")
        try Bundled.copy("standard", "tap", into: folder)
        let report = try VerifyRunner(options: VerifyOptions(root: folder.path)).run()
        try report.writeJUnit(to: folder.file("r.xml"))
        #expect(try String(contentsOfFile: folder.file("r.xml"), encoding: .utf8) == report.junitXML)
    }

    @Test("writeJUnit refuses to replace one of the corpus's own files, which stays as it was")
    func writeJUnitRefusesAnInput() throws {
        let folder = TemporaryDirectory("api")
        try Bundled.copy("standard", "tap", into: folder)
        let before = try Bundled.bytes(folder.file("tap.golden.log"))
        let report = try VerifyRunner(options: VerifyOptions(root: folder.path)).run()
        #expect(throws: OutputFileError.self) { try report.writeJUnit(to: folder.file("tap.golden.log")) }
        #expect(try Bundled.bytes(folder.file("tap.golden.log")) == before)
    }

    @Test("--update through the API writes a missing golden, and the next run passes")
    func updateWritesGolden() throws {
        let folder = TemporaryDirectory("api")
        try Bundled.copy("standard", "tap", into: folder)
        try FileManager.default.removeItem(atPath: folder.file("tap.golden.log"))
        let missing = try VerifyRunner(options: VerifyOptions(root: folder.path)).run()
        #expect(missing.standardOutputText.hasPrefix("ERROR   tap: "))
        let updated = try VerifyRunner(options: VerifyOptions(root: folder.path, update: true)).run()
        #expect(updated.resultsText.hasPrefix("UPDATED tap ("))
        #expect(try Bundled.bytes(folder.file("tap.golden.log")) == Bundled.bytes(Bundled.captures + "/standard/tap.golden.log"))
        #expect(try VerifyRunner(options: VerifyOptions(root: folder.path)).run().failed == 0)
    }

    @Test("A folder without captures is a VerifyError naming the folder")
    func emptyFolderIsAnError() throws {
        let folder = TemporaryDirectory("api")
        #expect(throws: VerifyError.self) { try VerifyRunner(options: VerifyOptions(root: folder.path)).run() }
    }
}
