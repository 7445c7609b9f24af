/// Writes one device of a trace as an evemu recording that `evemu-play` (and `evemu-device`) accept:
/// the device's header (its kept evemu lines, or lines generated from its description), then its
/// touches as evdev events, with a `SYN_REPORT` closing every frame and times in `sec.usec`, and the
/// trace's notes as comments among them (`EvdevNoteText`), which Touchstone's reader reads back.
///
/// It streams: the header goes out at once, each event as it comes (`add`), so a converter never
/// holds the trace. What an evemu file cannot hold, and Touchstone's reader would refuse, is refused
/// here with a `TraceWriteError`: times outside a 32-bit `struct timeval`, control characters
/// (a line break would end a header line) in the header's text, and touches of a device whose
/// header does not declare the axes their positions go on. Kept evemu lines the reader would not
/// take, or that describe another device than the samples', are replaced by a header synthesized
/// from the description (`EvemuHeader.declared(for:)`), and `storedLinesProblem` says why.
struct EvemuWriter {
    let file: String
    let device: DeviceIndex
    private let description: DeviceDescription
    private var name: String { description.name }
    private var encoder: EvdevTouchEncoder
    private var previousReport: Microseconds?
    /// Why the device's kept evemu lines were not written (the header was synthesized from its
    /// fields instead), for the converter's warning; nil when they were, or when it kept none.
    let storedLinesProblem: String?

    /// Writes the header of `description` to `output`.
    init(_ description: DeviceDescription, recorder: String, file: String, into output: inout TextOutput) throws(TraceWriteError) {
        self.file = file
        device = description.index
        self.description = description
        // The kept lines only when the reader takes them and they describe the samples' device.
        let (capabilities, declaredLines, problem) = EvemuHeader.declared(for: description)
        var lines = declaredLines
        storedLinesProblem = problem
        try TextOutput.refuseControlCharacters(in: description.name, what: "the device name", format: "an evemu file", file: file)
        try TextOutput.refuseControlCharacters(in: recorder, what: "the recorder's name", format: "an evemu file", file: file)
        // The version line must stay first; a header kept without one is evemu's format 1.0.
        if let first = lines.first, first.hasPrefix("# EVEMU ") {
            output.append(first)
            output.append(byte: 0x0A)
            lines.removeFirst()
        }
        output.append("# Input device name: \"\(description.name)\"\n")
        output.append("# Written by Touchstone from a trace recorded by \(recorder)\n")
        for line in lines {
            output.append(line)
            output.append(byte: 0x0A)
        }
        output.append("################################\n#      Waiting for events      #\n################################\n")
        encoder = EvdevTouchEncoder(capabilities: capabilities)
    }

    /// Writes what `event` completes (a frame closes when its mark or a later sample arrives).
    mutating func add(_ event: TraceEvent, to output: inout TextOutput) throws(TraceWriteError) {
        try Self.checkTime(event, format: "evemu files", file: file)
        try Self.refuseRedescription(event, of: description, format: "an evemu file", file: file)
        if case .annotation(let note) = event {
            // A comment among the events (`EvdevNoteText`), where it stands in the trace: the
            // frame before it is closed first, so it reads back after that frame's samples.
            let line = EvdevNoteText.evemuLine(note)
            try EvdevNoteText.refuseLongLine(line, note: note, format: "an evemu file", file: file)
            encoder.finish { Self.appendEventLine($0, to: &output, previousReport: &previousReport) }
            output.append(line)
            output.append(byte: 0x0A)
            return
        }
        try encoder.refuseUndeclaredPosition(event, device: device, name: name, format: "an evemu file", file: file)
        encoder.add(event, device: device) { Self.appendEventLine($0, to: &output, previousReport: &previousReport) }
    }

    /// After the last event: writes a frame no mark closed.
    /// Touches left out because every slot of the device was taken (`EvdevTouchEncoder`).
    var touchesWithoutSlot: Int { encoder.touchesWithoutSlot }

    mutating func finish(to output: inout TextOutput) {
        encoder.finish { Self.appendEventLine($0, to: &output, previousReport: &previousReport) }
    }

    /// The whole evemu text for one device of `document` (a placeholder comment when the trace has
    /// no such device).
    static func write(_ document: TraceDocument, device index: DeviceIndex) throws(TraceWriteError) -> String {
        guard let description = document.header.devices.first(where: { $0.index == index }) ?? addedDevice(index, in: document.events) else {
            return placeholder(device: index)
        }
        var output = TextOutput()
        var writer = try EvemuWriter(description, recorder: document.header.recorder.name, file: "<memory>", into: &output)
        for event in document.events { try writer.add(event, to: &output) }
        writer.finish(to: &output)
        return output.text
    }

    static func placeholder(device index: DeviceIndex) -> String {
        "# EVEMU 1.3\n# Touchstone: the trace has no device \(index)\n"
    }

    /// Refuses the device `description` added again with another description: an evemu or libinput
    /// record file describes a device once, so every event of it would be read with the first,
    /// where a replay of the trace maps those after with the second.
    static func refuseRedescription(_ event: TraceEvent, of description: DeviceDescription, format: String, file: String) throws(TraceWriteError) {
        guard case .device(.added(let time, let again)) = event, again.index == description.index, again != description else { return }
        throw TraceWriteError(
            file: file,
            message: "device \(description.index) (\(TerminalText.excerpt(description.name))) is added again at \(time) µs, described otherwise: "
                + "\(format) describes a device once, and its events would all be read with the first description (a .trace or .jsonl output keeps both)")
    }

    /// Refuses an event whose time the evdev formats cannot hold (32-bit seconds).
    static func checkTime(_ event: TraceEvent, format: String, file: String) throws(TraceWriteError) {
        guard !TraceFile.evdevTimeRange.contains(event.time) else { return }
        throw TraceWriteError(
            file: file, message: "event at \(event.time) µs is outside the times \(format) hold (0 to \(Int32.max) s)")
    }

    /// `E: 12.000345 0003 0035 0412\t# EV_ABS / ABS_MT_POSITION_X 412`, as evemu-record writes it.
    static func appendEventLine(_ event: EvdevEvent, to output: inout TextOutput, previousReport: inout Microseconds?) {
        output.append("E: ")
        output.append(event.time / 1_000_000)
        output.append(byte: UInt8(ascii: "."))
        output.append(event.time % 1_000_000, width: 6, pad: UInt8(ascii: "0"))
        output.append(byte: UInt8(ascii: " "))
        output.appendHex4(event.type)
        output.append(byte: UInt8(ascii: " "))
        output.appendHex4(event.code)
        output.append(byte: UInt8(ascii: " "))
        output.append(Int64(event.value), width: 4, pad: UInt8(ascii: "0"))
        if event.type == EvdevCode.EV_SYN, event.code == EvdevCode.SYN_REPORT {
            output.appendReportComment(event, previousReport: &previousReport, after: UInt8(ascii: "\t"))
        } else if event.type == EvdevCode.EV_SYN, event.code == EvdevCode.SYN_MT_REPORT {
            output.append("\t# ++++++++++++ SYN_MT_REPORT (0) ++++++++++\n")
        } else {
            output.appendEventComment(event, after: UInt8(ascii: "\t"))
        }
    }
}
