import Foundation
import TestSupport
import Testing

/// `replay`, `verify`, `info` and `render` keep memory flat whatever the session's length: each
/// runs on a short and a ten-times-longer session and the two processes' peak RSS are compared
/// (`TouchstoneProcess.peakKilobytes`, the child alone). docs/benchmarks.md has the figures at
/// millions of samples.
///
/// Holding every sample costs tens of bytes each (a picture's points once cost about 80 with the
/// scene's lanes): several megabytes between these sizes. Streaming costs the same few megabytes
/// at both; what may differ is the reader's mapped pages (handed back every 8 MiB), allocator
/// slack and the one-off cost of a longer session's output buffers.
@Suite("replay, verify, info and render keep memory flat whatever the session's length")
struct CommandMemoryTests {
    static let shortSamples = 10_000
    static let longSamples = 100_000
    /// How much more the long session may hold at its peak. (Measured: see each test; a picture
    /// that kept every sample grew by about 8 MB between these sizes.)
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

    /// Runs `arguments(size)` on the short and the long session and checks the peaks.
    private func checkFlat(_ command: String, _ arguments: (String) -> [String]) throws {
        var peaks: [Int] = []
        for size in ["short", "long"] {
            peaks.append(try TouchstoneProcess.peakKilobytes(arguments(size)))
        }
        #expect(peaks[1] - peaks[0] < Self.allowedGrowthKB,
                "\(command): peak RSS \(peaks[0]) KB at \(Self.shortSamples) samples, \(peaks[1]) KB at \(Self.longSamples)")
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
        try checkFlat("render") { ["render", sessions.trace($0), "--scene", "map", "-o", sessions.directory.file("\($0).svg")] }
    }
}
