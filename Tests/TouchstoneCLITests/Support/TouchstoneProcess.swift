#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing

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
        let output = try CompletedProcess.run(executable.path, arguments, environment: environment, directory: directory)
        return Result(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }

    /// Runs `touchstone ARGUMENTS`, which must exit 0; throws `Failure` with its stderr otherwise.
    @discardableResult
    static func runSucceeding(_ arguments: [String]) throws -> Result {
        let result = try run(arguments)
        guard result.status == 0 else { throw Failure(arguments: arguments, stderr: result.stderr) }
        return result
    }

    /// A command that should have succeeded, with what it printed on stderr.
    struct Failure: Error, CustomStringConvertible {
        var arguments: [String]
        var stderr: String
        var description: String { "touchstone \(arguments.joined(separator: " ")) failed: \(stderr)" }
    }

    /// The peak resident memory, in kilobytes, of `touchstone ARGUMENTS`, which must succeed:
    /// its `ru_maxrss`, measured by `peak-rss` (Tests/TouchstoneCLITests/PeakMemory), which
    /// spawns it from a process of its own so that the test runner's size is not folded into it.
    /// Output and errors go to /dev/null.
    static func peakKilobytes(_ arguments: [String]) throws -> Int {
        let measured = try CompletedProcess.run(try peakMeter.get(), [executable.path] + arguments)
        let fields = measured.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(measured.status == 0 && fields.count == 2, "peak-rss failed: \(measured.stderr)")
        try #require(fields[0] == 0, "touchstone \(arguments.joined(separator: " ")) failed (wait status \(fields[0]))")
        return fields[1]
    }

    /// `peak-rss`, compiled once for the test run with the system C compiler into the build
    /// folder, beside `touchstone` (under a temporary name, then renamed).
    private static let peakMeter = Swift.Result { () throws -> String in
        let source = packagePath("Tests/TouchstoneCLITests/PeakMemory/peak-rss.c")
        let program = executable.deletingLastPathComponent().appendingPathComponent("peak-rss").path
        let temporary = program + ".\(getpid()).partial"
        let compiled = try CompletedProcess.run("/usr/bin/env", ["cc", "-std=c11", "-O1", "-o", temporary, source])
        try #require(compiled.status == 0, "cannot compile \(source): \(compiled.stderr)")
        try #require(rename(temporary, program) == 0, "cannot rename \(temporary) to \(program): errno \(errno)")
        return program
    }
}
