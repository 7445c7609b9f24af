/// The devices and raw events of a text log of evdev events (`getevent`, `evtest`), and the one way
/// they become a trace: the per-format readers only turn lines into these, and the shared decoder
/// does the rest.
///
/// Events are kept in file order with the device each belongs to, so the devices' frames stay
/// interleaved as the tool printed them (touch ids then follow the order sequences start in).
struct EvdevLog {
    struct Device {
        /// How the log names the device (`/dev/input/event2`), or empty when it names none.
        var node: String
        var name: String = ""
        /// The capabilities the log declares (`getevent -p`, evtest's header); nil when it has none.
        var declared: EvdevCapabilities?
        /// The line that introduced the device (or its first event).
        var line: Int
        var events: [EvdevEvent] = []
        var lines: [Int] = []
    }

    let file: String
    var devices: [Device] = []
    /// The device of each event, in file order.
    private var order: [UInt16] = []

    init(file: String) {
        self.file = file
    }

    /// Devices are few (one per node); more than this many is a hostile file.
    static let deviceLimit = 256

    /// The index of the device named `node`, added with `line` when it is new; nil past the limit.
    mutating func device(node: String, line: Int) -> Int? {
        if let index = devices.firstIndex(where: { $0.node == node }) { return index }
        guard devices.count < Self.deviceLimit else { return nil }
        devices.append(Device(node: node, line: line))
        return devices.count - 1
    }

    mutating func append(_ event: EvdevEvent, device: Int, line: Int) {
        devices[device].events.append(event)
        devices[device].lines.append(line)
        order.append(UInt16(device))
    }

    /// Whether a device's capabilities make it a touch device (touchscreen, touchpad, or a
    /// single-touch panel).
    static func isTouchDevice(_ capabilities: EvdevCapabilities) -> Bool {
        capabilities.axes[EvdevCode.ABS_MT_POSITION_X] != nil
            || (capabilities.axes[EvdevCode.ABS_X] != nil && capabilities.has(type: EvdevCode.EV_KEY, code: EvdevCode.BTN_TOUCH))
    }

    /// Decodes every touch device's events into one trace. Devices without a declared description
    /// are inferred from their events (with a warning); devices that are not touch devices but
    /// sent events are left out with a warning. Throws when no touch device sent anything.
    func decode(
        source: DeviceSource, recorder: RecorderInfo, extraWarnings: [FormatWarning]
    ) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        var output = EvdevDecodeOutput(file: file, expectedEvents: order.count / 4)
        var capabilities: [EvdevCapabilities?] = []
        var trackIndex: [Int?] = []
        var kept = 0
        for device in devices {
            let label = device.name.isEmpty ? device.node : "\(device.node) (\(device.name))"
            var found = device.declared
            if found == nil, !device.events.isEmpty {
                found = EvdevCapabilities.inferred(from: device.events, name: device.name.isEmpty ? device.node : device.name)
                output.warn(line: device.line, "no description of \(label.isEmpty ? "the device" : label) in the log: its ranges are inferred from the events (the values seen)")
            }
            guard let caps = found, Self.isTouchDevice(caps), !device.events.isEmpty else {
                if !device.events.isEmpty {
                    output.warn(line: device.line, "\(label) is not a touch device: its \(device.events.count) events are left out")
                }
                capabilities.append(nil)
                trackIndex.append(nil)
                continue
            }
            capabilities.append(caps)
            trackIndex.append(kept)
            kept += 1
        }
        guard kept > 0 else {
            throw TraceInputError(file: file, location: .wholeFile, message: "no touch device sent events in this log")
        }
        var decoders: [EvdevTouchDecoder?] = capabilities.enumerated().map { index, caps in
            caps.map { EvdevTouchDecoder(device: DeviceIndex(trackIndex[index]!), capabilities: $0) }
        }
        var cursors = [Int](repeating: 0, count: devices.count)
        for deviceIndex in order {
            let d = Int(deviceIndex)
            let i = cursors[d]
            cursors[d] = i + 1
            guard decoders[d] != nil else { continue }
            decoders[d]!.consume(devices[d].events[i], line: devices[d].lines[i], into: &output)
        }
        var descriptions: [DeviceDescription] = []
        for d in devices.indices {
            guard decoders[d] != nil, let caps = capabilities[d] else { continue }
            decoders[d]!.finish(line: devices[d].lines.last ?? devices[d].line, into: &output)
            descriptions.append(Self.description(node: devices[d].node, caps, index: DeviceIndex(trackIndex[d]!), source: source))
        }
        let header = TraceHeader(recorder: recorder, host: HostInfo(), devices: descriptions)
        return (TraceDocument(header: header, events: output.events), extraWarnings + output.allWarnings)
    }

    /// A kept device as the trace describes it: its node, and its capabilities in evemu's spelling
    /// so it can be exported to evemu or emulated again.
    private static func description(node: String, _ caps: EvdevCapabilities, index: DeviceIndex, source: DeviceSource) -> DeviceDescription {
        var properties: [DeviceDescription.Property] = []
        if !node.isEmpty { properties.append(.init(LibinputRecordFormat.nodeKey, node)) }
        properties += EvemuHeader.lines(for: caps).map { .init(EvemuHeader.propertyKey, $0) }
        return caps.deviceDescription(index: index, source: source, properties: properties)
    }

    // MARK: - Decoding as the log is read

    /// The one device of a log decoded as it is read: possible when the log declares it, before its
    /// events, as a touch device (what `decode` would then do, event by event). Nil otherwise.
    func directDecoder(source: DeviceSource, recorder: RecorderInfo) -> DirectDecoder? {
        guard devices.count == 1, let caps = devices[0].declared, Self.isTouchDevice(caps) else { return nil }
        let header = TraceHeader(
            recorder: recorder, host: HostInfo(), devices: [Self.description(node: devices[0].node, caps, index: 0, source: source)])
        return DirectDecoder(
            header: header, decoder: EvdevTouchDecoder(device: 0, capabilities: caps), output: EvdevDecodeOutput(file: file))
    }

    /// Decodes a declared touch device's events as they come; `output.events` is drained by the caller.
    struct DirectDecoder {
        let header: TraceHeader
        var decoder: EvdevTouchDecoder
        var output: EvdevDecodeOutput
        private(set) var events = 0
        private var lastLine = 0

        init(header: TraceHeader, decoder: EvdevTouchDecoder, output: EvdevDecodeOutput) {
            self.header = header
            self.decoder = decoder
            self.output = output
        }

        mutating func consume(_ event: EvdevEvent, line: Int) {
            events += 1
            lastLine = line
            decoder.consume(event, line: line, into: &output)
        }

        /// Ends the log as `decode` does: touches still down are closed; no events at all is the
        /// same error.
        mutating func finish(file: String) throws(TraceInputError) {
            guard events > 0 else {
                throw TraceInputError(file: file, location: .wholeFile, message: "no touch device sent events in this log")
            }
            decoder.finish(line: lastLine, into: &output)
        }

        mutating func drain(_ body: (TraceEvent) throws -> Void) rethrows {
            for event in output.events { try body(event) }
            output.events.removeAll(keepingCapacity: true)
        }
    }
}
