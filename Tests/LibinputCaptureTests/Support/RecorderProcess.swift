import Foundation
import Testing

/// The real `touchstone record`, started as a child process inside a test bed: under umockdev's
/// preload and the gap-closing shim, with `UMOCKDEV_DIR` pointing at the bed. Only the child is
/// preloaded, never the test process.
final class RecorderProcess {
    let process = Process()
    let stderrPath: String

    /// Starts `touchstone record ARGUMENTS` and returns once it holds every node in `waitingFor` open
    /// and has started `startedFile` (its header is written after libinput set the devices up and
    /// drained what was queued before, so frames injected from then on are all read).
    init(
        _ arguments: [String], in bed: Testbed, waitingFor nodes: [Testbed.Node], startedFile: String?,
        withoutFileOverrides: Bool = false
    ) throws {
        let preload = try Self.buildPreloadShim(into: bed.root)
        stderrPath = bed.root + "/recorder.stderr"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        if withoutFileOverrides {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = [
                "--bounding-set=-dac_override,-dac_read_search", "--inh-caps=-dac_override,-dac_read_search",
                try Self.touchstoneExecutable().path, "record",
            ] + arguments
        } else {
            process.executableURL = try Self.touchstoneExecutable()
            process.arguments = ["record"] + arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["UMOCKDEV_DIR"] = bed.root
        environment["LD_PRELOAD"] = "libumockdev-preload.so.0:" + preload
        process.environment = environment
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try waitUntilOpen(nodes.map(\.ptyPath), startedFile: startedFile)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Sends `signal` and waits for the recorder to exit; returns its exit status.
    @discardableResult
    func stop(with signal: Int32 = SIGINT) throws -> Int32 {
        kill(process.processIdentifier, signal)
        return try waitForExit()
    }

    /// Waits (up to 20 s) for the recorder to exit by itself; returns its exit status.
    func waitForExit() throws -> Int32 {
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning {
            guard Date() < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw TestbedError("touchstone record did not exit; stderr: \(standardError)")
            }
            usleep(5_000)
        }
        return process.terminationStatus
    }

    var standardError: String {
        (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    }

    /// Waits until the recorder's open descriptors include every pty standing for an emulated node.
    private func waitUntilOpen(_ ptys: [String], startedFile: String?) throws {
        let deadline = Date().addingTimeInterval(20)
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        while true {
            let open = Set(((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []).compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + $0)
            })
            let started = startedFile.map {
                FileManager.default.fileExists(atPath: $0 + ".partial") || FileManager.default.fileExists(atPath: $0)
            } ?? true
            if ptys.allSatisfy(open.contains), started { return }
            guard process.isRunning, Date() < deadline else {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                throw TestbedError("touchstone record never opened \(ptys); stderr: \(standardError)")
            }
            usleep(2_000)
        }
    }

    // MARK: - Locating the pieces

    /// The `touchstone` built beside the test bundle (SwiftPM builds it with the tests).
    static func touchstoneExecutable() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            packageRoot.appendingPathComponent(".build/debug"),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent("touchstone")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw TestbedError("touchstone is not built: run `swift build` first")
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Compiles the preload shim (Tests/LibinputCaptureTests/Preload) with the system C compiler.
    static func buildPreloadShim(into directory: String) throws -> String {
        let source = packageRoot.appendingPathComponent("Tests/LibinputCaptureTests/Preload/umockdev-gaps.c").path
        let library = directory + "/umockdev-gaps.so"
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["cc", "-shared", "-fPIC", "-O1", "-o", library, source, "-ldl"]
        try compiler.run()
        compiler.waitUntilExit()
        guard compiler.terminationStatus == 0 else { throw TestbedError("cannot compile \(source)") }
        return library
    }
}
