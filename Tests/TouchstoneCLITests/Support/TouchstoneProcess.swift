import Foundation
import TestSupport

/// Runs the real `touchstone` executable, built beside this test bundle, and captures what it printed.
struct TouchstoneProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `touchstone` binary in the same build folder as the running tests.
    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("touchstone")
    }

    /// Runs a `/bin/sh` script in which `$TOUCHSTONE` is the executable: for redirections
    /// (`> /dev/full`) and limits (`ulimit -f`) a test sets up as a user's shell would. The
    /// environment is only that and the sanitizer settings of a sanitized test run (and, under
    /// ThreadSanitizer, what lets it start under a file-size limit: `environmentUnderFileSizeLimit`).
    @discardableResult
    static func shell(_ script: String) throws -> Result {
        let environment = sanitizerSettings.merging(["TOUCHSTONE": executable.path, "PATH": "/usr/bin:/bin"]) { $1 }
        return try run(["-c", script], executable: URL(fileURLWithPath: "/bin/sh"),
                       environment: environmentUnderFileSizeLimit(environment))
    }

    /// Runs `touchstone ARGUMENTS` to completion in `directory`.
    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL? = nil, executable: URL = executable,
        environment: [String: String]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting so a chatty child never blocks on a full pipe.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
