import ArgumentParser
import Replay
import TouchTrace

extension OutputFile {
    /// `refuseStandardOutput(_:carrying:)` turned into a command's failure (`error:` line, status 1).
    static func refuseStandardOutputOrFail(_ path: String?, carrying what: String) throws(ExitCode) {
        guard let path else { return }
        do {
            try refuseStandardOutput(path, carrying: what)
        } catch {
            throw fail(error.description)
        }
    }
}
