/// Why a trace could not be written: the disk refused (full, read-only, gone), or the caller asked
/// for something the format cannot hold. Whatever was flushed before the error stays readable.
public struct TraceWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path being written, as the caller gave it.
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// `FILE: message`.
    public var description: String { "\(file): \(message)" }
}
