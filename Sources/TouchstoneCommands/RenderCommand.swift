import ArgumentParser
import SystemPackage
import Pictures
import Replay
import TouchTrace

extension Touchstone {
    /// `touchstone render TRACE [--scene SCENE] -o OUT.svg`: a session as a picture.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render",
            abstract: "Draw a trace as an SVG: touch paths, and with a scene what each recognizer and view did over time.",
            discussion: """
                Reads every trace format Touchstone knows. Without --scene the picture holds the touch \
                paths (in the built-in scenes' 1280 × 800 point window) and each touch's lifetime; with \
                a scene (as for replay: \(BuiltinScenes.names.joined(separator: ", ")) or a .json file) \
                the paths are drawn over the scene's views and the replay's recognizer states, actions \
                and view deliveries follow on the same time axis. docs/pictures.md explains how to read one.
                """
        )

        @Argument(help: "The trace to draw.")
        var trace: String

        @Option(help: "A built-in scene name or a scene .json file to replay the trace through.")
        var scene: String?

        @Option(name: .shortAndLong, help: "The SVG file to write (.svg or no extension; - for standard output).")
        var output: String

        @Option(parsing: .unconditional, help: "Draw from this many seconds into the session (at most its end).")
        var from: Double?

        @Option(parsing: .unconditional, help: "Draw up to this many seconds into the session (later than --from).")
        var to: Double?

        /// A window that is wrong whatever the trace (negative, not a number, --to not after
        /// --from), a scene that can be neither built in nor a file, an empty output path and an
        /// output named for another format than SVG are usage errors, found before the trace is
        /// opened.
        func validate() throws {
            try refuseUnnamablePath(trace, option: "<trace>")
            _ = try PictureWindow(from: from, to: to)
            try refuseUnknownScene(scene)
            try refuseUnnamablePath(output, option: "-o")
            try refuseForeignExtension(output, option: "-o", writer: "render", format: "SVG", expected: "svg")
        }

        func run() throws {
            let window = try PictureWindow(from: from, to: to)
            let scene: Scene?
            do {
                scene = try self.scene.map { reference throws(SceneError) in try resolveScene(reference) }
            } catch {
                throw fail(error.description)
            }
            try drawSession(trace: trace, scene: scene, sceneFile: self.scene, output: output, window: window)
        }
    }
}

/// A `--from`/`--to` pair in seconds, checked and turned into microseconds. What can be checked
/// without the trace is checked here, as a usage error; whether `from` lies within the session is
/// known only once the trace is read (`drawSession`).
struct PictureWindow {
    var from: Microseconds?
    var to: Microseconds?

    init(from: Double?, to: Double?) throws(ValidationError) {
        func micro(_ seconds: Double?, _ name: String) throws(ValidationError) -> Microseconds? {
            guard let seconds else { return nil }
            guard seconds.isFinite, seconds >= 0, seconds <= 1e9 else {
                throw ValidationError("--\(name) must be a number of seconds from 0 to 1e9, found \(seconds)")
            }
            return Microseconds((seconds * 1e6).rounded())
        }
        self.from = try micro(from, "from")
        self.to = try micro(to, "to")
        if let to = self.to, to <= self.from ?? 0 {
            throw ValidationError("--to must be at least a microsecond later than --from, or than 0 without it (times are whole microseconds)")
        }
    }
}

/// Reads a trace (replaying it through `scene` when there is one) and writes its picture: shared by
/// `render` and `info --svg`. Damage the reader worked around, import warnings and, with a scene,
/// the replay's notices go to standard error, as `replay` prints them, unless `printNotices` is
/// false (`info`, which draws without a scene, has printed the reader's already).
func drawSession(trace: String, scene: Scene?, sceneFile: String?, output: String, window: PictureWindow, printNotices: Bool = true) throws {
    let inputs = TraceFile.inputFiles(of: trace) + (sceneFile.flatMap { file in scene.map { SceneReference.inputFiles(file, scene: $0) } } ?? [])
    do {
        try OutputFile.refuseAliasing(output, inputs: inputs)
    } catch {
        throw fail(error.description)
    }
    // Two walks of the trace (a survey, then the drawing): nothing of the session is kept between
    // them, so memory does not grow with its length.
    let session = TraceSession(tracePath: trace, scene: scene)
    let survey: SessionSurvey
    do {
        survey = try SessionPicture.survey(session, from: window.from, to: window.to)
    } catch {
        throw fail(String(describing: error))
    }
    if printNotices {
        for notice in survey.notices { printError(notice) }
    }
    // Past the session's end the picture would hold none of it. Only the trace (and, with a
    // scene, the timers its replay fires) tells where that end is, so this is an error of the
    // input, naming it (status 1), as `template record --stroke` past the trace's strokes is.
    if let from = window.from, from > survey.duration {
        throw fail("\(trace): --from \(fixed(Double(from) / 1e6, 6)) s is past the end of the session, at \(fixed(Double(survey.duration) / 1e6, 6)) s: the picture would show none of it")
    }
    let name = FilePath(trace).lastComponent?.string ?? trace
    var subtitle = scene.map { "scene \($0.name)" } ?? "no scene: touches only"
    subtitle += ", \(survey.touches) \(survey.touches == 1 ? "touch" : "touches"), \(fixed(Double(survey.duration) / 1e6, 3)) s"
    let options = PictureOptions(from: window.from, to: window.to, title: name, subtitle: subtitle)
    let picture: [String]
    do {
        picture = try SessionPicture.svg(session, survey: survey, options: options)
    } catch {
        throw fail(String(describing: error))
    }
    do {
        let file = try OutputFile.named(output, inputs: inputs)
        for piece in picture { try file.write(piece) }
        try file.commit()
    } catch {
        throw fail(error.description)
    }
}
