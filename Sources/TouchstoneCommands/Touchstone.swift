import ArgumentParser
import Replay
import TouchTrace

/// The `touchstone` command: record, replay and measure touch sessions (run through
/// `TouchstoneCommand.main()`).
struct Touchstone: ParsableCommand {
    /// The name help and usage print: the program's file name when it runs as a program
    /// (`TouchstoneCommand.main`), so that a team's own tool names itself; `touchstone` otherwise.
    /// Set before the first command is parsed, when `configuration` is built.
    nonisolated(unsafe) static var programName = "touchstone"

    static let configuration = CommandConfiguration(
        commandName: programName,
        abstract: "Record touch and gesture sessions, replay them through UIKit-faithful recognizers, and measure them.",
        version: "0.1.0",
        subcommands: [
            Record.self,
            Synth.self,
            Info.self,
            Convert.self,
            Replay.self,
            Render.self,
            Verify.self,
            Template.self,
            SceneCommand.self,
            Live.self,
        ]
    )

    /// The recognizer kinds scene files may name in this run: Touchstone's own (built on first
    /// use), plus those a team's tool registered (`TouchstoneCommand.main(registering:)`). Bound for
    /// the length of one `run(arguments:registry:)`, so runs in one process never see each other's kinds.
    @TaskLocal static var registry = RecognizerRegistry.standard

    /// ArgumentParser's own entry point with `registry` bound (nil: Touchstone's own kinds), except
    /// that an error message goes through `printError`, so a file name holding control characters is
    /// printed escaped like every other message, and an error met while running (a file that cannot
    /// be read or written) is one `error: ...` line, exit status 1, as the commands' own messages
    /// are. Returns the exit status.
    static func run(arguments: [String]?, registry: RecognizerRegistry?) -> Int32 {
        guard let registry else { return parseAndRun(arguments) }
        return $registry.withValue(registry) { parseAndRun(arguments) }
    }

    private static func parseAndRun(_ arguments: [String]?) -> Int32 {
        let command: any ParsableCommand
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        do {
            try refuseUnknownHelpTopic(given)
            command = try parseAsRoot(arguments)
        } catch {
            return report(error)
        }
        if let problem = RepeatedOptions.problem(in: type(of: command), arguments: given) {
            return reportUsageError(problem, of: type(of: command))
        }
        do {
            var command = command
            try command.run()
            return 0
        } catch let error where isArgumentParserError(error) {
            return report(error)
        } catch {
            printError("error: \(error)")
            return 1
        }
    }

    /// `help NAME …` names subcommands, each of the one before (`help synth corpus`): a name that
    /// is none is a usage error (64) naming it, where ArgumentParser printed the top-level help
    /// and exited 0, so a typo looked like an answer.
    private static func refuseUnknownHelpTopic(_ arguments: [String]) throws(ValidationError) {
        guard arguments.first == "help" else { return }
        var command: any ParsableCommand.Type = Touchstone.self
        var spelled = programName
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            let subcommands = command.configuration.subcommands
            guard let found = subcommands.first(where: { commandName($0) == name || $0.configuration.aliases.contains(name) }) else {
                if name == "help" && ObjectIdentifier(command) == ObjectIdentifier(Touchstone.self) { return }
                let known = subcommands.map(commandName).joined(separator: ", ")
                throw ValidationError(
                    "help \(name): \(spelled) has no subcommand \(name)\(known.isEmpty ? "" : " (its subcommands: \(known))")")
            }
            command = found
            spelled += " " + name
        }
    }

    /// The name a subcommand is called by: every Touchstone command names itself in its
    /// configuration (`TouchstoneCommandTests` holds them to it); the type's name otherwise.
    static func commandName(_ command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? String(describing: command).lowercased()
    }

    /// Whether `error` is ArgumentParser's (`ExitCode`, `ValidationError`, `CleanExit`, and the
    /// internal error the `help` subcommand and `--help` on a parsed command throw from `run()`),
    /// to be reported as ArgumentParser would rather than as an error met while running.
    private static func isArgumentParserError(_ error: any Error) -> Bool {
        error is ExitCode || error is ValidationError || error is CleanExit
            || String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }

    /// Prints a usage error found after parsing, as ArgumentParser prints one a command's
    /// `validate()` throws (the message, the command's usage and where its help is), and gives
    /// status 64. ArgumentParser words it so only for an error thrown while it parses, knowing the
    /// command; thrown here it would print the usage of `touchstone` itself.
    private static func reportUsageError(_ message: String, of command: any ParsableCommand.Type) -> Int32 {
        var names = [programName]
        func find(_ parent: any ParsableCommand.Type, _ path: [String]) -> [String]? {
            if ObjectIdentifier(parent) == ObjectIdentifier(command) { return path }
            for subcommand in parent.configuration.subcommands {
                if let found = find(subcommand, path + [commandName(subcommand)]) { return found }
            }
            return nil
        }
        names += find(Touchstone.self, []) ?? []
        let usage = usageString(for: command).split(separator: "\n", omittingEmptySubsequences: false)
            .joined(separator: "\n" + String(repeating: " ", count: 7))
        printErrorLines("Error: \(message)\nUsage: \(usage)\n  See '\(names.joined(separator: " ")) --help' for more information.\n")
        return ExitCode.validationFailure.rawValue
    }

    /// Prints an ArgumentParser error (usage, help, version, exit code) as ArgumentParser would and
    /// gives its exit status. Help and the version are the command's output: when standard output
    /// refuses them (`> /dev/full`, closed) that is a failure like any other output's, one
    /// `error:` line naming standard output and status 1, not a success that printed nothing.
    private static func report(_ error: any Error) -> Int32 {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success {
            guard !message.isEmpty else { return code.rawValue }
            do {
                try OutputFile.standardOutput().write(message + "\n")
            } catch {
                printError("error: \(error)")
                return ExitCode.failure.rawValue
            }
        } else if !message.isEmpty {
            printErrorLines(message + "\n")
        }
        return code.rawValue
    }
}
