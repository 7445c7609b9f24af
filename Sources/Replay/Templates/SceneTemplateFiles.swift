#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import TouchTrace

/// The template files one scene load has read, so that a file named many times (by many unistroke
/// recognizers) is read and kept once: the same file however a path reaches it (`zed.json`,
/// `./zed.json`, a link), by device and inode. It also counts the points of the distinct files read,
/// refusing the file that takes the scene past `SceneLoader.maximumTemplatePoints`.
///
/// One per `SceneLoader.decode`, shared by the parameters it decodes (a reference, under a lock:
/// `ParameterInput` is `Sendable`).
final class SceneTemplateFiles: Sendable {
    /// A file by device and inode; by its path when it cannot be examined (reading it then fails).
    enum Identity: Hashable, Sendable {
        case file(device: UInt64, inode: UInt64)
        case path(String)

        init(_ path: String) {
            var info = stat()
            if stat(path, &info) == 0 {
                self = .file(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            } else {
                self = .path(path)
            }
        }
    }

    private struct State {
        var templates: [Identity: UnistrokeTemplate] = [:]
        var points = 0
        var reads = 0
        /// Each name a `templates` list gave, with its path and file: resolved once.
        var located: [String: (path: String, identity: Identity)] = [:]
    }

    private let state = Locked(State())
    /// The most points the distinct files may hold together.
    let pointLimit: Int

    init(pointLimit: Int = SceneLoader.maximumTemplatePoints) {
        self.pointLimit = pointLimit
    }

    /// How many files have been read (each distinct file once, however often it is named).
    var filesRead: Int { state.withLock { $0.reads } }

    /// Why a template file could not be used.
    enum Failure: Error {
        /// The file itself: unreadable or invalid.
        case file(TemplateFileError)
        /// Reading it would take the scene past `pointLimit` points of template files.
        case tooManyPoints(total: Int, limit: Int)
    }

    /// The path and file of the template file `name` (relative to the scene file `sceneFile`), worked
    /// out on its first mention only: thousands of recognizers naming one file resolve it once.
    func locate(_ name: String, besideFileAt sceneFile: String) -> (path: String, identity: Identity) {
        if let known = state.withLock({ $0.located[name] }) { return known }
        let path = FilePaths.path(name, besideFileAt: sceneFile)
        let found = (path: path, identity: Identity(path))
        state.withLock { $0.located[name] = found }
        return found
    }

    /// The template in the file at `path` (known by `identity`), read on its first mention only.
    func template(at path: String, identity: Identity) throws(Failure) -> UnistrokeTemplate {
        if let known = state.withLock({ $0.templates[identity] }) { return known }
        state.withLock { $0.reads += 1 }
        let template: UnistrokeTemplate
        do {
            template = try UnistrokeTemplateFile.read(path)
        } catch {
            throw .file(error)
        }
        let total: Int? = state.withLock { state in
            let total = state.points + template.points.count
            guard total <= pointLimit else { return total }
            state.points = total
            state.templates[identity] = template
            return nil
        }
        if let total { throw .tooManyPoints(total: total, limit: pointLimit) }
        return template
    }
}
