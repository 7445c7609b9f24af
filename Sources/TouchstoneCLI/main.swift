// The `touchstone` executable: the command itself lives in the TouchstoneCommands library, so that
// a package can build its own `touchstone` around it.
import TouchstoneCommands

TouchstoneCommand.main()
