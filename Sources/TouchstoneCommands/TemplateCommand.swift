import ArgumentParser
import Replay
import TouchTrace

/// `touchstone template`: unistroke templates for the `unistroke` recognizer.
struct Template: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "Make unistroke templates for the `unistroke` recognizer of a scene.",
        subcommands: [Record.self]
    )

    /// `touchstone template record TRACE --name NAME -o FILE.json`.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Record a template from one stroke of a trace.",
            discussion: """
                Takes the path of one touch, from touch-down to lift, in the points of the built-in \
                scenes' 1280 × 800 window, and writes it as a template file. List the file in a \
                scene's unistroke recognizer: "templates": ["checkmark", "NAME.json"] (paths are \
                relative to the scene file).
                """
        )

        @Argument(help: "The trace holding the stroke (any format Touchstone reads).")
        var trace: String

        @Option(help: "The template's name, reported when a stroke matches it.")
        var name: String

        @Option(parsing: .unconditional, help: "Which touch to take, counting touch-downs from 0.")
        var stroke = 0

        @Flag(help: "Match the shape drawn at any angle (a circle), not only as recorded.")
        var rotationInvariant = false

        @Option(name: [.short, .customLong("output")], help: "The template file to write (.json, which a scene names it by, or no extension; - for standard output).")
        var output: String

        func validate() throws {
            try refuseUnnamablePath(trace, option: "<trace>")
            guard stroke >= 0 else { throw ValidationError("--stroke must be 0 or more") }
            try refuseUnnamablePath(output, option: "-o")
            try refuseForeignExtension(output, option: "-o", writer: "template record", format: "JSON", expected: "json")
            guard !name.isEmpty else { throw ValidationError("--name must not be empty") }
            guard name.utf8.count <= SceneLoader.maximumIdentifierBytes else {
                throw ValidationError("--name must be at most \(SceneLoader.maximumIdentifierBytes) bytes (UTF-8): a scene reads no longer name")
            }
            guard !name.unicodeScalars.contains(where: UnistrokeTemplateFile.isForbiddenInNames) else {
                throw ValidationError("--name must not contain blanks, control or format characters, or noncharacters: it is printed in logs as it is")
            }
        }

        func run() throws {
            do {
                try OutputFile.refuseAliasing(output, inputs: TraceFile.inputFiles(of: trace))
                // The summary line goes to standard output: a file that is standard output's
                // would lose it when the template replaced the file.
                try OutputFile.refuseStandardOutput(output, carrying: "template record's summary line")
                let template = try TemplateRecorder.record(
                    tracePath: trace, name: name, strokeIndex: stroke, rotationInvariant: rotationInvariant,
                    report: { printError($0) })
                let data = UnistrokeTemplateFile.encode(template)
                let summary = "template \"\(name)\": \(template.points.count) points from stroke \(stroke) of \(TerminalText.escaped(trace, keepingLineBreaks: false)) -> \(TerminalText.escaped(output, keepingLineBreaks: false))"
                let file = try OutputFile.named(output, inputs: TraceFile.inputFiles(of: trace))
                try file.write(Array(data))
                // On `-` the template is standard output's, and the summary goes to standard error.
                // Otherwise the summary is printed before the template takes the file's place: if
                // standard output refuses it, the command fails and the file is as it was.
                if output == "-" {
                    try file.commit()
                    printError(summary)
                } else {
                    try OutputFile.standardOutput(inputs: TraceFile.inputFiles(of: trace)).write(summary + "\n")
                    try file.commit()
                }
            } catch {
                throw fail(String(describing: error))
            }
        }
    }
}
