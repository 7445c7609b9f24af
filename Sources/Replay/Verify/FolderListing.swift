#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every path below a corpus folder, read folder by folder, so that one folder that cannot be read
/// (too deep for the system's path limit, unreadable, a name that is not UTF-8) is reported on its
/// own instead of failing the whole listing.
///
/// Symbolic links are listed, never followed into: a link to a trace is an entry like a file, a
/// link to a folder is not walked (no loops, no corpus outside its root).
struct FolderListing {
    /// Paths relative to the root, `/`-separated, of every file, link and folder found.
    var entries: [String] = []
    /// Folders (relative paths) or capture files whose names could not be read, with the reason
    /// and what it costs.
    var unreadable: [(path: String, reason: String)] = []

    /// Lists `root`. Throws only when `root` itself cannot be read.
    init(root: String) throws(VerifyError) {
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : FolderListing.path(relative, in: root)
            guard let directory = opendir(folder) else {
                let reason = String(cString: strerror(errno))
                if relative.isEmpty { throw VerifyError(file: root, problem: "cannot list the folder (\(reason))") }
                unreadable.append((relative, "cannot read the folder (\(reason)): any captures in it are not checked"))
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let bytes = FolderListing.name(of: entry)
                if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
                let isFolder = FolderListing.isFolder(entry, in: directory)
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    // Only a folder or a capture's file matters: another file's name is never read.
                    if isFolder || FolderListing.marksCapture(bytes) {
                        let shown = String(decoding: bytes, as: UTF8.self)
                        let reason = isFolder ? "the folder's name is not UTF-8: any captures in it are not checked"
                            : "the name is not UTF-8: the capture cannot be checked"
                        unreadable.append((relative.isEmpty ? shown : relative + "/" + shown, reason))
                    }
                    continue
                }
                let path = relative.isEmpty ? name : relative + "/" + name
                entries.append(path)
                if isFolder { pending.append(path) }
            }
        }
    }

    /// `relative` below `root`, as `Capture` joins its paths (no normalising: a listing builds
    /// one per folder, each longer than the last).
    static func path(_ relative: String, in root: String) -> String {
        root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    private static func name(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: &entry.pointee.d_name) { raw in
            Array(raw.prefix { $0 != 0 })
        }
    }

    /// Whether the entry is a folder (not a link to one); asks `fstatat` when the file system
    /// does not say.
    private static func isFolder(_ entry: UnsafeMutablePointer<dirent>, in directory: OpaquePointer) -> Bool {
        let type = entry.pointee.d_type
        if type != UInt8(DT_UNKNOWN) { return type == UInt8(DT_DIR) }
        var info = stat()
        let found = withUnsafePointer(to: &entry.pointee.d_name) { name in
            name.withMemoryRebound(to: CChar.self, capacity: 256) { fstatat(dirfd(directory), $0, &info, AT_SYMLINK_NOFOLLOW) == 0 }
        }
        return found && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether a name ends as a capture's scene or golden does.
    private static func marksCapture(_ bytes: [UInt8]) -> Bool {
        [CaptureDiscovery.sceneExtension, CaptureDiscovery.goldenExtension].contains { marker in
            bytes.suffix(marker.utf8.count).elementsEqual(marker.utf8)
        }
    }
}
