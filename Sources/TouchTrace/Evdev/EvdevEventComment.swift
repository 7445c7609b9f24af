/// The evtest-style comments that evemu-record and `libinput record` both write after an event's
/// numbers, so a reader of either file sees names instead of codes.
extension TextOutput {
    /// `# EV_ABS / ABS_MT_POSITION_X 412` and the line's end, after `separator` (a tab in evemu
    /// files, a space in libinput record's YAML).
    mutating func appendEventComment(_ event: EvdevEvent, after separator: UInt8) {
        append(byte: separator)
        append("# ")
        append(EvdevCode.typeName(event.type))
        append(" / ")
        append(EvdevCode.codeName(type: event.type, code: event.code))
        append(byte: UInt8(ascii: " "))
        append(Int64(event.value))
        append(byte: UInt8(ascii: "\n"))
    }

    /// `# ------------ SYN_REPORT (0) ---------- +8ms` and the line's end, after `separator`: the
    /// milliseconds since `previousReport` (0 for the first report), which becomes this report.
    mutating func appendReportComment(_ report: EvdevEvent, previousReport: inout Microseconds?, after separator: UInt8) {
        let gap = previousReport.map { previous -> Int64 in
            // Times come from files: two far apart (±2^63) give the gap in wider steps, never a trap.
            let (difference, overflow) = report.time.subtractingReportingOverflow(previous)
            return overflow ? report.time / 1000 - previous / 1000 : difference / 1000
        } ?? 0
        previousReport = report.time
        append(byte: separator)
        append("# ------------ SYN_REPORT (0) ---------- +")
        append(gap)
        append("ms\n")
    }
}
