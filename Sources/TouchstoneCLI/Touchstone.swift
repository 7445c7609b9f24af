import ArgumentParser
import TouchTrace

/// The `touchstone` command: record, replay and measure touch sessions.
@main
struct Touchstone: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchstone",
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
            Live.self,
        ]
    )

    /// ArgumentParser's own entry point, except that an error message goes through `printError`,
    /// so a file name holding control characters is printed escaped like every other message.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { try? OutputFile.standardOutput().write(message + "\n") }
            } else if !message.isEmpty {
                printError(message)
            }
            exit(withError: code == .success ? nil : ExitCode(code.rawValue))
        }
    }
}
