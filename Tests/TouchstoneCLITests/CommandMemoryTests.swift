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
@Suite("replay, verify, info and render keep memory flat whatever the session's length")
struct CommandMemoryTests {
    static let shortSamples = 10_000
    static let longSamples = 100_000
    /// How much more the long session may hold at its peak, beyond the trace's and the output's
    /// growth. (Measured: replay 0.6 MB in all; render 3.2 MB in all with 5.5 MB allowed, the SVG
    /// growing by 1.5 MB and the trace by 1 MB; a render that kept every sample grew by 7.6 MB.)
    static let allowedGrowthKB = 3 * 1024

    /// A short and a long mixed session, each also as a capture (trace, scene, golden log) for verify.
    final class Sessions: @unchecked Sendable {
        let directory = TemporaryDirectory("command-memory")

        init() throws {
            for (name, samples) in [("short", CommandMemoryTests.shortSamples), ("long", CommandMemoryTests.longSamples)] {
                let folder = directory.file(name)
                let made = try TouchstoneProcess.run(["synth", "corpus", "--samples", "\(samples)", "--seed", "3", "-o", folder])
                guard made.status == 0 else { throw Failure(message: made.stderr) }
                try FileManager.default.moveItem(atPath: folder + "/corpus-0000.trace", toPath: trace(name))
                try Data("map\n".utf8).write(to: URL(fileURLWithPath: folder + "/corpus-0000.scene"))
                try FileManager.default.copyItem(atPath: trace(name), toPath: folder + "/corpus-0000.trace")
                let golden = try TouchstoneProcess.run(["replay", trace(name), "--scene", "map", "-o", folder + "/corpus-0000.golden.log"])
                guard golden.status == 0 else { throw Failure(message: golden.stderr) }
            }
        }

        func trace(_ size: String) -> String { directory.file("\(size).trace") }
        func captures(_ size: String) -> String { directory.file(size) }

        struct Failure: Error { var message: String }
    }

    static let sessions = Result { try Sessions() }

    /// Runs `arguments(size)` on the short and the long session and checks the peaks; `output(size)`
    /// is the file the command writes, whose growth is allowed for when it is the command's result.
    private func checkFlat(_ command: String, output: ((String) -> String)? = nil, _ arguments: (String) -> [String]) throws {
        let sessions = try Self.sessions.get()
        var peaks: [Int] = []
        var allowed = Self.allowedGrowthKB + (fileSize(sessions.trace("long")) - fileSize(sessions.trace("short"))) / 1024
        for size in ["short", "long"] {
            peaks.append(try TouchstoneProcess.peakKilobytes(arguments(size)))
        }
        if let output { allowed += (fileSize(output("long")) - fileSize(output("short"))) / 1024 }
        #expect(peaks[1] - peaks[0] < allowed,
                "\(command): peak RSS \(peaks[0]) KB at \(Self.shortSamples) samples, \(peaks[1]) KB at \(Self.longSamples), \(allowed) KB more allowed")
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
        try checkFlat("verify") { ["verify", sessions.captures($0), "--no-progress"] }
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
}
