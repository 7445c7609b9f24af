/// The device part of an evemu file (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:` lines), parsed into
/// `EvdevCapabilities` while every line is kept verbatim, so the device can be emulated again and
/// exported byte for byte.
struct EvemuHeader {
    /// The `DeviceDescription.properties` key under which each raw header line is kept, in order.
    static let propertyKey = "evemu"

    private(set) var rawLines: [String] = []
    private var name: String?
    private var id: (bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) = (0, 0, 0, 0)
    private var propertyBytes: [UInt8] = []
    private var typeBytes: [UInt16: [UInt8]] = [:]
    /// Each `A:` line's axis and range, with its line (0: given by `giveRanges`).
    private var axes: [EvdevCapabilities.RangeLine] = []
    /// From the `# EVEMU 1.3` comment, when present.
    var formatVersion: String?
    /// From a `# Kernel: …` comment, when present.
    var kernel: String?

    /// No device line (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`) has been seen.
    private(set) var isEmpty = true
    /// The file the lines come from (a recording, or its companion `.desc`), for warnings.
    let file: String
    /// Lines taken as they are that the file's own tools would not write (a second `A:` line
    /// for an axis), and `A:` lines for axes no `B:` line declares, which are ignored.
    var warnings: [FormatWarning] { lineWarnings + undeclaredRangeWarnings }
    private var lineWarnings: [FormatWarning] = []
    /// For each absolute axis the `B:` lines declare, the line that declares it.
    private var declaredAt: [UInt16: Int] = [:]
    /// For each absolute axis an `A:` line gives a range, the first such line.
    private var rangedAt: [UInt16: Int] = [:]

    init(file: String = "") {
        self.file = file
    }

    /// Whether a line starting with these two bytes is a device line this type understands.
    static func isHeaderLine(_ first: UInt8, _ second: UInt8) -> Bool {
        second == UInt8(ascii: ":") && "NIPBALS".utf8.contains(first)
    }

    /// Takes one header line, line `number` of `file`; throws a message (the caller adds file and
    /// line) when it is malformed.
    mutating func add(_ line: String, number: Int = 0) throws(EvemuLineError) {
        // evemu 1.1 and later allow a `# comment` after the data (not in a name, which may hold `#`).
        let data = line.first == "N" ? line.dropFirst(2) : line.dropFirst(2).prefix(while: { $0 != "#" })
        let fields = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch line.first {
        case "N":
            name = String(line.dropFirst(2).drop(while: { $0 == " " || $0 == "\t" }))
        case "I":
            guard fields.count == 4, let values = Self.hex(fields, as: UInt16.self) else {
                throw EvemuLineError("expected `I: bus vendor product version` in hex")
            }
            id = (values[0], values[1], values[2], values[3])
        case "P":
            guard let bytes = Self.hex(fields, as: UInt8.self) else {
                throw EvemuLineError("expected `P:` followed by hex bytes")
            }
            propertyBytes += bytes
        case "B":
            guard fields.count >= 2, let values = Self.hex(fields, as: UInt8.self) else {
                throw EvemuLineError("expected `B: type` followed by hex bytes")
            }
            let type = UInt16(values[0])
            if type == EvdevCode.EV_ABS {
                let first = typeBytes[type]?.count ?? 0
                for (index, byte) in values.dropFirst().enumerated() where byte != 0 && first + index < Int(EvdevCode.ABS_CNT) / 8 {
                    for bit in 0..<8 where byte & (1 << bit) != 0 {
                        let code = UInt16((first + index) * 8 + bit)
                        if declaredAt[code] == nil { declaredAt[code] = number }
                    }
                }
            }
            typeBytes[type, default: []] += values.dropFirst()
        case "A":
            guard fields.count == 5 || fields.count == 6, let code = UInt16(fields[0], radix: 16),
                code < EvdevCode.ABS_CNT
            else {
                throw EvemuLineError("expected `A: axis min max fuzz flat [resolution]` with a hex axis below 0x40")
            }
            let numbers = fields.dropFirst().compactMap { Int32($0) }
            guard numbers.count == fields.count - 1 else {
                throw EvemuLineError("axis values must be decimal 32-bit integers")
            }
            if let problem = AxisRange.problem(minimum: numbers[0], maximum: numbers[1],
                                               axis: EvdevCode.codeName(type: EvdevCode.EV_ABS, code: code)) {
                throw EvemuLineError(problem)
            }
            let range = AxisRange(
                minimum: numbers[0], maximum: numbers[1], resolution: numbers.count > 4 ? numbers[4] : 0,
                fuzz: numbers[2], flat: numbers[3]
            )
            if let first = rangedAt[code] {
                // libevemu sets the axis from each line in turn, so the last stands, as here;
                // evemu-record writes one line an axis.
                lineWarnings.append(FormatWarning(
                    file: file, location: .line(number),
                    message: "a second A: line for \(EvdevCode.codeName(type: EvdevCode.EV_ABS, code: code)) (the first is line \(first)): "
                        + "its range \(range.minimum)…\(range.maximum) replaces the first's, as libevemu takes the last; evemu-record writes one A: line an axis"))
            } else {
                rangedAt[code] = number
            }
            axes.append((code, range, number))
        case "#":
            rawLines.append(line)  // the format version line, kept first
            return
        default:
            break  // L: and S: (LED and switch states) are kept verbatim only.
        }
        rawLines.append(line)
        isEmpty = false
    }

    /// Reads what a comment says about the recording (format version, kernel).
    mutating func noteComment(_ line: String) {
        if line.hasPrefix("# EVEMU ") {
            formatVersion = String(line.dropFirst(2))
            // The version decides how evemu parses the lines (1.0 takes `A:` lines without a
            // resolution, later versions insist on one), so it belongs with them.
            if rawLines.isEmpty { rawLines.append(line) }
        } else if line.hasPrefix("# Kernel: ") {
            kernel = String(line.dropFirst(10))
        }
    }

    /// The absolute axes the `B:` lines declare and no `A:` line gives a range, by the line that
    /// declares each.
    var unrangedAxes: [UInt16: Int] { declaredAt.filter { rangedAt[$0.key] == nil } }

    /// Gives each axis of `ranges` (axes `unrangedAxes` names) its range, and the kept lines an
    /// `A:` line for it, in the form the file's version takes (resolution from 1.2 on), after
    /// its last `B:` or `A:` line, where libevemu reads them: the kept description then declares
    /// the device the samples are read on, and writes it so. Returns the warning for each `B:`
    /// line that declared such axes.
    mutating func giveRanges(_ ranges: [UInt16: AxisRange]) -> [FormatWarning] {
        let withResolution = formatVersion.flatMap(Self.version).map { $0 > (1, 1) } ?? false
        let lines = ranges.keys.sorted().map { code in
            let a = ranges[code]!
            return "A: \(Self.hex2(code)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat)" + (withResolution ? " \(a.resolution)" : "")
        }
        let last = rawLines.lastIndex { $0.hasPrefix("B:") || $0.hasPrefix("A:") } ?? rawLines.count - 1
        rawLines.insert(contentsOf: lines, at: last + 1)
        for code in ranges.keys.sorted() {
            axes.append((code, ranges[code]!, 0))
            rangedAt[code] = 0
        }
        let byLine = Dictionary(grouping: ranges.keys.compactMap { code in declaredAt[code].map { (code, $0) } }, by: \.1)
        return byLine.keys.sorted().map { line in
            FormatWarning(file: file, location: .line(line), message: EvdevCapabilities.Inference.unrangedWarning(
                ranges.filter { code, _ in declaredAt[code] == line }, declared: "declared by this B: line",
                missing: "no A: line gives one; libevemu makes such an axis 0…1"))
        }
    }

    /// The `A:` lines whose axis no `B: 03` line declares, each warned about at its line. They
    /// are ignored, as libevemu ignores them (it sets a range through libevdev, which sets none
    /// on an axis the device lacks): taken, they added an axis the device never had. Found once
    /// every line is read, so that the `B:` lines' order does not matter.
    private var undeclaredRangeWarnings: [FormatWarning] {
        axes.filter { declaredAt[$0.code] == nil }.map { axis in
            FormatWarning(
                file: file, location: .line(axis.line),
                message: EvdevCapabilities.undeclaredRangeWarning(
                    axis.code, entry: "an A: line", undeclared: "which no B: line declares", tool: "libevemu", declared: "the B: lines declare"))
        }
    }

    /// `EVEMU 1.3` as (1, 3); nil for anything else, which libevemu reads as 1.0.
    private static func version(_ text: String) -> (Int, Int)? {
        guard text.hasPrefix("EVEMU ") else { return nil }
        let parts = text.dropFirst(6).split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1].prefix { $0.isNumber }) else { return nil }
        return (major, minor)
    }

    private static func hex<T: FixedWidthInteger>(_ fields: [Substring], as: T.Type) -> [T]? {
        var values: [T] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            guard let value = T(field, radix: 16) else { return nil }
            values.append(value)
        }
        return values
    }

    /// The device these lines describe.
    func capabilities(fallbackName: String) -> EvdevCapabilities {
        var capabilities = EvdevCapabilities(
            name: name ?? fallbackName, bus: id.bus, vendor: id.vendor, product: id.product, version: id.version
        )
        for property in Self.bits(propertyBytes) { capabilities.addProperty(property) }
        for (type, bytes) in typeBytes where type != EvdevCode.EV_SYN && type < EvdevCode.EV_CNT {
            for code in Self.bits(bytes) { capabilities.addCode(type: type, code: code) }
        }
        _ = capabilities.addDeclaredRanges(axes)  // the others are `undeclaredRangeWarnings`
        return capabilities
    }

    private static func bits(_ bytes: [UInt8]) -> [UInt16] {
        var result: [UInt16] = []
        for (index, byte) in bytes.enumerated() where byte != 0 && index < 0x1000 {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                result.append(UInt16(index * 8 + bit))
            }
        }
        return result
    }

    /// The raw lines a description kept, or nil when it has none (it did not come from evemu).
    static func rawLines(in description: DeviceDescription) -> [String]? {
        let lines = description.properties.filter { $0.key == propertyKey }.map(\.value)
        return lines.isEmpty ? nil : lines
    }

    /// The evdev device a description stands for: its kept evemu lines parsed, or, for a device
    /// that never came from evdev, one synthesized from its fields (`declared(for:)`).
    static func capabilities(for description: DeviceDescription) -> EvdevCapabilities {
        declared(for: description).capabilities
    }

    /// The evdev device a description stands for and the header lines that declare it: its kept
    /// evemu lines, when the evemu reader takes every one of them as a device line or a comment and
    /// they describe the device the trace's samples are measured on (the description's position,
    /// pressure and contact-size ranges and its slots). Otherwise, as for a device that kept none
    /// (synthetic, Wayland), the device synthesized from the description's fields, and `problem`
    /// says what was wrong with the kept lines, for the writer's warning. Kept lines come from
    /// untrusted traces (a JSON Lines header is text): copied unchecked, an `E:` line among them
    /// added touches to an evemu output, and a garbage line made a file the reader refuses.
    static func declared(for description: DeviceDescription) -> (capabilities: EvdevCapabilities, lines: [String], problem: String?) {
        guard let kept = rawLines(in: description) else {
            let synthesized = EvdevCapabilities(synthesizedFrom: description)
            return (synthesized, lines(for: synthesized), nil)
        }
        let problem: String
        switch parse(kept) {
        case .failure(let error):
            problem = error.message
        case .success(let header):
            let parsed = header.capabilities(fallbackName: description.name)
            let declared = parsed.deviceDescription(index: description.index, source: description.source, properties: [])
            let fields: [(String, String?, String?)] = [
                ("x range", Self.spelled(declared.x), Self.spelled(description.x)),
                ("y range", Self.spelled(declared.y), Self.spelled(description.y)),
                ("pressure range", declared.pressure.map(Self.spelled), description.pressure.map(Self.spelled)),
                ("touch major range", declared.major.map(Self.spelled), description.major.map(Self.spelled)),
                ("touch minor range", declared.minor.map(Self.spelled), description.minor.map(Self.spelled)),
                ("slots", String(declared.slots), String(description.slots)),
            ]
            guard let (what, theirs, ours) = fields.first(where: { $0.1 != $0.2 }) else { return (parsed, kept, nil) }
            problem = "they describe another device than the trace's samples: \(what) \(theirs ?? "none") where the samples' is \(ours ?? "none")"
        }
        let synthesized = EvdevCapabilities(synthesizedFrom: description)
        return (synthesized, lines(for: synthesized), problem)
    }

    /// `min…max` with the resolution, fuzz and flat, as a message shows an axis.
    private static func spelled(_ range: AxisRange) -> String {
        "\(range.minimum)…\(range.maximum) (resolution \(range.resolution), fuzz \(range.fuzz), flat \(range.flat))"
    }

    /// Kept lines read as the evemu reader reads a header (`EvemuReader.headerOrComment`): each a
    /// device line (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`), a `#` comment or blank, at least one
    /// a device line, none holding a control character (a line break would split it in the file)
    /// or longer than a line the reader takes.
    private static func parse(_ kept: [String]) -> Result<EvemuHeader, EvemuLineError> {
        var reader = EvemuReader(file: "")
        for (index, line) in kept.enumerated() {
            let quoted = "stored evemu line \(index + 1), \"\(line.prefix(40))\(line.count > 40 ? "…" : "")\""
            if line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
                return .failure(EvemuLineError("\(quoted), holds a control character"))
            }
            if line.utf8.count > TextLineCursor.maximumLineLength - 1024 {
                return .failure(EvemuLineError("\(quoted), is \(line.utf8.count) bytes long, longer than a line the reader takes"))
            }
            if line.hasPrefix("E:") {
                return .failure(EvemuLineError("\(quoted), is an event, not a device line"))
            }
            var bytes = Array(line.utf8)
            do throws(TraceInputError) {
                try bytes.withUnsafeMutableBufferPointer { (buffer) throws(TraceInputError) in
                    try reader.headerOrComment(UnsafeBufferPointer(buffer), index + 1)
                }
            } catch {
                return .failure(EvemuLineError("\(quoted), is not a device line the evemu reader takes (\(error.message))"))
            }
        }
        guard !reader.header.isEmpty else { return .failure(EvemuLineError("the stored evemu lines hold no device line")) }
        return .success(reader.header)
    }

    /// Header lines for a device: those kept from an evemu file, or generated from `capabilities`.
    static func lines(for capabilities: EvdevCapabilities) -> [String] {
        var lines = ["# EVEMU 1.3", "N: \(capabilities.name)"]
        lines.append("I: " + [capabilities.bus, capabilities.vendor, capabilities.product, capabilities.version].map { hex4($0) }.joined(separator: " "))
        lines += byteLines(prefix: "P:", bytes: mask(capabilities.inputProperties, minimumBytes: 8))
        lines += byteLines(prefix: "B: 00", bytes: mask(capabilities.eventTypes, minimumBytes: 8))
        for type in capabilities.eventTypes where type != EvdevCode.EV_SYN {
            lines += byteLines(prefix: "B: " + hex2(type), bytes: mask(capabilities.codes[type] ?? [], minimumBytes: 8))
        }
        for code in capabilities.axes.keys.sorted() {
            let a = capabilities.axes[code]!
            lines.append("A: \(hex2(code)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)")
        }
        return lines
    }

    private static func mask(_ bits: [UInt16], minimumBytes: Int) -> [UInt8] {
        let needed = (Int(bits.max() ?? 0) / 8 + 1 + 7) / 8 * 8
        var bytes = [UInt8](repeating: 0, count: max(needed, minimumBytes))
        for bit in bits { bytes[Int(bit) / 8] |= 1 << (bit % 8) }
        return bytes
    }

    /// evemu reads exactly eight bytes per `P:`/`B:` line.
    private static func byteLines(prefix: String, bytes: [UInt8]) -> [String] {
        stride(from: 0, to: bytes.count, by: 8).map { start in
            prefix + bytes[start..<start + 8].map { " " + hex2(UInt16($0)) }.joined()
        }
    }

    static func hex2(_ value: UInt16) -> String {
        let text = String(value, radix: 16)
        return text.count >= 2 ? text : "0" + text
    }

    static func hex4(_ value: UInt16) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}

/// A malformed evemu line, before the reader adds the file and line number.
struct EvemuLineError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
