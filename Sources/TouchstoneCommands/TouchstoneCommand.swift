/// The `touchstone` command as a library.
///
/// A package that depends on Touchstone builds its own command-line tool, with every subcommand,
/// option, output and exit status of `touchstone`, from a one-line `main.swift`:
///
/// ```swift
/// import TouchstoneCommands
///
/// TouchstoneCommand.main()
/// ```
public enum TouchstoneCommand {
    /// Parses the process's arguments, runs the subcommand they name and returns when it succeeds;
    /// on failure prints the error as `touchstone` does and exits with its status.
    public static func main() {
        Touchstone.main()
    }
}
