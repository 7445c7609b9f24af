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
    /// The files reading `path` reads: the file itself and, for an evemu file, the `.desc`
    /// companion a file of events without a device header takes it from (`EvemuFormat`). What an
    /// output must never replace.
    public static func inputFiles(of path: String) -> [String] {
        guard (try? detectFormat(path: path)) == .evemu, let companion = EvemuFormat.companionDescription(forEvents: path) else { return [path] }
        return [path, companion]
    }

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

    /// Opens the file at `path`, whatever its format, for streaming: a binary trace through
    /// `TraceReader`, a text format through its reader, line by line. With `salvage`, binary
    /// chunks that fail their checksum are skipped and reported as damage instead of stopping the
    /// read. The one place a new input format plugs in.
    public static func open(path: String, salvage: Bool = false) throws -> TraceInput {
        let format = try detectFormat(path: path)
        switch format {
        case .binary:
            return TraceInput(path: path, format: format, reader: try TraceReader(path: path, options: .init(salvage: salvage)))
        case .jsonLines:
            return TraceInput(path: path, format: format, source: try JSONLines.open(path: path))
        case .evemu:
            return TraceInput(path: path, format: format, source: try EvemuFormat.open(path: path))
        case .libinputRecord:
            return TraceInput(path: path, format: format, source: try LibinputRecordFormat.open(path: path))
        case .getevent:
            return TraceInput(path: path, format: format, source: try GeteventFormat.open(path: path))
        case .evtest:
            return TraceInput(path: path, format: format, source: try EvtestFormat.open(path: path))
        }
    }

    /// Reads the whole file at `path`, whatever its format, into memory (`open(path:salvage:)`,
    /// then every event): for small files and tests; commands stream instead.
    public static func load(path: String, salvage: Bool = false) throws -> LoadedTrace {
        let input = try open(path: path, salvage: salvage)
        let trace = try input.readAll()
        return LoadedTrace(trace: trace, format: input.format, damage: input.damage, warnings: input.warnings, notices: input.notices)
    }

    /// Converts the trace at `inputPath` (any format) to `outputPath` in `format`, streaming both
    /// ways: memory stays bounded whatever the trace's length. The output is written through
    /// `OutputFile` (whole or not at all) and refused when it is the input itself; `notice`
    /// receives the reader's damage and warnings once the input has been read. A binary trace and
    /// its JSON Lines twin convert into each other byte for byte. Evemu output reads the input
    /// once (and once more to find devices added during the trace); libinput record output reads
    /// the events once per device it holds, the input only for the first (and to find devices
    /// added during the trace), a spool of its events for the others (`EventSpool`).
    public static func convert(
        _ inputPath: String, salvage: Bool = false, to outputPath: String, as format: TraceFormat, notice: (String) -> Void = { _ in }
    ) throws {
        let inputs = inputFiles(of: inputPath)
        try OutputFile.refuseAliasing(outputPath, inputs: inputs)
        let input = try open(path: inputPath, salvage: salvage)
        let reopen = { () throws -> TraceInput in try open(path: inputPath, salvage: salvage) }
        switch format {
        case .binary:
            let writer = try TraceWriter(path: outputPath, header: input.header, options: input.writerOptions, partial: .hidden, inputs: inputs)
            try input.forEachEvent(flush: { try writer.flush() }) { try writer.append($0) }
            try writer.close()
        case .jsonLines:
            let writer = try JSONLinesFileWriter(path: outputPath, header: input.header, options: input.writerOptions, inputs: inputs)
            try input.forEachEvent(flush: { try writer.flush() }) { try writer.append($0) }
            try writer.close()
        case .evemu:
            let file = try OutputFile(path: outputPath, inputs: inputs)
            var output = TextOutput()
            // An evemu file holds one device: device 0 when the trace has one, otherwise the one
            // with the lowest index it describes, otherwise the first it adds.
            let added = input.header.devices.contains { $0.index == 0 } ? [] : try addedDevices(reopen(), stoppingAt: 0)
            let description = input.header.devices.first { $0.index == 0 } ?? added.first { $0.index == 0 }
                ?? input.header.devices.min { $0.index < $1.index } ?? added.first
            guard let description else {
                try file.write(EvemuWriter.placeholder(device: 0))
                try file.commit()
                notice("warning: \(outputPath): the trace describes no device, so the evemu file holds none and no event")
                break
            }
            var writer = try EvemuWriter(description, recorder: input.header.recorder.name, file: outputPath, into: &output)
            // An evemu file is one device's evdev events: what it cannot hold is counted, and said.
            var otherDevices: Set<DeviceIndex> = []
            var otherSamples = 0
            var gestures = 0
            var eventsSoFar = 0
            try input.forEachEvent { event in
                switch event {
                case .touch(let sample) where sample.device != description.index:
                    otherSamples += 1
                    otherDevices.insert(sample.device)
                case .gesture: gestures += 1
                default: break
                }
                try add(event, number: eventsSoFar, of: input) { event throws(TraceWriteError) in try writer.add(event, to: &output) }
                eventsSoFar += 1
                if output.count >= TextOutput.drainThreshold { try output.drain(to: file) }
            }
            writer.finish(to: &output)
            try output.drain(to: file)
            try file.commit()
            if let problem = writer.storedLinesProblem { notice(Self.storedLinesWarning(outputPath, problem, description)) }
            if writer.touchesWithoutSlot > 0 {
                notice(Self.touchesWithoutSlotWarning(outputPath, writer.touchesWithoutSlot, description))
            }
            if otherSamples > 0 {
                notice("warning: \(outputPath): an evemu file holds one device: only device \(description.index) (\(description.name)) was written; "
                    + "\(otherSamples) touch samples of \(otherDevices.count) other device\(otherDevices.count == 1 ? "" : "s") were left out "
                    + "(a .trace, .jsonl or .yml output keeps every device)")
            }
            if gestures > 0 {
                notice("warning: \(outputPath): an evemu file holds evdev events only: \(gestures) trackpad gesture samples were left out "
                    + "(a .trace or .jsonl output keeps them; a .yml output keeps two-finger scrolling)")
            }
        case .libinputRecord:
            // Only the trace formats can add devices during a trace; the imports list them all.
            let added = input.format == .binary || input.format == .jsonLines ? try addedDevices(reopen()) : []
            let devices = LibinputRecordWriter.devices(input.header, added: added)
            // As many as its readers take (ours: EvdevLog.deviceLimit), refused before any file is made.
            guard devices.count <= EvdevLog.deviceLimit else {
                throw TraceWriteError(
                    file: outputPath,
                    message: "the trace has \(devices.count) devices; a libinput record file holds at most \(EvdevLog.deviceLimit) (write .trace or .jsonl)")
            }
            let file = try OutputFile(path: outputPath, inputs: inputs)
            var output = TextOutput()
            output.append(try LibinputRecordWriter.preamble(input.header, deviceCount: devices.count, file: outputPath))
            var pass: TraceInput? = input
            // Each device's events form a block of their own, so every device is a pass over the
            // events. The first reads the input and, when more devices follow, keeps the events in
            // a spool (a binary trace in an unlinked temporary file beside the output) that the
            // other passes read instead of the input: a text input was parsed once per device. A
            // spool that cannot be written (a full disk, a device added during the trace whose
            // description a binary trace cannot hold) is given up, and the passes after the first
            // read the input again, as they all did before.
            var spool = devices.count > 1 ? try? EventSpool(beside: outputPath) : nil
            var leftOut: [String] = []
            // What the file cannot hold, counted in the first device's pass (every event is read
            // in each): touches of undescribed devices, gestures other than two-finger scrolling.
            let described = Set(devices.map(\.index))
            var undescribedSamples = 0
            var otherGestures = 0
            for (position, description) in devices.enumerated() {
                var writer = try LibinputRecordWriter.Events(description, position: position, file: outputPath, into: &output)
                var eventsSoFar = 0
                if let first = pass {
                    pass = nil
                    try first.forEachEvent { event in
                        switch event {
                        case .touch(let sample) where !described.contains(sample.device): undescribedSamples += 1
                        case .gesture(let sample) where sample.kind != .scroll: otherGestures += 1
                        default: break
                        }
                        try add(event, number: eventsSoFar, of: input) { event throws(TraceWriteError) in try writer.add(event, to: &output) }
                        eventsSoFar += 1
                        if output.count >= TextOutput.drainThreshold { try output.drain(to: file) }
                        if spool != nil {
                            do { try spool?.append(event) } catch { spool = nil }
                        }
                    }
                    do { try spool?.finish() } catch { spool = nil }
                } else {
                    // A later pass leaves to the writer only what may change its block (every
                    // time was checked in the first): most of the events are other devices'. An
                    // event the output cannot hold is named where it is in the input.
                    // (The body is a literal passed as it is: a closure kept in a variable would
                    // put the writer and counters it shares with the first pass's behind dynamic
                    // exclusivity checks, 2.6 % of a one-device conversion.)
                    // With a spool, the chunks that hold nothing the writer takes are passed over
                    // undecoded (their events counted): with many devices, most of them.
                    let reopened = spool == nil ? try reopen() : nil
                    try Self.forEachEvent(of: spool, or: reopened, skipping: { writer.ignoresEvery($0) }, skipped: { eventsSoFar += $0 }) { event in
                        if !writer.ignores(event) {
                            try add(event, number: eventsSoFar, of: input) { event throws(TraceWriteError) in try writer.add(event, to: &output) }
                            if output.count >= TextOutput.drainThreshold { try output.drain(to: file) }
                        }
                        eventsSoFar += 1
                    }
                }
                writer.finish(to: &output)
                if let problem = writer.storedLinesProblem { leftOut.append(Self.storedLinesWarning(outputPath, problem, description)) }
                if writer.touchesWithoutSlot > 0 { leftOut.append(Self.touchesWithoutSlotWarning(outputPath, writer.touchesWithoutSlot, description)) }
                if writer.nonFiniteScrolls > 0 {
                    leftOut.append("warning: \(outputPath): \(writer.nonFiniteScrolls) scroll samples of \(description.name) whose values are not finite numbers were left out")
                }
            }
            if let unread = pass { try unread.forEachEvent { _ in } }  // no device: read for the notices
            try output.drain(to: file)
            try file.commit()
            if undescribedSamples > 0 {
                leftOut.append("warning: \(outputPath): \(undescribedSamples) touch samples of devices the trace does not describe were left out")
            }
            if otherGestures > 0 {
                leftOut.append("warning: \(outputPath): a libinput record file holds evdev events and two-finger scrolling: \(otherGestures) other trackpad gesture samples were left out "
                    + "(libinput derives them from the touches; a .trace or .jsonl output keeps them)")
            }
            leftOut.forEach(notice)
        case .getevent, .evtest:
            throw TraceWriteError(file: outputPath, message: "Touchstone reads \(format.displayName)s but does not write them")
        }
        input.notices.forEach(notice)
    }

    /// Every event of `spool`, skipping the chunks `skips` passes over (their event counts to
    /// `skipped`), or, without one, of `input`, which then has every event read.
    private static func forEachEvent(
        of spool: EventSpool?, or input: TraceInput?, skipping skips: (ChunkContents) -> Bool, skipped: (Int) -> Void,
        _ body: (TraceEvent) throws -> Void
    ) throws {
        if let spool {
            try spool.forEachEvent(skipping: skips, skipped: skipped, body)
        } else if let input {
            try input.forEachEvent(body)
        }
    }

    /// A device whose kept evemu lines were not used: written as a device synthesized from its fields.
    private static func storedLinesWarning(_ path: String, _ problem: String, _ device: DeviceDescription) -> String {
        "warning: \(path): device \(device.index) (\(device.name)) keeps an evemu description that was not used: \(problem); "
            + "the device was written as synthesized from its fields (positions, pressure, contact size and slots), as for a trace that kept none"
    }

    private static func touchesWithoutSlotWarning(_ path: String, _ count: Int, _ device: DeviceDescription) -> String {
        "warning: \(path): \(count) touch\(count == 1 ? "" : "es") of \(device.name) began while all its \(device.slots) slots were taken and "
            + "\(count == 1 ? "was" : "were") left out (evdev has no slot for them; a .trace or .jsonl output keeps every touch)"
    }

    /// The devices `input` adds during the trace, up to the first with index `stoppingAt`.
    private static func addedDevices(_ input: TraceInput, stoppingAt wanted: DeviceIndex? = nil) throws -> [DeviceDescription] {
        var found: [DeviceDescription] = []
        struct Found: Error {}
        do {
            try input.forEachEvent { event in
                guard case .device(.added(_, let description)) = event else { return }
                found.append(description)
                if description.index == wanted { throw Found() }
            }
        } catch is Found {}
        return found
    }

    /// The times evemu and libinput record files hold: a `struct timeval` with 32-bit seconds, as
    /// their readers (ours and the tools') accept. A trace's own time line may be anywhere in Int64.
    /// Hands `event`, the one at `number` in `input`, to a text writer's `add`; an event the
    /// output cannot hold (a time past 32-bit seconds, a position its device does not declare) is
    /// refused naming the input and where in it the event is, with the writer's reason, which names
    /// the output.
    private static func add(
        _ event: TraceEvent, number: Int, of input: TraceInput, to add: (TraceEvent) throws(TraceWriteError) -> Void
    ) throws(TraceInputError) {
        do throws(TraceWriteError) {
            try add(event)
        } catch {
            throw TraceInputError(file: input.path, location: input.location(ofEvent: number), message: error.description)
        }
    }

    public static let evdevTimeRange: ClosedRange<Microseconds> = 0...(Microseconds(Int32.max) * 1_000_000 + 999_999)

    static func readPrefix(_ path: String, count: Int) throws(TraceInputError) -> [UInt8] {
        let fd = try RegularFile.open(path).descriptor
        defer { close(fd) }
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
