/// Where each axis of each device of a getevent or evtest log was first given a range, to warn
/// once an axis when a later description gives another (a device plugged again under its node,
/// a second evtest run pasted after the first): the last range stands for the whole log, the
/// events before it included, as the log's one description of the device.
struct AxisDeclarations {
    private var first: [Int: [UInt16: (line: Int, range: AxisRange, warned: Bool)]] = [:]
    /// One warning an axis declared again with another range, in the order met.
    private(set) var warnings: [FormatWarning] = []

    /// Notes that `line` gives `code` of `device` (`what` names it in the warning) the range `range`.
    mutating func declare(_ code: UInt16, _ range: AxisRange, device: Int, what: String, line: Int, file: String) {
        guard let earlier = first[device]?[code] else {
            first[device, default: [:]][code] = (line, range, false)
            return
        }
        guard earlier.range != range, !earlier.warned else { return }
        first[device]![code]!.warned = true
        let axis = EvdevCode.codeName(type: EvdevCode.EV_ABS, code: code)
        warnings.append(FormatWarning(
            file: file, location: .line(line),
            message: "\(what) declares \(axis) again, \(range.minimum)…\(range.maximum) where line \(earlier.line) declared "
                + "\(earlier.range.minimum)…\(earlier.range.maximum): the last declaration is taken for the whole log, the events before it "
                + "included (a device described again may be another device)"))
    }
}

/// The devices and raw events of a text log of evdev events (`getevent`, `evtest`), and the one way
/// they become a trace: the per-format readers only turn lines into these, and the shared decoder
/// does the rest.
///
/// A log is read twice, so that its events are never held: the first pass learns the devices (what
/// each declares, and for one that declares nothing, what its events reveal), the second decodes
/// the events in file order, so the devices' frames stay interleaved as the tool printed them
/// (touch ids then follow the order sequences start in).
struct EvdevLog {
    struct Device {
        /// How the log names the device (`/dev/input/event2`), or empty when it names none.
        var node: String
        var name: String = ""
        /// The capabilities the log declares (`getevent -p`, evtest's header); nil when it has none.
        var declared: EvdevCapabilities? {
            didSet { describesEvents = declared.map { !$0.codes.isEmpty } ?? false }
        }
        /// Whether `declared` lists any event code. A description that lists none (a header pasted
        /// from `Properties:` on, a `-p` block cut before its events) says nothing of the axes: its
        /// device is inferred from its events, as one the log does not describe. Kept, not derived:
        /// `append` asks it at every event of the first pass.
        private(set) var describesEvents = false
        /// The line that introduced the device (or its first event).
        var line: Int
        var eventCount = 0
        /// The line of its last event.
        var lastLine = 0
        /// What its events reveal, for a device the log does not describe.
        var inference = EvdevCapabilities.Inference()
    }

    let file: String
    var devices: [Device] = []
    /// Second pass: each device's decoder (nil for devices left out) and where they decode to.
    private var decoders: [EvdevTouchDecoder?]?
    var output: EvdevDecodeOutput

    init(file: String) {
        self.file = file
        output = EvdevDecodeOutput(file: file)
    }

    /// Devices are few (one per node, a few dozen on a whole machine); a getevent, evtest or
    /// libinput record file naming more than this many is a hostile file (each device costs a
    /// description, a decoder and, in libinput record's second pass, a look at every frame).
    static let deviceLimit = 256

    /// The index of the device named `node`, added with `line` when it is new; nil past the limit.
    mutating func device(node: String, line: Int) -> Int? {
        if let index = devices.firstIndex(where: { $0.node == node }) { return index }
        guard devices.count < Self.deviceLimit else { return nil }
        devices.append(Device(node: node, line: line))
        return devices.count - 1
    }

    mutating func append(_ event: EvdevEvent, device: Int, line: Int) {
        if decoders != nil {
            if decoders![device] != nil { decoders![device]!.consume(event, line: line, into: &output) }
            return
        }
        devices[device].eventCount += 1
        devices[device].lastLine = line
        // Only a device the log does not describe is inferred (a description, even a late one, wins).
        if !devices[device].describesEvents { devices[device].inference.add(event) }
    }

    /// Whether a device's capabilities make it a touch device (touchscreen, touchpad, or a
    /// single-touch panel).
    static func isTouchDevice(_ capabilities: EvdevCapabilities) -> Bool {
        capabilities.axes[EvdevCode.ABS_MT_POSITION_X] != nil
            || (capabilities.axes[EvdevCode.ABS_X] != nil && capabilities.has(type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH))
    }

    /// A getevent log without `-p` shows no input property, so a device that reports
    /// `BTN_TOOL_FINGER` would be a touchpad by udev's rule (a finger tool without
    /// `INPUT_PROP_DIRECT`), though Android touchscreen drivers report it too (synaptics_dsx
    /// does, with `BTN_TOUCH`: logs in bug reports show it on phones). Only a touchpad's kernel
    /// driver counts fingers with `BTN_TOOL_DOUBLETAP` and more (`input_mt_init_slots` declares them
    /// for `INPUT_MT_POINTER` devices), and touchpads click buttons or move relatively; a device
    /// that sent none of these is taken as the touchscreen an Android log nearly always records:
    /// `INPUT_PROP_DIRECT` is added to `capabilities`. Returns whether it was.
    static func assumeDirect(_ capabilities: inout EvdevCapabilities) -> Bool {
        let key = EvdevCode.EV_KEY
        guard capabilities.inputProperties.isEmpty, capabilities.kind == .touchpad,
            capabilities.has(type: key, code: EvdevCode.BTN_TOOL_FINGER),
            !EvdevCapabilities.fingerToolCodes.dropFirst().contains(where: { capabilities.has(type: key, code: $0) }),
            !(capabilities.codes[key] ?? []).contains(where: { (EvdevCode.BTN_LEFT...EvdevCode.BTN_LEFT + 7).contains($0) }),
            (capabilities.codes[EvdevCode.EV_REL] ?? []).isEmpty
        else { return false }
        capabilities.addProperty(EvdevCode.INPUT_PROP_DIRECT)
        return true
    }

    /// After the first pass: the trace's header, and this log made ready to decode the second pass
    /// into `output`. Devices without a declared description are inferred from their events (with
    /// a warning); devices that are not touch devices but sent events are left out with a warning.
    /// Throws when no touch device sent anything.
    mutating func beginDecoding(source: DeviceSource, recorder: RecorderInfo) throws(TraceInputError) -> TraceHeader {
        var found: [EvdevTouchDecoder?] = []
        var descriptions: [DeviceDescription] = []
        for device in devices {
            let label = device.name.isEmpty ? device.node : "\(device.node) (\(device.name))"
            var capabilities = device.describesEvents ? device.declared : nil
            if capabilities == nil, device.eventCount > 0 {
                var inferred = device.inference.capabilities(name: device.name.isEmpty ? device.node : device.name)
                let what = label.isEmpty ? "the device" : label
                if let partial = device.declared {
                    // What the description does say (id, properties) stands.
                    (inferred.bus, inferred.vendor, inferred.product, inferred.version) = (partial.bus, partial.vendor, partial.product, partial.version)
                    partial.inputProperties.forEach { inferred.addProperty($0) }
                    output.warn(line: device.line, "the log's description of \(what) lists no events (a header cut short?): its ranges are inferred from the events (from 0, or the least value seen below it, to the largest value seen)")
                } else {
                    output.warn(line: device.line, "no description of \(what) in the log: its ranges are inferred from the events (from 0, or the least value seen below it, to the largest value seen)")
                    if source == .getevent, Self.assumeDirect(&inferred) {
                        output.warn(line: device.line, "\(what) reports BTN_TOOL_FINGER, and without getevent -p the log shows none of its input properties: taken as an Android touchscreen (INPUT_PROP_DIRECT), as it sent nothing only a touchpad sends (BTN_TOOL_DOUBLETAP or more fingers, buttons, relative motion)")
                    }
                }
                capabilities = inferred
            }
            guard let caps = capabilities, Self.isTouchDevice(caps), device.eventCount > 0 else {
                if device.eventCount > 0 {
                    output.warn(line: device.line, "\(label) is not a touch device: its \(device.eventCount) events are left out")
                }
                found.append(nil)
                continue
            }
            let index = DeviceIndex(descriptions.count)
            found.append(EvdevTouchDecoder(device: index, capabilities: caps))
            var properties: [DeviceDescription.Property] = []
            if !device.node.isEmpty { properties.append(.init(LibinputRecordFormat.nodeKey, device.node)) }
            // The device in evemu's spelling, so it can be exported to evemu or emulated again.
            properties += EvemuHeader.lines(for: caps).map { .init(EvemuHeader.propertyKey, $0) }
            descriptions.append(caps.deviceDescription(index: index, source: source, properties: properties))
        }
        guard !descriptions.isEmpty else {
            // Devices that sent events without positions (a paste of tracking ids and BTN_TOUCH
            // only) are devices of another kind as far as the log shows.
            let message = devices.contains { $0.eventCount > 0 }
                ? "no device in this log sent touch positions (ABS_MT_POSITION_X and _Y, or ABS_X and _Y with BTN_TOUCH)"
                : "no device sent events in this log"
            throw TraceInputError(file: file, location: .wholeFile, message: message)
        }
        decoders = found
        return TraceHeader(recorder: recorder, host: HostInfo(), devices: descriptions)
    }

    /// After the second pass: warns about frames and touches the log leaves open, device by device.
    mutating func finishDecoding(lastLines: [Int]) {
        guard decoders != nil else { return }
        for d in decoders!.indices where decoders![d] != nil {
            decoders![d]!.finish(line: lastLines[d], into: &output)
        }
    }
}

/// A reader of one evdev log format (`getevent`, `evtest`): lines in, devices and events into its
/// `EvdevLog`.
protocol EvdevLogReading {
    init(file: String)
    var log: EvdevLog { get set }
    /// `log.output.events.count`, read per line by `EvdevLogSource`: a requirement of its own, so
    /// that reading it does not copy the whole log through the generic `log` getter (9.7 % of a
    /// getevent import, docs/benchmarks.md "Session 16").
    var decodedEventCount: Int { get }
    /// Reads one line.
    mutating func take(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws(LineScanner.LineError)
    /// After the last line of the first pass: completes the devices' descriptions and returns what
    /// there is to say about the whole log.
    mutating func finishLines() throws(TraceInputError) -> [FormatWarning]
    static var source: DeviceSource { get }
    static var recorderName: String { get }
}

/// An evdev log streamed in two passes (`EvdevLog`): the header once the first pass is over, then
/// the events decoded as they are asked for.
///
/// Logs are often pasted (into a bug report, from a terminal), with text around them that is not
/// the tool's output: the command typed, a Markdown fence, a shell prompt, a last line cut short.
/// The first pass finds where the log is: lines before the first line that reads are ignored, and
/// so is everything from a line that does not read to the end, when no line after it reads either;
/// each with a warning at its first line. A line that does not read with log lines after it is an
/// error, as is a file of which no line reads.
///
/// A paste may also indent every line of the log the same (a Markdown list item, a
/// reStructuredText code block, a quote in a mail, a mail reply's `> ` marks): when the first line
/// that reads only reads without its leading blanks and quote marks, that many (its margin) are
/// taken off every line from there on, which then reads as the tool printed it.
final class EvdevLogSource<Reader: EvdevLogReading>: TextEventSource {
    let header: TraceHeader
    // Exempt from the runtime's exclusivity checks in release builds, as EvemuEventSource's.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var reader: Reader
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var cursor: TextLineCursor
    private let lastLines: [Int]
    private let logWarnings: [FormatWarning]
    /// The file's name, for errors: kept here, not read per line through the generic reader.
    private let file: String
    /// Where the log is: from its first line that reads to the line before `logEnd`.
    private let logStart: Int
    private let logEnd: Int
    /// The blanks a paste put before every line of the log, taken off each (0 for the tool's output).
    private let margin: Int
    private var finished = false
    var batchLimit = textBatchSize
    var lineConsumed: Int { cursor.number }

    init(_ input: TextInput, file: String) throws(TraceInputError) {
        self.file = file
        var first = Reader(file: file)
        var scan = TextLineCursor(input)
        var start = 0
        var end = Int.max
        var before: (count: Int, error: TraceInputError)?
        var ignored: [FormatWarning] = []
        // Why the first line taken for text after the log did not read.
        var afterLog: TraceInputError?
        var margin = 0
        while let whole = try scan.next() {
            let line = Self.unindented(whole, by: margin)
            do {
                try Self.take(line, scan.number, &first, file: file)
                if start == 0, !LineScanner.isBlank(line) { start = scan.number }
            } catch {
                if start == 0 {
                    // The first line that reads may read only without its indentation: a paste's.
                    let indent = whole.prefix(while: LineScanner.isMargin).count
                    if indent > 0, indent < whole.count,
                        (try? Self.take(Self.unindented(whole, by: indent), scan.number, &first, file: file)) != nil
                    {
                        margin = indent
                        start = scan.number
                        continue
                    }
                    before = ((before?.count ?? 0) + 1, before?.error ?? error)
                    continue
                }
                guard let after = try Self.unreadableLines(after: scan, reader: first, margin: margin) else { throw error }
                // An error at an earlier line: a line the reader held (an evtest event line a mail
                // client may have wrapped) that this one did not complete. The text after the log
                // begins there, with the lines that followed it.
                var textStart = scan.number, held = 0
                if case .line(let at) = error.location, at < scan.number {
                    held = try Self.sayingLines(after: at, through: scan.number, of: input, margin: margin)
                    textStart = at
                }
                end = textStart
                afterLog = error
                ignored.append(Self.textAfterLog(error, line: textStart, linesAfter: after + held))
                break
            }
        }
        if start == 0, let before { throw before.error }
        if let before { ignored.insert(Self.textBeforeLog(before.error, lines: before.count), at: 0) }
        logStart = start
        logEnd = end
        self.margin = margin
        logWarnings = ignored + (try first.finishLines())
        lastLines = first.log.devices.map { $0.eventCount > 0 ? $0.lastLine : $0.line }
        let recorder = RecorderInfo(name: Reader.recorderName, version: "", detail: "imported from \(EvemuReader.baseName(file))")
        do {
            header = try first.log.beginDecoding(source: Reader.source, recorder: recorder)
        } catch {
            // A log with no touches whose last lines did not read: those lines may be its events
            // (unprefixed events in a log of several devices), so the error says where and why.
            guard let afterLog, case .line(let line) = afterLog.location else { throw error }
            throw TraceInputError(
                file: file, location: .line(line),
                message: "\(error.message), and this line and every one after it do not read: \(afterLog.message)")
        }
        // The second pass reads the lines again with a fresh reader whose log decodes.
        reader = Reader(file: file)
        let initialDevices = reader.log.devices
        reader.log = first.log
        reader.log.devices = initialDevices
        cursor = TextLineCursor(input)
    }

    /// How many lines after the one `scan` read last say something, if none of them reads (the
    /// reader as it is goes on reading them, so a later line that would have read is found); nil
    /// when one does. Only asked once a line has not read, so the reading on costs nothing else.
    private static func unreadableLines(after scan: TextLineCursor, reader: Reader, margin: Int) throws(TraceInputError) -> Int? {
        var rest = scan.detached()
        var probe = reader
        var count = 0
        while let line = try rest.next() {
            guard !LineScanner.isBlank(line) else { continue }
            do throws(LineScanner.LineError) {
                try probe.take(unindented(line, by: margin), rest.number)
                return nil
            } catch {
                count += 1
            }
        }
        return count
    }

    /// How many lines after line `start` through line `last` say something (are not blank once the
    /// margin is taken off): read again from the start, only for a log whose text after it begins
    /// at a held line.
    private static func sayingLines(after start: Int, through last: Int, of input: TextInput, margin: Int) throws(TraceInputError) -> Int {
        var scan = TextLineCursor(input)
        var count = 0
        while scan.number < last, let line = try scan.next() {
            if scan.number > start && !LineScanner.isBlank(unindented(line, by: margin)) { count += 1 }
        }
        return count
    }

    /// The warning for lines before the log's first that do not read, the first of which is `error`'s.
    private static func textBeforeLog(_ error: TraceInputError, lines: Int) -> FormatWarning {
        let what = lines == 1
            ? "this line, before the log, is not \(Reader.recorderName) output and is ignored"
            : "the \(lines) lines before the log, this one first, are not \(Reader.recorderName) output and are ignored"
        return FormatWarning(file: error.file, location: error.location, message: "\(what): \(error.message)")
    }

    /// The warning for `line`, which did not read (`error`), and the `linesAfter` after it that do
    /// not either, ignored.
    private static func textAfterLog(_ error: TraceInputError, line: Int, linesAfter: Int) -> FormatWarning {
        // The log's last line: cut short, by a recorder killed inside it or a paste.
        guard linesAfter > 0 else { return TextLineCursor.cutShortWarning(file: error.file, line: line, reason: error.message) }
        return FormatWarning(
            file: error.file, location: .line(line),
            message: "this line and the \(linesAfter) after it are not \(Reader.recorderName) output and are ignored (text after the log?): \(error.message)")
    }

    /// `line` without the first `margin` of its leading blanks and quote marks (all of them when it
    /// has fewer).
    @inline(__always)
    private static func unindented(_ line: UnsafeBufferPointer<UInt8>, by margin: Int) -> UnsafeBufferPointer<UInt8> {
        guard margin > 0 else { return line }
        var start = 0
        while start < margin, start < line.count, LineScanner.isMargin(line[start]) { start += 1 }
        return UnsafeBufferPointer(rebasing: line[start...])
    }

    /// Reads one line into `reader`; the events it has decoded and not handed out.
    @discardableResult
    private static func take(_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ reader: inout Reader, file: String) throws(TraceInputError) -> Int {
        do throws(LineScanner.LineError) {
            try reader.take(line, number)
        } catch {
            throw TraceInputError(file: file, location: .line(error.line ?? number), message: error.message)
        }
        return reader.decodedEventCount
    }

    var warnings: [FormatWarning] { logWarnings + reader.log.output.allWarnings }

    func read(into events: inout [TraceEvent], flushes: inout [Int]) throws(TraceInputError) -> Bool {
        flushes.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        guard !finished else { return false }
        swap(&events, &reader.log.output.events)
        // The batch's size is read through `&reader` in `take`: read here, through the generic
        // stored property, it copied the whole reader for every line.
        let limit = batchLimit
        while let line = try cursor.next() {
            // The lines the first pass found outside the log, and warned about.
            if cursor.number < logStart { continue }
            if cursor.number >= logEnd { break }
            if try Self.take(Self.unindented(line, by: margin), cursor.number, &reader, file: file) >= limit { break }
        }
        if reader.decodedEventCount < limit {
            finished = true
            reader.log.finishDecoding(lastLines: lastLines)
        }
        swap(&events, &reader.log.output.events)
        return !events.isEmpty || !finished
    }
}
