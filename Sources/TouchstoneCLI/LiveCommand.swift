import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import TouchTrace
import WaylandFrontend

/// `touchstone live`: a Wayland window that shows what the recognizers make of touches and
/// touchpad gestures, and optionally records them.
struct Live: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a Wayland window, run touches through a scene's recognizers live, and optionally record them.",
        discussion: """
            Needs a Wayland session (WAYLAND_DISPLAY). Touch coordinates are surface-local points; \
            the recording stores them as wl_fixed_t units (256 per point) with the surface size. \
            Closing the window, Ctrl-C or the compositor quitting all end the session with the \
            recording complete.
            """
    )

    @Option(name: .long, help: "The scene to run (only \"default\" until scenes can be loaded).")
    var scene = DefaultLiveScene.name

    @Option(name: .long, help: "Record the session to this binary trace file.")
    var record: String?

    @Option(name: .long, help: "Write every recognizer observation to this file, one line each.")
    var log: String?

    func validate() throws {
        guard scene == DefaultLiveScene.name else {
            throw ValidationError("unknown scene \"\(scene)\"; available: \(DefaultLiveScene.name)")
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

    func run() throws {
        let observations: ObservationLog
        do {
            observations = try ObservationLog(path: log)
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
        let options = LiveOptions(
            recordPath: record, environment: Self.waylandEnvironment(),
            recorder: RecorderInfo(name: "touchstone live", version: Touchstone.configuration.version,
                                   detail: "scene \(scene)")
        )
        let session = LiveSession(
            options: options,
            makeRecognition: { width, height in
                EngineRecognition(
                    window: DefaultLiveScene.makeWindow(width: width, height: height), log: observations,
                    unitsPerPoint: 256)
            },
            report: printError
        )
        let outcome: LiveOutcome
        do {
            outcome = try session.run()
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
        if outcome == .compositorGone {
            printError("touchstone live: the compositor closed the connection")
        }
        if let record {
            printError("touchstone live: recorded \(session.eventsRecorded) events to \(record)")
        }
    }
}
