/// Parses a JSON Lines trace: a header line, then one event (or flush) per line. Every problem is
/// a `TraceInputError` with the 1-based line number. Blank lines are allowed anywhere.
struct JSONLinesReader {
    let file: String

    /// The JSON value on a line, or nil for a blank line.
    func value(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws(TraceInputError) -> JSONNode? {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        do {
            return try JSONParser.parse(line, firstLine: number)
        } catch {
            throw TraceInputError(file: file, location: .line(number), message: "column \(error.column): \(error.message)")
        }
    }

    /// An event line: an event, or nil for a flush line.
    func event(_ value: JSONNode, line: Int) throws -> TraceEvent? {
        var object = try JSONObjectReader(value, what: "event", file: file, line: line)
        if object.has("flush") {
            guard try object.bool("flush") == true else { throw object.error("\"flush\" must be true") }
            try object.finish()
            return nil
        }
        return try parseEvent(&object)
    }

    // MARK: - Header

    func parseHeader(_ value: JSONNode, line: Int) throws -> (TraceHeader, TraceWriter.Options) {
        var object = try JSONObjectReader(value, what: "the header", file: file, line: line)
        guard try object.string("touchstone") == "trace" else {
            throw object.error("the first line must be a header with \"touchstone\":\"trace\"")
        }
        guard let version: Int = try object.integer("version"), version == 1 else {
            throw object.error("unsupported JSON Lines trace version (this reader knows version 1)")
        }
        guard var recorderObject = try object.object("recorder", what: "recorder") else {
            throw object.error("the header needs \"recorder\"")
        }
        let recorder = RecorderInfo(
            name: try recorderObject.requiredString("name"), version: try recorderObject.string("version") ?? "",
            detail: try recorderObject.string("detail") ?? "")
        try recorderObject.finish()
        var host = HostInfo()
        if var hostObject = try object.object("host", what: "host") {
            host = HostInfo(
                operatingSystem: try hostObject.string("os") ?? "", kernel: try hostObject.string("kernel") ?? "",
                inputStack: try hostObject.string("inputStack") ?? "")
            try hostObject.finish()
        }
        let startedAt: Int64? = try object.integer("startedAt")
        var options = TraceWriter.Options()
        // The binary header's u32, 0 excepted (docs/trace-format.md).
        if let interval = try object.integer("flushInterval", in: 1...Int64(UInt32.max)) { options.flushInterval = interval }
        options.writeIndex = try object.bool("index") ?? true
        var devices: [DeviceDescription] = []
        for element in try object.array("devices") ?? [] {
            var deviceObject = try JSONObjectReader(element, what: "device", file: file, line: line)
            devices.append(try parseDevice(&deviceObject))
        }
        if let problem = DeviceDescription.duplicateIndexProblem(in: devices) { throw object.error(problem.message) }
        var extensions: [TraceHeader.Extension] = []
        for element in try object.array("extensions") ?? [] {
            var ext = try JSONObjectReader(element, what: "extension", file: file, line: line)
            let tag: UInt16 = try ext.requiredInteger("tag")
            guard tag != 0, !BinaryLayout.knownTags.contains(tag) else { throw ext.error("extension tag \(tag) is reserved") }
            let payload = try hexBytes(try ext.requiredString("payload"), ext)
            try ext.finish()
            extensions.append(.init(tag: tag, payload: payload))
        }
        try object.finish()
        return (TraceHeader(recorder: recorder, host: host, startedAt: startedAt, devices: devices, extensions: extensions), options)
    }

    private func hexBytes(_ text: String, _ object: JSONObjectReader) throws -> [UInt8] {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { throw object.error("\"payload\" must have an even number of hex digits") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexDigit(digits[i]), let low = hexDigit(digits[i + 1]) else {
                throw object.error("\"payload\" must be hexadecimal")
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    // MARK: - Devices

    private func parseDevice(_ object: inout JSONObjectReader) throws -> DeviceDescription {
        func axis(_ key: String) throws -> AxisRange? {
            guard var axis = try object.object(key, what: "axis \"\(key)\"") else { return nil }
            let range = AxisRange(
                minimum: try axis.requiredInteger("min"), maximum: try axis.requiredInteger("max"),
                resolution: try axis.integer("res") ?? 0, fuzz: try axis.integer("fuzz") ?? 0, flat: try axis.integer("flat") ?? 0)
            try axis.finish()
            if let problem = AxisRange.problem(minimum: range.minimum, maximum: range.maximum, axis: "axis \"\(key)\"") {
                throw object.error(problem)
            }
            return range
        }
        let index: DeviceIndex = try object.requiredInteger("index")
        let name = try object.requiredString("name")
        let bus: UInt16 = try object.integer("bus") ?? 0
        let vendor: UInt16 = try object.integer("vendor") ?? 0
        let product: UInt16 = try object.integer("product") ?? 0
        let version: UInt16 = try object.integer("version") ?? 0
        let kind = try object.named("kind", in: JSONLinesVocabulary.deviceKinds)
        let source = try object.named("source", in: JSONLinesVocabulary.deviceSources)
        guard let x = try axis("x"), let y = try axis("y") else { throw object.error("a device needs axes \"x\" and \"y\"") }
        let pressure = try axis("pressure")
        let major = try axis("major")
        let minor = try axis("minor")
        let slots: UInt16 = try object.requiredInteger("slots")
        let units = try object.double("unitsPerPoint")
        if let units, let problem = DeviceDescription.problem(unitsPerPoint: units, named: "\"unitsPerPoint\"") { throw object.error(problem) }
        var properties: [DeviceDescription.Property] = []
        for element in try object.array("properties") ?? [] {
            guard let pair = element.elements, pair.count == 2, let key = pair[0].string, let value = pair[1].string
            else { throw object.error("each device property must be a [\"key\", \"value\"] pair of strings") }
            properties.append(.init(key, value))
        }
        try object.finish()
        return DeviceDescription(
            index: index, name: name, bus: bus, vendor: vendor, product: product, version: version, kind: kind,
            source: source, x: x, y: y, pressure: pressure, major: major, minor: minor, slots: slots,
            unitsPerPoint: units, properties: properties)
    }

    // MARK: - Events

    private func parseEvent(_ object: inout JSONObjectReader) throws -> TraceEvent {
        guard let time: Microseconds = try object.integer("t") else { throw object.error("an event needs a time \"t\"") }
        let kinds = ["touch", "frame", "gesture", "deviceAdded", "deviceRemoved", "note"].filter(object.has)
        guard kinds.count == 1 else {
            throw object.error("an event needs exactly one of \"touch\", \"frame\", \"gesture\", \"deviceAdded\", \"deviceRemoved\", \"note\"")
        }
        let event: TraceEvent
        switch kinds[0] {
        case "touch":
            event = .touch(TouchSample(
                time: time, device: try object.integer("device") ?? 0,
                phase: try object.named("touch", in: JSONLinesVocabulary.touchPhases),
                touch: try object.requiredInteger("id"), slot: try object.integer("slot") ?? 0,
                x: try object.requiredInteger("x"), y: try object.requiredInteger("y"),
                pressure: try object.integer("pressure"), major: try object.integer("major"), minor: try object.integer("minor")))
        case "frame":
            event = .frame(FrameMark(time: time, device: try object.requiredInteger("frame")))
        case "gesture":
            var sample = GestureSample(
                time: time, device: try object.integer("device") ?? 0,
                kind: try object.named("gesture", in: JSONLinesVocabulary.gestureKinds),
                phase: try object.named("phase", in: JSONLinesVocabulary.gesturePhases),
                fingers: try object.requiredInteger("fingers"), cancelled: try object.bool("cancelled") ?? false)
            for field in JSONLinesVocabulary.gestureFields {
                if let value = try object.double(field.key) { sample[keyPath: field.path] = value }
            }
            event = .gesture(sample)
        case "deviceAdded":
            guard var device = try object.object("deviceAdded", what: "device") else { preconditionFailure() }
            event = .device(.added(time: time, try parseDevice(&device)))
        case "deviceRemoved":
            event = .device(.removed(time: time, device: try object.requiredInteger("deviceRemoved")))
        default:
            let text = try object.requiredString("note")
            guard text.utf8.count <= BinaryLayout.maxAnnotationBytes else { throw object.error("a note is limited to 1 MiB") }
            event = .annotation(Annotation(time: time, text: text))
        }
        try object.finish()
        return event
    }
}

/// A JSON Lines trace streamed: the header line at once, the events (and flush lines) as they are
/// asked for.
final class JSONLinesEventSource: TextEventSource {
    let header: TraceHeader
    let writerOptions: TraceWriter.Options
    private let reader: JSONLinesReader
    // Exempt from the runtime's exclusivity checks in release builds, as EvemuEventSource's.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var cursor: TextLineCursor
    private var finished = false
    var batchLimit = textBatchSize
    var lineConsumed: Int { cursor.number }

    init(_ input: TextInput, file: String) throws(TraceInputError) {
        let reader = JSONLinesReader(file: file)
        var cursor = TextLineCursor(input, lineLimit: TextLineCursor.maximumJSONLinesLineLength)
        self.reader = reader
        while let line = try cursor.next() {
            let number = cursor.number
            guard let value = try reader.value(line, number: number) else { continue }
            (header, writerOptions) = try Self.typed(file) { try reader.parseHeader(value, line: number) }
            self.cursor = cursor
            return
        }
        throw TraceInputError(file: file, location: .wholeFile, message: "empty file: a JSON Lines trace starts with a header line")
    }

    static let batchBytes = 4 << 20
    /// The latest event time so far, and the events earlier than it: a JSON Lines trace keeps
    /// its times as written (it is the binary format's twin), and a replay takes each such event
    /// at the time before it, so the reader warns once, at the first.
    private var latestTime = Microseconds.min
    private var backwards: (line: Int, time: Microseconds, after: Microseconds)?
    private var backwardsCount = 0

    private func wentBack(_ time: Microseconds, line: Int) {
        if backwards == nil { backwards = (line, time, latestTime) }
        backwardsCount += 1
    }

    var warnings: [FormatWarning] {
        guard let first = backwards else { return [] }
        let others = backwardsCount > 1 ? ", and \(backwardsCount - 1) more event\(backwardsCount == 2 ? "" : "s") earlier than one before them" : ""
        return [FormatWarning(file: reader.file, location: .line(first.line),
                              message: "time goes backwards (\(first.time) µs after \(first.after) µs)\(others); kept as written, a replay takes each at the time before it")]
    }

    func read(into events: inout [TraceEvent], flushes: inout [Int]) throws(TraceInputError) -> Bool {
        flushes.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        guard !finished else { return false }
        // A batch also ends after `batchBytes` of lines: a JSON Lines event can be as long as its
        // line (a note, a device added), and 4,096 notes of a megabyte are 4 GB held at once.
        var bytes = 0
        let limit = batchLimit
        while events.count < limit && bytes < Self.batchBytes {
            guard let line = try cursor.next() else {
                finished = true
                break
            }
            bytes += line.count
            let number = cursor.number
            guard let value = try reader.value(line, number: number) else { continue }
            if let event = try Self.typed(reader.file, { try reader.event(value, line: number) }) {
                if event.time < latestTime { wentBack(event.time, line: number) } else { latestTime = event.time }
                events.append(event)
            } else if flushes.last != events.count {
                flushes.append(events.count)
            }
        }
        return !events.isEmpty || !flushes.isEmpty || !finished
    }

    /// The object readers throw `TraceInputError` only; anything else would be a bug, reported
    /// against the file rather than trapped on.
    private static func typed<T>(_ file: String, _ body: () throws -> T) throws(TraceInputError) -> T {
        do {
            return try body()
        } catch let error as TraceInputError {
            throw error
        } catch {
            throw TraceInputError(file: file, location: .wholeFile, message: "\(error)")
        }
    }
}
