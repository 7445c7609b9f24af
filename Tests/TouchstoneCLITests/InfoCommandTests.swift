import Foundation
import Replay
import TestSupport
import Testing
import TouchTrace

@Suite("touchstone info describes traces and their damage")
struct InfoCommandTests {
    /// Decodes `info --json` output into a dictionary.
    private func json(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("info --json on a synthetic pinch prints its touch sequences, peak fingers, samples, frames, duration and size")
    func jsonCounts() throws {
        let dir = TemporaryDirectory("cli")
        let trace = dir.file("a.trace")
        #expect(try TouchstoneProcess.run(["synth", "pinch", "--seed", "7", "-o", trace]).status == 0)
        let result = try TouchstoneProcess.run(["info", "--json", trace])
        #expect(result.status == 0)
        let info = try json(result.stdout)
        #expect(info["touchSequences"] as? Int == 2)
        #expect(info["maxConcurrentTouches"] as? Int == 2)
        #expect(info["untrackedTouches"] as? Int == 0)
        #expect(info["addedDevicesNotListed"] as? Int == 0)
        #expect((info["touchSamples"] as? Int ?? 0) > 0)
        #expect((info["frames"] as? Int ?? 0) > 0)
        #expect((info["durationSeconds"] as? Double ?? 0) > 0)
        let size = try FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int
        #expect(info["bytes"] as? Int == size)
        #expect(info["damaged"] as? Bool == false)
    }

    @Test("A device without a name (an evtest or getevent log without its header) is listed as (unnamed)")
    func unnamedDevice() throws {
        let dir = TemporaryDirectory("cli")
        let lines = [
            #"{"touchstone":"trace","version":1,"recorder":{"name":"t","version":"1"},"devices":[{"index":0,"name":"","bus":6,"version":1,"kind":"touchscreen","source":"synthetic","x":{"min":0,"max":2880},"y":{"min":0,"max":1800},"slots":10}]}"#,
            #"{"t":0,"touch":"down","id":0,"slot":0,"x":1,"y":1}"#, #"{"t":0,"frame":0}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: dir.file("u.jsonl")))
        let result = try TouchstoneProcess.run(["info", dir.file("u.jsonl")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\n  0: (unnamed) (touchscreen, synthetic, 10 slots,"), "\(result.stdout)")
    }

    @Test("The same seed gives the same bytes on every run")
    func sameSeedSameBytes() throws {
        let dir = TemporaryDirectory("cli")
        try TouchstoneProcess.run(["synth", "pinch", "--seed", "7", "-o", dir.file("a.trace")])
        try TouchstoneProcess.run(["synth", "pinch", "--seed", "7", "-o", dir.file("b.trace")])
        let first = try Data(contentsOf: URL(fileURLWithPath: dir.file("a.trace")))
        let second = try Data(contentsOf: URL(fileURLWithPath: dir.file("b.trace")))
        #expect(first == second)
        #expect(!first.isEmpty)
    }

    @Test("A file that is no trace exits 1 with one line naming the file and offset")
    func notATrace() throws {
        let dir = TemporaryDirectory("cli")
        let path = dir.file("garbage.trace")
        try Data("hello, world".utf8).write(to: URL(fileURLWithPath: path))
        let result = try TouchstoneProcess.run(["info", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(path): byte 0:"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("A trace cut short reports what was recovered and how much was lost")
    func truncatedTrace() throws {
        let dir = TemporaryDirectory("cli")
        let trace = dir.file("long.trace")
        try TouchstoneProcess.run(["synth", "pan", "--seed", "3", "-o", trace])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: trace))
        let cut = dir.file("cut.trace")
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
        let result = try TouchstoneProcess.run(["info", "--json", cut])
        #expect(result.status == 0)
        let info = try json(result.stdout)
        #expect(info["damaged"] as? Bool == true)
        let damage = try #require(info["damage"] as? [[String: Any]])
        #expect(damage.contains { ($0["bytesLost"] as? Int ?? 0) > 0 })
    }

    @Test("A flipped bit in a chunk exits 1 and names the byte offset")
    func flippedBit() throws {
        let dir = TemporaryDirectory("cli")
        let trace = dir.file("t.trace")
        try TouchstoneProcess.run(["synth", "tap", "--seed", "1", "-o", trace])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: trace))
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: URL(fileURLWithPath: trace))
        let result = try TouchstoneProcess.run(["info", trace])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(trace): byte "))
    }

    @Test("A corrupt chunk stops info with the error alone; with --salvage it is skipped, the rest described, and info still exits 1, as its help says")
    func corruptChunkWithAndWithoutSalvage() throws {
        let dir = TemporaryDirectory("cli")
        let trace = dir.file("t.trace")
        try TouchstoneProcess.run(["synth", "tap", "--seed", "1", "--repeat", "3", "-o", trace])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: trace))
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: URL(fileURLWithPath: trace))

        let stopped = try TouchstoneProcess.run(["info", trace])
        #expect(stopped.status == 1)
        #expect(stopped.stdout.isEmpty)
        #expect(stopped.stderr.hasPrefix("error: \(trace): byte "))
        let salvaged = try TouchstoneProcess.run(["info", "--salvage", trace])
        #expect(salvaged.status == 1)
        #expect(salvaged.stdout.contains("touch samples: "))
        #expect(salvaged.stdout.contains("skipped"))
        let help = try TouchstoneProcess.run(["info", "--help"])
        #expect(help.stdout.replacingOccurrences(of: "\n", with: " ").contains("a corrupt chunk stops it with an error, or with --salvage is skipped and the rest described"))
    }

    /// A JSON Lines trace: `HostileInputTests.header` (device 0), then `events` one a line.
    private func jsonLines(_ events: [String], in folder: TemporaryDirectory) -> String {
        let path = folder.file("t.jsonl")
        writeFileBytes(path, Array(([HostileInputTests.header] + events).joined(separator: "\n").utf8 + [0x0A]))
        return path
    }

    @Test("info follows as many touches down at once as replay takes, and says how many went down past that")
    func touchesPastTheReplayLimit() throws {
        #expect(TraceStatistics.touchesDownLimit == ReplayDriver.touchesDownLimit)
        let folder = TemporaryDirectory("cli")
        let limit = TraceStatistics.touchesDownLimit
        let downs = (0..<limit + 6).map { #"{"t":1000,"touch":"down","id":\#($0),"slot":0,"x":10,"y":10}"# }
        let path = jsonLines(downs + [#"{"t":2000,"touch":"up","id":\#(limit + 5),"slot":0,"x":10,"y":10}"#], in: folder)
        let text = try TouchstoneProcess.run(["info", path])
        #expect(text.status == 0)
        #expect(text.stdout.contains("touch sequences: \(limit + 6) (more than \(limit) at once: 6 went down while \(limit) were down and were not followed; replay and render refuse this file)\n"))
        #expect(!text.stdout.contains("inconsistent"))
        let info = try json(TouchstoneProcess.run(["info", "--json", path]).stdout)
        #expect(info["touchSequences"] as? Int == limit + 6)
        #expect(info["maxConcurrentTouches"] as? Int == limit)
        #expect(info["untrackedTouches"] as? Int == 6)
        #expect(info["inconsistentTouchSamples"] as? Int == 0)
    }

    @Test("info lists the first 256 devices added in a trace and counts the rest, in text and JSON")
    func addedDevicesPastTheLimit() throws {
        let folder = TemporaryDirectory("cli")
        let kept = TraceStatistics.addedDevicesKept
        #expect(kept == 256)
        let device = #"{"index":1,"name":"pad","bus":6,"version":1,"kind":"touchscreen","source":"synthetic","x":{"min":0,"max":99,"res":1},"y":{"min":0,"max":99,"res":1},"slots":2,"properties":[]}"#
        let path = jsonLines((0..<kept + 4).map { #"{"t":\#($0),"deviceAdded":\#(device)}"# }, in: folder)
        let text = try TouchstoneProcess.run(["info", path])
        #expect(text.status == 0)
        let devices = text.stdout.split(separator: "\n").filter { $0.hasPrefix("  1: pad (") }
        #expect(devices.count == kept)
        #expect(text.stdout.contains("\n  and 4 more added later in the trace, not listed (the first 256 added are)\n"))
        #expect(text.stdout.contains("device changes: \(kept + 4)\n"))
        let info = try json(TouchstoneProcess.run(["info", "--json", path]).stdout)
        #expect((info["devices"] as? [Any])?.count == 1 + kept)
        #expect(info["addedDevicesNotListed"] as? Int == 4)
        #expect(info["deviceChanges"] as? Int == kept + 4)
    }
}

