#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Replay
import TouchTrace
import WaylandFrontend

/// `touchstone live`: a Wayland window that shows what a scene's recognizers make of touches and
/// touchpad gestures, and optionally records them.
struct Live: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Open a Wayland window, run touches through a scene's recognizers live, and optionally record them.",
        discussion: """
            Needs a Wayland session (WAYLAND_DISPLAY). SCENE is a built-in scene \
            (\(BuiltinScenes.names.joined(separator: ", "))) or a scene .json file; touches arrive in \
            surface points, which are the scene's window points. The recording stores positions as \
            wl_fixed_t units (256 per point) with the surface size; replaying it with \
            `touchstone replay FILE --scene SCENE` prints the same log as --log. The scene is drawn \
            into the window at one uniform scale, centred, and touches are mapped back into scene \
            points the same way. Where the compositor draws no decorations, the window draws a \
            title bar that moves, maximizes (double click, or its square) and closes (its cross) \
            the window; touches on it are not recorded. Closing the window, Ctrl-C or the \
            compositor quitting all end the session with the recording complete; the compositor \
            quitting exits 1.
            """
    )

    @Option(help: "A built-in scene name or a scene .json file.")
    var scene = "map"

    @Option(help: "Record the session to this binary trace file.")
    var record: String?

    @Option(help: "Write the canonical replay log of the session to this file.")
    var log: String?

    @Flag(help: "Ask the compositor for a fullscreen window.")
    var fullscreen = false

    func validate() throws {
        try refuseUnnamablePath(record, option: "--record")
        try refuseUnnamablePath(log, option: "--log")
        try refuseUnknownScene(scene)
        // Compared as the paths they resolve to, not as text: `--record ./s.trace --log s.trace`
        // names one file in two spellings, and when it did not exist yet the log and the
        // recording were both renamed onto it at the end, the second replacing the first.
        if let record, let log, record == log || Touchstone.Verify.resolved(record).map({ $0 == Touchstone.Verify.resolved(log) }) == true {
            throw ValidationError("--record and --log name the same file")
        }
    }

    func run() throws {
        // A scene or an output that cannot be used fails as in `replay` (status 1, `error: …`).
        let scene: Scene
        do {
            scene = try resolveScene(self.scene)
        } catch {
            throw fail(error.description)
        }
        let logFile: OutputFile?
        do {
            logFile = try log.map { path throws(OutputFileError) in
                try OutputFile(path: path, inputs: SceneReference.inputFiles(self.scene, scene: scene))
            }
        } catch {
            throw fail(error.description)
        }
        if let record {
            // The recording is renamed into place at the end: refused now, not after the session.
            do {
                try OutputFile.refuseAliasing(record, inputs: SceneReference.inputFiles(self.scene, scene: scene) + (log.map { [$0] } ?? []))
            } catch {
                throw fail(error.description)
            }
        }
        let options = LiveOptions(
            recordPath: record, environment: Self.waylandEnvironment(),
            recorder: RecorderInfo(name: "touchstone live", version: Touchstone.configuration.version,
                                   detail: "scene \(scene.name)"),
            windowTitle: "Touchstone live - scene \(scene.name)" + (record.map { " - recording \($0)" } ?? ""),
            sceneWidth: scene.window.width, sceneHeight: scene.window.height, fullscreen: fullscreen
        )
        var recognition: LiveSceneRecognition?
        let session = LiveSession(
            options: options,
            makeRecognition: { surface in
                let made = LiveSceneRecognition(scene: scene, devices: surface.devices, log: logFile)
                recognition = made
                return made
            },
            report: { printError($0) }
        )
        let outcome: LiveOutcome
        do {
            outcome = try session.run()
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
        if let error = recognition?.replay.error { printError("touchstone live: scene \(scene.name): \(error)") }
        if let record { printError("touchstone live: recorded \(session.eventsRecorded) events to \(record)") }
        if outcome == .compositorGone {
            // A failed command leaves every existing file as it was: the log of a session cut
            // short is dropped (the recording keeps its events, and replaying it makes the log).
            let log = self.log.map { "; the log was not written, \($0) is as it was" } ?? ""
            printError("error: the compositor closed the connection; the session was cut short\(log)")
            throw ExitCode.failure
        }
        do {
            if let error = recognition?.replay.logError { throw error }
            try logFile?.commit()
        } catch {
            printError("error: \(error)")
            throw ExitCode.failure
        }
    }

    /// The variables libwayland reads to find the compositor.
    private static func waylandEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for key in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "XDG_RUNTIME_DIR"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        return environment
    }
}
