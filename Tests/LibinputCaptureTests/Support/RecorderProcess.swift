import Foundation
import TestSupport
import Testing

/// The real `touchstone record`, started as a child process inside a test bed: under umockdev's
/// preload and the gap-closing shim, with `UMOCKDEV_DIR` pointing at the bed. Only the child is
/// preloaded, never the test process.
final class RecorderProcess {
    private(set) var pid: pid_t = 0
    private var exitStatus: Int32?
    let stderrPath: String
    let stdoutPath: String

    /// Starts `touchstone record ARGUMENTS` (or the `reference` command line, such as `libinput
    /// record`) and returns once it holds every node in `waitingFor` open and has started
    /// `startedFile` (its header is written after libinput set the devices up and drained what was
    /// queued before, so frames injected from then on are all read). With `fileSizeLimit` (bytes) the
    /// child runs under that limit (`prlimit --fsize`), as after a user's `ulimit -f`.
    init(
        _ arguments: [String], in bed: Testbed, waitingFor nodes: [Testbed.Node], startedFile: String?,
        withoutFileOverrides: Bool = false, fileSizeLimit: Int? = nil, reference: [String]? = nil
    ) throws {
        let preload = try Self.buildPreloadShim(into: bed.root)
        stderrPath = bed.root + "/recorder.stderr"
        stdoutPath = bed.root + "/recorder.stdout"
        let touchstone = try Self.touchstoneExecutable().path
        var command: [String] =
            if let reference {
                reference
            } else if withoutFileOverrides {
                // Root opens anything; without these capabilities it obeys file modes like anyone.
                ["/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search",
                 "--inh-caps=-dac_override,-dac_read_search", touchstone, "record"] + arguments
            } else {
                [touchstone, "record"] + arguments
            }
        var environment = ProcessInfo.processInfo.environment
        environment["UMOCKDEV_DIR"] = bed.root
        environment["LD_PRELOAD"] = "libumockdev-preload.so.0:" + preload
        if let fileSizeLimit {
            command = ["prlimit", "--fsize=\(fileSizeLimit)"] + command
            environment = environmentUnderFileSizeLimit(environment)
        }
        try spawn(command, environment: environment)
        try waitUntilOpen(nodes.map(\.ptyPath), startedFile: startedFile)
    }

    deinit {
        if isRunning { kill(pid, SIGKILL) }
        _ = isRunning
    }

    /// Starts the child with an empty signal mask and default dispositions: whatever the test
    /// runner blocks or ignores must not leak into the program under test.
    private func spawn(_ command: [String], environment: [String: String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let result = posix_spawnp(&pid, command[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw TestbedError("cannot start \(command[0]): \(String(cString: strerror(result)))") }
    }

    /// Whether the child is still running; reaps it (and keeps its exit status) once it is not.
    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        // Exit code when it exited, 128 + signal number when a signal killed it.
        exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return false
    }

    /// Sends `signal` and waits for the recorder to exit; returns its exit status.
    @discardableResult
    func stop(with signal: Int32 = SIGINT) throws -> Int32 {
        kill(pid, signal)
        return try waitForExit()
    }

    /// Waits (up to 20 s) for the recorder to exit by itself; returns its exit status.
    func waitForExit() throws -> Int32 {
        let deadline = Date().addingTimeInterval(20)
        while isRunning {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                throw TestbedError("the program under test did not exit; stderr: \(standardError)")
            }
            usleep(5_000)
        }
        return exitStatus!
    }

    /// Waits (up to 20 s) until the file at `path` contains `text`.
    static func waitForFile(_ path: String, containing text: String) throws {
        let deadline = Date().addingTimeInterval(20)
        while !readFileText(path).contains(text) {
            guard Date() < deadline else { throw TestbedError("\(path) never contained \(text)") }
            usleep(2_000)
        }
    }

    /// Waits (up to 20 s) until the child's standard output contains `text`.
    func waitForOutput(containing text: String) throws {
        let deadline = Date().addingTimeInterval(20)
        while !standardOutput.contains(text) {
            guard isRunning, Date() < deadline else {
                throw TestbedError("never printed \(text); stdout: \(standardOutput) stderr: \(standardError)")
            }
            usleep(2_000)
        }
    }

    var standardOutput: String {
        readFileText(stdoutPath)
    }

    var standardError: String {
        readFileText(stderrPath)
    }

    /// Waits until the recorder's open descriptors include every pty standing for an emulated node.
    private func waitUntilOpen(_ ptys: [String], startedFile: String?) throws {
        let deadline = Date().addingTimeInterval(20)
        let descriptors = "/proc/\(pid)/fd"
        while true {
            let open = Set(((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []).compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + $0)
            })
            let started = startedFile.map {
                FileManager.default.fileExists(atPath: $0 + ".partial") || FileManager.default.fileExists(atPath: $0)
            } ?? true
            if ptys.allSatisfy(open.contains), started { return }
            guard isRunning, Date() < deadline else {
                if isRunning { kill(pid, SIGKILL) }
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
            URL(fileURLWithPath: packagePath(".build/debug")),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent("touchstone")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw TestbedError("touchstone is not built: run `swift build` first")
    }


    /// Compiles the preload shim (Tests/LibinputCaptureTests/Preload) with the system C compiler.
    static func buildPreloadShim(into directory: String) throws -> String {
        let source = packagePath("Tests/LibinputCaptureTests/Preload/umockdev-gaps.c")
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
