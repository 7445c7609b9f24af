import Foundation
import TouchTrace

/// A fresh directory under /tmp for one test (mode 0700, as mkdtemp makes it), removed with
/// everything in it when the value goes away, or when the test process exits for one made with
/// `removedAtExit: true`.
public final class TemporaryDirectory {
    /// The directory's absolute path.
    public let path: String

    /// Creates `/tmp/touchstone-LABEL-XXXXXX`; the label only helps tell leftovers apart.
    ///
    /// A fixture made once for a whole run is held in a `static let`, which Swift never
    /// deinitializes: `removedAtExit` removes it when the test process exits instead (each memory
    /// suite's sessions once stayed behind, tens of megabytes a run).
    public init(_ label: String = "tests", removedAtExit: Bool = false) {
        var template = Array("/tmp/touchstone-\(label)-XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            preconditionFailure("mkdtemp failed for /tmp/touchstone-\(label)-XXXXXX: errno \(errno)")
        }
        path = String(cString: created)
        if removedAtExit { Self.removeAtExit(path) }
    }

    /// The directories to remove at exit; the handler is installed with the first.
    private static let leftAtExit = Locked<[String]?>(nil)

    private static func removeAtExit(_ path: String) {
        leftAtExit.withLock { paths in
            if paths == nil {
                atexit {
                    for path in TemporaryDirectory.leftAtExit.withLock({ $0 ?? [] }) {
                        try? FileManager.default.removeItem(atPath: path)
                    }
                }
            }
            paths = (paths ?? []) + [path]
        }
    }

    /// The directory as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The path of `name` inside the directory (which need not exist yet).
    public func file(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
