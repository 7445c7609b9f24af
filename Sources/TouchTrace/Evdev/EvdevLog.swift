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
        var declared: EvdevCapabilities?
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
        if devices[device].declared == nil { devices[device].inference.add(event) }
    }

    /// Whether a device's capabilities make it a touch device (touchscreen, touchpad, or a
    /// single-touch panel).
    static func isTouchDevice(_ capabilities: EvdevCapabilities) -> Bool {
        capabilities.axes[EvdevCode.ABS_MT_POSITION_X] != nil
            || (capabilities.axes[EvdevCode.ABS_X] != nil && capabilities.has(type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH))
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
            var capabilities = device.declared
            if capabilities == nil, device.eventCount > 0 {
                capabilities = device.inference.capabilities(name: device.name.isEmpty ? device.node : device.name)
                output.warn(line: device.line, "no description of \(label.isEmpty ? "the device" : label) in the log: its ranges are inferred from the events (the values seen)")
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
            throw TraceInputError(file: file, location: .wholeFile, message: "no touch device sent events in this log")
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
    private var finished = false
    var batchLimit = textBatchSize
    var lineConsumed: Int { cursor.number }

    init(_ input: TextInput, file: String) throws(TraceInputError) {
        self.file = file
        var first = Reader(file: file)
        var scan = TextLineCursor(input)
        var cut: (line: Int, reason: String)?
        while let line = try scan.next() {
            do {
                try Self.take(line, scan.number, &first, file: file)
            } catch {
                guard scan.lastLineIsUnterminated else { throw error }
                cut = (scan.number, error.message)
            }
        }
        logWarnings = try first.finishLines() + (cut.map { [TextLineCursor.cutShortWarning(file: file, line: $0.line, reason: $0.reason)] } ?? [])
        lastLines = first.log.devices.map { $0.eventCount > 0 ? $0.lastLine : $0.line }
        let recorder = RecorderInfo(name: Reader.recorderName, version: "", detail: "imported from \(EvemuReader.baseName(file))")
        header = try first.log.beginDecoding(source: Reader.source, recorder: recorder)
        // The second pass reads the lines again with a fresh reader whose log decodes.
        reader = Reader(file: file)
        let initialDevices = reader.log.devices
        reader.log = first.log
        reader.log.devices = initialDevices
        cursor = TextLineCursor(input)
    }

    /// Reads one line into `reader`; the events it has decoded and not handed out.
    @discardableResult
    private static func take(_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ reader: inout Reader, file: String) throws(TraceInputError) -> Int {
        do throws(LineScanner.LineError) {
            try reader.take(line, number)
        } catch {
            throw TraceInputError(file: file, location: .line(number), message: error.message)
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
            do {
                if try Self.take(line, cursor.number, &reader, file: file) >= limit { break }
            } catch {
                // The last line cut short, which the first pass warned about.
                guard cursor.lastLineIsUnterminated else { throw error }
            }
        }
        if reader.decodedEventCount < limit {
            finished = true
            reader.log.finishDecoding(lastLines: lastLines)
        }
        swap(&events, &reader.log.output.events)
        return !events.isEmpty || !finished
    }
}
