#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rule every trace writer applies before it creates `NAME.partial`: the final name must be a
/// regular file or not exist yet.
///
/// Writers finish by renaming `NAME.partial` onto `NAME`. Pointed at `/dev/null`, a FIFO or a
/// directory, that rename would replace the device node or fail only after the whole session was
/// written; refusing up front costs nothing and tells the user at once.
enum OutputTarget {
    static func check(_ path: String) throws(TraceWriteError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw TraceWriteError(file: path, message: "cannot check the output: \(String(cString: strerror(errno)))")
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            let what = type == S_IFDIR ? "a directory" : type == S_IFLNK ? "a symbolic link" : "not a regular file"
            throw TraceWriteError(
                file: path, message: "\(what); traces are written to NAME.partial and renamed, so OUT must be a regular file or a new name")
        }
    }
}
