/// Why a file could not be read, and exactly where: every reader of untrusted input (binary traces,
/// JSON Lines, evemu, libinput record YAML) reports problems through this one type, so the CLI can
/// print one clear line and exit 1 instead of crashing.
public struct TraceInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where in the file the problem is.
    public enum Location: Equatable, Sendable {
        /// A byte offset from the start of the file (binary formats).
        case byte(Int)
        /// A 1-based line number (text formats).
        case line(Int)
        /// The file as a whole (it could not be opened, or it is empty).
        case wholeFile
    }

    /// The path as the user gave it.
    public var file: String
    public var location: Location
    /// What is wrong, in words a user can act on ("chunk CRC mismatch", "slot 12 out of range 0..9").
    public var message: String

    public init(file: String, location: Location, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `FILE: byte 1234: message`, `FILE:17: message` or `FILE: message`.
    public var description: String {
        switch location {
        case .byte(let offset): "\(file): byte \(offset): \(message)"
        case .line(let line): "\(file):\(line): \(message)"
        case .wholeFile: "\(file): \(message)"
        }
    }
}
