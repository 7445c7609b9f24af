#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A trace read whole from a file of any format, with everything the reader had to say about it.
public struct LoadedTrace: Sendable {
    /// The events, with the writer options and explicit flush points that let a binary trace be
    /// written again byte for byte (defaults and none for the text import formats).
    public var trace: JSONLinesTrace
    public var format: TraceFormat
    /// Damage a binary reader worked around (truncation, skipped chunks, a broken index).
    public var damage: [TraceDamage]
    /// Oddities a text importer worked around (slots out of range, time going backwards).
    public var warnings: [FormatWarning]
    /// Every damage and warning as one line naming the file, for standard error.
    public var notices: [String]

    public var document: TraceDocument { trace.document }
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
                message: "not a trace Touchstone can read (expected a binary trace, JSON Lines, an evemu recording, libinput record YAML, a getevent log or an evtest log)")
        }
        return format
    }

    /// Opens the file at `path`, whatever its format: a binary trace streamed, a text format
    /// imported. With `salvage`, binary chunks that fail their checksum are skipped and reported as
    /// damage instead of stopping the read. The one place a new input format plugs in.
    public static func open(path: String, salvage: Bool = false) throws -> TraceInput {
        let format = try detectFormat(path: path)
        switch format {
        case .binary:
            let reader = try TraceReader(path: path, options: .init(salvage: salvage))
            return TraceInput(path: path, format: format, events: .streamed(reader), warnings: [])
        case .jsonLines:
            return TraceInput(path: path, format: format, events: .imported(try JSONLines.read(path: path)), warnings: [])
        case .evemu, .libinputRecord, .getevent, .evtest:
            if let decoded = try streamText(format, path: path) {
                return TraceInput(path: path, format: format, events: .decoded(decoded), warnings: [])
            }
            let (document, warnings) = try importText(format, path: path)
            return TraceInput(path: path, format: format, events: .imported(JSONLinesTrace(document: document)), warnings: warnings)
        }
    }

    /// A text recording decoded as it is read, where its format allows that for this file: the
    /// device must be known before the events (`DecodedTextInput`). Nil: import it whole.
    private static func streamText(_ format: TraceFormat, path: String) throws(TraceInputError) -> DecodedTextInput? {
        switch format {
        case .evemu: try EvemuFormat.stream(path: path)
        case .evtest: try EvtestReader.stream(path: path)
        case .libinputRecord, .getevent: nil
        case .binary, .jsonLines: preconditionFailure("\(format) is not an imported text format")
        }
    }

    /// The text formats recorded by other tools, imported whole into a document.
    private static func importText(_ format: TraceFormat, path: String) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        switch format {
        case .evemu: try EvemuFormat.read(path: path)
        case .libinputRecord: try LibinputRecordFormat.read(path: path)
        case .getevent: try GeteventFormat.read(path: path)
        case .evtest: try EvtestFormat.read(path: path)
        case .binary, .jsonLines: preconditionFailure("\(format) is not an imported text format")
        }
    }

    /// Reads the whole file at `path`, whatever its format (`open(path:salvage:)`, then every event).
    public static func load(path: String, salvage: Bool = false) throws -> LoadedTrace {
        let input = try open(path: path, salvage: salvage)
        let trace: JSONLinesTrace
        switch input.events {
        case .streamed(let reader): trace = try TraceConversion.jsonLines(from: reader)
        case .imported(let imported): trace = imported
        case .decoded(let decoded): trace = JSONLinesTrace(document: try decoded.collect().0)
        }
        return LoadedTrace(trace: trace, format: input.format, damage: input.damage, warnings: input.warnings, notices: input.notices)
    }

    /// Writes `trace` to `path` in `format`, always through a temporary name and a rename, so a
    /// failed write never leaves a half file under the final name.
    public static func save(_ trace: JSONLinesTrace, to path: String, as format: TraceFormat) throws {
        switch format {
        case .binary:
            try TraceConversion.writeBinary(trace, to: path)
        case .jsonLines:
            try JSONLines.write(trace, to: path)
        case .evemu:
            try checkEvdevTimes(trace.document, path: path, format: format)
            try OutputFile.write(Array(EvemuFormat.write(trace.document).utf8), to: path)
        case .libinputRecord:
            try checkEvdevTimes(trace.document, path: path, format: format)
            try OutputFile.write(Array(LibinputRecordFormat.write(trace.document).utf8), to: path)
        case .getevent, .evtest:
            throw TraceWriteError(file: path, message: "Touchstone reads \(format.displayName)s but does not write them")
        }
    }

    /// The times evemu and libinput record files hold: a `struct timeval` with 32-bit seconds, as
    /// their readers (ours and the tools') accept. A trace's own time line may be anywhere in Int64.
    public static let evdevTimeRange: ClosedRange<Microseconds> = 0...(Microseconds(Int32.max) * 1_000_000 + 999_999)

    /// Refuses, before anything is written, a trace whose times the export's reader would reject.
    private static func checkEvdevTimes(_ document: TraceDocument, path: String, format: TraceFormat) throws(TraceWriteError) {
        guard let event = document.events.first(where: { !evdevTimeRange.contains($0.time) }) else { return }
        throw TraceWriteError(
            file: path,
            message: "event at \(event.time) µs is outside the times \(format.displayName) files hold (0 to \(Int32.max) s)")
    }

    static func readPrefix(_ path: String, count: Int) throws(TraceInputError) -> [UInt8] {
        let fd = try RegularFile.open(path)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, "cannot stat") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw TraceInputError(file: path, location: .wholeFile, message: "is not a regular file")
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

    private static func failure(_ path: String, _ what: String) -> TraceInputError {
        TraceInputError(file: path, location: .wholeFile, message: "\(what): \(String(cString: strerror(errno)))")
    }
}
