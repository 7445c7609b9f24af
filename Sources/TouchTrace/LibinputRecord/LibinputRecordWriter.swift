/// Writes a trace as `libinput record` YAML version 1, laid out as libinput writes it, so that
/// `libinput replay` (and Touchstone) read it back: one `evdev` block per frame, each ending with its
/// `SYN_REPORT`.
struct LibinputRecordWriter {
    static func write(_ document: TraceDocument) -> String {
        var devices = document.header.devices
        for case .device(.added(_, let description)) in document.events where !devices.contains(where: { $0.index == description.index }) {
            devices.append(description)
        }
        let host = document.header.host
        let libinputVersion = host.inputStack.hasPrefix("libinput ") ? String(host.inputStack.dropFirst(9)) : "unknown"
        var text = "# libinput record\n"
        text += "# Written by Touchstone (touch events and two-finger scrolling) from a trace recorded by \(document.header.recorder.name)\n"
        text += "version: 1\nndevices: \(devices.count)\n"
        text += "libinput:\n  version: \(quoted(libinputVersion))\n  git: \"unknown\"\n"
        text += "system:\n  os: \(quoted(host.operatingSystem))\n  kernel: \(quoted(host.kernel))\n  dmi: \"unknown\"\n"
        text += "devices:\n"
        var output = TextOutput(capacity: document.events.count * 130)
        output.append(text)
        for (position, description) in devices.enumerated() {
            let capabilities = EvemuHeader.capabilities(for: description)
            var deviceText = ""
            writeDevice(description, capabilities, position: position, to: &deviceText)
            output.append(deviceText)
            writeEvents(document.events, device: description.index, capabilities, to: &output)
        }
        return output.text
    }

    private static func writeDevice(_ description: DeviceDescription, _ capabilities: EvdevCapabilities, position: Int, to text: inout String) {
        text += "- node: \(description.property(LibinputRecordFormat.nodeKey) ?? "/dev/input/event\(position)")\n"
        text += "  evdev:\n"
        text += "    # Name: \(capabilities.name)\n"
        text += "    name: \(quoted(capabilities.name))\n"
        text += "    id: [\(capabilities.bus), \(capabilities.vendor), \(capabilities.product), \(capabilities.version)]\n"
        text += "    codes:\n"
        text += "      0: [0, 1, 2, 3] # EV_SYN\n"
        for type in capabilities.eventTypes where type != EvdevCode.EV_SYN {
            let codes = capabilities.codes[type] ?? []
            text += "      \(type): [\(codes.map(String.init).joined(separator: ", "))] # \(EvdevCode.typeName(type))\n"
        }
        text += "    absinfo:\n"
        for code in capabilities.axes.keys.sorted() {
            let a = capabilities.axes[code]!
            text += "      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)] # \(EvdevCode.codeName(type: EvdevCode.EV_ABS, code: code))\n"
        }
        text += "    properties: [\(capabilities.inputProperties.map(String.init).joined(separator: ", "))]\n"
        if let hid = description.property(LibinputRecordFormat.hidKey) {
            // libinput's layout: sixteen bytes a line inside one flow sequence.
            let bytes = hid.split(separator: " ").map { "0x" + $0 }
            let lines = stride(from: 0, to: bytes.count, by: 16).map { bytes[$0..<min($0 + 16, bytes.count)].joined(separator: ", ") }
            text += "  hid: [\n    " + lines.joined(separator: ",\n    ") + " ]\n"
        }
        text += "  udev:\n    properties:\n"
        var udev = description.properties.filter { $0.key == LibinputRecordFormat.udevKey }.map(\.value)
        if udev.isEmpty { udev = defaultUdevProperties(description.kind) }
        for property in udev { text += "    - \(property)\n" }
        text += "  quirks:\n"
    }

    /// What udev's input_id gives a device of this kind, for a trace that kept no udev properties.
    private static func defaultUdevProperties(_ kind: DeviceKind) -> [String] {
        switch kind {
        case .touchscreen, .other: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"]
        case .touchpad: ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"]
        case .tablet: ["ID_INPUT=1", "ID_INPUT_TABLET=1"]
        }
    }

    private static func writeEvents(_ events: [TraceEvent], device: DeviceIndex, _ capabilities: EvdevCapabilities, to output: inout TextOutput) {
        output.append("  events:\n")
        var encoder = EvdevTouchEncoder(capabilities: capabilities)
        var blockOpen = false
        var previousReport: Microseconds?
        var scrolls = ScrollEntries(events, device: device)
        encoder.encode(events, device: device) { event in
            if !blockOpen {
                scrolls.write(before: event.time, to: &output)
                output.append("  - evdev:\n")
                blockOpen = true
            }
            appendEvent(event, to: &output)
            if event.type == EvdevCode.EV_SYN, event.code == EvdevCode.SYN_REPORT {
                output.appendReportComment(event, previousReport: &previousReport, after: UInt8(ascii: " "))
                blockOpen = false
                scrolls.write(before: event.time + 1, to: &output)
            } else {
                output.appendEventComment(event, after: UInt8(ascii: " "))
            }
        }
        scrolls.write(before: .max, to: &output)
    }

    /// A device's two-finger scrolling as the `- libinput:` entries `libinput record --with-libinput`
    /// writes between the frames: each movement a `POINTER_AXIS` with finger source, the stop a
    /// zero-valued one (the begin is implied by the first movement). Values are written in full,
    /// not to libinput's two decimals, so they read back exactly.
    private struct ScrollEntries {
        private let samples: [GestureSample]
        private var next = 0

        init(_ events: [TraceEvent], device: DeviceIndex) {
            samples = events.compactMap { event in
                guard case .gesture(let sample) = event, sample.kind == .scroll, sample.device == device,
                    sample.phase != .begin
                else { return nil }
                return sample
            }
        }

        /// Writes, as one `- libinput:` entry, the scrolls before `time` not yet written.
        mutating func write(before time: Microseconds, to output: inout TextOutput) {
            guard next < samples.count, samples[next].time < time else { return }
            output.append("  - libinput:\n")
            while next < samples.count, samples[next].time < time {
                let sample = samples[next]
                let (dx, dy) = sample.phase == .update ? (sample.dx, sample.dy) : (0, 0)
                let seconds = sample.time / 1_000_000, micros = sample.time % 1_000_000
                let fraction = String(micros)
                output.append("    - {time: \(seconds).\(String(repeating: "0", count: 6 - fraction.count))\(fraction), ")
                output.append("type: POINTER_AXIS, axes: [\(dx), \(dy)], discrete: [0, 0], source: finger}\n")
                next += 1
            }
        }
    }

    /// `    - [  1, 234567,   3,  53,    412]`, libinput's column layout.
    private static func appendEvent(_ event: EvdevEvent, to output: inout TextOutput) {
        output.append("    - [")
        output.append(event.time / 1_000_000, width: 3)
        output.append(", ")
        output.append(event.time % 1_000_000, width: 6)
        output.append(", ")
        output.append(Int64(event.type), width: 3)
        output.append(", ")
        output.append(Int64(event.code), width: 3)
        output.append(", ")
        output.append(Int64(event.value), width: 6)
        output.append("]")
    }

    private static func quoted(_ value: String) -> String {
        var result = "\""
        for character in value {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
