import Foundation
import TestSupport

/// Weston 10 headless with the touch module (Fixtures/WestonTouch), on its own socket in a test's
/// scratch directory.
struct TestWeston {
    let process: ChildProcess
    let socket: String
    let log: String
    /// What a client needs to reach this weston.
    let environment: [String: String]

    /// Compiles the touch module and starts weston with it: `extraArguments` choose the shell and
    /// the rest; `touchScript`, if given, is the module's script (TOUCHSTONE_TOUCH_SCRIPT).
    init(scratch: TemporaryDirectory, arguments extraArguments: [String], touchScript: String? = nil) throws {
        let module = scratch.file("touch-injector.so")
        _ = try TestPaths.shell(
            "cc -std=c11 -shared -fPIC -o '\(module)' '\(TestPaths.fixtures)/WestonTouch/touch-injector.c'"
                + " $(pkg-config --cflags --libs libweston-10 libweston-desktop-10 wayland-server)")
        socket = "touchstone-weston-\(UUID().uuidString.prefix(8))"
        var environment = TestCompositor.clientEnvironment(scratch: scratch, socket: socket)
        if let touchScript { environment["TOUCHSTONE_TOUCH_SCRIPT"] = try scratch.write(touchScript, to: "touch.script") }
        self.environment = environment
        log = scratch.file("weston.log")
        process = try ChildProcess(
            "/usr/bin/weston",
            ["--backend=headless-backend.so", "--socket=\(socket)", "--idle-time=0", "--modules=\(module)",
             "--log=\(log)"] + extraArguments,
            environment: environment, scratch: scratch, name: "weston")
        guard ChildProcess.waitFor(path: scratch.file(socket), seconds: 10) else {
            process.stop()
            throw TestPaths.ShellFailure(command: "weston", output: process.stderr)
        }
    }

    /// Weston's log so far.
    var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
}
