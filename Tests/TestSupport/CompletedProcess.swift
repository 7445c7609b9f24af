import Foundation

/// A program run to completion, with what it printed: the one way the test targets run a program
/// to its end (`touchstone`, compilers, the external checkers and viewers).
public struct CompletedProcess {
    public var status: Int32
    public var standardOutput: Data
    public var standardError: Data

    /// Standard output as text (invalid UTF-8 repaired).
    public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as text (invalid UTF-8 repaired).
    public var stderr: String { String(decoding: standardError, as: UTF8.self) }

    /// Runs `executable` with `arguments` (in `directory`, with only `environment` when given) and
    /// waits for it. Both pipes are read at once, so a child that fills one while the other is
    /// open never blocks.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil
    ) throws -> CompletedProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = ErrorReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.finish()
        process.waitUntilExit()
        return CompletedProcess(status: process.terminationStatus, standardOutput: outData, standardError: errData)
    }

    /// Reads a pipe to its end on a thread of its own.
    private final class ErrorReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func finish() -> Data {
            done.wait()
            return data
        }
    }
}
