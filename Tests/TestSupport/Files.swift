#if canImport(Glibc)
import Glibc
#endif
import TouchTrace

/// Whether anything exists at `path`.
public func fileExists(_ path: String) -> Bool {
    access(path, F_OK) == 0
}

/// The whole content of the file at `path` (read by TouchTrace's `FileBytes`, as the tool reads
/// small files), or no bytes when it cannot be read.
public func readFileBytes(_ path: String) -> [UInt8] {
    (try? FileBytes.read(path, atMost: 1 << 31, what: "a file a test reads")) ?? []
}

/// The file at `path` as UTF-8 text (invalid bytes repaired), or "" when it cannot be read. For
/// files another process is still writing (a child's output, a log being polled):
/// `String(contentsOfFile:)` leaked a 4 KiB read buffer on such reads under LeakSanitizer
/// (FoundationEssentials' readBytesFromFile), and a half-written UTF-8 sequence makes it fail.
public func readFileText(_ path: String) -> String {
    String(decoding: readFileBytes(path), as: UTF8.self)
}

/// Replaces the file at `path` with `bytes`.
public func writeFileBytes(_ path: String, _ bytes: [UInt8]) {
    guard let file = fopen(path, "wb") else { preconditionFailure("cannot write \(path)") }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
}
