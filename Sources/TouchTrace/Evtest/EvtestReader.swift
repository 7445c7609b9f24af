/// Reads `evtest` output line by line into an `EvdevLog` of one device:
///
///     Input driver version is 1.0.1
///     Input device ID: bus 0x18 vendor 0x0 product 0x0 version 0x0
///     Input device name: "Atmel maXTouch Touchscreen"
///     Supported events:
///       Event type 3 (EV_ABS)
///         Event code 53 (ABS_MT_POSITION_X)
///           Value      0
///           Min        0
///           Max     4095
///           Resolution      10
///     Properties:
///       Property type 1 (INPUT_PROP_DIRECT)
///     Testing ... (interrupt to exit)
///     Event: time 1404317226.393186, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 1020
///     Event: time 1404317226.393186, -------------- SYN_REPORT ------------
///
/// The numbers decide; names in parentheses are not needed (old evtest printed other ones). The
/// device list and prompt evtest prints when started without a device are accepted before the
/// header, and the framed notice it prints when another process has grabbed the device is
/// skipped, with a warning.
struct EvtestReader: EvdevLogReading {
    private enum Section { case none, events, repeats, properties }

    let file: String
    var log: EvdevLog
    var decodedEventCount: Int { log.output.events.count }
    private var section = Section.none
    /// Inside the `*****`-framed notice, and the line where the first one began (0 for none).
    private var inNotice = false
    private var grabNoticeLine = 0
    private var type: UInt16?
    private var axis: UInt16?
    /// The `Event code` line of `axis`: where a file that ends inside its block is wrong.
    private var axisLine = 0
    private var axisValues: [String: Int32] = [:]
    /// A second header (another run pasted after the first) that gives an axis another range
    /// replaces it for the whole log, with a warning.
    private var axisDeclarations = AxisDeclarations()
    /// An event line that ended early (`Event: time …, code 47 (ABS_MT_SLOT),`), as a mail client
    /// wraps a pasted log, held until the lines after it complete it (`value 1`); its bytes and
    /// line, and why it did not read alone. Empty and 0 when none is held.
    private var wrapped: [UInt8] = []
    private var wrappedLine = 0
    private var wrappedError = LineError("")
    /// The last line read was an event separator (`---- SYN_REPORT ----`), whose closing marks a
    /// mail client may have wrapped onto the next line: the next line, whatever it is, clears it.
    private var afterSeparator = false

    init(file: String) {
        self.file = file
        log = EvdevLog(file: file)
        _ = log.device(node: "", line: 1)
    }

    typealias LineError = LineScanner.LineError

    static let source = DeviceSource.evtest
    static let recorderName = "evtest"

    mutating func finishLines() throws(TraceInputError) -> [FormatWarning] {
        do throws(LineError) {
            try finishAxis()
        } catch {
            // The file ended inside an axis's block: its `Event code` line.
            throw TraceInputError(file: file, location: .line(axisLine), message: error.message)
        }
        if log.devices[0].declared != nil {
            log.devices[0].declared!.name = log.devices[0].name
        }
        var warnings = axisDeclarations.warnings
        if wrappedLine > 0 {
            // The log's last line ended early with nothing after it: cut short, as any last line.
            warnings.append(TextLineCursor.cutShortWarning(file: file, line: wrappedLine, reason: wrappedError.message))
        }
        guard grabNoticeLine > 0 else { return warnings }
        return warnings + [FormatWarning(
            file: file, location: .line(grabNoticeLine),
            message: "evtest said another process had grabbed the device: events while that grab was active are not in the log")]
    }

    private var declared: EvdevCapabilities {
        get { log.devices[0].declared ?? EvdevCapabilities(name: "") }
        set { log.devices[0].declared = newValue }
    }

    // MARK: - Lines

    mutating func take(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws(LineError) {
        var scanner = LineScanner(line)
        scanner.skipBlanks()
        if wrappedLine > 0 { return try continueWrapped(line, from: scanner.index, number) }
        if afterSeparator {
            // Only the line right after the separator may hold its wrapped closing marks: any other
            // line, a blank one too, ends that chance (an event line sets it again), so a run of
            // marks further on is read as any line is.
            afterSeparator = false
            // A separator's closing marks, wrapped onto a line of their own.
            if Self.isMarkRun(UnsafeBufferPointer(rebasing: line[scanner.index...])) { return }
        }
        if scanner.atEnd { return }
        if scanner.take("Event:") {
            // First: nearly every line is an event, and no line of the notice below is.
            try finishAxis()
            let start = scanner.index
            do throws(LineError) {
                try event(&scanner, number)
            } catch {
                guard Self.endsEarly(UnsafeBufferPointer(rebasing: line[start...])) else { throw error }
                wrapped.removeAll(keepingCapacity: true)
                wrapped.append(contentsOf: line[start...])
                (wrappedLine, wrappedError) = (number, error)
            }
            return
        }
        // `This device is grabbed by another process. …` between two lines of asterisks (47 of
        // them; a Markdown rule, `***`, pasted before a log is not one).
        if Self.isAsteriskRule(line) {
            inNotice.toggle()
            if grabNoticeLine == 0 { grabNoticeLine = number }
            return
        }
        if inNotice { return }
        if scanner.index > 0 {
            try headerDetail(&scanner, number)
        } else if scanner.take("Input driver version is") || scanner.take("Testing ...") {
            return
        } else if scanner.take("Input device ID:") {
            // bus 0x18 vendor 0x0 product 0x0 version 0x0
            var id: [UInt16] = []
            for key in ["bus", "vendor", "product", "version"] {
                guard LineScanner.string(scanner.token()) == key, let value = LineScanner.hex(scanner.token(), digits: 4) else {
                    throw LineError("expected `Input device ID: bus 0x… vendor 0x… product 0x… version 0x…`")
                }
                id.append(UInt16(value))
            }
            var capabilities = declared
            (capabilities.bus, capabilities.vendor, capabilities.product, capabilities.version) = (id[0], id[1], id[2], id[3])
            declared = capabilities
        } else if scanner.take("Input device name:") {
            guard let name = LineScanner.quoted(scanner.rest) else { throw LineError("expected `Input device name: \"…\"`") }
            log.devices[0].name = name
        } else if scanner.take("Supported events:") {
            section = .events
            declared = declared
        } else if scanner.take("Key repeat handling:") {
            try finishAxis()
            section = .repeats
        } else if scanner.take("Properties:") {
            try finishAxis()
            section = .properties
        } else if scanner.take("No device specified") || scanner.take("Available devices:") || scanner.take("Select the device")
            || scanner.take("Not running as root") || scanner.take("/dev/input/")
        {
            return
        } else {
            throw LineError("not an evtest line (expected the device header or `Event: time …`)")
        }
    }

    /// The line after an event line that ended early: its continuation (the event line wrapped by a
    /// mail client, blanks at the break), unless it is an event line of its own or does not complete
    /// it, when the held line is an error at its line, as it was alone; a blank line leaves it held. A continuation that still ends early is
    /// held with it for the next line. Rare: the per-line path only asks `wrappedLine`.
    @inline(never)
    private mutating func continueWrapped(_ line: UnsafeBufferPointer<UInt8>, from start: Int, _ number: Int) throws(LineError) {
        var probe = LineScanner(line, from: start)
        // A blank line between keeps the line held (a paste's blank line; the log's end says so).
        if probe.atEnd { return }
        guard !probe.take("Event:") else {
            let first = wrappedLine
            wrappedLine = 0
            throw LineError(wrappedError.message, line: first)
        }
        var joined: [UInt8] = []
        swap(&joined, &wrapped)
        defer {
            swap(&joined, &wrapped)
            if wrappedLine == 0 { wrapped.removeAll(keepingCapacity: true) }
        }
        joined.append(UInt8(ascii: " "))
        joined.append(contentsOf: line[start...])
        let first = wrappedLine
        wrappedLine = 0
        try joined.withUnsafeBufferPointer { (text) throws(LineError) in
            var scanner = LineScanner(text)
            do throws(LineError) {
                try event(&scanner, first)
            } catch {
                // Not completed by this line either: the held line is an error at its own line, as
                // it was alone (and where text after a log cut short begins).
                guard Self.endsEarly(text) else { throw LineError(wrappedError.message, line: first) }
                (wrappedLine, wrappedError) = (first, error)
            }
        }
    }

    /// Whether an event line's text after `Event:` stops where a mail client may have broken it:
    /// its time read, then a whole prefix of `type N (NAME), code N (NAME), value V` or of a
    /// `---- NAME ----` separator, cut at a blank (never inside a name or a number's parenthesis).
    private static func endsEarly(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = LineScanner(text)
        guard scanner.take("time"), LineScanner.time(scanner.token(stoppingAt: ",")) != nil, scanner.take(",") else { return false }
        if scanner.atEnd { return true }
        if scanner.take("type") {
            // type, N, (NAME), code, N, (NAME), value: any of them may be the last before the break.
            for step in 0..<7 {
                scanner.skipBlanks()
                if scanner.atEnd { return true }
                switch step {
                case 0, 3: guard LineScanner.decimal(scanner.token(stoppingAt: ","), limit: 0xffff) != nil else { return false }
                case 1, 4: guard skipName(&scanner) else { return false }
                case 2: guard scanner.take("code") else { return false }
                case 5: guard scanner.take("value") else { return false }
                default: return false
                }
            }
            scanner.skipBlanks()
            return scanner.atEnd
        }
        // A separator cut after its first run of marks, or after its name.
        guard let mark = Self.runMark(scanner.token()),
            mark == UInt8(ascii: "-") || mark == UInt8(ascii: "+") || mark == UInt8(ascii: ">")
        else { return false }
        scanner.skipBlanks()
        if scanner.atEnd { return true }
        _ = scanner.token()
        scanner.skipBlanks()
        return scanner.atEnd
    }

    /// Whether `line` is a row of at least ten asterisks and nothing else, as evtest frames its
    /// grab notice.
    private static func isAsteriskRule(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let stars = line.filter { !LineScanner.isBlank($0) }
        return stars.count >= 10 && stars.allSatisfy { $0 == UInt8(ascii: "*") }
    }

    /// An indented header line: `Event type N (…)`, `Event code N (…)`, an axis's `Value`/`Min`/
    /// `Max`/`Fuzz`/`Flat`/`Resolution`, `Property type N (…)`, or key-repeat settings.
    private mutating func headerDetail(_ scanner: inout LineScanner, _ number: Int) throws(LineError) {
        switch section {
        case .none:
            throw LineError("an indented line outside the device header")
        case .repeats:
            return
        case .properties:
            guard scanner.take("Property type"), let property = LineScanner.decimal(scanner.token(), limit: 31), property >= 0 else {
                throw LineError("expected `Property type N (NAME)`")
            }
            var capabilities = declared
            capabilities.addProperty(UInt16(property))
            declared = capabilities
        case .events:
            if scanner.take("Event type") {
                try finishAxis()
                guard let value = LineScanner.decimal(scanner.token(), limit: Int64(EvdevCode.EV_CNT) - 1), value >= 0 else {
                    throw LineError("expected `Event type N (NAME)` with N below 32")
                }
                type = UInt16(value)
            } else if scanner.take("Event code") {
                try finishAxis()
                guard let type, let value = LineScanner.decimal(scanner.token(), limit: 0x2ff), value >= 0 else {
                    throw LineError("expected `Event code N (NAME)` under an event type")
                }
                if type == EvdevCode.EV_ABS {
                    guard value < EvdevCode.ABS_CNT else { throw LineError("absolute axis \(value) out of range") }
                    axis = UInt16(value)
                    axisLine = number
                } else if type != EvdevCode.EV_SYN {
                    var capabilities = declared
                    capabilities.addCode(type: type, code: UInt16(value))
                    declared = capabilities
                }
            } else {
                let key = LineScanner.string(scanner.token())
                guard axis != nil || type != EvdevCode.EV_ABS, ["Value", "Min", "Max", "Fuzz", "Flat", "Resolution"].contains(key),
                    let value = LineScanner.decimal(scanner.token()), let value32 = Int32(exactly: value), scanner.rest.isEmpty
                else { throw LineError("expected an axis line (`Min 0`, `Max 4095` …) under an ABS event code") }
                // Old evtest lists key-repeat settings (EV_REP) with values here too.
                if let code = axis {
                    axisValues[key] = value32
                    if key == "Min" || key == "Max", let minimum = axisValues["Min"], let maximum = axisValues["Max"],
                       let problem = AxisRange.problem(minimum: minimum, maximum: maximum,
                                                       axis: EvdevCode.codeName(type: EvdevCode.EV_ABS, code: code)) {
                        throw LineError(problem)
                    }
                }
            }
        }
    }

    private mutating func finishAxis() throws(LineError) {
        guard let code = axis else { return }
        axis = nil
        defer { axisValues = [:] }
        guard let minimum = axisValues["Min"], let maximum = axisValues["Max"] else {
            throw LineError("absolute axis \(code) has no Min and Max")
        }
        let range = AxisRange(
            minimum: minimum, maximum: maximum, resolution: axisValues["Resolution"] ?? 0,
            fuzz: axisValues["Fuzz"] ?? 0, flat: axisValues["Flat"] ?? 0
        )
        axisDeclarations.declare(code, range, device: 0, what: "the log", line: axisLine, file: file)
        var capabilities = declared
        capabilities.addCode(type: EvdevCode.EV_ABS, code: code)
        capabilities.addAxis(code, range)
        declared = capabilities
    }

    // MARK: - Events

    /// `time T, type N (…), code N (…), value V` or `time T, -------------- SYN_REPORT ------------`
    /// (`++++` for SYN_MT_REPORT, `>>>>` for SYN_DROPPED).
    private mutating func event(_ scanner: inout LineScanner, _ number: Int) throws(LineError) {
        guard scanner.take("time"), let time = LineScanner.time(scanner.token(stoppingAt: ",")), scanner.take(",") else {
            throw LineError("expected `Event: time SECONDS.MICROSECONDS, …`")
        }
        let event: EvdevEvent
        if scanner.take("type") {
            guard let type = LineScanner.decimal(scanner.token(), limit: 0xffff), type >= 0, Self.skipName(&scanner),
                scanner.take("code"), let code = LineScanner.decimal(scanner.token(), limit: 0xffff), code >= 0, Self.skipName(&scanner),
                scanner.take("value")
            else { throw LineError("expected `type N (NAME), code N (NAME), value V`") }
            let token = scanner.token()
            // evtest prints MSC_RAW and MSC_SCAN values in hex.
            let isHex = type == EvdevCode.EV_MSC && (code == 3 || code == 4)
            let parsed = isHex ? LineScanner.hex(token).map { Int64(Int32(bitPattern: $0)) } : LineScanner.decimal(token)
            guard let value = parsed, let value32 = Int32(exactly: value), scanner.rest.isEmpty else {
                throw LineError("expected a 32-bit value")
            }
            event = EvdevEvent(time: time, type: UInt16(type), code: UInt16(code), value: value32)
        } else {
            let marker = scanner.token()
            let code: UInt16
            switch marker.first {
            case UInt8(ascii: "-") where Self.namesReport(scanner.rest, marker: marker.first!):
                // The separator of every frame: matched without building a string.
                code = EvdevCode.SYN_REPORT
            case UInt8(ascii: "-"):
                let name = LineScanner.string(UnsafeBufferPointer(rebasing: scanner.rest.prefix(while: { $0 != marker.first ?? 0 })))
                    .trimmingBlanks
                // Old evtest names the reports "Report Sync" and "Config Sync"; another old one
                // named them from the event *type* table indexed by the code, so `EV_SYN` is
                // SYN_REPORT, `EV_KEY` SYN_CONFIG (and `++++ EV_REL ++++` SYN_MT_REPORT).
                if name == "Report Sync" {
                    code = EvdevCode.SYN_REPORT
                } else if name == "Config Sync" {
                    code = EvdevCode.SYN_CONFIG
                } else if let found = EvdevCode.code(named: name), found.type == EvdevCode.EV_SYN {
                    code = found.code
                } else if let type = EvdevCode.type(named: name), type <= EvdevCode.SYN_DROPPED {
                    code = type
                } else if name.isEmpty {
                    throw LineError("the separator's name is empty (expected `-------------- SYN_REPORT ------------`)")
                } else {
                    throw LineError("unknown separator `\(name)`")
                }
            case UInt8(ascii: "+"): code = EvdevCode.SYN_MT_REPORT
            case UInt8(ascii: ">"): code = EvdevCode.SYN_DROPPED
            default: throw LineError("expected `type N …` or a `---- SYN_REPORT ----` separator")
            }
            guard Self.runMark(marker) != nil else {
                throw LineError("expected a `---- SYN_REPORT ----` separator")
            }
            event = EvdevEvent(time: time, type: EvdevCode.EV_SYN, code: code, value: 0)
        }
        afterSeparator = event.type == EvdevCode.EV_SYN
        log.append(event, device: 0, line: number)
    }

    /// Whether `text` is one run of three or more `-` or `+` marks, blanks after it.
    private static func isMarkRun(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = LineScanner(text)
        let mark = runMark(scanner.token())
        scanner.skipBlanks()
        return scanner.atEnd && (mark == UInt8(ascii: "-") || mark == UInt8(ascii: "+"))
    }

    /// The mark `token` is a run of, three or more of one byte (a separator's `----`); nil for
    /// anything else.
    private static func runMark(_ token: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard token.count >= 3, let mark = token.first, token.allSatisfy({ $0 == mark }) else { return nil }
        return mark
    }

    /// Whether a separator's text is `SYN_REPORT` (then blanks or the closing marker).
    private static func namesReport(_ rest: UnsafeBufferPointer<UInt8>, marker: UInt8) -> Bool {
        var scanner = LineScanner(rest)
        guard scanner.take("SYN_REPORT") else { return false }
        return scanner.atEnd || LineScanner.isBlank(scanner.bytes[scanner.index]) || scanner.bytes[scanner.index] == marker
    }

    /// Skips `(NAME),` after a number.
    private static func skipName(_ scanner: inout LineScanner) -> Bool {
        guard scanner.take("(") else { return scanner.take(",") }
        while !scanner.atEnd, scanner.bytes[scanner.index] != UInt8(ascii: ")") { scanner.index += 1 }
        return scanner.take(")") && (scanner.take(",") || scanner.atEnd)
    }
}

private extension String {
    var trimmingBlanks: String {
        String(self.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
