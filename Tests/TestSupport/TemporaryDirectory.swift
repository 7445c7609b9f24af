import Foundation

/// A fresh directory under /tmp for one test (mode 0700, as mkdtemp makes it), removed with
/// everything in it when the value goes away.
public final class TemporaryDirectory {
    /// The directory's absolute path.
    public let path: String

    /// Creates `/tmp/touchstone-LABEL-XXXXXX`; the label only helps tell leftovers apart.
    public init(_ label: String = "tests") {
        var template = Array("/tmp/touchstone-\(label)-XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            preconditionFailure("mkdtemp failed for /tmp/touchstone-\(label)-XXXXXX: errno \(errno)")
        }
        path = String(cString: created)
    }

    /// The directory as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The path of `name` inside the directory (which need not exist yet).
    public func file(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
