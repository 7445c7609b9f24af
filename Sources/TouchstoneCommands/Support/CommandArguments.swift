#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Replay
import TouchTrace

/// Refuses a path given to an option or argument that names a file or folder but no file
/// Touchstone can open by that name: a usage error (64), found from the arguments alone, in every
/// command alike, before anything is read or written. `option` is how the usage line spells it
/// (`-o`, `<trace>`).
/// - An empty path (`-o ''`, `replay '' --scene map`, which a script with an unset variable passes).
/// - A path that is not UTF-8 (`NotUTF8Arguments`): Swift gives it with U+FFFD in place of each
///   such byte, the name of another file, which would be read, or replaced, instead.
func refuseUnnamablePath(_ path: String?, option: String) throws(ValidationError) {
    guard let path else { return }
    if path.isEmpty { throw ValidationError("\(option) '': an empty path names no file; give a path") }
    try NotUTF8Arguments.refuse(path, option: option)
}

/// The process's arguments that are not UTF-8 (`touchstone info $'a\xff.trace'`, a name from a
/// Latin-1 file system). `CommandLine.arguments` decodes each with U+FFFD in place of the bytes it
/// cannot read, so the path a command is given names another file (`a\u{FFFD}.trace`), which it
/// would read or replace; such an argument is refused instead, shown byte by byte.
enum NotUTF8Arguments {
    /// Each such argument as `CommandLine.arguments` gives it, and its bytes.
    static let all: [(decoded: String, bytes: [UInt8])] = {
        var found: [(String, [UInt8])] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index], String(validatingCString: pointer) == nil else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            found.append((String(cString: pointer), Array(bytes)))
        }
        return found
    }()

    /// Throws when `text`, given to `option`, came from an argument that is not UTF-8: the whole
    /// argument, or the value of `--scene=NAME` (everything after the first `=` of an argument
    /// beginning with `-`, as ArgumentParser takes it); a name truly holding U+FFFD is not refused,
    /// even beside another argument that is not UTF-8 and ends with its spelling (`--name
    /// $'a\xff'` beside a file named `\u{FFFD}`). Two arguments that decode to the same text cannot
    /// be told apart: the value is refused then, as the one that is not UTF-8 would be.
    static func refuse(_ text: String, option: String) throws(ValidationError) {
        guard text.unicodeScalars.contains("\u{FFFD}") else { return }
        var found: (bytes: [UInt8], valueStart: Int)?
        for argument in all {
            if argument.decoded == text {
                found = (argument.bytes, 0)
                break
            }
            // `--scene=NAME`, `-o=NAME`: the value's bytes start right after the first `=` (an
            // ASCII byte, which decoding neither makes nor takes into a U+FFFD).
            guard argument.bytes.first == UInt8(ascii: "-"), let equals = argument.bytes.firstIndex(of: UInt8(ascii: "=")),
                String(decoding: argument.bytes[(equals + 1)...], as: UTF8.self) == text
            else { continue }
            found = (argument.bytes, equals + 1)
            break
        }
        guard let (argumentBytes, valueStart) = found else { return }
        let bytes = argumentBytes[valueStart...]
        throw ValidationError(
            "\(option) '\(shown(bytes))': the path is not UTF-8, and Touchstone reads its arguments as UTF-8, so it would name another file ('\(TerminalText.escaped(text))'); rename the file, or give it through a link with a UTF-8 name")
    }

    /// `bytes` shown as they are: printable ASCII but the backslash as itself, every other byte as `\xNN`.
    static func shown(_ bytes: ArraySlice<UInt8>) -> String {
        var shown = ""
        for byte in bytes {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                shown.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16)
                shown += "\\x" + (hex.count < 2 ? "0" : "") + hex
            }
        }
        return shown
    }
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
    guard let reference else { return }
    try NotUTF8Arguments.refuse(reference, option: "--scene")
    if reference.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
        // A script's unset variable: said as an empty path is, where `--scene :` named nothing.
        throw ValidationError(
            "--scene '\(TerminalText.excerpt(reference))': \(reference.isEmpty ? "an empty" : "a blank") name names no scene; "
                + "give a built-in scene's name (\(BuiltinScenes.names.joined(separator: ", "))) or a .json scene file")
    }
    guard let problem = SceneReference.problem(ofName: reference) else { return }
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
