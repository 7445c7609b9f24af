/// Reads evemu text: header lines into an `EvemuHeader`, `E:` lines through `EvdevTouchDecoder`
/// into trace events. Used by `EvemuFormat`; knows nothing of companion files.
struct EvemuReader {
    let file: String
    var header: EvemuHeader
    /// Set when the header comes from elsewhere (a `.desc` file): header lines here are then skipped.
    var headerIsFixed = false
    /// The warning that says the lines of evemu-record's device prompt were skipped, once they were.
    private(set) var promptWarning: FormatWarning?
    /// The line of the prompt's last line, once skipped.
    private var promptLine = 0
    /// Notes read from Touchstone's note comments (`EvdevNoteText`) and not yet handed on, with
    /// their lines: each waits for the event after it (`EvemuEventSource.placeNotes(before:)`).
    var notes: [(note: Annotation, line: Int)] = []
    /// Note comments that did not read as notes, by line (kept as comments, and warned about).
    var unreadNotes: [Int] = []

    init(file: String) {
        self.file = file
        header = EvemuHeader(file: file)
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

    /// Reads the lines before the first event: the device description and comments. Leaves
    /// `cursor` on the first event line (nil when there is none).
    mutating func readLeadingHeader(_ cursor: inout TextLineCursor) throws(TraceInputError) -> (line: UnsafeBufferPointer<UInt8>, number: Int)? {
        if let first = try skipDevicePrompt(&cursor) { return first }
        while let line = try cursor.next() {
            if Self.isEventLine(line) { return (line, cursor.number) }
            try headerOrComment(line, cursor.number)
        }
        return nil
    }

    /// The most lines looked at for the device prompt of a pasted `evemu-record` session: a
    /// machine's input devices and a few lines of text before them.
    static let promptLookahead = 4_096

    /// A pasted terminal session of `evemu-record` started without a device begins with the device
    /// prompt it printed on standard error (`DevicePrompt`), perhaps after the command typed:
    /// those lines are skipped, with one warning, and the recording is read from the line after
    /// the prompt (or from the text that follows the prompt on its own line, where standard error
    /// and output went to one file). Returns that text when it is the first event. Leaves `cursor`
    /// as it was when the file does not begin so.
    private mutating func skipDevicePrompt(_ cursor: inout TextLineCursor) throws(TraceInputError) -> (line: UnsafeBufferPointer<UInt8>, number: Int)? {
        var scan = cursor
        var heading = 0
        while scan.number < Self.promptLookahead, let line = try scan.next() {
            switch DevicePrompt.classify(line) {
            case .heading where heading == 0:
                heading = scan.number
            case .device where heading > 0:
                continue
            case .prompt(let rest) where heading > 0:
                let last = scan.number
                cursor = scan
                promptLine = last
                let before = heading - 1
                promptWarning = FormatWarning(
                    file: file, location: .line(1),
                    message: "lines 1–\(last): \(before > 0 ? "\(before) line\(before == 1 ? "" : "s") of text, then " : "")evemu-record's device prompt (\"Available devices:\" to \"Select the device event number\", line \(heading)–\(last)) are not part of the recording; skipped")
                guard let rest else { return nil }
                let text = UnsafeBufferPointer(rebasing: line[rest...])
                if Self.isEventLine(text) { return (text, last) }
                try headerOrComment(text, last)
                return nil
            default:
                // Before the heading, text (the command typed, a fence) may stand; a line the
                // recording could begin with means there is no prompt.
                if heading > 0 { return nil }
                var start = 0
                while start < line.count, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
                if start < line.count, line[start] == UInt8(ascii: "#") || Self.isEventLine(line)
                    || (line.count >= start + 2 && EvemuHeader.isHeaderLine(line[start], line[start + 1])) { return nil }
            }
        }
        return nil
    }

    /// One line after the events began: an event, or a comment; a device line there is an error
    /// (unless the header came from elsewhere and the line is skipped).
    mutating func eventOrComment(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws(TraceInputError) -> EvdevEvent? {
        guard Self.isEventLine(line) else {
            if !headerIsFixed, Self.startsHeaderLine(line) {
                throw TraceInputError(file: file, location: .line(number), message: "device description line after the events began")
            }
            try headerOrComment(line, number)
            return nil
        }
        do throws(EvemuLineError) {
            return try EvemuEventLine.parse(line)
        } catch {
            throw TraceInputError(file: file, location: .line(number), message: error.message)
        }
    }

    /// Reads `line` only if it is a note comment (`EvdevNoteText`): the second pass over a
    /// recording whose other lines the first pass checked.
    mutating func readNote(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) {
        var start = 0
        while start < line.count, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
        guard EvdevNoteText.isEvemuNote(line, from: start) else { return }
        if let note = EvdevNoteText.evemuNote(line, from: start) { notes.append((note, number)) } else { unreadNotes.append(number) }
    }

    static func isEventLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.count >= 2 && line[0] == UInt8(ascii: "E") && line[1] == UInt8(ascii: ":")
    }

    func document(capabilities: EvdevCapabilities, events: [TraceEvent]) -> TraceDocument {
        let properties = header.rawLines.map { DeviceDescription.Property(EvemuHeader.propertyKey, $0) }
        let device = capabilities.deviceDescription(index: 0, source: .evemu, properties: properties)
        let recorder = RecorderInfo(name: "evemu", version: header.formatVersion ?? "", detail: "imported from \(Self.baseName(file))")
        let host = HostInfo(kernel: header.kernel ?? "")
        return TraceDocument(header: TraceHeader(recorder: recorder, host: host, devices: [device]), events: events)
    }

    /// Out of line: the event path (`eventOrComment`) is what a long recording spends its time in,
    /// and inlining this into it kept that from being inlined into the reading loop (+3 % of an
    /// evemu import's instructions).
    @inline(never)
    mutating func headerOrComment(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws(TraceInputError) {
        var start = 0
        while start < line.count, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
        if start == line.count { return }
        if line[start] == UInt8(ascii: "#") {
            if EvdevNoteText.isEvemuNote(line, from: start) {
                if let note = EvdevNoteText.evemuNote(line, from: start) { notes.append((note, number)) } else { unreadNotes.append(number) }
                return
            }
            if !headerIsFixed, header.isEmpty { header.noteComment(Self.text(line, from: start)) }
            return
        }
        guard line.count >= start + 2, EvemuHeader.isHeaderLine(line[start], line[start + 1]) else {
            if promptLine > 0, header.isEmpty, Self.text(line, from: start).hasPrefix("error: ") {
                throw TraceInputError(file: file, location: .line(number), message: "evemu-record's own error after its device prompt (line \(promptLine)), not a recording: \(Self.text(line, from: start))")
            }
            throw TraceInputError(file: file, location: .line(number), message: "not an evemu line (expected #, N:, I:, P:, B:, A:, L:, S: or E:)")
        }
        if headerIsFixed { return }
        do throws(EvemuLineError) {
            // A name keeps its trailing blanks: they are the kernel's (libevemu reads `N: %[^\n]`),
            // and quirks and udev rules match names whole.
            try header.add(Self.text(line, from: start, trimming: line[start] != UInt8(ascii: "N")), number: number)
        } catch {
            throw TraceInputError(file: file, location: .line(number), message: error.message)
        }
    }

    private static func startsHeaderLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.count >= 2 && EvemuHeader.isHeaderLine(line[0], line[1])
    }

    /// The line as text from `start`, trailing blanks removed unless `trimming` is false.
    private static func text(_ line: UnsafeBufferPointer<UInt8>, from start: Int, trimming: Bool = true) -> String {
        var end = line.count
        while trimming, end > start, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t") { end -= 1 }
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

/// An evemu recording streamed: the header from the lines before the first event (or a companion
/// `.desc`), then the events decoded as they are asked for. A recording with no description
/// anywhere is read twice: once to infer the device from its events, once to decode them.
final class EvemuEventSource: TextEventSource {
    let header: TraceHeader
    /// The device the events are decoded on: the description, its missing ranges taken from the
    /// events, or the device the events reveal.
    let capabilities: EvdevCapabilities
    // The properties read per line are exempt from the runtime's exclusivity checks in release
    // builds: each access was a call into the runtime, 30 % of an evemu import (docs/benchmarks.md,
    // "Session 16"). Only `read` touches them, one batch at a time.
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var reader: EvemuReader
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var cursor: TextLineCursor
    /// The first event line, already taken from the cursor, not yet decoded.
    private var firstEvent: (line: UnsafeBufferPointer<UInt8>, number: Int)?
    /// The description came from the events (a second pass): other lines were checked in the first.
    private let inferred: Bool
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var decoder: EvdevTouchDecoder
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var output: EvdevDecodeOutput
    private var leadingWarnings: [FormatWarning] = []
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var lastLine = 0
    private var finished = false
    /// The last line with text did not read and was ignored: nothing after it is read.
    private var cutShort = false
    var batchLimit = textBatchSize
    var lineConsumed: Int { lastLine }

    /// `missingHeader` is asked once, after the leading lines, when they hold no description.
    init(
        _ input: TextInput, file: String, fixedHeader: EvemuHeader? = nil,
        missingHeader: () throws(TraceInputError) -> (EvemuHeader, String)? = { () throws(TraceInputError) in nil }
    ) throws(TraceInputError) {
        reader = EvemuReader(file: file)
        if let fixedHeader {
            reader.header = fixedHeader
            reader.headerIsFixed = true
        }
        output = EvdevDecodeOutput(file: file)
        cursor = TextLineCursor(input)
        firstEvent = try reader.readLeadingHeader(&cursor)
        lastLine = cursor.number
        if let skipped = reader.promptWarning { leadingWarnings.append(skipped) }
        let leadingNotes = (notes: reader.notes.count, unread: reader.unreadNotes.count)
        if reader.header.isEmpty, let (other, companion) = try missingHeader() {
            reader.header = other
            reader.headerIsFixed = true
            leadingWarnings.append(FormatWarning(file: file, location: .wholeFile, message: "no device header; using \(companion)"))
        }
        var headerWarnings = reader.header.warnings
        if reader.header.isEmpty {
            // No description anywhere: a first pass over the events reveals the device.
            let inference = try Self.inferencePass(&reader, cursor, firstEvent, leadingNotes)
            capabilities = inference.capabilities(name: EvemuReader.baseName(file))
            output.warn(line: 1, EvdevCapabilities.Inference.warning)
            inferred = true
        } else if !reader.header.unrangedAxes.isEmpty {
            // Axes the B: lines declare and no A: line gives a range: a first pass over the events
            // gives them one, as for a recording without a description, and the kept lines an
            // A: line each, so that the device is written as it is read.
            let inference = try Self.inferencePass(&reader, cursor, firstEvent, leadingNotes)
            let ranges = inference.ranges(missingFrom: reader.header.capabilities(fallbackName: EvemuReader.baseName(file)))
            headerWarnings += reader.header.giveRanges(ranges)
            capabilities = reader.header.capabilities(fallbackName: EvemuReader.baseName(file))
            inferred = true
        } else {
            capabilities = reader.header.capabilities(fallbackName: EvemuReader.baseName(file))
            inferred = false
        }
        leadingWarnings += headerWarnings.sorted { ($0.file, Self.line($0)) < ($1.file, Self.line($1)) }
        decoder = EvdevTouchDecoder(device: 0, capabilities: capabilities)
        header = reader.document(capabilities: capabilities, events: []).header
    }

    /// The first pass over the events of a recording whose description does not give the device
    /// whole: what they reveal of it. Checks every line, so the pass that decodes need not; the
    /// notes it read after the first event are forgotten, to be read again by that pass.
    private static func inferencePass(
        _ reader: inout EvemuReader, _ cursor: TextLineCursor, _ firstEvent: (line: UnsafeBufferPointer<UInt8>, number: Int)?,
        _ leadingNotes: (notes: Int, unread: Int)
    ) throws(TraceInputError) -> EvdevCapabilities.Inference {
        var inference = EvdevCapabilities.Inference()
        if let (line, number) = firstEvent, let event = try reader.eventOrComment(line, number) { inference.add(event) }
        var scan = cursor
        while let line = try scan.next() {
            do {
                if let event = try reader.eventOrComment(line, scan.number) { inference.add(event) }
            } catch {
                // A last line cut short is ignored (and warned about) by the pass that decodes.
                guard try scan.isLastLineWithText() else { throw error }
            }
        }
        reader.notes = Array(reader.notes.prefix(leadingNotes.notes))
        reader.unreadNotes = Array(reader.unreadNotes.prefix(leadingNotes.unread))
        return inference
    }

    private static func line(_ warning: FormatWarning) -> Int {
        if case .line(let line) = warning.location { line } else { 0 }
    }

    /// Warns about the note comments read so far that did not read as notes.
    private func warnUnreadNotes() {
        for line in reader.unreadNotes {
            output.warn(line: line, "a comment that begins like a Touchstone note does not read as one (expected `\(EvdevNoteText.evemuPrefix)SEC.USEC \"text\"`): kept as a comment")
        }
        reader.unreadNotes.removeAll()
    }

    /// Hands on the notes read so far (`EvdevNoteText`, in file order), which wait for the event
    /// after them: before the event at `next` (nil: the recording's end), each at its own time
    /// kept between the events around it (`EvdevTouchDecoder.noteTime`). A note out of order moves
    /// itself, never the events, where it once moved every later touch to its time.
    private func placeNotes(before next: Microseconds?) {
        for (note, line) in reader.notes {
            var placed = note
            placed.time = decoder.noteTime(note.time, before: next, line: line, into: &output)
            output.events.append(.annotation(placed))
        }
        reader.notes.removeAll(keepingCapacity: true)
    }

    /// Decodes `event`, the notes waiting before it handed on first.
    @inline(__always)
    private func consume(_ event: EvdevEvent, line: Int) {
        if !reader.notes.isEmpty { placeNotes(before: event.time) }
        decoder.consume(event, line: line, into: &output)
    }

    var warnings: [FormatWarning] { leadingWarnings + output.allWarnings }

    func read(into events: inout [TraceEvent], flushes: inout [Int]) throws(TraceInputError) -> Bool {
        flushes.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        guard !finished else { return false }
        swap(&events, &output.events)
        if !reader.unreadNotes.isEmpty { warnUnreadNotes() }
        if let (line, number) = firstEvent {
            firstEvent = nil
            try take(line, number)
        }
        let limit = batchLimit  // a local: a class property would be checked for exclusive access per line
        while !cutShort, output.events.count < limit, let line = try cursor.next() {
            do {
                try take(line, cursor.number)
            } catch {
                guard try cursor.isLastLineWithText() else { throw error }
                leadingWarnings.append(TextLineCursor.cutShortWarning(file: reader.file, line: cursor.number, reason: error.message))
                lastLine = cursor.number - 1
                // Only blank lines follow: the recording ends before this line.
                cutShort = true
            }
        }
        if output.events.count < limit {
            finished = true
            decoder.finish(line: lastLine, into: &output)
            placeNotes(before: nil)
        }
        swap(&events, &output.events)
        return !events.isEmpty || !finished
    }

    private func take(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws(TraceInputError) {
        lastLine = number
        if inferred {
            // Every line was checked by the first pass; only the events and notes matter now.
            guard EvemuReader.isEventLine(line), let event = try reader.eventOrComment(line, number) else {
                reader.readNote(line, number)
                if !reader.unreadNotes.isEmpty { warnUnreadNotes() }
                return
            }
            consume(event, line: number)
        } else if let event = try reader.eventOrComment(line, number) {
            consume(event, line: number)
        } else if !reader.unreadNotes.isEmpty {
            warnUnreadNotes()
        }
    }
}
