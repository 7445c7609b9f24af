/// Something odd an importer found and worked around instead of failing: a slot out of range, time
/// running backwards, events the kernel dropped. The import goes on; the warning says where and what
/// was done, so a user can decide whether to trust the trace.
public struct FormatWarning: Equatable, Sendable, CustomStringConvertible {
    /// The path as the user gave it.
    public var file: String
    /// Where in the file (a line for the text formats).
    public var location: TraceInputError.Location
    /// What was found and what the importer did about it.
    public var message: String

    public init(file: String, location: TraceInputError.Location, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `FILE:17: warning: message`, in the style of `TraceInputError`.
    public var description: String {
        switch location {
        case .byte(let offset): "\(file): byte \(offset): warning: \(message)"
        case .line(let line): "\(file):\(line): warning: \(message)"
        case .wholeFile: "\(file): warning: \(message)"
        }
    }
}
