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
        var encoder = EvdevTouchEncoder(capabilities: capabilities)
        var previousReport: Microseconds?
        encoder.encode(document.events, device: index) { event in
            appendEventLine(event, to: &text, previousReport: &previousReport)
        }
        return text
    }

    /// `E: 12.000345 0003 0035 0412\t# EV_ABS / ABS_MT_POSITION_X  412`, as evemu-record writes it.
    static func appendEventLine(_ event: EvdevEvent, to text: inout String, previousReport: inout Microseconds?) {
        text += "E: "
        text += EvdevTouchDecoder.format(event.time)
        text += " "
        text += EvemuHeader.hex4(event.type)
        text += " "
        text += EvemuHeader.hex4(event.code)
        text += " "
        let digits = String(event.value.magnitude)
        if event.value < 0 { text += "-" }
        if digits.count < 4 { text += String(repeating: "0", count: 4 - digits.count) }
        text += digits
        if event.type == EvdevCode.EV_SYN, event.code == EvdevCode.SYN_REPORT {
            let gap = previousReport.map { (event.time - $0) / 1000 } ?? 0
            previousReport = event.time
            text += "\t# ------------ SYN_REPORT (0) ---------- +\(gap)ms\n"
        } else if event.type == EvdevCode.EV_SYN, event.code == EvdevCode.SYN_MT_REPORT {
            text += "\t# ++++++++++++ SYN_MT_REPORT (0) ++++++++++\n"
        } else {
            text += "\t# \(EvdevCode.typeName(event.type)) / \(EvdevCode.codeName(type: event.type, code: event.code)) \(event.value)\n"
        }
    }
}
