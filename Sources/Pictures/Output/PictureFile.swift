import Foundation
import Replay
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How pictures and reports reach the disk: written whole under a temporary name beside the
/// destination and renamed over it, so a failure leaves whatever was there before; and never over
/// a file the command reads.
///
/// (The project's shared file-writing helper will take this over; until then this is the one
/// place the pictures write files.)
public enum PictureFile {
    /// Writes `bytes` as the whole content of `path`, through `path.tmp-PID` and a rename.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputFileError(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw OutputFileError(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// Throws when `output` names the same file as one of `inputs` (the same path, a link to it, or
    /// another name for it), which writing would destroy.
    public static func refuseAlias(output: String, inputs: [String]) throws(OutputFileError) {
        var target = stat()
        guard stat(output, &target) == 0 else { return }
        for input in inputs {
            var source = stat()
            if stat(input, &source) == 0, source.st_dev == target.st_dev, source.st_ino == target.st_ino {
                throw OutputFileError(path: output, reason: "it is also an input (\(input)); choose another output")
            }
        }
    }
}
