import ArgumentParser
import TouchTrace

/// `touchstone info`: what a trace holds and whether it is intact.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a trace: devices, duration, touches, frames, gestures, size and any damage.",
        discussion: """
            Reads every format Touchstone knows, detected from the file's content. A binary trace is \
            streamed, so memory stays flat however long it is. Up to 1,024 touches down at once are \
            followed, as replay takes; a file with more says how many went down past that. The first 256 \
            devices added during the trace are listed, and the rest counted. Exits 1 when the file \
            cannot be read or was altered (a damaged index or trailer: everything is still described; a \
            corrupt chunk stops it with an error, or with --salvage is skipped and the rest described); a trace cut short (a recorder killed mid-session) is reported with what \
            was recovered and exits 0. Damage and import warnings are part of the description and also \
            go to standard error, one line each naming the file, as in every command.
            """
    )

    @Argument(help: "The trace to describe.")
    var file: String

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Option(help: "Also draw the touch paths and each touch's lifetime into this SVG file (.svg or no extension; render without a scene).")
    var svg: String?

    @Flag(help: "Skip corrupt chunks of a binary trace instead of stopping at the first.")
    var salvage = false

    func validate() throws {
        try refuseUnnamablePath(file, option: "<file>")
        try refuseUnnamablePath(svg, option: "--svg")
        if let svg {
            if svg == "-" { throw ValidationError("--svg -: standard output carries the description; name a file") }
            try refuseForeignExtension(svg, option: "--svg", writer: "info --svg", format: "SVG", expected: "svg", standardOutput: false)
        }
    }

    func run() throws {
        // An --svg that would replace the trace or the description on standard output, or
        // standard output redirected onto the trace, is refused before anything is printed.
        let standardOutput: OutputFile
        do {
            if let svg {
                try OutputFile.refuseAliasing(svg, inputs: TraceFile.inputFiles(of: file))
                try OutputFile.refuseStandardOutput(svg, carrying: "the description")
            }
            standardOutput = try OutputFile.standardOutput(inputs: TraceFile.inputFiles(of: file))
        } catch {
            throw fail(error.description)
        }
        let summary = try InfoReport.read(path: file, salvage: salvage)
        try standardOutput.write(json ? summary.json() + "\n" : TerminalText.escaped(summary.text()))
        summary.notices.forEach { printError($0) }
        if summary.isCorrupt { throw ExitCode.failure }
        if let svg {
            try drawSession(trace: file, scene: nil, sceneFile: nil, output: svg, window: PictureWindow(from: nil, to: nil),
                            printNotices: false)
        }
    }
}
