import ArgumentParser

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
}
