#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files by device and inode: the same file however a path reaches it (symbolic links, hard
/// links, `./x`). What `verify --update` must never write a golden onto.
struct FileIdentities: Sendable {
    private struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private let identities: Set<Identity>

    /// The files `paths` name now; a path naming nothing is left out.
    init(_ paths: [String]) {
        identities = Set(paths.compactMap(Identity.init))
    }

    /// Whether `path` names one of the files.
    func contains(_ path: String) -> Bool {
        guard !identities.isEmpty, let identity = Identity(path) else { return false }
        return identities.contains(identity)
    }
}
