import ArgumentParser
import TouchTrace

/// `touchstone convert`: the same session in another format.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a trace between formats.",
        discussion: """
            The input format is detected from the file's content; the output format follows OUT's \
            extension: \(TraceFormat.outputExtensions.joined(separator: ", ")). Converting a binary \
            trace to JSON Lines and back gives the same bytes. Evemu and libinput record output hold \
            one device's touches, replayable with evemu-play or libinput replay.
            """
    )

    @Argument(help: "The trace to read (any format Touchstone reads).")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write; the extension chooses the format.")
    var output: String

    @Flag(help: "Skip corrupt chunks of a binary trace instead of stopping at the first.")
    var salvage = false

    func validate() throws {
        try refuseUnnamablePath(input, option: "<input>")
        try refuseUnnamablePath(output, option: "-o")
        guard TraceFormat.forOutput(path: output) != nil else {
            throw ValidationError(
                "cannot tell the output format from '\(output)': use \(TraceFormat.outputExtensions.joined(separator: ", "))")
        }
    }

    func run() throws {
        guard let format = TraceFormat.forOutput(path: output) else { throw ValidationError("unknown output format") }
        // Streams both ways: memory stays bounded whatever the trace's length.
        try TraceFile.convert(input, salvage: salvage, to: output, as: format) { printError($0) }
    }
}
