import ArgumentParser
import Foundation
import Replay

extension Touchstone {
    /// `touchstone replay TRACE --scene SCENE`: the canonical log of one trace through one scene.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a trace through a scene in virtual time and print the canonical log.",
            discussion: """
                SCENE is a built-in scene (\(BuiltinScenes.names.joined(separator: ", "))) or a scene \
                file ending in .json (docs/scenes.md). The log format is described in docs/replay-log.md.
                """
        )

        @Argument(help: "The trace to replay (.trace).")
        var trace: String

        @Option(help: "A built-in scene name or a scene .json file.")
        var scene: String

        @Option(help: "Log format: text (the canonical, golden form) or jsonl.")
        var format: LogFormat = .text

        @Option(name: .shortAndLong, help: "Write the log to this file instead of standard output.")
        var output: String?

        func run() throws {
            let scene: Scene
            do {
                scene = try SceneReference.resolve(self.scene)
            } catch {
                throw fail(error.description)
            }
            let destination: OutputFile
            do {
                destination = try OutputFile(path: output)
            } catch {
                throw fail(String(describing: error))
            }
            do {
                let outcome = try TraceReplay.replay(tracePath: trace, scene: scene, format: format) { bytes in
                    destination.write(bytes)
                }
                destination.close()
                FileHandle.standardError.write(Data("replayed \(outcome.events) events (\(outcome.touchSamples) touch samples) through scene \(scene.name)\n".utf8))
            } catch {
                destination.close()
                throw fail(String(describing: error))
            }
        }
    }
}

extension LogFormat: ExpressibleByArgument {}

/// Prints one `error: ...` line on standard error and gives the exit code for untrusted input
/// that could not be used: 1, never a crash.
func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    return ExitCode(1)
}

/// An output file that could not be created.
struct OutputError: Error, CustomStringConvertible {
    var path: String
    var description: String { "\(path): cannot create the file" }
}

/// Standard output, or a file created for writing.
final class OutputFile {
    private let handle: FileHandle
    private let closes: Bool

    init(path: String?) throws {
        guard let path, path != "-" else {
            handle = FileHandle.standardOutput
            closes = false
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw OutputError(path: path)
        }
        self.handle = handle
        closes = true
    }

    func write(_ bytes: [UInt8]) {
        handle.write(Data(bytes))
    }

    func close() {
        if closes { try? handle.close() }
    }
}
