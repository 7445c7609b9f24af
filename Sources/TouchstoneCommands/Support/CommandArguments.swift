import ArgumentParser
import Replay
import TouchTrace

/// Refuses an empty path given to an option or argument that names a file or folder (`-o ''`,
/// `replay '' --scene map`, which a script with an unset variable passes): a usage error (64),
/// found from the arguments alone, in every command alike, before anything is read or written.
/// `option` is how the usage line spells it (`-o`, `<trace>`).
func refuseEmptyPath(_ path: String?, option: String) throws(ValidationError) {
    guard let path, path.isEmpty else { return }
    throw ValidationError("\(option) '': an empty path names no file; give a path")
}

/// The scene a command's `--scene` names, with the kinds of this run's `Touchstone.registry`.
/// The registry is read only for a scene file: a built-in scene names no kinds, and the first
/// read builds Touchstone's own (2.2 M instructions, a sixth of a short replay's start).
func resolveScene(_ reference: String) throws(SceneError) -> Scene {
    try SceneReference.resolve(
        reference, registry: SceneReference.namesSceneFile(reference) ? Touchstone.registry : RecognizerRegistry())
}

/// Refuses a `--scene` that can be neither a built-in scene nor a scene file: a name without the
/// `.json` a scene file's path ends in, and no built-in scene's. A usage error (64) found from the
/// arguments alone, as `replay`, `render` and `live` take scenes alike; a `.json` path is a file to
/// read, and one that cannot be read or is no scene fails the work (1).
func refuseUnknownScene(_ reference: String?) throws(ValidationError) {
    guard let reference, let problem = SceneReference.problem(ofName: reference) else { return }
    throw ValidationError("--scene \(TerminalText.excerpt(reference)): \(problem)")
}

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
