#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One recorded or synthetic session kept for regression: a trace, the scene it replays through,
/// and the log that replay must produce.
///
/// On disk (`captures/README.md`, `docs/replay-log.md`), three files share a base name:
/// the trace (`NAME.trace`, or any format Touchstone reads: `CaptureDiscovery.traceExtensions`),
/// `NAME.scene` (one line: a built-in scene name such as `map`, or a path ending in `.json`
/// relative to the capture's folder) and `NAME.golden.log` (the expected log).
public struct Capture: Equatable, Sendable {
    /// The path from the corpus root without extension, with `/` separators: the capture's name in
    /// every report ("taps/double-tap-map").
    public var name: String
    /// Absolute or caller-relative paths of the three files.
    public var tracePath: String
    public var sceneReferencePath: String
    public var goldenPath: String
    /// Why the capture cannot be replayed as found (`CaptureDiscovery`: no trace or several beside
    /// its scene), or nil.
    public var problem: String?

    public init(root: String, name: String, traceExtension: String = ".trace") {
        self.name = name
        let base = root.hasSuffix("/") ? root + name : root + "/" + name
        tracePath = base + traceExtension
        sceneReferencePath = base + ".scene"
        goldenPath = base + ".golden.log"
    }

    /// The folder holding the capture's files, against which scene paths are resolved.
    public var folder: String {
        FilePaths.folder(of: tracePath).string
    }
}

/// Finding captures in a corpus folder, in one order every machine agrees on.
///
/// A capture is marked by its `NAME.scene` file: its trace is the one file beside it called `NAME`
/// with one of `traceExtensions` (any format Touchstone reads; the format is then read from the
/// content). Files without a `NAME.scene` beside them are not captures, so recordings kept as
/// sources, scene `.json` files and other `.yml` files in the folder are never mistaken for one.
/// A `NAME.golden.log` marks a capture too: a golden whose scene is gone is that capture's error,
/// so a lost scene file can never drop a capture from the check silently.
public enum CaptureDiscovery {
    /// The extensions a capture's trace may have: one or more for every format Touchstone reads
    /// (binary trace, JSON Lines, evemu, libinput record YAML, getevent and evtest logs).
    public static let traceExtensions = [".trace", ".jsonl", ".evemu", ".events", ".yml", ".yaml", ".getevent", ".evtest"]

    /// The file that makes `NAME` a capture.
    public static let sceneExtension = ".scene"

    /// The golden log's ending: a golden without its scene is still listed, as an error.
    public static let goldenExtension = ".golden.log"

    /// The rule, for messages.
    public static let rule =
        "a capture is NAME.scene with one trace beside it, NAME\(traceExtensions[0]) (or \(traceExtensions.dropFirst().joined(separator: ", "))), and NAME.golden.log"

    /// Every capture (`NAME.scene`, see above) below `root` (recursively), sorted by name byte-wise
    /// (not by locale), so the order and therefore the shards are the same everywhere. A scene with
    /// no trace beside it, or with several, and a golden with no scene, are still listed, with
    /// `problem` saying so.
    public static func captures(in root: String) throws(VerifyError) -> [Capture] {
        var info = stat()
        guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw VerifyError(file: root, problem: "not a folder")
        }
        let listing = try FolderListing(root: root)
        var entries = Set<String>()
        var marked = Set<String>()
        for relative in listing.entries {
            entries.insert(relative)
            for marker in [sceneExtension, goldenExtension] where relative.hasSuffix(marker) {
                marked.insert(String(relative.dropLast(marker.count)))
            }
        }
        guard !marked.isEmpty || !listing.unreadable.isEmpty else {
            throw VerifyError(file: root, problem: "no captures in the folder (\(rule))")
        }
        // A folder that cannot be read may hold captures: it fails the check, never drops them silently.
        let unreadable = listing.unreadable.map { found in
            var capture = Capture(root: root, name: found.path)
            capture.problem = "\(FolderListing.path(found.path, in: root)): \(found.reason)"
            return capture
        }
        return (unreadable + marked.map { name in
            let traces = traceExtensions.filter { entries.contains(name + $0) }
            var capture = Capture(root: root, name: name, traceExtension: traces.first ?? traceExtensions[0])
            let scene = capture.sceneReferencePath
            if !entries.contains(name + sceneExtension) {
                capture.problem = "\(capture.goldenPath): no \(name + sceneExtension) beside it (\(rule))"
            } else if traces.isEmpty {
                capture.problem = "\(scene): no trace beside it (\(rule))"
            } else if traces.count > 1 {
                capture.problem = "\(scene): \(traces.count) traces beside it (\(traces.map { name + $0 }.joined(separator: ", "))): keep one"
            }
            return capture
        }).sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
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
