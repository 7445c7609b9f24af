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
    /// `wait4`'s `ru_maxrss`, the child alone. Output and errors go to /dev/null.
    static func peakKilobytes(_ arguments: [String]) throws -> Int {
        let executable = executable.path
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = argv.withUnsafeBufferPointer { posix_spawn(&pid, executable, &actions, nil, $0.baseAddress!, environ) }
        try #require(spawned == 0)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            try #require(errno == EINTR)
        }
        try #require(status & 0x7f == 0 && (status >> 8) & 0xff == 0, "touchstone \(arguments.joined(separator: " ")) failed")
        return usage.ru_maxrss
    }
}
