import Foundation
import TestSupport

/// A test's scratch directory is also its Wayland runtime directory (mode 0700, as libwayland
/// wants), and holds its scripts, recordings and logs as text.
extension TemporaryDirectory {
    func write(_ text: String, to name: String) throws -> String {
        let target = file(name)
        try text.write(toFile: target, atomically: true, encoding: .utf8)
        return target
    }

    func read(_ name: String) -> String {
        readFileText(file(name))
    }
}

/// A child process with its output captured to files, stopped if it outlives its deadline.
final class ChildProcess {
    let process = Process()
    let stdoutPath: String
    let stderrPath: String

    init(_ executable: String, _ arguments: [String], environment: [String: String], scratch: TemporaryDirectory, name: String) throws {
        stdoutPath = scratch.file("\(name).out")
        stderrPath = scratch.file("\(name).err")
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for the process to exit, killing it after `seconds`; returns its exit status
    /// (nil if it had to be killed).
    @discardableResult
    func wait(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            usleep(100_000)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Stops the process if it is still running (SIGTERM, then SIGKILL) and reaps it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        wait(seconds: 3)
    }

    var stdout: String { readFileText(stdoutPath) }
    var stderr: String { readFileText(stderrPath) }

    /// Waits until `path` exists (a Wayland socket appearing), up to `seconds`.
    static func waitFor(path: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: path) { return true }
            usleep(5_000)
        }
        return false
    }
}

/// Where the things under test and the C peers are.
enum TestPaths {
    static let fixtures = packagePath("Tests/WaylandFrontendTests/Fixtures")
    /// The wayland-scanner interface tables (`*-protocol.c`), the same for client and server: the
    /// test compositor compiles the product's copy rather than keeping its own.
    static let protocolCode = packagePath("Sources/CWaylandProtocols")

    /// The `touchstone` executable built beside this test bundle.
    static var touchstone: String {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return bundle.appendingPathComponent("touchstone").path
    }

    /// Runs a shell command (a compiler), returning its combined output; throws on failure.
    static func shell(_ command: String) throws -> String {
        let result = try CompletedProcess.run("/bin/sh", ["-c", command + " 2>&1"])
        let output = result.stdout
        guard result.status == 0 else { throw ShellFailure(command: command, output: output) }
        return output
    }

    struct ShellFailure: Error, CustomStringConvertible {
        var command: String
        var output: String
        var description: String { "\(command) failed:\n\(output)" }
    }
}
