import Foundation
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
        let dir = try TemporaryDirectory()
        #expect(try TouchstoneProcess.run(["synth", family, "--seed", "11", "-o", dir.path("a.trace")]).status == 0)
        #expect(try TouchstoneProcess.run(["convert", dir.path("a.trace"), "-o", dir.path("a.jsonl")]).status == 0)
        #expect(try TouchstoneProcess.run(["convert", dir.path("a.jsonl"), "-o", dir.path("b.trace")]).status == 0)
        #expect(try bytes(dir.path("a.trace")) == bytes(dir.path("b.trace")))
    }

    @Test("Multi-finger taps survive the round trip too")
    func multiFingerRoundTrip() throws {
        let dir = try TemporaryDirectory()
        try TouchstoneProcess.run(["synth", "tap", "--fingers", "3", "--seed", "2", "-o", dir.path("a.trace")])
        try TouchstoneProcess.run(["convert", dir.path("a.trace"), "-o", dir.path("a.jsonl")])
        try TouchstoneProcess.run(["convert", dir.path("a.jsonl"), "-o", dir.path("b.trace")])
        #expect(try bytes(dir.path("a.trace")) == bytes(dir.path("b.trace")))
    }

    @Test("The JSON Lines twin is one event per line after a header line")
    func jsonLinesShape() throws {
        let dir = try TemporaryDirectory()
        try TouchstoneProcess.run(["synth", "tap", "--seed", "1", "-o", dir.path("a.trace")])
        try TouchstoneProcess.run(["convert", dir.path("a.trace"), "-o", dir.path("a.jsonl")])
        let lines = String(decoding: try bytes(dir.path("a.jsonl")), as: UTF8.self).split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"touchstone\"") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
    }

    @Test("An unknown output extension is refused before anything is read")
    func unknownExtension() throws {
        let dir = try TemporaryDirectory()
        let result = try TouchstoneProcess.run(["convert", dir.path("missing.trace"), "-o", dir.path("out.xyz")])
        #expect(result.status != 0)
        #expect(result.stderr.contains(".jsonl"))
    }

    @Test("A trace exported to evemu and read back keeps its touch counts")
    func evemuExport() throws {
        let dir = try TemporaryDirectory()
        try TouchstoneProcess.run(["synth", "pinch", "--seed", "4", "-o", dir.path("a.trace")])
        #expect(try TouchstoneProcess.run(["convert", dir.path("a.trace"), "-o", dir.path("a.evemu")]).status == 0)
        let original = try TouchstoneProcess.run(["info", "--json", dir.path("a.trace")]).stdout
        let exported = try TouchstoneProcess.run(["info", "--json", dir.path("a.evemu")]).stdout
        for key in ["touchSequences", "touchSamples", "frames", "maxConcurrentTouches"] {
            #expect(value(key, in: original) == value(key, in: exported), "\(key)")
        }
    }

    private func value(_ key: String, in json: String) -> Int? {
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return object?[key] as? Int
    }
}
