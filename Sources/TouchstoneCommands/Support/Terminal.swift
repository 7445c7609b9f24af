#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

/// Writes one diagnostic line to standard error (diagnostics never mix with the output a script
/// parses), every control character from names and files escaped (`TerminalText`), line feeds
/// too: a file name holding a line feed cannot start a line of its own that reads as another
/// diagnostic.
func printError(_ line: String) {
    writeStandardError(TerminalText.escaped(line, keepingLineBreaks: false) + "\n")
}

/// Writes `text`, a report of several lines the program laid out itself (a summary, a usage
/// text), to standard error with its line breaks kept and every other control character escaped.
func printErrorLines(_ text: String) {
    writeStandardError(TerminalText.escaped(text))
}

/// Writes `text` to standard error as it is: for the progress bar's own control sequences.
/// A diagnostic that cannot be written has nowhere else to go, so a failure here is ignored.
func writeStandardError(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Whether standard error is a terminal, so progress bars and live status lines show only to people.
var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

/// File sizes for reports.
enum TraceFileSize {
    static func of(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CLIError("\(path): cannot stat: \(String(cString: strerror(errno)))")
        }
        return Int(info.st_size)
    }
}

/// A failure the CLI reports as one line and exit status 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
