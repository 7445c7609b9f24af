#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A trace read whole from a file of any format, with everything the reader had to say about it.
public struct LoadedTrace: Sendable {
    public var document: TraceDocument
    public var format: TraceFormat
    /// Damage a binary reader worked around (truncation, skipped chunks, a broken index).
    public var damage: [TraceDamage]
    /// Oddities a text importer worked around (slots out of range, time going backwards).
    public var warnings: [FormatWarning]
    /// For a binary source, the writer options it was written with, so a conversion back to binary
    /// can reproduce it byte for byte.
    public var writerOptions: TraceWriter.Options?
}

/// One entry point for reading and writing traces in every format Touchstone knows.
///
/// Tools that need the whole trace (conversion, small files) use `load`; tools that must stay flat in
/// memory on large binary traces open a `TraceReader` directly.
public enum TraceFile {
    /// The format of the file at `path`, from its first bytes.
    public static func detectFormat(path: String) throws(TraceInputError) -> TraceFormat {
        let prefix = try readPrefix(path, count: 4096)
        guard !prefix.isEmpty else {
            throw TraceInputError(file: path, location: .wholeFile, message: "the file is empty")
        }
        guard let format = TraceFormat.detect(prefix: prefix) else {
            throw TraceInputError(
                file: path, location: .byte(0),
                message: "not a trace Touchstone can read (expected a binary trace, an evemu recording or libinput record YAML)")
        }
        return format
    }

    /// Reads the whole file at `path`, whatever its format. With `salvage`, binary chunks that fail
    /// their checksum are skipped and reported as damage instead of stopping the read.
    public static func load(path: String, salvage: Bool = false) throws -> LoadedTrace {
        switch try detectFormat(path: path) {
        case .binary:
            let reader = try TraceReader(path: path, options: .init(salvage: salvage))
            let events = try reader.readAll()
            return LoadedTrace(
                document: TraceDocument(header: reader.header, events: events), format: .binary,
                damage: reader.damage, warnings: [], writerOptions: reader.writerOptions)
        case .evemu:
            let (document, warnings) = try EvemuFormat.read(path: path)
            return LoadedTrace(document: document, format: .evemu, damage: [], warnings: warnings, writerOptions: nil)
        case .libinputRecord:
            let (document, warnings) = try LibinputRecordFormat.read(path: path)
            return LoadedTrace(
                document: document, format: .libinputRecord, damage: [], warnings: warnings, writerOptions: nil)
        }
    }

    /// Writes `document` to `path` in `format`. Binary output goes through `NAME.partial` and a
    /// rename, so a failed write never leaves a half file under the final name.
    public static func save(
        _ document: TraceDocument, to path: String, as format: TraceFormat,
        writerOptions: TraceWriter.Options = .init()
    ) throws {
        switch format {
        case .binary:
            try BinaryTrace.write(document, to: path, options: writerOptions)
        case .evemu:
            try writeText(EvemuFormat.write(document), to: path)
        case .libinputRecord:
            try writeText(LibinputRecordFormat.write(document), to: path)
        }
    }

    static func readPrefix(_ path: String, count: Int) throws(TraceInputError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, "cannot open") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, "cannot stat") }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            throw TraceInputError(file: path, location: .wholeFile, message: "is a directory")
        }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot read")
            }
            if got == 0 { break }
            filled += got
        }
        return Array(buffer[0..<filled])
    }

    /// Writes text through `NAME.partial` and a rename, like the binary writer.
    static func writeText(_ text: String, to path: String) throws(TraceInputError) {
        let partial = path + ".partial"
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(partial, "cannot create") }
        var utf8 = Array(text.utf8)
        var written = 0
        while written < utf8.count {
            let count = utf8.withUnsafeMutableBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure(partial, "cannot write")
                close(fd)
                throw error
            }
            written += count
        }
        utf8 = []
        guard close(fd) == 0 else { throw failure(partial, "cannot close") }
        guard rename(partial, path) == 0 else { throw failure(path, "cannot rename \(partial) into place") }
    }

    private static func failure(_ path: String, _ what: String) -> TraceInputError {
        TraceInputError(file: path, location: .wholeFile, message: "\(what): \(String(cString: strerror(errno)))")
    }
}
