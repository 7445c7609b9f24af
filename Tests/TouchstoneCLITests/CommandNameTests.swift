import ArgumentParser
import Testing
@testable import TouchstoneCommands

@Suite("Every command names itself")
struct CommandNameTests {
    /// `touchstone help NAME` finds subcommands by the name their configuration gives, so every
    /// command in the tree must give one (the type's name is only a fallback).
    @Test("Every command and subcommand of touchstone gives its name in its configuration")
    func everyCommandIsNamed() {
        var unnamed: [String] = []
        var pending: [any ParsableCommand.Type] = [Touchstone.self]
        while let command = pending.popLast() {
            if command.configuration.commandName == nil { unnamed.append(String(describing: command)) }
            pending += command.configuration.subcommands
        }
        #expect(unnamed.isEmpty, "\(unnamed)")
    }
}
