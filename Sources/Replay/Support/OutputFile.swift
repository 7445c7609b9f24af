import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for writing in place: created if missing, truncated if not, never replaced.
///
/// Foundation's `createFile(atPath:)` writes a temporary file and renames it over the path, which
/// turns `/dev/null`, `/dev/stdout` or a FIFO into a regular file. Logs, goldens and JUnit reports
/// go through `open(2)` instead, so writing to a device writes to the device.
public final class OutputFile {
    public let path: String
    private let handle: FileHandle

    /// Opens `path` for writing; throws `OutputFileError` naming the path and the system's reason.
    public init(path: String) throws(OutputFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
        }
        self.path = path
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    public func write(_ bytes: [UInt8]) {
        handle.write(Data(bytes))
    }

    /// Writes `bytes` as the whole content of `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        let file = try OutputFile(path: path)
        file.write(bytes)
    }
}

/// A file that could not be opened for writing.
public struct OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): cannot write the file (\(reason))" }
}
