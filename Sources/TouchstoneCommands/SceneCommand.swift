import ArgumentParser
import Replay
import TouchTrace

/// `touchstone scene ...`: what scene files may contain.
struct SceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Describe what scene files may contain.",
        subcommands: [Kinds.self]
    )

    /// `touchstone scene kinds [--markdown]`: every registered recognizer kind with its parameters.
    struct Kinds: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "kinds",
            abstract: "List the recognizer kinds scenes may name, with each parameter's type, unit, range and default.",
            discussion: """
                The kinds are Touchstone's own and those the running tool registered. With --markdown \
                the output is the section of docs/scenes.md between its generated-region comments.
                """
        )

        @Flag(help: "Print Markdown tables (as in docs/scenes.md) instead of plain text.")
        var markdown = false

        func run() throws {
            do {
                try OutputFile.standardOutput().write(Touchstone.registry.kindTables(markdown: markdown))
            } catch {
                throw fail(error.description)
            }
        }
    }
}
