import Foundation
import TestSupport
import Testing

/// `replay`, `verify`, `info` and `render` keep memory flat whatever the session's length: each
/// runs on a short and a ten-times-longer session and the two processes' peak RSS are compared
/// (`TouchstoneProcess.peakKilobytes`, the child alone). docs/benchmarks.md has the figures at
/// millions of samples.
///
/// Holding every sample costs tens of bytes each (a picture's points and lanes once cost about 85):
/// several megabytes between these sizes. Streaming costs the same few megabytes at both. What
/// may grow, and is allowed for, is what does not grow with the session once it is long: the
/// trace's mapped pages (the reader hands them back every 8 MiB) and a picture's own text (held
/// once until it is written; the byte budget caps it at 4.5 MB).
@Suite("replay, verify, info and render keep memory flat whatever the session's length", .disabled(if: runsUnderSanitizer, SessionPair.sanitizedReason))
struct CommandMemoryTests {
    /// How much more the long session may hold at its peak, beyond the trace's and the output's
    /// growth. (Measured: replay 0.6 MB in all; render 3.2 MB in all with 5.5 MB allowed, the SVG
    /// growing by 1.5 MB and the trace by 1 MB; a render that kept every sample grew by 7.6 MB.)
    static let allowedGrowthKB = 3 * 1024

    /// A short and a long mixed session of 10,000 and 100,000 samples, each also as a capture
    /// (`SIZE/`: trace, scene, golden log) for verify.
    static let sessions = Result {
        try SessionPair("command-memory", short: 10_000, long: 100_000) { stem in
            try Data("map\n".utf8).write(to: URL(fileURLWithPath: stem + "/corpus-0000.scene"))
            try FileManager.default.copyItem(atPath: stem + ".trace", toPath: stem + "/corpus-0000.trace")
            try TouchstoneProcess.runSucceeding(
                ["replay", stem + "/corpus-0000.trace", "--scene", "map", "-o", stem + "/corpus-0000.golden.log"])
        }
    }

    /// Runs `arguments(size)` on the short and the long session and checks the peaks; `output(size)`
    /// is the file the command writes, whose growth is allowed for when it is the command's result.
    private func checkFlat(_ command: String, output: ((String) -> String)? = nil, _ arguments: (String) -> [String]) throws {
        let sessions = try Self.sessions.get()
        let traceGrowth = (fileSize(sessions.trace("long")) - fileSize(sessions.trace("short"))) / 1024
        // The output's growth is known once the command has run.
        let allowed = { Self.allowedGrowthKB + traceGrowth + (output.map { (fileSize($0("long")) - fileSize($0("short"))) / 1024 } ?? 0) }
        let peaks = try sessions.peaks(arguments, allowedGrowthKB: allowed)
        #expect(peaks.long - peaks.short < allowed(), "\(command): \(sessions.describe(peaks)), \(allowed()) KB more allowed")
    }

    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test("replay through a scene, log written, keeps memory flat")
    func replay() throws {
        let sessions = try Self.sessions.get()
        try checkFlat("replay") { ["replay", sessions.trace($0), "--scene", "map", "-o", sessions.directory.file("\($0).log")] }
    }

    @Test("verify of a capture keeps memory flat")
    func verify() throws {
        let sessions = try Self.sessions.get()
        try checkFlat("verify") { ["verify", sessions.directory.file($0), "--no-progress"] }
    }

    @Test("info keeps memory flat")
    func info() throws {
        let sessions = try Self.sessions.get()
        try checkFlat("info") { ["info", sessions.trace($0)] }
    }

    @Test("render through a scene keeps memory flat: the picture keeps what it draws, not every sample")
    func render() throws {
        let sessions = try Self.sessions.get()
        let picture = { (size: String) in sessions.directory.file("\(size).svg") }
        try checkFlat("render", output: picture) { ["render", sessions.trace($0), "--scene", "map", "-o", picture($0)] }
    }

    @Test("synth to JSON Lines streams the text into the file: a session ten times longer peaks no higher")
    func synthJSONLines() throws {
        let folder = TemporaryDirectory("synth-memory")
        // 20 and 200 ten-finger pans: about 2 and 21 MB of JSON Lines, which building the text in
        // memory held whole, with its events, at the peak.
        let short = try TouchstoneProcess.peakKilobytes(["synth", "pan", "--fingers", "10", "--repeat", "20", "-o", folder.file("short.jsonl")])
        let long = try TouchstoneProcess.peakKilobytes(["synth", "pan", "--fingers", "10", "--repeat", "200", "-o", folder.file("long.jsonl")])
        #expect(long - short < Self.allowedGrowthKB, "synth: \(short) KB for 20 pans, \(long) KB for 200")
    }
}
