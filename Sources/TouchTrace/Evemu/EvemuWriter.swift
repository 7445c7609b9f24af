/// Writes one device of a trace as an evemu recording that `evemu-play` (and `evemu-device`) accept:
/// the device's header (its kept evemu lines, or lines generated from its description), then its
/// touches as evdev events, with a `SYN_REPORT` closing every frame and times in `sec.usec`.
struct EvemuWriter {
    static func write(_ document: TraceDocument, device index: DeviceIndex) -> String {
        let description = document.header.devices.first { $0.index == index }
            ?? addedDevice(index, in: document.events)
        guard let description else {
            return "# EVEMU 1.3\n# Touchstone: the trace has no device \(index)\n"
        }
        let capabilities = EvemuHeader.capabilities(for: description)
        var lines = EvemuHeader.rawLines(in: description) ?? EvemuHeader.lines(for: capabilities)
        // The version line must stay first; a header kept without one is evemu's format 1.0.
        var text = ""
        if let first = lines.first, first.hasPrefix("# EVEMU ") {
            text += first + "\n"
            lines.removeFirst()
        }
        text += "# Input device name: \"\(description.name)\"\n"
        text += "# Written by Touchstone from a trace recorded by \(document.header.recorder.name)\n"
        for line in lines {
            text += line
            text += "\n"
        }
        text += "################################\n#      Waiting for events      #\n################################\n"
        var output = TextOutput(capacity: text.utf8.count + document.events.count * 120)
        output.append(text)
        var encoder = EvdevTouchEncoder(capabilities: capabilities)
        var previousReport: Microseconds?
        encoder.encode(document.events, device: index) { event in
            appendEventLine(event, to: &output, previousReport: &previousReport)
        }
        return output.text
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
