/// Reads evemu text: header lines into an `EvemuHeader`, `E:` lines through `EvdevTouchDecoder`
/// into trace events. Used by `EvemuFormat`; knows nothing of companion files.
struct EvemuReader {
    let file: String
    var header = EvemuHeader()
    /// Set when the header comes from elsewhere (a `.desc` file): header lines here are then skipped.
    var headerIsFixed = false

    init(file: String) {
        self.file = file
        output = EvdevDecodeOutput(file: file)
    }

    /// Reads the header lines of `bytes` only (a `.desc` file); `E:` lines are not allowed.
    mutating func readHeader(_ bytes: [UInt8]) throws(TraceInputError) {
        try forEachLine(bytes) { (line, number) throws(TraceInputError) in
            if line.count >= 2, line[0] == UInt8(ascii: "E"), line[1] == UInt8(ascii: ":") {
                throw TraceInputError(file: file, location: .line(number), message: "a device description has no events (E: lines)")
            }
            try headerOrComment(line, number)
        }
    }

    /// Reads a whole evemu file (or a `.events` file whose header `readHeader` already took).
    /// `missingHeader` is asked once, at the first event, when no header has been seen.
    mutating func readEvents(
        _ bytes: [UInt8], missingHeader: () throws(TraceInputError) -> EvemuHeader?
    ) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        output = EvdevDecodeOutput(file: file, expectedEvents: bytes.count / 64)
        try forEachLine(bytes) { (line, number) throws(TraceInputError) in try take(line, number, missingHeader: missingHeader) }
        return try finish(missingHeader: missingHeader)
    }

    // MARK: - Line by line (the streamed import drains `output.events` between lines)

    /// What the decoder produced so far; a streamed import hands these on and empties it.
    var output = EvdevDecodeOutput(file: "")
    private var decoder: EvdevTouchDecoder?
    private var capabilities: EvdevCapabilities?
    /// Only for a file with no description anywhere: its events reveal what the device is.
    private var buffered: [(EvdevEvent, Int)] = []
    private var lastLine = 0

    /// Hands the events decoded so far to `body` and forgets them (keeping the storage).
    mutating func drain(_ body: (TraceEvent) throws -> Void) rethrows {
        for event in output.events { try body(event) }
        output.events.removeAll(keepingCapacity: true)
    }

    /// Whether decoding has begun: the header is complete (a header line now is an error).
    var isDecoding: Bool { decoder != nil }

    /// The device the events are decoded for, once decoding has begun.
    var decodedDevice: TraceHeader? {
        capabilities.map { document(capabilities: $0, events: []).header }
    }

    mutating func take(
        _ line: UnsafeBufferPointer<UInt8>, _ number: Int, missingHeader: () throws(TraceInputError) -> EvemuHeader?
    ) throws(TraceInputError) {
        lastLine = number
        guard line.count >= 2, line[0] == UInt8(ascii: "E"), line[1] == UInt8(ascii: ":") else {
            if decoder != nil || !buffered.isEmpty, !headerIsFixed, Self.startsHeaderLine(line) {
                throw TraceInputError(file: file, location: .line(number), message: "device description line after the events began")
            }
            try headerOrComment(line, number)
            return
        }
        let event: EvdevEvent
        do throws(EvemuLineError) {
            event = try EvemuEventLine.parse(line)
        } catch {
            throw TraceInputError(file: file, location: .line(number), message: error.message)
        }
        if decoder == nil, buffered.isEmpty {
            if header.isEmpty, let other = try missingHeader() {
                header = other
                headerIsFixed = true
            }
            if !header.isEmpty {
                capabilities = header.capabilities(fallbackName: Self.baseName(file))
                decoder = EvdevTouchDecoder(device: 0, capabilities: capabilities!)
            }
        }
        if decoder != nil {
            decoder!.consume(event, line: number, into: &output)
        } else {
            buffered.append((event, number))
        }
    }

    /// Ends the file: decodes what waited for a device, closes touches still down; the document
    /// holds the events `output` still has (all of them when nothing drained it).
    mutating func finish(missingHeader: () throws(TraceInputError) -> EvemuHeader?) throws(TraceInputError) -> (TraceDocument, [FormatWarning]) {
        if decoder == nil {
            if header.isEmpty, buffered.isEmpty, let other = try missingHeader() {
                header = other
            }
            if header.isEmpty {
                capabilities = EvdevCapabilities.inferred(from: buffered.map(\.0), name: Self.baseName(file))
                output.warn(line: 1, "no device description: the device is inferred from its events (ranges are the values seen)")
            } else {
                capabilities = header.capabilities(fallbackName: Self.baseName(file))
            }
            decoder = EvdevTouchDecoder(device: 0, capabilities: capabilities!)
            for (event, number) in buffered { decoder!.consume(event, line: number, into: &output) }
            buffered = []
        }
        decoder!.finish(line: lastLine, into: &output)
        return (document(capabilities: capabilities!, events: output.events), output.allWarnings)
    }

    private func document(capabilities: EvdevCapabilities, events: [TraceEvent]) -> TraceDocument {
        let properties = header.rawLines.map { DeviceDescription.Property(EvemuHeader.propertyKey, $0) }
        let device = capabilities.deviceDescription(index: 0, source: .evemu, properties: properties)
        let recorder = RecorderInfo(name: "evemu", version: header.formatVersion ?? "", detail: "imported from \(Self.baseName(file))")
        let host = HostInfo(kernel: header.kernel ?? "")
        return TraceDocument(header: TraceHeader(recorder: recorder, host: host, devices: [device]), events: events)
    }

    private mutating func headerOrComment(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws(TraceInputError) {
        var start = 0
        while start < line.count, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
        if start == line.count { return }
        if line[start] == UInt8(ascii: "#") {
            if !headerIsFixed, header.isEmpty { header.noteComment(Self.text(line, from: start)) }
            return
        }
        guard line.count >= start + 2, EvemuHeader.isHeaderLine(line[start], line[start + 1]) else {
            throw TraceInputError(file: file, location: .line(number), message: "not an evemu line (expected #, N:, I:, P:, B:, A:, L:, S: or E:)")
        }
        if headerIsFixed { return }
        do throws(EvemuLineError) {
            try header.add(Self.text(line, from: start))
        } catch {
            throw TraceInputError(file: file, location: .line(number), message: error.message)
        }
    }

    private static func startsHeaderLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.count >= 2 && EvemuHeader.isHeaderLine(line[0], line[1])
    }

    /// The line as text from `start`, trailing blanks removed.
    private static func text(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        var end = line.count
        while end > start, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    }

    private func forEachLine(
        _ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Int) throws(TraceInputError) -> Void
    ) throws(TraceInputError) {
        try bytes.withUnsafeBufferPointer { (all) throws(TraceInputError) in
            try TextLines.forEach(in: all, body)
        }
    }

    static func baseName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
