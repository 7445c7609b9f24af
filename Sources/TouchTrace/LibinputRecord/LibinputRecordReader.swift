/// Reads `libinput record` YAML (format version 1) into a trace: each `devices` entry's `evdev`
/// section becomes a `DeviceDescription`, its `events` (`evdev` frames of `[sec, usec, type, code,
/// value]`) go through `EvdevTouchDecoder`. Of libinput's own interpreted events (`libinput:` lists,
/// `--with-libinput`), two-finger scrolling becomes `scroll` gestures (the one kind the evdev frames
/// cannot give); the others, `hid`, `quirks` and unknown keys are skipped, as the format asks of parsers.
struct LibinputRecordReader {
    /// One `devices` entry while it is read.
    private struct DeviceRecord {
        var line: Int
        var node: String?
        var capabilities = EvdevCapabilities(name: "")
        /// Its `evdev` section has `codes:`. Without them (a pasted recording with the description
        /// cut out), or with an absolute axis `absinfo:` gives no range for, the device is
        /// inferred from its events, as an evemu recording without a description is.
        var hasCodes = false
        /// Its `absinfo:` ranges by axis, each with its line, given to the axes `codes:` lists
        /// once its `evdev:` section is whole (`takeRanges`): `codes:` may come after `absinfo:`. A
        /// second range for an axis replaces the first, as YAML takes the last of a key.
        var ranges: [UInt16: (range: AxisRange, line: Int)] = [:]
        /// The `absinfo:` ranges of axes `codes:` does not list, ignored with a warning at their
        /// lines, as `libinput replay` ignores them (it enables the axes `codes:` lists, each with
        /// its `absinfo:` range): taken, they added an axis the device never had.
        var ignoredRanges: [EvdevCapabilities.RangeLine] = []
        /// Set at its first event when the device must be inferred; then fed every event.
        var inference: EvdevCapabilities.Inference?
        /// What the reader says of an inferred device that has `codes:`: the axes absinfo gave no
        /// range and the ranges taken (nil: the device is wholly inferred).
        var unrangedWarning: String?
        var udev: [String] = []
        /// Its keys (`node`, `evdev`, `udev`, `quirks`, `events`…), each allowed once.
        var keys: Set<String> = []
        var eventCount = 0
        /// The line of its last event.
        var lastLine = 0
        /// The offset just past the line that ends its last event: where its second pass stops.
        var eventsEnd = 0
        /// Its first event, and where the second pass picks its events up after it (a cursor that
        /// holds no buffer until it reads: devices are read side by side, each with its own).
        var firstEvent: (event: EvdevEvent, line: Int)?
        var resume: (yaml: LibinputRecordYAML, cursor: TextLineCursor)?
        /// The HID report descriptor as hex bytes (`05 01 09 02 …`), when the recording holds one.
        var hid: String?
        /// libinput's finger scroll events (`--with-libinput`), in file order.
        var scrolls: [FingerScroll] = []
        /// The time of its last `SYN_REPORT` so far (first pass), for placing notes.
        var lastReportTime: Microseconds?

        /// Gives the `absinfo:` ranges read so far to their axes. Without `codes:` the device is
        /// inferred from its events, and every range is kept for it, as it was given.
        mutating func takeRanges() {
            let lines = ranges.map { (code: $0.key, range: $0.value.range, line: $0.value.line) }.sorted { $0.line < $1.line }
            ranges = [:]
            if hasCodes {
                ignoredRanges += capabilities.addDeclaredRanges(lines)
            } else {
                for entry in lines { capabilities.addAxis(entry.code, entry.range) }
            }
        }
    }

    /// A Touchstone note (`- touchstone:` entries, `EvdevNoteText`) and where it goes among the
    /// events of its instant: after them when it follows a frame of that instant in the file
    /// (the trace had it after the frame), else before them.
    struct PlacedNote {
        var note: Annotation
        var afterItsInstant: Bool
    }

    /// The notes, in file order.
    private(set) var notes: [PlacedNote] = []

    /// One libinput scroll event with finger source: `POINTER_AXIS` with `source: finger` (libinput
    /// 1.10 to 1.18 and the record tool of later versions), or `POINTER_SCROLL_FINGER`.
    struct FingerScroll {
        var time: Microseconds
        var dx: Double
        var dy: Double
        var line: Int
        /// `POINTER_SCROLL_FINGER` rather than the older `POINTER_AXIS`.
        var isScrollFingerEvent: Bool
    }

    let file: String
    private var devices: [DeviceRecord] = []
    private var version: Int64?
    private var declaredDevices: Int64?
    private var libinputVersion = ""
    private var host = HostInfo()
    /// Set by the line that is the first event of its device.
    private var sawFirstEvent = false
    /// The last line, when the file ends inside it and it cannot be read (`scan` stops there).
    private(set) var cutLine: (line: Int, reason: String)?
    /// Set by a line that ends an event.
    private var sawEvent = false
    /// The keys of the top level so far, each allowed once.
    private var topLevelKeys: Set<String> = []
    /// The line each key and item of the current line's path was opened on, outermost first (event
    /// lines, which open nothing, leave it alone): where a misplaced block began.
    private var blockLines: [Int] = []

    init(file: String) {
        self.file = file
    }

    /// The first pass: every line checked, the devices described, each device's events counted
    /// and its first one kept with the place to resume from.
    mutating func scan(_ input: TextInput) throws(TraceInputError) {
        var yaml = LibinputRecordYAML()
        var cursor = TextLineCursor(input)
        while let text = try cursor.next() {
            sawFirstEvent = false
            sawEvent = false
            do throws(LibinputRecordYAML.Failure) {
                try yaml.take(text, number: cursor.number) { (line) throws(LibinputRecordYAML.Failure) in try take(line) }
            } catch {
                guard cursor.lastLineIsUnterminated else {
                    throw TraceInputError(file: file, location: .line(error.line), message: error.message)
                }
                cutLine = (cursor.number, error.message)
                break
            }
            if sawEvent { devices[devices.count - 1].eventsEnd = cursor.offset }
            if sawFirstEvent { devices[devices.count - 1].resume = (yaml, cursor.detached()) }
        }
        if cutLine == nil && yaml.isInsideFlow && cursor.lastLineIsUnterminated {
            // The file ends inside a `[` or `{` its last line opened or continued: cut short.
            cutLine = (cursor.number, "a `[` or `{` never closed")
        }
        do throws(LibinputRecordYAML.Failure) {
            if cutLine == nil { try yaml.finish() }
        } catch {
            throw TraceInputError(file: file, location: .line(error.line), message: error.message)
        }
        guard version != nil else {
            throw TraceInputError(file: file, location: .wholeFile, message: "not a libinput record file: no `version: 1`")
        }
        for index in devices.indices {
            devices[index].takeRanges()
            if devices[index].inference == nil, !devices[index].hasCodes { devices[index].inference = EvdevCapabilities.Inference() }
            if let inference = devices[index].inference {
                let declared = devices[index].capabilities
                devices[index].capabilities = inference.capabilities(completing: declared)
                // A description that lists its axes and leaves some out of absinfo: said as that,
                // not as no description (a .yml converted from such an evemu file said so).
                let unranged = (declared.codes[EvdevCode.EV_ABS] ?? []).filter { declared.axes[$0] == nil }
                let ranges = unranged.compactMap { code in devices[index].capabilities.axes[code].map { (code, $0) } }
                if devices[index].hasCodes, !ranges.isEmpty {
                    devices[index].unrangedWarning = EvdevCapabilities.Inference.unrangedWarning(
                        Dictionary(uniqueKeysWithValues: ranges), declared: "listed in codes:", missing: "absinfo: gives none")
                }
            }
        }
    }

    // MARK: - Lines

    private static let eventPath = ["devices", "-", "events", "-", "evdev", "-"]
    private static let eventsPath = ["devices", "-", "events", "-"]
    /// libinput's own interpretation of the frames (`--with-libinput`), interleaved with them as
    /// `- libinput:` entries of flow mappings. Touches are decoded from the evdev frames instead;
    /// the event kind the evdev frames cannot give, two-finger scrolling, is read here.
    private static let libinputEventPath = ["devices", "-", "events", "-", "libinput", "-"]
    /// Touchstone's notes (`EvdevNoteText`), entries of the first device's `events:` in the shape
    /// of libinput's own.
    private static let touchstoneEventPath = ["devices", "-", "events", "-", EvdevNoteText.libinputRecordKey, "-"]
    private static let libinputPath = ["libinput"]
    private static let systemPath = ["system"]

    private mutating func take(_ line: LibinputRecordYAML.Line) throws(LibinputRecordYAML.Failure) {
        let path = line.path
        if Self.isEvent(line) {
            try event(line)
            return
        }
        if line.startsItem { noteBlock(depth: path.count - 1, line: line.number) }
        if line.key != nil { noteBlock(depth: path.count, line: line.number) }
        if line.key == nil, path.count >= 2, path.last == "-" { try refuseMisplacedEvent(line) }
        if line.key != nil, path.count <= 1 { try refuseMisplacedSectionKey(line) }
        if line.key == nil, path == Self.libinputEventPath {
            try libinputEvent(line)
        } else if line.key == nil, path == Self.touchstoneEventPath {
            try touchstoneNote(line)
        } else if path.isEmpty {
            try topLevel(line)
        } else if path == Self.libinputPath, line.key == "version" {
            libinputVersion = LibinputRecordYAML.string(line.value)
        } else if path == Self.systemPath {
            if line.key == "kernel" { host.kernel = LibinputRecordYAML.string(line.value) }
            if line.key == "os" { host.operatingSystem = LibinputRecordYAML.string(line.value) }
        } else if path.count >= 2, path[0] == "devices", path[1] == "-" {
            try device(line, path: path.dropFirst(2))
        }
    }

    /// Notes that the key or item at `depth` of the path opens at `line`; the deeper ones it closed
    /// are forgotten.
    private mutating func noteBlock(depth: Int, line: Int) {
        if blockLines.count > depth { blockLines.removeSubrange(depth...) }
        while blockLines.count < depth { blockLines.append(line) }
        blockLines.append(line)
    }

    /// An item of `events:` that is no frame, or of an `evdev:` or `libinput:` list that stands
    /// anywhere but in a device's `events:`. YAML reads such a file (an event two spaces short is
    /// an item of `events:`; `quirks:` or `events:` two spaces short is a key of the top level that
    /// takes every event with it), but the format has nothing there, and skipping them would lose
    /// the events without a word. The error is at the line that opened the misplaced block.
    private func refuseMisplacedEvent(_ line: LibinputRecordYAML.Line) throws(LibinputRecordYAML.Failure) {
        let path = line.path
        if path == Self.eventsPath {
            throw LibinputRecordYAML.Failure(
                line: line.number,
                message: "an entry of `events:` that is no `- evdev:` or `- libinput:` frame (an event indented too little?)")
        }
        let list = path[path.count - 2]
        let expected = list == "evdev" ? Self.eventPath : list == "libinput" ? Self.libinputEventPath : nil
        guard let expected, path != expected else { return }
        let diverges = zip(path, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(path.count, expected.count)
        let opened = diverges < blockLines.count ? blockLines[diverges] : line.number
        throw LibinputRecordYAML.Failure(
            line: opened,
            message: "the \(list) events from line \(line.number) stand under `\(Self.spelled(path.dropLast()))`, outside any device's "
                + "`events:` (`devices:` → `-` → `events:` → `-` → `\(list):`): this line is indented wrongly, or a line is missing above it")
    }

    /// A path as keys and items: `devices: → - → events:`.
    private static func spelled(_ path: ArraySlice<String>) -> String {
        path.map { $0 == "-" ? "-" : $0 + ":" }.joined(separator: " → ")
    }

    private mutating func topLevel(_ line: LibinputRecordYAML.Line) throws(LibinputRecordYAML.Failure) {
        switch line.key {
        case "version":
            guard let number = LibinputRecordYAML.integer(line.value), number == 1 else {
                throw LibinputRecordYAML.Failure(line: line.number, message: "unsupported libinput record version \(LibinputRecordYAML.string(line.value)) (only 1 is known)")
            }
            version = number
        case "ndevices":
            guard let number = LibinputRecordYAML.integer(line.value), number >= 0 else {
                throw LibinputRecordYAML.Failure(line: line.number, message: "ndevices must be a number")
            }
            declaredDevices = number
        default:
            break
        }
    }

    private mutating func device(_ line: LibinputRecordYAML.Line, path: ArraySlice<String>) throws(LibinputRecordYAML.Failure) {
        // The first line of a new `- ` entry under `devices` starts a device.
        if path.isEmpty, line.startsItem {
            guard devices.count < EvdevLog.deviceLimit else {
                throw LibinputRecordYAML.Failure(
                    line: line.number, message: "more than \(EvdevLog.deviceLimit) devices: not a recording of one machine's input devices")
            }
            devices.append(DeviceRecord(line: line.number))
        }
        guard !devices.isEmpty else { return }
        let index = devices.count - 1
        if path.isEmpty, let key = line.key {
            // YAML keys are unique; a second `evdev:` or `events:` is another device's, its
            // `- node:` lost or a line indented wrongly: read into this one, it would mix the two.
            guard devices[index].keys.insert(key).inserted else {
                throw LibinputRecordYAML.Failure(
                    line: line.number,
                    message: "a second `\(key):` in the device of line \(devices[index].line): a line indented wrongly, or another device's `- node:` missing above it")
            }
        }
        try refuseMisplacedKey(line, path: path)
        switch (Array(path), line.key) {
        case ([], "node"?):
            devices[index].node = LibinputRecordYAML.string(line.value)
        case ([], "hid"?):
            // The HID report descriptor (libinput 1.12 and later, USB and I2C devices): bytes.
            guard let bytes = LibinputRecordYAML.integers(line.value), bytes.allSatisfy({ (0...0xff) ~= $0 }) else {
                throw LibinputRecordYAML.Failure(line: line.number, message: "expected `hid: [0x05, 0x01, …]` (bytes)")
            }
            devices[index].hid = bytes.map { LibinputRecordFormat.hexByte(UInt8($0)) }.joined(separator: " ")
        case (["evdev"], "name"?):
            devices[index].capabilities.name = LibinputRecordYAML.string(line.value)
        case (["evdev"], "id"?):
            guard let id = LibinputRecordYAML.integers(line.value), id.count == 4,
                id.allSatisfy({ (0...0xffff).contains($0) })
            else {
                throw LibinputRecordYAML.Failure(line: line.number, message: "expected `id: [bus, vendor, product, version]`")
            }
            devices[index].capabilities.bus = UInt16(id[0])
            devices[index].capabilities.vendor = UInt16(id[1])
            devices[index].capabilities.product = UInt16(id[2])
            devices[index].capabilities.version = UInt16(id[3])
        case (["evdev"], "codes"?):
            devices[index].hasCodes = true
        case (["evdev"], "properties"?):
            for property in try codeList(line) { devices[index].capabilities.addProperty(property) }
        case (["evdev", "codes"], let key?):
            guard let type = UInt16(key), type < EvdevCode.EV_CNT else {
                throw LibinputRecordYAML.Failure(line: line.number, message: "event type \(key) is not a number below 32")
            }
            if type != EvdevCode.EV_SYN {
                for code in try codeList(line) { devices[index].capabilities.addCode(type: type, code: code) }
            }
        case (["evdev", "absinfo"], let key?):
            guard let code = UInt16(key), code < EvdevCode.ABS_CNT,
                let values = LibinputRecordYAML.integers(line.value), values.count == 5,
                values.allSatisfy({ Int64(Int32.min)...Int64(Int32.max) ~= $0 })
            else {
                throw LibinputRecordYAML.Failure(line: line.number, message: "expected `axis: [min, max, fuzz, flat, resolution]`")
            }
            if let problem = AxisRange.problem(minimum: Int32(values[0]), maximum: Int32(values[1]),
                                               axis: EvdevCode.codeName(type: EvdevCode.EV_ABS, code: code)) {
                throw LibinputRecordYAML.Failure(line: line.number, message: problem)
            }
            let range = AxisRange(
                minimum: Int32(values[0]), maximum: Int32(values[1]), resolution: Int32(values[4]),
                fuzz: Int32(values[2]), flat: Int32(values[3])
            )
            devices[index].ranges[code] = (range, line.number)
        case (["udev", "properties", "-"], nil):
            devices[index].udev.append(LibinputRecordYAML.string(line.value))
        default:
            break
        }
    }

    /// A device's keys and its `evdev:` section's, each where the other belongs, or an event type
    /// or axis (`57:`) outside `codes:` and `absinfo:`: a line two spaces off that YAML reads as a
    /// key of the block beside it, where the reader would skip it and lose a range or the input
    /// properties (and with them the device it describes) without a word.
    private func refuseMisplacedKey(_ line: LibinputRecordYAML.Line, path: ArraySlice<String>) throws(LibinputRecordYAML.Failure) {
        guard let key = line.key, path.count <= 1, path.isEmpty || path.first == "evdev" else { return }
        let isNumber = !key.isEmpty && key.utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
        let message: String
        if isNumber {
            message = "`\(key):` stands among the keys of \(path.isEmpty ? "a device" : "`evdev:`"); an event type or axis belongs under `codes:` or `absinfo:` (indented too little?)"
        } else if path.isEmpty, Self.evdevKeys.contains(key) {
            message = "`\(key):` stands among a device's keys; it belongs under `evdev:` (indented too little?)"
        } else if !path.isEmpty, Self.deviceKeys.contains(key) {
            message = "`\(key):` stands among the keys of `evdev:`; it is a device's (indented too deep?)"
        } else {
            return
        }
        throw LibinputRecordYAML.Failure(line: line.number, message: message)
    }

    /// A key of the top level, `libinput:` or `system:` where another of them belongs (`os:` two
    /// spaces short, `system:` two spaces deep under `libinput:`), or a top-level key twice: YAML
    /// reads it, the reader would skip it and lose the host's description without a word.
    private mutating func refuseMisplacedSectionKey(_ line: LibinputRecordYAML.Line) throws(LibinputRecordYAML.Failure) {
        guard let key = line.key else { return }
        let section: String, misplaced: Bool
        switch line.path.first {
        case nil:
            guard topLevelKeys.insert(key).inserted else {
                throw LibinputRecordYAML.Failure(line: line.number, message: "a second `\(key):` at the top level (a line indented too little?)")
            }
            section = "the top level"
            misplaced = Self.systemKeys.contains(key) || key == "git" || Self.deviceKeys.contains(key) || Self.evdevKeys.contains(key)
        case "libinput"?:
            section = "`libinput:`"
            misplaced = (Self.topLevelKeys.contains(key) && key != "version") || Self.systemKeys.contains(key)
        case "system"?:
            section = "`system:`"
            misplaced = Self.topLevelKeys.contains(key) || key == "git"
        default:
            return
        }
        guard misplaced else { return }
        throw LibinputRecordYAML.Failure(
            line: line.number, message: "`\(key):` stands among the keys of \(section), where libinput record has none such: a line indented wrongly")
    }

    private static let topLevelKeys: Set<String> = ["version", "ndevices", "libinput", "system", "devices"]
    private static let systemKeys: Set<String> = ["os", "kernel", "dmi"]
    private static let deviceKeys: Set<String> = ["node", "evdev", "hid", "udev", "quirks", "events"]
    private static let evdevKeys: Set<String> = ["name", "id", "codes", "absinfo", "properties"]

    private mutating func event(_ line: LibinputRecordYAML.Line) throws(LibinputRecordYAML.Failure) {
        guard !devices.isEmpty else {
            throw LibinputRecordYAML.Failure(line: line.number, message: "expected an event `[sec, usec, type, code, value]`")
        }
        let event = try Self.event(line)
        let index = devices.count - 1
        devices[index].eventCount += 1
        devices[index].lastLine = line.number
        sawEvent = true
        if devices[index].firstEvent == nil {
            devices[index].firstEvent = (event, line.number)
            sawFirstEvent = true
            devices[index].takeRanges()
            let capabilities = devices[index].capabilities
            if !devices[index].hasCodes || (capabilities.codes[EvdevCode.EV_ABS] ?? []).contains(where: { capabilities.axes[$0] == nil }) {
                devices[index].inference = EvdevCapabilities.Inference()
            }
        }
        devices[index].inference?.add(event)
        if event.type == EvdevCode.EV_SYN, event.code == EvdevCode.SYN_REPORT { devices[index].lastReportTime = event.time }
    }

    /// `{time: 1.234567, note: "text"}`: a note Touchstone wrote (`EvdevNoteText`).
    private mutating func touchstoneNote(_ line: LibinputRecordYAML.Line) throws(LibinputRecordYAML.Failure) {
        var time: Int64?
        var text: String?
        let isMapping = LibinputRecordYAML.forEachFlowEntry(line.value) { key, value in
            switch LibinputRecordYAML.string(key) {
            case "time": time = LibinputRecordYAML.seconds(value)
            case "note": text = EvdevNoteText.text(value)
            default: break
            }
        }
        guard isMapping, let time, let text, !devices.isEmpty else {
            throw LibinputRecordYAML.Failure(line: line.number, message: "expected a Touchstone note `{time: seconds.microseconds, note: \"text\"}`")
        }
        notes.append(PlacedNote(note: Annotation(time: time, text: text), afterItsInstant: devices[devices.count - 1].lastReportTime == time))
    }

    /// `[sec, usec, type, code, value]`: the line most of a recording is made of, parsed without
    /// allocating.
    static func event(_ line: LibinputRecordYAML.Line) throws(LibinputRecordYAML.Failure) -> EvdevEvent {
        var values: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
        var count = 0
        let isList = LibinputRecordYAML.forEachInteger(line.value) { number in
            switch count {
            case 0: values.0 = number
            case 1: values.1 = number
            case 2: values.2 = number
            case 3: values.3 = number
            case 4: values.4 = number
            default: break
            }
            count += 1
        }
        guard isList, count == 5,
            (0...Int64(Int32.max)) ~= values.0, (0..<1_000_000) ~= values.1,
            (0...0xffff) ~= values.2, (0...0xffff) ~= values.3, Int64(Int32.min)...Int64(Int32.max) ~= values.4
        else {
            throw LibinputRecordYAML.Failure(line: line.number, message: "expected an event `[sec, usec, type, code, value]`")
        }
        return EvdevEvent(
            time: values.0 * 1_000_000 + values.1, type: UInt16(values.2), code: UInt16(values.3), value: Int32(values.4))
    }

    static func isEvent(_ line: LibinputRecordYAML.Line) -> Bool {
        line.key == nil && line.path == eventPath
    }

    /// `{time: 1.234567, type: POINTER_AXIS, axes: [0.00, 7.50], discrete: [0, 0], source: finger}`
    /// (libinput-record.c's layout): finger scrolls are kept, every other libinput event is skipped.
    private mutating func libinputEvent(_ line: LibinputRecordYAML.Line) throws(LibinputRecordYAML.Failure) {
        var time: UnsafeBufferPointer<UInt8>?
        var axes: UnsafeBufferPointer<UInt8>?
        var type = ""
        var source = ""
        let isMapping = LibinputRecordYAML.forEachFlowEntry(line.value) { key, value in
            switch LibinputRecordYAML.string(key) {
            case "time": time = value
            case "type": type = LibinputRecordYAML.string(value)
            case "axes": axes = value
            case "source": source = LibinputRecordYAML.string(value)
            default: break
            }
        }
        guard isMapping else {
            throw LibinputRecordYAML.Failure(line: line.number, message: "expected a libinput event `{time: …, type: …}`")
        }
        let isScrollFingerEvent = type == "POINTER_SCROLL_FINGER"
        guard isScrollFingerEvent || (type == "POINTER_AXIS" && source == "finger"), !devices.isEmpty else { return }
        guard let time, let microseconds = LibinputRecordYAML.seconds(time) else {
            throw LibinputRecordYAML.Failure(line: line.number, message: "expected `time: seconds.microseconds` in the scroll event")
        }
        guard let axes, let pair = LibinputRecordYAML.decimalPair(axes) else {
            throw LibinputRecordYAML.Failure(line: line.number, message: "expected `axes: [horizontal, vertical]` in the scroll event")
        }
        devices[devices.count - 1].scrolls.append(FingerScroll(
            time: microseconds, dx: pair.0, dy: pair.1, line: line.number, isScrollFingerEvent: isScrollFingerEvent))
    }

    private func codeList(_ line: LibinputRecordYAML.Line) throws(LibinputRecordYAML.Failure) -> [UInt16] {
        guard let values = LibinputRecordYAML.integers(line.value), values.allSatisfy({ (0...0x2ff) ~= $0 }) else {
            throw LibinputRecordYAML.Failure(line: line.number, message: "expected a list of codes `[0, 1, …]`")
        }
        return values.map { UInt16($0) }
    }

    // MARK: - Events

    /// After the first pass: the trace's header, each device's decoder, the way back to each
    /// device's events, and the line each device's events end on.
    func beginDecoding(into output: inout EvdevDecodeOutput) -> (TraceHeader, [LibinputRecordDeviceEvents]) {
        if let declared = declaredDevices, declared != devices.count {
            output.warn(line: 1, "ndevices says \(declared) but the file describes \(devices.count)")
        }
        for device in devices {
            if device.inference != nil {
                output.warn(line: device.line, device.unrangedWarning ?? EvdevCapabilities.Inference.warning)
            }
            for ignored in device.ignoredRanges {
                output.warn(line: ignored.line, EvdevCapabilities.undeclaredRangeWarning(
                    ignored.code, entry: "an absinfo: range", undeclared: "which codes: does not list", tool: "libinput replay",
                    declared: "codes: lists"))
            }
        }
        let streams = devices.enumerated().map { index, device in
            LibinputRecordDeviceEvents(
                decoder: EvdevTouchDecoder(device: DeviceIndex(index), capabilities: device.capabilities),
                pending: device.firstEvent, resume: device.resume.map { ($0.yaml, $0.cursor.detached(upTo: device.eventsEnd)) },
                lastLine: device.eventCount > 0 ? device.lastLine : device.line)
        }
        return (document(events: []).header, streams)
    }

    /// Each device's finger scrolls as `scroll` gestures, the recorder's way (docs/recorder.md):
    /// begin with the first movement after a stop, an update per movement, end with libinput's
    /// zero-valued scroll (`axes: [0.00, 0.00]`). Where a device has `POINTER_SCROLL_FINGER`
    /// events, its `POINTER_AXIS` events are the same scrolls told the old way and are left out.
    /// In time order across devices (stable); times going backwards are clamped. `unfinished`
    /// holds the last line of each device whose scroll is still under way at the end.
    func scrollGestures() -> (gestures: [TraceEvent], unfinished: [Int]) {
        var gestures: [TraceEvent] = []
        var unfinished: [Int] = []
        for (d, device) in devices.enumerated() where !device.scrolls.isEmpty {
            let newStyle = device.scrolls.contains(where: \.isScrollFingerEvent)
            var scrolling = false
            var last = Microseconds.min
            var lastLine = device.line
            for entry in device.scrolls where entry.isScrollFingerEvent == newStyle {
                let time = max(entry.time, last)
                last = time
                lastLine = entry.line
                func gesture(_ phase: GesturePhase, dx: Double = 0, dy: Double = 0) -> TraceEvent {
                    .gesture(GestureSample(
                        time: time, device: DeviceIndex(d), kind: .scroll, phase: phase, fingers: 0,
                        dx: dx, dy: dy, dxUnaccelerated: dx, dyUnaccelerated: dy))
                }
                if entry.dx != 0 || entry.dy != 0 {
                    if !scrolling { gestures.append(gesture(.begin)) }
                    gestures.append(gesture(.update, dx: entry.dx, dy: entry.dy))
                    scrolling = true
                } else if scrolling {
                    gestures.append(gesture(.end))
                    scrolling = false
                }
            }
            if scrolling { unfinished.append(lastLine) }
        }
        if devices.count > 1 {
            gestures = gestures.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        return (gestures, unfinished)
    }

    /// The warning for a scroll still under way at the end of the recording, at its last line.
    static let unfinishedScroll = "a two-finger scroll is still under way at the end of the recording (no stop event)"

    /// The kind udev's `input_id` gave the device, as libinput takes it (`evdev_configure_device`):
    /// `ID_INPUT_TABLET` without `ID_INPUT_TOUCHPAD` a tablet, then `ID_INPUT_TOUCHPAD` a touchpad,
    /// then `ID_INPUT_TOUCHSCREEN` a touchscreen; nil when the properties name none of them.
    static func kind(udev: [String]) -> DeviceKind? {
        func has(_ key: String) -> Bool {
            udev.contains { $0.hasPrefix(key + "=") && $0.count > key.count + 1 && !$0.hasSuffix("=0") }
        }
        if has("ID_INPUT_TABLET"), !has("ID_INPUT_TOUCHPAD") { return .tablet }
        if has("ID_INPUT_TOUCHPAD") { return .touchpad }
        if has("ID_INPUT_TOUCHSCREEN") { return .touchscreen }
        return nil
    }

    func document(events: [TraceEvent]) -> TraceDocument {
        let descriptions = devices.enumerated().map { (index, device) -> DeviceDescription in
            var properties: [DeviceDescription.Property] = []
            if let node = device.node { properties.append(.init(LibinputRecordFormat.nodeKey, node)) }
            if let hid = device.hid { properties.append(.init(LibinputRecordFormat.hidKey, hid)) }
            properties += device.udev.map { .init(LibinputRecordFormat.udevKey, $0) }
            // The device in evemu's spelling, so it can be exported to evemu or emulated again.
            properties += EvemuHeader.lines(for: device.capabilities).map { .init(EvemuHeader.propertyKey, $0) }
            var description = device.capabilities.deviceDescription(index: DeviceIndex(index), source: .libinputRecord, properties: properties)
            if let kind = Self.kind(udev: device.udev) { description.kind = kind }
            return description
        }
        var host = host
        if !libinputVersion.isEmpty { host.inputStack = "libinput \(libinputVersion)" }
        let recorder = RecorderInfo(name: "libinput record", version: libinputVersion, detail: "imported from \(EvemuReader.baseName(file))")
        return TraceDocument(header: TraceHeader(recorder: recorder, host: host, devices: descriptions), events: events)
    }
}

/// One device's events in the second pass: resumed after its first event, read up to its last,
/// one frame (up to and including its `SYN_REPORT`) at a time.
struct LibinputRecordDeviceEvents {
    var decoder: EvdevTouchDecoder
    var pending: (event: EvdevEvent, line: Int)?
    var resume: (yaml: LibinputRecordYAML, cursor: TextLineCursor)?
    let lastLine: Int
    /// The next frame's events with their lines, and its time (its `SYN_REPORT`'s, or for a last
    /// frame left open, its last event's); empty when the device has no more.
    var frame: [(EvdevEvent, Int)] = []
    var frameTime: Microseconds = 0
    /// Whether the frame being read overflowed, and the overflowed frames skipped since the
    /// consumer last took them (`takeSkippedFrames`), by the line they began on.
    private var overflowed = false
    private var skippedFrames: [Int] = []

    init(decoder: EvdevTouchDecoder, pending: (event: EvdevEvent, line: Int)?, resume: (yaml: LibinputRecordYAML, cursor: TextLineCursor)?, lastLine: Int) {
        self.decoder = decoder
        self.pending = pending
        self.resume = resume
        self.lastLine = lastLine
    }

    /// Reads the next frame into `frame`.
    mutating func advance(file: String) throws(TraceInputError) {
        frame.removeAll(keepingCapacity: true)
        if let (event, line) = pending {
            pending = nil
            if take(event, line) { return }
        }
        guard var (yaml, cursor) = resume else { return }
        // Taken out while it reads, so that the cursor is its buffer's one owner and refills it in
        // place rather than into a new one.
        resume = nil
        defer { resume = (yaml, cursor) }
        var found: EvdevEvent?
        while cursor.number < lastLine, let text = try cursor.next() {
            found = nil
            do throws(LibinputRecordYAML.Failure) {
                try yaml.take(text, number: cursor.number) { (line) throws(LibinputRecordYAML.Failure) in
                    if LibinputRecordReader.isEvent(line) { found = try LibinputRecordReader.event(line) }
                }
            } catch {
                throw TraceInputError(file: file, location: .line(error.line), message: error.message)
            }
            if let event = found, take(event, cursor.number) {
                guard overflowed else { return }
                // The frame overflowed: skipped whole, and the next one read in its place.
                skippedFrames.append(frame.first?.1 ?? cursor.number)
                overflowed = false
                frame.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Adds an event to the frame; true when it closes the frame.
    private mutating func take(_ event: EvdevEvent, _ line: Int) -> Bool {
        frameTime = event.time
        let closes = event.type == EvdevCode.EV_SYN && event.code == EvdevCode.SYN_REPORT
        if frame.count < LibinputRecordFormat.maximumFrameEvents || closes {
            frame.append((event, line))
        } else {
            overflowed = true
        }
        return closes
    }

    /// The lines where the frames skipped for their length began, since the last call.
    mutating func takeSkippedFrames() -> [Int] {
        defer { skippedFrames.removeAll() }
        return skippedFrames
    }
}

/// A `libinput record` file streamed: a first pass reads the devices and checks every line, the
/// second merges the devices' frames in time order (a device's own frames keep their order; a tie
/// goes to the device listed first) and decodes them as they are asked for.
///
/// Finger scrolls (libinput's own events, recorded with `--with-libinput`), gathered by the first
/// pass, are placed among the decoded events as they stream: a scroll goes after every event of
/// its instant, as libinput reports a scroll after the frame that made it. Memory grows with the
/// scrolls, never with the touches.
final class LibinputRecordEventSource: TextEventSource {
    let header: TraceHeader
    private let file: String
    // Exempt from the runtime's exclusivity checks in release builds, as EvemuEventSource's.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var devices: [LibinputRecordDeviceEvents]
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var output: EvdevDecodeOutput
    private var finished = false
    var batchLimit = textBatchSize
    /// The last line of the last frame decoded.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private(set) var lineConsumed = 0
    /// The scroll gestures not yet handed out, in time order.
    private var scrolls: ArraySlice<TraceEvent>
    /// The notes not yet handed out, in file order.
    private var notes: ArraySlice<LibinputRecordReader.PlacedNote>
    /// The last lines of scrolls still under way at the end, warned about once the end is read.
    private let unfinishedScrolls: [Int]
    /// Decoded events not yet merged with the scrolls.
    private var decoded: [TraceEvent] = []

    init(_ input: TextInput, file: String) throws(TraceInputError) {
        self.file = file
        var reader = LibinputRecordReader(file: file)
        try reader.scan(input)
        output = EvdevDecodeOutput(file: file)
        (header, devices) = reader.beginDecoding(into: &output)
        let (gestures, unfinished) = reader.scrollGestures()
        scrolls = gestures[...]
        notes = reader.notes[...]
        unfinishedScrolls = unfinished
        cutShort = reader.cutLine.map { [TextLineCursor.cutShortWarning(file: file, line: $0.line, reason: $0.reason)] } ?? []
        for index in devices.indices { try devices[index].advance(file: file) }
    }

    /// The last line's warning, when the file ends inside it.
    private let cutShort: [FormatWarning]

    var warnings: [FormatWarning] { cutShort + output.allWarnings }

    func read(into events: inout [TraceEvent], flushes: inout [Int]) throws(TraceInputError) -> Bool {
        flushes.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        guard !scrolls.isEmpty || !notes.isEmpty else { return try decode(into: &events) }
        // Every scroll earlier than a decoded event goes before it (ties after), and every note
        // earlier than it or of its instant and placed before that instant's events; what is left
        // when the decoding ends goes last.
        let more = try decode(into: &decoded)
        events.reserveCapacity(decoded.count)
        for event in decoded {
            placeScrollsAndNotes(before: event.time, into: &events)
            events.append(event)
        }
        if !more { placeScrollsAndNotes(before: nil, into: &events) }
        return more || !events.isEmpty
    }

    /// Hands out the scrolls and notes that go before an event at `time` (all of them when nil),
    /// in time order (a note before a scroll of its instant unless placed after its instant's
    /// events).
    private func placeScrollsAndNotes(before time: Microseconds?, into events: inout [TraceEvent]) {
        while true {
            let note = notes.first.flatMap { Self.goes($0, before: time) ? $0 : nil }
            let scroll = scrolls.first.flatMap { scroll in time.map { scroll.time < $0 } ?? true ? scroll : nil }
            switch (note, scroll) {
            case (let note?, let scroll?) where !Self.goes(note, before: scroll.time):
                events.append(scroll)
                scrolls.removeFirst()
            case (let note?, _):
                events.append(.annotation(note.note))
                notes.removeFirst()
            case (nil, let scroll?):
                events.append(scroll)
                scrolls.removeFirst()
            case (nil, nil):
                return
            }
        }
    }

    /// Whether `note` goes before an event at `time` (nil: the end, which everything goes before):
    /// an earlier note does, and one of the same instant unless placed after that instant's events.
    private static func goes(_ note: LibinputRecordReader.PlacedNote, before time: Microseconds?) -> Bool {
        guard let time else { return true }
        return note.note.time < time || (note.note.time == time && !note.afterItsInstant)
    }

    /// The next batch of decoded events, the devices' frames in time order; false once the end
    /// is read and nothing is left.
    private func decode(into events: inout [TraceEvent]) throws(TraceInputError) -> Bool {
        events.removeAll(keepingCapacity: true)
        guard !finished else { return false }
        swap(&events, &output.events)
        let limit = batchLimit
        while output.events.count < limit {
            var next: Int?
            for index in devices.indices where !devices[index].frame.isEmpty {
                if next == nil || devices[index].frameTime < devices[next!].frameTime { next = index }
            }
            guard let d = next else {
                finished = true
                for index in devices.indices { devices[index].decoder.finish(line: devices[index].lastLine, into: &output) }
                for line in unfinishedScrolls { output.warn(line: line, LibinputRecordReader.unfinishedScroll) }
                break
            }
            for (event, line) in devices[d].frame { devices[d].decoder.consume(event, line: line, into: &output) }
            lineConsumed = devices[d].frame.last?.1 ?? lineConsumed
            try devices[d].advance(file: file)
            for line in devices[d].takeSkippedFrames() {
                output.warn(line: line, "a frame of more than \(LibinputRecordFormat.maximumFrameEvents) events before its SYN_REPORT was skipped")
            }
        }
        swap(&events, &output.events)
        return !events.isEmpty || !finished
    }
}
