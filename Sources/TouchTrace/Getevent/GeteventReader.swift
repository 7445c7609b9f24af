/// Reads Android `getevent` output line by line into an `EvdevLog`:
///
///     add device 1: /dev/input/event2            (device headers; with -p/-lp their capabilities)
///       name:     "synaptics_dsx"
///       events:
///         ABS (0003): 0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
///       input props:
///         INPUT_PROP_DIRECT
///     [   81594.155379] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000021b
///     /dev/input/event2: 0003 0035 0000021b      (plain; -t adds the time, -l the names)
///     0003 0035 0000021b                         (one device given on the command line)
///     4391-51302: /dev/input/event2: 0003 0035 0000021b   (-t of old toolbox getevent, Android 4)
///
/// Values are 32-bit hex (tracking id -1 is `ffffffff`), or `DOWN`/`UP`/`REPEAT` for keys under
/// `-l`; a name getevent cut at 20 characters is matched by its prefix.
struct GeteventReader: EvdevLogReading {
    private enum Section { case none, events, properties, hidDescriptor }

    let file: String
    var log: EvdevLog
    var decodedEventCount: Int { log.output.events.count }
    /// The device whose `add device` block is being read, and where in the block the reader is.
    private var infoDevice: Int?
    private var section = Section.none
    private var sectionType: UInt16?
    /// Identification from `-p` (`bus:`, `vendor`, `product`, `version`), per device.
    private var ids: [Int: (bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16)] = [:]
    /// Whether event lines carry `[ time ]` (`-t`); set by the first event line.
    private var timed: Bool?
    /// Whether they carry old toolbox getevent's `SECONDS-MICROSECONDS:` instead; set with `timed`.
    private var dashedTimes = false
    private var frames: Int64 = 0
    /// The first `unknownNamesKept` names this reader does not know (excerpted), each with its
    /// count, and how many skipped events had another: a log of a million names makes one short
    /// warning, not a megabyte of them.
    private var unknownNames: [String: Int] = [:]
    private var otherUnknownEvents = 0
    private static let unknownNamesKept = 16
    private var firstUnknownLine = 0
    /// A later `add device` block of a node (a device plugged again) that gives an axis another
    /// range replaces it for the whole log, with a warning.
    private var axisDeclarations = AxisDeclarations()

    /// Device nodes, type names and code names by their bytes: a `-l` log spells a few of each on
    /// every line, and reading each as a `String` to look it up was a fifth of the import.
    private var recentNodes = RecentNames<Int>()
    private var recentTypes = RecentNames<UInt16>()
    private var recentCodes = RecentNames<(type: UInt16, code: UInt16)>()

    /// Frames of a log without times are spaced this far apart (a 100 Hz panel).
    static let untimedFrameInterval: Int64 = 10_000

    /// The values `getevent -l` prints as names: a key's state.
    private static let valueLabels: [String: Int32] = ["UP": 0, "DOWN": 1, "REPEAT": 2]
    /// `ABS_MT_TOOL_TYPE`'s values as `getevent -l` names them (the kernel's `MT_TOOL_*`).
    private static let toolTypeLabels: [String: Int32] = [
        "MT_TOOL_FINGER": EvdevCode.MT_TOOL_FINGER, "MT_TOOL_PEN": EvdevCode.MT_TOOL_PEN,
        "MT_TOOL_PALM": EvdevCode.MT_TOOL_PALM, "MT_TOOL_DIAL": 0x0a, "MT_TOOL_MAX": 0x0f,
    ]

    init(file: String) {
        self.file = file
        log = EvdevLog(file: file)
    }

    static let source = DeviceSource.getevent
    static let recorderName = "getevent"

    mutating func finishLines() throws(TraceInputError) -> [FormatWarning] {
        var warnings: [FormatWarning] = []
        if timed == false {
            warnings.append(FormatWarning(file: file, location: .wholeFile, message: "no times in the log (getevent without -t): frames are spaced \(Self.untimedFrameInterval / 1000) ms apart"))
        }
        if !unknownNames.isEmpty {
            var names = unknownNames.keys.sorted().joined(separator: ", ")
            if otherUnknownEvents > 0 { names += ", and \(otherUnknownEvents) more with other names" }
            warnings.append(FormatWarning(file: file, location: .line(firstUnknownLine), message: "events with names this reader does not know were skipped: \(names)"))
        }
        warnings += axisDeclarations.warnings
        for index in log.devices.indices {
            let name = log.devices[index].name.isEmpty ? log.devices[index].node : log.devices[index].name
            log.devices[index].declared?.name = name
            if let id = ids[index] {
                log.devices[index].declared?.bus = id.bus
                log.devices[index].declared?.vendor = id.vendor
                log.devices[index].declared?.product = id.product
                log.devices[index].declared?.version = id.version
            }
        }
        return warnings
    }

    typealias LineError = LineScanner.LineError

    // MARK: - Lines

    mutating func take(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws(LineError) {
        var scanner = LineScanner(line)
        scanner.skipBlanks()
        if scanner.atEnd { return }
        if scanner.index > 0 {
            try deviceInfo(&scanner, number)
            return
        }
        if scanner.take("add device") {
            // `add device 1: /dev/input/event2`
            let ordinal = scanner.token(stoppingAt: ":")
            guard LineScanner.decimal(ordinal) != nil, scanner.take(":") else { throw LineError("expected `add device N: /dev/input/eventN`") }
            let node = scanner.rest
            guard !node.isEmpty, let device = log.device(node: LineScanner.string(node), line: number) else {
                throw LineError("expected `add device N: /dev/input/eventN` (at most \(EvdevLog.deviceLimit) devices)")
            }
            infoDevice = device
            section = .none
            return
        }
        // A device block whose lines lost their indentation against its `add device` line (a
        // blog's code block: `add device` and `name:` four blanks in alike): its keys say what they
        // are, and no event line begins with one.
        if infoDevice != nil, Self.startsDeviceInfo(scanner) {
            try deviceInfo(&scanner, number)
            return
        }
        infoDevice = nil
        // getevent's complaints on stderr, which `adb shell` interleaves with its output: a node it
        // could not open, and (Android 4.4 on, kernels before 3.4) EVIOCSCLOCKID refused.
        if scanner.take("remove device") || scanner.take("could not ") || scanner.take("Can't enable monotonic clock reporting") { return }
        // A line that does not read leaves what the log's first event decides as it was: text
        // pasted before a log (a prompt, a fence) must not make it a log without times.
        let (wasTimed, wasDashed) = (timed, dashedTimes)
        do {
            try event(&scanner, number)
        } catch {
            (timed, dashedTimes) = (wasTimed, wasDashed)
            throw error
        }
    }

    /// The keys that begin a line of an `add device` block (the capability and property lines
    /// under `events:` and `input props:` begin with none of them).
    private static let deviceInfoKeys: [StaticString] = ["name:", "events:", "input props:", "bus:", "location:", "id:", "version:", "HID descriptor:"]

    private static func startsDeviceInfo(_ scanner: LineScanner) -> Bool {
        deviceInfoKeys.contains { key in
            var probe = scanner
            return probe.take(key)
        }
    }

    /// An indented line under `add device`: name, ids, capabilities, properties.
    private mutating func deviceInfo(_ scanner: inout LineScanner, _ number: Int) throws(LineError) {
        guard let device = infoDevice else { throw LineError("an indented line outside an `add device` block") }
        // `-i`/`-d` end a HID device's block with its report descriptor as the kernel's debugfs
        // gives it (`HID descriptor: 0003:0EEF:7302.0001`, then the bytes, the parsed reports and
        // their mapping, each line four blanks in): nothing a touch needs, and no line of it
        // reads as one of the block's.
        if section == .hidDescriptor { return }
        let start = scanner.index
        if scanner.take("HID descriptor:") {
            section = .hidDescriptor
        } else if scanner.take("name:") {
            guard let name = LineScanner.quoted(scanner.rest) else { throw LineError("expected `name: \"…\"`") }
            log.devices[device].name = name
        } else if scanner.take("events:") {
            section = .events
            sectionType = nil
            if log.devices[device].declared == nil { log.devices[device].declared = EvdevCapabilities(name: "") }
        } else if scanner.take("input props:") {
            section = .properties
        } else if scanner.take("bus:") || scanner.take("vendor") || scanner.take("product") || scanner.take("version ") {
            scanner.index = start
            let key = scanner.token(stoppingAt: ":")
            _ = scanner.take(":")
            guard let value = LineScanner.hex(scanner.rest, digits: 4) else { throw LineError("expected a 4-digit hex number") }
            var id = ids[device] ?? (0, 0, 0, 0)
            switch LineScanner.string(key) {
            case "bus": id.bus = UInt16(value)
            case "vendor": id.vendor = UInt16(value)
            case "product": id.product = UInt16(value)
            default: id.version = UInt16(value)
            }
            ids[device] = id
        } else if scanner.take("location:") || scanner.take("id:") || scanner.take("version:") {
            return
        } else if section == .events {
            try capabilityLine(&scanner, device: device, number)
        } else if section == .properties {
            let token = scanner.token()
            // `<not available` (sic): the kernel predates EVIOCGPROP (2.6.38), as on the
            // Android 4.0 devices that kept a 2.6.35 kernel; the device declares no property.
            if LineScanner.string(token) == "<none>" || LineScanner.string(token) == "<not" { return }
            guard let property = LineScanner.hex(token, digits: 4).map(UInt16.init(_:)) ?? EvdevCode.property(named: LineScanner.string(token)),
                property < 0x20
            else { throw LineError("expected an input property (INPUT_PROP_… or a hex number)") }
            log.devices[device].declared?.addProperty(property)
        } else {
            throw LineError("not a getevent device line (name:, events:, input props: …)")
        }
    }

    /// `KEY (0001): 014a 0145*`, `ABS (0003): 0035  : value 0, min 0, max 1079, …` or a
    /// continuation line of the same type.
    private mutating func capabilityLine(_ scanner: inout LineScanner, device: Int, _ number: Int) throws(LineError) {
        let save = scanner.index
        let first = scanner.token()
        if scanner.take("(") {
            let typeToken = scanner.token(stoppingAt: ")")
            guard let type = LineScanner.hex(typeToken, digits: 4), type < EvdevCode.EV_CNT, scanner.take("):") else {
                throw LineError("expected `TYPE (hex): codes`")
            }
            _ = first
            sectionType = UInt16(type)
        } else {
            scanner.index = save
        }
        guard let type = sectionType else { throw LineError("capability codes before their event type") }
        while true {
            var token = scanner.token(stoppingAt: ":")
            if token.isEmpty { break }
            if token.last == UInt8(ascii: "*") { token = UnsafeBufferPointer(rebasing: token.dropLast()) }
            guard let code = try codeValue(token, type: type) else {
                // A name this reader does not know names a code the touch decoder never needs.
                continue
            }
            guard code < (type == EvdevCode.EV_ABS ? EvdevCode.ABS_CNT : 0x300) else { throw LineError("code \(code) out of range") }
            if type == EvdevCode.EV_ABS {
                try absinfo(&scanner, code: code, device: device, number)
                return
            }
            log.devices[device].declared?.addCode(type: type, code: code)
        }
    }

    /// ` : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0`. Older releases printed less:
    /// Android 4.0 ` : value 0, min 0, max 1079, fuzz 0 flat 0`, Android 2.3 and before the same
    /// without the `:` (` value 0, min 0, …`).
    private mutating func absinfo(_ scanner: inout LineScanner, code: UInt16, device: Int, _ number: Int) throws(LineError) {
        if !scanner.take(":") {
            let save = scanner.index
            guard scanner.take("value") else { throw LineError("expected `: value V, min A, max B, …` after an ABS code") }
            scanner.index = save  // Android 2.3: no `:`, and `value` is the first key read below
        }
        var values: [String: Int32] = [:]
        while !scanner.atEnd {
            let key = LineScanner.string(scanner.token())
            let number = scanner.token(stoppingAt: ",")
            _ = scanner.take(",")
            guard let value = LineScanner.decimal(number), let value32 = Int32(exactly: value) else {
                throw LineError("expected a number after `\(key)`")
            }
            values[key] = value32
            scanner.skipBlanks()
        }
        guard let minimum = values["min"], let maximum = values["max"] else { throw LineError("an ABS code without min and max") }
        if let problem = AxisRange.problem(minimum: minimum, maximum: maximum, axis: EvdevCode.codeName(type: EvdevCode.EV_ABS, code: code)) {
            throw LineError(problem)
        }
        let range = AxisRange(
            minimum: minimum, maximum: maximum, resolution: values["resolution"] ?? 0,
            fuzz: values["fuzz"] ?? 0, flat: values["flat"] ?? 0
        )
        axisDeclarations.declare(code, range, device: device, what: TerminalText.excerpt(log.devices[device].node), line: number, file: file)
        log.devices[device].declared?.addCode(type: EvdevCode.EV_ABS, code: code)
        log.devices[device].declared?.addAxis(code, range)
    }

    // MARK: - Events

    private mutating func event(_ scanner: inout LineScanner, _ number: Int) throws(LineError) {
        var time: Int64?
        // Old toolbox getevent's times, decided by the log's first event: the other spellings'
        // lines pay one test for them.
        if timed == nil, let first = Self.takeDashedTime(&scanner) {
            dashedTimes = true
            time = first
        } else if dashedTimes {
            guard let parsed = Self.takeDashedTime(&scanner) else { throw LineError("expected `SECONDS-MICROSECONDS:` as on the log's first event") }
            time = parsed
        } else if scanner.take("[") {
            let token = scanner.token(stoppingAt: "]")
            guard let parsed = LineScanner.time(token), scanner.take("]") else { throw LineError("expected `[ seconds.microseconds ]`") }
            time = parsed
        }
        if let timed, timed != (time != nil) {
            throw LineError(timed ? "an event without a time in a log with times" : "an event with a time in a log without times")
        }
        timed = time != nil
        // An optional `/dev/input/eventN:` prefix names the device.
        var node: UnsafeBufferPointer<UInt8>?
        let save = scanner.index
        let first = scanner.token(stoppingAt: ":")
        if first.first == UInt8(ascii: "/"), scanner.take(":") {
            node = first
        } else {
            scanner.index = save
        }
        let typeToken = scanner.token()
        let codeToken = scanner.token()
        let valueToken = scanner.token()
        guard !valueToken.isEmpty else { throw LineError("not a getevent line (expected `TYPE CODE VALUE`, `add device` or a device line)") }
        scanner.skipBlanks()
        if !scanner.atEnd {
            // `-r` appends the event rate to SYN_REPORT lines. getevent prints no `#`: one after
            // the value is a comment someone added to the log (a blog's `# ABS_MT_POSITION_X`).
            guard scanner.take("#") || (scanner.take("rate") && LineScanner.decimal(scanner.rest) != nil) else {
                throw LineError("unexpected text after the value")
            }
        }
        guard let type = Self.number(typeToken, digits: 4).map(UInt16.init(_:)) ?? typeNamed(typeToken) else {
            throw LineError("unknown event type \(LineScanner.string(typeToken))")
        }
        guard let code = try codeValue(codeToken, type: type) else {
            if unknownNames.isEmpty { firstUnknownLine = number }
            let name = TerminalText.excerpt(LineScanner.string(codeToken))
            if unknownNames.count < Self.unknownNamesKept || unknownNames[name] != nil {
                unknownNames[name, default: 0] += 1
            } else {
                otherUnknownEvents += 1
            }
            return
        }
        let value: Int32
        if let hex = Self.number(valueToken, digits: 8) {
            value = Int32(bitPattern: hex)
        } else {
            // `-l` names a key's value, and ABS_MT_TOOL_TYPE's (getevent's `mt_tool_labels`).
            let label = LineScanner.string(valueToken)
            if let known = Self.valueLabels[label] {
                value = known
            } else if let tool = Self.toolTypeLabels[label], type == EvdevCode.EV_ABS, code == EvdevCode.ABS_MT_TOOL_TYPE {
                value = tool
            } else {
                throw LineError("expected an 8-digit hex value, UP, DOWN or REPEAT, or for ABS_MT_TOOL_TYPE an MT_TOOL_ name")
            }
        }
        let device: Int
        if let node {
            if let known = recentNodes.value(for: node) {
                device = known
            } else {
                guard let found = log.device(node: LineScanner.string(node), line: number) else { throw LineError("more than \(EvdevLog.deviceLimit) devices") }
                recentNodes.remember(node, found)
                device = found
            }
        } else if log.devices.count == 1 {
            device = 0
        } else if log.devices.count > 1 {
            throw LineError("an event without a device in a log of \(log.devices.count) devices")
        } else {
            guard let found = log.device(node: "", line: number) else { throw LineError("more than \(EvdevLog.deviceLimit) devices") }
            device = found
        }
        let stamp = time ?? frames * Self.untimedFrameInterval
        if type == EvdevCode.EV_SYN, code == EvdevCode.SYN_REPORT { frames += 1 }
        log.append(EvdevEvent(time: stamp, type: type, code: code, value: value), device: device, line: number)
    }

    /// A type given by name (`EV_ABS`), remembered by its bytes.
    private mutating func typeNamed(_ token: UnsafeBufferPointer<UInt8>) -> UInt16? {
        if let known = recentTypes.value(for: token) { return known }
        guard let type = EvdevCode.type(named: LineScanner.string(token)) else { return nil }
        recentTypes.remember(token, type)
        return type
    }

    /// A code given as hex or by name; nil for a well-formed name this reader does not know. A
    /// name read before for the same type is remembered by its bytes.
    private mutating func codeValue(_ token: UnsafeBufferPointer<UInt8>, type: UInt16) throws(LineError) -> UInt16? {
        if let hex = Self.number(token, digits: 4) { return UInt16(hex) }
        if let known = recentCodes.value(for: token), known.type == type { return known.code }
        guard let code = try namedCode(token, type: type) else { return nil }
        recentCodes.remember(token, (type, code))
        return code
    }

    private func namedCode(_ token: UnsafeBufferPointer<UInt8>, type: UInt16) throws(LineError) -> UInt16? {
        let name = LineScanner.string(token)
        if let found = EvdevCode.code(named: name) {
            guard found.type == type else { throw LineError("\(name) is not an \(EvdevCode.typeName(type)) code") }
            return found.code
        }
        // getevent prints at most 20 characters of a name.
        if name.utf8.count == 20, let found = EvdevCode.headerCodeNames[type]?.first(where: { $0.1.hasPrefix(name) }) {
            return found.0
        }
        guard name.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || ($0 &- UInt8(ascii: "A")) < 26 || ($0 &- UInt8(ascii: "0")) < 10 }),
            name.contains("_")
        else { throw LineError("expected an event code, hex or a name, not `\(TerminalText.excerpt(name))`") }
        return nil
    }

    /// Takes old toolbox getevent's time from the start of the line's rest (the scanner is left
    /// where it was when there is none).
    @inline(never)
    private static func takeDashedTime(_ scanner: inout LineScanner) -> Int64? {
        let save = scanner.index
        guard let time = dashedTime(scanner.token()) else {
            scanner.index = save
            return nil
        }
        return time
    }

    /// Old toolbox getevent's `-t` time, `SECONDS-MICROSECONDS:`, in microseconds; nil for any
    /// other token. It printed the microseconds unpadded (`printf("%ld-%ld: ", …)`), so
    /// `4391-51302:` is 4391.051302 s.
    static func dashedTime(_ token: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard token.count >= 4, token.last == UInt8(ascii: ":"), let dash = token.firstIndex(of: UInt8(ascii: "-")), dash > 0,
            let seconds = LineScanner.decimal(UnsafeBufferPointer(rebasing: token[..<dash]), limit: Int64(Int32.max)), seconds >= 0,
            token[dash + 1] != UInt8(ascii: "-"),
            let micros = LineScanner.decimal(UnsafeBufferPointer(rebasing: token[(dash + 1)..<(token.count - 1)]), limit: 999_999)
        else { return nil }
        return seconds * 1_000_000 + micros
    }

    /// Plain hex as getevent prints it: exactly `digits` digits (type and code 4, value 8).
    private static func number(_ token: UnsafeBufferPointer<UInt8>, digits: Int) -> UInt32? {
        token.count == digits ? LineScanner.hex(token, digits: digits) : nil
    }
}
