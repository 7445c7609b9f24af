import Foundation
import TestSupport

/// The scripted libwayland-server compositor in Fixtures/TestCompositor, compiled for the test
/// and run with its own runtime directory and socket.
struct TestCompositor {
    /// Generates the protocols' server headers with wayland-scanner, compiles the compositor into
    /// `scratch` and returns the executable's path.
    static func build(in scratch: TemporaryDirectory) throws -> String {
        let source = TestPaths.fixtures + "/TestCompositor"
        let headers = scratch.file("server-protocols")
        let output = scratch.file("test-compositor")
        _ = try TestPaths.shell(
            "'\(packagePath("scripts/generate-wayland-protocols"))' --server-headers '\(headers)'")
        _ = try TestPaths.shell(
            "cc -std=c11 -O1 -I '\(headers)' -o '\(output)' '\(source)/test-compositor.c'"
                + " '\(TestPaths.protocolCode)'/*-protocol.c $(pkg-config --cflags --libs wayland-server)")
        return output
    }

    /// The environment a client needs to find a compositor listening on `socket` in `scratch`.
    static func clientEnvironment(scratch: TemporaryDirectory, socket: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = scratch.path
        environment["WAYLAND_DISPLAY"] = socket
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        return environment
    }

    /// The outcome of running `touchstone live` against the compositor.
    struct Run {
        var liveStatus: Int32?
        var liveStderr: String
        var compositorStatus: Int32?
        var compositorStdout: String
    }

    /// Starts the compositor with `script`, runs `touchstone live ARGUMENTS` against it and waits
    /// for both to finish.
    static func run(
        script: String, compositorOptions: [String] = [], liveArguments: [String], scratch: TemporaryDirectory
    ) throws -> Run {
        let executable = try build(in: scratch)
        let scriptPath = try scratch.write(script, to: "session.script")
        let socket = "touchstone-test-\(UUID().uuidString.prefix(8))"
        let compositor = try ChildProcess(
            executable, ["--socket", socket, "--script", scriptPath, "--timeout", "20"] + compositorOptions,
            environment: clientEnvironment(scratch: scratch, socket: socket), scratch: scratch, name: "compositor")
        guard ChildProcess.waitFor(path: scratch.file(socket), seconds: 5) else {
            compositor.wait(seconds: 0)
            throw TestPaths.ShellFailure(command: "test-compositor", output: compositor.stderr)
        }
        let live = try ChildProcess(
            TestPaths.touchstone, ["live"] + liveArguments,
            environment: clientEnvironment(scratch: scratch, socket: socket), scratch: scratch, name: "live")
        let liveStatus = live.wait(seconds: 20)
        let compositorStatus = compositor.wait(seconds: 5)
        return Run(liveStatus: liveStatus, liveStderr: live.stderr, compositorStatus: compositorStatus,
                   compositorStdout: compositor.stdout)
    }
}
