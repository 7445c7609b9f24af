import ArgumentParser
import Replay
import TouchTrace

extension Touchstone {
    /// `touchstone replay TRACE --scene SCENE`: the canonical log of one trace through one scene.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replay a trace through a scene in virtual time and print the canonical log.",
            discussion: """
                SCENE is a built-in scene (\(BuiltinScenes.names.joined(separator: ", "))) or a scene \
                file ending in .json (docs/scenes.md; `touchstone scene kinds` lists the recognizer types it \
                may use). The log format is described in docs/replay-log.md.
                """
        )

        @Argument(help: "The trace to replay (any format Touchstone reads).")
        var trace: String

        @Option(help: "A built-in scene name or a scene .json file.")
        var scene: String

        @Option(help: "Log format: text (the canonical, golden form) or jsonl.")
        var format: LogFormat = .text

        @Option(name: .shortAndLong, help: "Write the log to this file instead of standard output.")
        var output: String?

        /// A scene that can be neither built in nor a file, and an empty output path, are usage
        /// errors, found before the trace is opened.
        func validate() throws {
            try refuseUnnamablePath(trace, option: "<trace>")
            try refuseUnknownScene(scene)
            try refuseUnnamablePath(output, option: "-o")
        }

        func run() throws {
            let scene: Scene
            do {
                scene = try resolveScene(self.scene)
            } catch {
                throw fail(error.description)
            }
            var destination: OutputFile
            do throws(OutputFileError) {
                let inputs = TraceFile.inputFiles(of: trace) + SceneReference.inputFiles(self.scene, scene: scene)
                destination = try OutputFile.named(output ?? "-", inputs: inputs)
            } catch {
                throw fail(error.description)
            }
            do {
                let outcome = try TraceReplay.replay(
                    tracePath: trace, scene: scene, format: format, collectsLatencies: false, into: &destination)
                try destination.commit()
                outcome.notices.forEach { printError($0) }
                printError("replayed \(outcome.events) events (\(outcome.touchSamples) touch samples) through scene \(scene.name)")
            } catch {
                throw fail(String(describing: error))
            }
        }
    }
}

extension LogFormat: ExpressibleByArgument {
    /// The values `--format` takes. ArgumentParser's default for a `CaseIterable` reaches them
    /// through a generic key path that the runtime builds at every start (with `GestureFamily`'s
    /// list, 0.22 M instructions of a short `replay`).
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

/// Prints one `error: ...` line on standard error and gives the exit code for untrusted input
/// that could not be used: 1, never a crash.
func fail(_ message: String) -> ExitCode {
    printError("error: \(message)")
    return ExitCode(1)
}
