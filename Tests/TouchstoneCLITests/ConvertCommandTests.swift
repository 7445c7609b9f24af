import Foundation
import TestSupport
import Testing

@Suite("touchstone convert moves a session between formats without losing it")
struct ConvertCommandTests {
    static let families = [
        "tap", "double-tap", "long-press", "pan", "swipe", "pinch", "rotation", "edge-pan",
        "chevron", "checkmark", "circle", "shake", "double-tap-drag", "pattern",
    ]

    private func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("binary → JSON Lines → binary is byte-identical", arguments: families)
    func binaryJSONLinesRoundTrip(family: String) throws {
        let dir = TemporaryDirectory("cli")
        #expect(try TouchstoneProcess.run(["synth", family, "--seed", "11", "-o", dir.file("a.trace")]).status == 0)
        #expect(try TouchstoneProcess.run(["convert", dir.file("a.trace"), "-o", dir.file("a.jsonl")]).status == 0)
        #expect(try TouchstoneProcess.run(["convert", dir.file("a.jsonl"), "-o", dir.file("b.trace")]).status == 0)
        #expect(try bytes(dir.file("a.trace")) == bytes(dir.file("b.trace")))
    }

    @Test("Multi-finger taps survive the round trip too")
    func multiFingerRoundTrip() throws {
        let dir = TemporaryDirectory("cli")
        try TouchstoneProcess.run(["synth", "tap", "--fingers", "3", "--seed", "2", "-o", dir.file("a.trace")])
        try TouchstoneProcess.run(["convert", dir.file("a.trace"), "-o", dir.file("a.jsonl")])
        try TouchstoneProcess.run(["convert", dir.file("a.jsonl"), "-o", dir.file("b.trace")])
        #expect(try bytes(dir.file("a.trace")) == bytes(dir.file("b.trace")))
    }

    @Test("The JSON Lines twin is one event per line after a header line")
    func jsonLinesShape() throws {
        let dir = TemporaryDirectory("cli")
        try TouchstoneProcess.run(["synth", "tap", "--seed", "1", "-o", dir.file("a.trace")])
        try TouchstoneProcess.run(["convert", dir.file("a.trace"), "-o", dir.file("a.jsonl")])
        let lines = String(decoding: try bytes(dir.file("a.jsonl")), as: UTF8.self).split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"touchstone\"") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
    }

    @Test("An unknown output extension is refused before anything is read")
    func unknownExtension() throws {
        let dir = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["convert", dir.file("missing.trace"), "-o", dir.file("out.xyz")])
        #expect(result.status != 0)
        #expect(result.stderr.contains(".jsonl"))
    }

    @Test("An output that cannot be created is one error naming it, in the same words for every format", arguments: ["trace", "jsonl", "evemu", "yml"])
    func uncreatableOutputError(format: String) throws {
        let dir = TemporaryDirectory("cli")
        try TouchstoneProcess.runSucceeding(["synth", "tap", "--seed", "1", "-o", dir.file("a.trace")])
        let output = dir.file("missing/out.\(format)")
        let result = try TouchstoneProcess.run(["convert", dir.file("a.trace"), "-o", output])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(output): cannot write the file (No such file or directory)\n")
    }

    @Test("Replaying a trace converted to evemu or libinput record gives the log the trace gives, notes and times included", arguments: ["evemu", "yml"])
    func convertedReplaysTheSame(format: String) throws {
        let dir = TemporaryDirectory("cli")
        // A synthesized pinch begins with its note, 0.3 s before the first touch.
        try TouchstoneProcess.runSucceeding(["synth", "pinch", "--seed", "4", "-o", dir.file("a.trace")])
        try TouchstoneProcess.runSucceeding(["convert", dir.file("a.trace"), "-o", dir.file("a.\(format)")])
        try TouchstoneProcess.runSucceeding(["replay", dir.file("a.trace"), "--scene", "map", "-o", dir.file("a.log")])
        try TouchstoneProcess.runSucceeding(["replay", dir.file("a.\(format)"), "--scene", "map", "-o", dir.file("b.log")])
        let original = try bytes(dir.file("a.log")), converted = try bytes(dir.file("b.log"))

        #expect(String(decoding: original, as: UTF8.self).contains("synth pinch"))
        #expect(converted == original)
    }

    @Test("A trace exported to evemu and read back keeps its touch counts")
    func evemuExport() throws {
        let dir = TemporaryDirectory("cli")
        try TouchstoneProcess.run(["synth", "pinch", "--seed", "4", "-o", dir.file("a.trace")])
        #expect(try TouchstoneProcess.run(["convert", dir.file("a.trace"), "-o", dir.file("a.evemu")]).status == 0)
        let original = try TouchstoneProcess.run(["info", "--json", dir.file("a.trace")]).stdout
        let exported = try TouchstoneProcess.run(["info", "--json", dir.file("a.evemu")]).stdout
        for key in ["touchSequences", "touchSamples", "frames", "maxConcurrentTouches"] {
            #expect(value(key, in: original) == value(key, in: exported), "\(key)")
        }
    }

    private func value(_ key: String, in json: String) -> Int? {
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return object?[key] as? Int
    }
}
