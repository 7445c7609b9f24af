/// Writes a trace as `libinput record` YAML version 1, laid out as libinput writes it, so that
/// `libinput replay` (and Touchstone) read it back: one `evdev` block per frame, each ending with its
/// `SYN_REPORT`.
struct LibinputRecordWriter {
    /// The devices a trace's recording lists: the header's, then those added during the trace.
    static func devices(_ header: TraceHeader, added: [DeviceDescription]) -> [DeviceDescription] {
        var devices = header.devices
        for description in added where !devices.contains(where: { $0.index == description.index }) {
            devices.append(description)
        }
        return devices
    }

    /// The lines before the first device.
    static func preamble(_ header: TraceHeader, deviceCount: Int, file: String) throws(TraceWriteError) -> String {
        let host = header.host
        let libinputVersion = host.inputStack.hasPrefix("libinput ") ? String(host.inputStack.dropFirst(9)) : "unknown"
        for (text, what) in [(header.recorder.name, "the recorder's name"), (libinputVersion, "the libinput version"),
                             (host.operatingSystem, "the operating system"), (host.kernel, "the kernel")] {
            try TextOutput.refuseControlCharacters(in: text, what: what, format: "a libinput record file", file: file)
        }
        var text = "# libinput record\n"
        text += "# Written by Touchstone (touch events and two-finger scrolling) from a trace recorded by \(header.recorder.name)\n"
        text += "version: 1\nndevices: \(deviceCount)\n"
        text += "libinput:\n  version: \(quoted(libinputVersion))\n  git: \"unknown\"\n"
        text += "system:\n  os: \(quoted(host.operatingSystem))\n  kernel: \(quoted(host.kernel))\n  dmi: \"unknown\"\n"
        text += "devices:\n"
        return text
    }

    /// One device's events as they stream by: its touches as evdev frames, one `evdev` block per
    /// frame, and for the first device the trace's notes as `- touchstone:` entries where they
    /// stand (`EvdevNoteText`). Times outside a 32-bit `struct timeval` are refused, and so are
    /// touches of a device that does not declare the axes their positions go on.
    struct Events {
        let file: String
        let device: DeviceIndex
        /// The first device listed keeps the trace's notes.
        private let keepsNotes: Bool
        private let description: DeviceDescription
        private var name: String { description.name }
        private var encoder: EvdevTouchEncoder
        private var blockOpen = false
        private var previousReport: Microseconds?
        private var scrolls: [GestureSample] = []

        /// Writes the device's description and the start of its events.
        init(_ description: DeviceDescription, position: Int, file: String, into output: inout TextOutput) throws(TraceWriteError) {
            self.file = file
            device = description.index
            keepsNotes = position == 0
            self.description = description
            let (capabilities, _, problem) = EvemuHeader.declared(for: description)
            storedLinesProblem = problem
            var text = ""
            try LibinputRecordWriter.writeDevice(description, capabilities, position: position, file: file, to: &text)
            output.append(text)
            output.append("  events:\n")
            encoder = EvdevTouchEncoder(capabilities: capabilities)
        }

        /// Touches left out because every slot of the device was taken (`EvdevTouchEncoder`).
        var touchesWithoutSlot: Int { encoder.touchesWithoutSlot }
        /// Why the device's kept evemu lines were not what it was written from (it was synthesized
        /// from its fields: `EvemuHeader.declared(for:)`); nil when they were, or it kept none.
        let storedLinesProblem: String?
        /// Scroll samples left out because a value is not a finite number, which YAML cannot hold
        /// as libinput writes it.
        private(set) var nonFiniteScrolls = 0

        mutating func add(_ event: TraceEvent, to output: inout TextOutput) throws(TraceWriteError) {
            try EvemuWriter.checkTime(event, format: "libinput record files", file: file)
            try EvemuWriter.refuseRedescription(event, of: description, format: "a libinput record file", file: file)
            if case .annotation(let note) = event {
                guard keepsNotes else { return }
                let entry = "  - \(EvdevNoteText.libinputRecordKey):\n    - {time: \(EvdevNoteText.seconds(note.time)), note: \(EvdevNoteText.quoted(note.text))}\n"
                try EvdevNoteText.refuseLongLine(entry, note: note, format: "a libinput record file", file: file)
                // Where it stands in the trace: after the frame before it (closed first) and the
                // scrolls before its instant.
                var state = (blockOpen, previousReport, scrolls)
                encoder.finish { Self.emit($0, to: &output, &state) }
                Self.writeScrolls(before: note.time, to: &output, &state)
                (blockOpen, previousReport, scrolls) = state
                output.append(entry)
                return
            }
            try encoder.refuseUndeclaredPosition(event, device: device, name: name, format: "a libinput record file", file: file)
            if case .gesture(let sample) = event, sample.kind == .scroll, sample.device == device, sample.phase != .begin {
                if sample.dx.isFinite && sample.dy.isFinite {
                    scrolls.append(sample)
                } else {
                    nonFiniteScrolls += 1
                }
            }
            var state = (blockOpen, previousReport, scrolls)
            encoder.add(event, device: device) { Self.emit($0, to: &output, &state) }
            if state.2.count >= Self.scrollQueueLimit {
                // Long scrolling with no frame between (a touchpad's trace): the scrolls from before
                // the open frame (or this event) go out now, where they stand in the file anyway.
                Self.writeScrolls(before: min(event.time, encoder.pendingFrameTime ?? .max), to: &output, &state)
            }
            (blockOpen, previousReport, scrolls) = state
        }

        /// Whether `add(_:to:)` would leave this device's block and state as they are, for an event
        /// whose time an earlier pass checked (the first device's, in which `add` checks every
        /// event's): a touch, frame or gesture of another device, or a device added (other than
        /// this one) or removed, while fewer scrolls wait than make any event's time flush them; a note, when this
        /// device does not keep them. The later devices' passes skip these, and cost about a
        /// decode of the events.
        func ignores(_ event: TraceEvent) -> Bool {
            switch event {
            case .annotation: return !keepsNotes
            case .touch(let sample): if sample.device == device { return false }
            case .frame(let mark): if mark.device == device { return false }
            case .gesture(let sample): if sample.device == device { return false }
            case .device(.added(_, let added)): if added.index == device { return false }  // refused if it describes another
            case .device: break
            }
            return scrolls.count < Self.scrollQueueLimit
        }

        /// Whether `ignores(_:)` holds for every event of a chunk of `contents` (the state it
        /// reads does not change while events are ignored, so it is asked once, at the chunk's start).
        func ignoresEvery(_ contents: ChunkContents) -> Bool {
            !contents.mayHold(device) && !(contents.holdsNotes && keepsNotes) && scrolls.count < Self.scrollQueueLimit
        }

        mutating func finish(to output: inout TextOutput) {
            var state = (blockOpen, previousReport, scrolls)
            encoder.finish { Self.emit($0, to: &output, &state) }
            Self.writeScrolls(before: .max, to: &output, &state)
            (blockOpen, previousReport, scrolls) = state
        }

        /// Whether an `evdev` block is open, the last report's time, and the device's scroll
        /// samples not yet written.
        private typealias State = (Bool, Microseconds?, [GestureSample])
        private static let scrollQueueLimit = 4096

        /// One evdev event; scrolls from before a frame go ahead of its block, those of its instant
        /// after its report.
        private static func emit(_ event: EvdevEvent, to output: inout TextOutput, _ state: inout State) {
            if !state.0 {
                writeScrolls(before: event.time, to: &output, &state)
                output.append("  - evdev:\n")
                state.0 = true
            }
            LibinputRecordWriter.appendEvent(event, to: &output)
            if event.type == EvdevCode.EV_SYN, event.code == EvdevCode.SYN_REPORT {
                output.appendReportComment(event, previousReport: &state.1, after: UInt8(ascii: " "))
                state.0 = false
                writeScrolls(before: event.time &+ 1, to: &output, &state)
            } else {
                output.appendEventComment(event, after: UInt8(ascii: " "))
            }
        }

        /// The device's two-finger scrolling as the `- libinput:` entries `libinput record
        /// --with-libinput` writes between the frames: each movement a `POINTER_AXIS` with finger
        /// source, the stop a zero-valued one (the begin is implied by the first movement). Values
        /// are written in full, not to libinput's two decimals, so they read back exactly.
        private static func writeScrolls(before time: Microseconds, to output: inout TextOutput, _ state: inout State) {
            guard let first = state.2.first, first.time < time, !state.0 else { return }
            output.append("  - libinput:\n")
            var written = 0
            for sample in state.2 {
                guard sample.time < time else { break }
                let (dx, dy) = sample.phase == .update ? (sample.dx, sample.dy) : (0, 0)
                let seconds = sample.time / 1_000_000, micros = sample.time % 1_000_000
                let fraction = String(micros)
                output.append("    - {time: \(seconds).\(String(repeating: "0", count: 6 - fraction.count))\(fraction), ")
                output.append("type: POINTER_AXIS, axes: [\(dx), \(dy)], discrete: [0, 0], source: finger}\n")
                written += 1
            }
            state.2.removeFirst(written)
        }
    }

    /// The whole recording of `document` in memory.
    static func write(_ document: TraceDocument) throws(TraceWriteError) -> String {
        let added = document.events.compactMap { event -> DeviceDescription? in
            if case .device(.added(_, let description)) = event { description } else { nil }
        }
        let devices = devices(document.header, added: added)
        var output = TextOutput()
        output.append(try preamble(document.header, deviceCount: devices.count, file: "<memory>"))
        for (position, description) in devices.enumerated() {
            var events = try Events(description, position: position, file: "<memory>", into: &output)
            for event in document.events { try events.add(event, to: &output) }
            events.finish(to: &output)
        }
        return output.text
    }

    private static func writeDevice(
        _ description: DeviceDescription, _ capabilities: EvdevCapabilities, position: Int, file: String, to text: inout String
    ) throws(TraceWriteError) {
        let node = description.property(LibinputRecordFormat.nodeKey) ?? "/dev/input/event\(position)"
        try TextOutput.refuseControlCharacters(in: capabilities.name, what: "the device name", format: "a libinput record file", file: file)
        try TextOutput.refuseControlCharacters(in: node, what: "the device node", format: "a libinput record file", file: file)
        for property in description.properties where property.key == LibinputRecordFormat.udevKey || property.key == LibinputRecordFormat.hidKey {
            try TextOutput.refuseControlCharacters(in: property.value, what: "the \(property.key) property", format: "a libinput record file", file: file)
        }
        text += "- node: \(scalar(node))\n"
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
        for property in udev { text += "    - \(scalar(property))\n" }
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

    /// `value` plain, as libinput record writes nodes and udev properties (`/dev/input/event5`,
    /// `ID_PATH=pci-0000:00:15.1`), when YAML reads it back as it is; double-quoted otherwise: a
    /// ` #` would start a comment, a `: ` a mapping, a leading quote or bracket something else.
    private static func scalar(_ value: String) -> String {
        let indicators: Set<Character> = ["\"", "'", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "%", "@", "`", ",", "?", "-", ":"]
        guard let first = value.first, let last = value.last, !indicators.contains(first) || value.hasPrefix("/"),
            first != " ", last != " ", last != ":", !value.contains(" #"), !value.contains(": "), !value.contains("\t")
        else { return quoted(value) }
        return value
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
