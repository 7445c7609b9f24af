import ArgumentParser
import Glibc
import LibinputCapture
import Logging
import TouchTrace

/// `touchstone record`: capture touchscreen touches and touchpad gestures through libinput.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record touchscreen touches and touchpad gestures through libinput into a trace file.",
        discussion: """
            Needs read access to /dev/input (root, or a member of the 'input' group). Keyboard keys are \
            never recorded. SIGINT or SIGTERM finishes the file; after a crash or SIGKILL the file \
            (FILE.partial) is readable up to the last flush.
            """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The trace file to write.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Record every touch device on this udev seat (default seat0).", valueName: "seat"))
    var seat: String?

    @Option(
        name: .customLong("device"),
        help: ArgumentHelp("Record this device node instead of a seat (repeatable).", valueName: "path")
    )
    var devices: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Start a new file (FILE.1, FILE.2, …) after this many seconds without events.", valueName: "seconds"
    ))
    var autorestart: Double?

    @Option(
        name: .customLong("flush-ms"),
        parsing: .unconditional,
        help: ArgumentHelp("Write buffered events to disk this often: a crash loses at most this much.", valueName: "ms")
    )
    var flushMilliseconds: Int = 100

    @Flag(help: "Also print libinput's informational messages.")
    var verbose = false

    /// The longest interval any option takes, in seconds (about 31 years): in microseconds far
    /// inside `Microseconds`, so no deadline computed from one can overflow.
    static let longestInterval = 1e9

    /// The longest flush interval a binary trace records: `UInt32.max` microseconds.
    static let longestFlushMilliseconds = Int(UInt32.max) / 1_000

    func validate() throws {
        try refuseUnnamablePath(output, option: "-o")
        for device in devices { try refuseUnnamablePath(device, option: "--device") }
        // A script's unset variable, as an empty path is: libinput found no device on seat ''.
        if seat == "" { throw ValidationError("--seat '': an empty name names no seat; give a seat's name (seat0 by default)") }
        if seat != nil, !devices.isEmpty { throw ValidationError("--seat and --device cannot be combined.") }
        // A binary trace records its flush interval in 32 bits of microseconds.
        guard flushMilliseconds > 0, flushMilliseconds <= Self.longestFlushMilliseconds else {
            throw ValidationError("--flush-ms must be a number of milliseconds above 0 and at most \(Self.longestFlushMilliseconds) (what a trace records), found \(flushMilliseconds)")
        }
        try Self.checkSeconds(duration, option: "--duration")
        try Self.checkSeconds(autorestart, option: "--autorestart")
    }

    /// A number of seconds must be finite, above 0 and at most `longestInterval` (NaN is none of these).
    private static func checkSeconds(_ seconds: Double?, option: String) throws {
        guard let seconds else { return }
        guard seconds > 0, seconds <= longestInterval else {
            throw ValidationError("\(option) must be a number of seconds above 0 and at most 1e9, found \(seconds)")
        }
    }

    /// Seconds already checked by `validate()`, in microseconds; at least 1.
    private static func microseconds(_ seconds: Double) -> Microseconds {
        max(1, Microseconds((seconds * 1_000_000).rounded()))
    }

    func run() throws {
        let flushInterval = Microseconds(flushMilliseconds) * 1_000
        let options = RecordingOptions(
            output: output,
            backend: devices.isEmpty ? .seat(seat ?? "seat0") : .paths(devices),
            duration: duration.map(Self.microseconds),
            autorestart: autorestart.map(Self.microseconds),
            flushInterval: flushInterval,
            showStatus: isatty(STDERR_FILENO) != 0
        )
        var logger = Logger(label: "touchstone.libinput") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .info : .warning
        let recorder = Recorder(
            options: options,
            recorder: RecorderInfo(
                name: "touchstone record", version: Touchstone.configuration.version,
                detail: CommandLine.arguments.dropFirst().joined(separator: " ")
            ),
            logger: logger,
            openOutput: Recorder.traceWriters(flushInterval: flushInterval)
        )
        do {
            let summary = try recorder.run()
            let files = summary.files.joined(separator: ", ")
            printError("recorded \(summary.events) events (\(summary.bytes) bytes) to \(files)")
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }
}
