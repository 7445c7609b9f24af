import ArgumentParser
import TouchTrace

/// Refuses an output whose name asks for another format than the one its command writes
/// (`render -o x.png`, which would hold SVG): a usage error (64), found before anything is read.
/// The right extension (in any case), a name with none (`/dev/stdout`, a FIFO, `picture`) and `-`
/// (standard output) pass. `option` is the option as the user spells it (`-o`, `--svg`), `writer`
/// the command (`render`), `format` what it writes (`SVG`), `expected` its extension without the
/// dot (`svg`); `standardOutput` whether the option takes `-`.
func refuseForeignExtension(
    _ path: String, option: String, writer: String, format: String, expected: String, standardOutput: Bool = true
) throws(ValidationError) {
    guard path != "-", let found = OutputFile.fileExtension(of: path), found != expected else { return }
    let others = standardOutput ? ", give it no extension, or write to - (standard output)" : " or give it no extension"
    throw ValidationError(
        "\(option) \(path): \(writer) writes \(format), which the extension .\(found) does not name: call the file .\(expected)\(others)")
}
