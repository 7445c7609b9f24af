import Foundation

/// One recorded or synthetic session kept for regression: a trace, the scene it replays through,
/// and the log that replay must produce.
///
/// On disk (`captures/README.md`, `docs/replay-log.md`), three files share a base name:
/// `NAME.trace` (binary trace; or `NAME.evemu`, an evemu recording imported as it is read), `NAME.scene` (one line: a built-in scene name such as `map`, or a
/// path ending in `.json` relative to the capture's folder) and `NAME.golden.log` (the expected log).
public struct Capture: Equatable, Sendable {
    /// The path from the corpus root without extension, with `/` separators: the capture's name in
    /// every report ("taps/double-tap-map").
    public var name: String
    /// Absolute or caller-relative paths of the three files.
    public var tracePath: String
    public var sceneReferencePath: String
    public var goldenPath: String

    public init(root: String, name: String, traceExtension: String = ".trace") {
        self.name = name
        let base = root.hasSuffix("/") ? root + name : root + "/" + name
        tracePath = base + traceExtension
        sceneReferencePath = base + ".scene"
        goldenPath = base + ".golden.log"
    }

    /// The folder holding the capture's files, against which scene paths are resolved.
    public var folder: String {
        (tracePath as NSString).deletingLastPathComponent
    }
}

/// Finding captures in a corpus folder, in one order every machine agrees on.
public enum CaptureDiscovery {
    /// The extensions a capture's trace may have: a binary trace, or a recording in one of the
    /// text formats Touchstone imports (read by content, whatever the extension).
    public static let traceExtensions = [".trace", ".evemu", ".yml", ".getevent", ".evtest"]

    /// Every capture trace (`traceExtensions`) below `root` (recursively), sorted by name byte-wise (not by
    /// locale), so the order and therefore the shards are the same everywhere.
    public static func captures(in root: String) throws(VerifyError) -> [Capture] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw VerifyError(file: root, problem: "not a folder")
        }
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw VerifyError(file: root, problem: "cannot list the folder")
        }
        var found: [(name: String, extension: String)] = []
        while let relative = enumerator.nextObject() as? String {
            guard let ext = traceExtensions.first(where: { relative.hasSuffix($0) }) else { continue }
            found.append((String(relative.dropLast(ext.count)), ext))
        }
        guard !found.isEmpty else {
            throw VerifyError(file: root, problem: "no captures in the folder (a capture is NAME.trace or NAME.evemu with NAME.scene and NAME.golden.log beside it)")
        }
        found.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return found.map { Capture(root: root, name: $0.name, traceExtension: $0.extension) }
    }
}

/// A problem with the corpus itself (not with one capture's replay): a missing folder, a bad shard.
public struct VerifyError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var problem: String

    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    public var description: String { "\(file): \(problem)" }
}
