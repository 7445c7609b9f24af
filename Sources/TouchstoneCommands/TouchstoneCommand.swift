#if canImport(Glibc)
import Glibc
#endif
import Replay
import TouchTrace

/// The `touchstone` command as a library.
///
/// A package that depends on Touchstone builds its own command-line tool, with every subcommand,
/// option, output and exit status of `touchstone`, from a short `main.swift`; the kinds it
/// registers are accepted by every scene its `replay`, `verify`, `render` and `live` read, and
/// listed by its `scene kinds`:
///
/// ```swift
/// import Replay
/// import TouchstoneCommands
///
/// TouchstoneCommand.main(registering: [.twoFingerLongPress])
/// ```
public enum TouchstoneCommand {
    /// Parses the process's arguments, runs the subcommand they name with `kinds` registered
    /// beside Touchstone's own, and returns when it succeeds; on failure prints the error as
    /// `touchstone` does and exits with its status. A kind that cannot be registered (its type name
    /// taken, say) is such an error: `error: cannot register recognizer kind "tap": ...`, status 1.
    public static func main(registering kinds: [RecognizerKind] = []) {
        // Help and usage name the program the user ran (`your-touchstone`), not `touchstone`.
        if let path = CommandLine.arguments.first, let name = path.split(separator: "/").last, !name.isEmpty {
            Touchstone.programName = String(name)
        }
        let status = run(nil, registering: kinds)
        if status != 0 { exit(status) }
    }

    /// Runs `touchstone ARGUMENTS` (without the program name) with `kinds` registered, printing what
    /// the command prints, and returns its exit status instead of exiting: for tests, and for tools
    /// that run several commands in one process. `nil` takes the process's arguments.
    public static func run(_ arguments: [String]?, registering kinds: [RecognizerKind] = []) -> Int32 {
        // Run with standard output or error closed, the next file opened (an output, a trace, a
        // device) would take its descriptor and receive what is printed: they become /dev/null,
        // on which printing fails as it does on a closed descriptor (`standard output: cannot
        // write the file`, status 1, the output left as it was).
        OutputFile.reserveStandardDescriptors()
        // Past a file-size limit (`ulimit -f`) a write fails with EFBIG, which every output reports
        // as an error naming the file, and a temporary file is removed; left to SIGXFSZ's default,
        // the process would die there and leave the temporary file behind.
        signal(SIGXFSZ, SIG_IGN)
        // Ctrl+C, `timeout` or a closed terminal: outputs being written are removed, not left.
        OutputFile.removeTemporaryFilesOnSignals()
        // Touchstone's own kinds are built when a command first reads a scene: their key paths and
        // the generic metadata behind them cost about 5 M instructions, a quarter of the start-up
        // of a command that reads none (`info`, `convert`, `synth`). A team's kinds are checked
        // against them at once, before any command runs.
        guard !kinds.isEmpty else { return Touchstone.run(arguments: arguments, registry: nil) }
        let registry: RecognizerRegistry
        do {
            registry = try RecognizerRegistry.standard.registering(kinds)
        } catch {
            printError("error: \(error)")
            return 1
        }
        return Touchstone.run(arguments: arguments, registry: registry)
    }
}
