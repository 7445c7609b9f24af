#if canImport(Glibc)
import Glibc
#endif

/// Whether anything exists at `path`.
public func fileExists(_ path: String) -> Bool {
    access(path, F_OK) == 0
}

/// The whole content of the file at `path`, or no bytes when it cannot be opened.
public func readFileBytes(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: buffer[0..<count])
    }
    return bytes
}

/// The file at `path` as UTF-8 text (invalid bytes repaired), or "" when it cannot be opened. For
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
