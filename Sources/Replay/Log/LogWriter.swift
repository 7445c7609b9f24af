import GestureEngine
import TouchTrace

/// Appends canonical log lines (`docs/replay-log.md`) to a byte buffer, in either format.
///
/// Numbers are printed digit by digit from integers after fixed rounding, never through
/// locale-dependent formatting, so the same replay gives the same bytes on every machine. The
/// per-line entry points take plain values and write straight into the buffer: once the buffer has
/// grown, writing a line allocates nothing and checks no bounds per byte, which keeps replay fast.
public struct LogWriter {
    public let format: LogFormat
    private let buffer = LogBuffer(capacity: 1 << 16)
    /// What `view` lines say after their time, by phase, and `action` lines up to the touch count,
    /// by state (`LinePrefixes`).
    private let viewPrefixes = LinePrefixes(slots: 4)
    private let actionPrefixes = LinePrefixes(slots: RecognizerStateName.slots)
    /// Held here so that a line does not check the global's initialisation.
    private let fourDigits = FourDigits.table
    /// Touches in text `view` lines, up to their coordinates (`TouchSpellings`).
    private let touchSpellings: TouchSpellings

    public init(format: LogFormat) {
        self.format = format
        touchSpellings = TouchSpellings(fourDigits: fourDigits)
    }

    /// The bytes written and not yet taken.
    public var bytes: [UInt8] { buffer.array }

    /// How many bytes are waiting.
    public var count: Int { buffer.count }

    /// Hands out what has been written and starts an empty buffer.
    public func take() -> [UInt8] {
        defer { buffer.count = 0 }
        return buffer.array
    }

    /// Empties the buffer through `body` (for streaming to a file) and keeps its capacity.
    public func drain(_ body: ([UInt8]) throws -> Void) rethrows {
        defer { buffer.count = 0 }
        if buffer.count > 0 { try body(buffer.array) }
    }

    /// Empties the buffer into `sink` without copying it into an array, and keeps its capacity.
    ///
    /// With `wholeBlocksOf`, only the largest whole number of blocks of that many bytes is handed
    /// over, and the rest stays, moved to the front, for the next drain. A file written in whole
    /// blocks of a power of two stays aligned to the page cache's large folios: Linux then fills
    /// each folio in one piece, where pieces ending mid-folio cost it about a third more system
    /// time (docs/benchmarks.md, Session 17).
    public func drain<Sink: LogSink>(into sink: inout Sink, wholeBlocksOf block: Int = 1) throws {
        let handed = buffer.count - buffer.count % block
        guard handed > 0 else { return }
        do {
            try sink.write(UnsafeRawBufferPointer(start: buffer.base, count: handed))
        } catch {
            buffer.count = 0
            throw error
        }
        buffer.removeFirst(handed)
    }

    /// Empties the buffer through `body` without copying it into an array: the bytes are valid
    /// only during the call. Draining this way allocates nothing.
    public func drainBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if buffer.count > 0 { body(UnsafeBufferPointer(start: buffer.base, count: buffer.count)) }
        buffer.count = 0
    }

    /// Writes one record; the same as the specialised entry points below.
    public func write(_ record: LogRecord) {
        switch record.kind {
        case .touches(let view, let phase, let touches):
            var line = beginTouches(time: record.time, view: view, phase: phase, count: touches.count)
            for touch in touches { line.add(touch.touch, x: touch.x, y: touch.y, timestamp: touch.timestamp) }
            endTouches(line)
        case .state(let recognizer, let from, let to):
            state(time: record.time, recognizer: recognizer, from: from, to: to)
        case .action(let recognizer, let state, let values):
            action(time: record.time, recognizer: recognizer, state: state, values: values)
        case .note(let text):
            note(time: record.time, text: text)
        }
    }

    // MARK: - Lines
    //
    // Each line reserves room for its longest spelling once, then writes through a local cursor
    // (`LogLine`, LogLine.swift) that stays in a register: no capacity check, and no reload of the buffer's fields
    // after each byte stored, per number or word.

    /// Starts a `view` line of `count` touches, reserving room for all of them at once: add each
    /// with `TouchesLine.add`, then hand the line to `endTouches`. Nothing else may be written to
    /// this writer in between.
    @inline(__always)  // into the observer's per-frame call: the line's fields stay in registers
    public func beginTouches(time: Int64, view: String, phase: ViewTouchPhase, count: Int) -> TouchesLine {
        let prefix = viewPrefix(view, phase)
        var line = LogLine(buffer, room: 64 + prefix.count + count * TouchesLine.touchRoom)
        switch format {
        case .text: line.timeColumn(time, fourDigits: fourDigits)
        case .jsonl: line.put("{\"t\":"); line.wideInteger(time, fourDigits: fourDigits)
        }
        line.copyWords(from: prefix.baseAddress!, count: prefix.count)
        return TouchesLine(line: line, format: format, count: count, fourDigits: fourDigits, spellings: touchSpellings.table)
    }

    /// What a `view` line of `view` and `phase` says after its time (`LinePrefixes`).
    @inline(__always)
    private func viewPrefix(_ view: String, _ phase: ViewTouchPhase) -> UnsafeBufferPointer<UInt8> {
        if let spelled = viewPrefixes.spelling(name: view, slot: phase.slot) { return spelled }
        return Self.spellViewPrefix(view, phase, format: format, into: viewPrefixes)
    }

    @inline(never)
    private static func spellViewPrefix(
        _ view: String, _ phase: ViewTouchPhase, format: LogFormat, into prefixes: LinePrefixes
    ) -> UnsafeBufferPointer<UInt8> {
        prefixes.spell(name: view, slot: phase.slot) { line in
            switch format {
            case .text:
                line.put(" view "); line.text(view); line.put(" "); line.put(phase.word)
            case .jsonl:
                line.put(",\"view\":"); line.quoted(view)
                line.put(",\"touches\":\""); line.put(phase.word); line.put("\",\"points\":[")
            }
        }
    }

    /// What an `action` line of `recognizer` in `state` says up to its touch count (`LinePrefixes`).
    @inline(__always)
    private func actionPrefix(_ recognizer: String, _ state: RecognizerStateName) -> UnsafeBufferPointer<UInt8> {
        if let spelled = actionPrefixes.spelling(name: recognizer, slot: state.slot) { return spelled }
        return Self.spellActionPrefix(recognizer, state, format: format, into: actionPrefixes)
    }

    @inline(never)
    private static func spellActionPrefix(
        _ recognizer: String, _ state: RecognizerStateName, format: LogFormat, into prefixes: LinePrefixes
    ) -> UnsafeBufferPointer<UInt8> {
        prefixes.spell(name: recognizer, slot: state.slot) { line in
            switch format {
            case .text:
                line.put(" action "); line.text(recognizer); line.put(" "); line.put(state.word); line.put(" touches=")
            case .jsonl:
                line.put(",\"action\":"); line.quoted(recognizer)
                line.put(",\"state\":\""); line.put(state.word); line.put("\",\"touches\":")
            }
        }
    }

    /// Ends a `view` line begun by `beginTouches`.
    @inline(__always)
    public func endTouches(_ touches: TouchesLine) {
        var line = touches.line
        if format == .jsonl { line.put("]}") }
        line.newline()
        line.end(buffer)
    }

    public func state(time: Int64, recognizer: String, from: RecognizerStateName, to: RecognizerStateName) {
        var line = LogLine(buffer, room: LogLine.room(quoting: recognizer))
        switch format {
        case .text: line.timeColumn(time, fourDigits: fourDigits)
        case .jsonl: line.put("{\"t\":"); line.wideInteger(time, fourDigits: fourDigits)
        }
        Self.putStateWords(recognizer, from: from, to: to, format: format, into: &line)
        line.newline()
        line.end(buffer)
    }

    /// What a `state` line says after its time: written into each line by
    /// `state(time:recognizer:from:to:)`, and once per recognizer and pair of states by `spellState`.
    @inline(__always)
    private static func putStateWords(
        _ recognizer: String, from: RecognizerStateName, to: RecognizerStateName, format: LogFormat, into line: inout LogLine
    ) {
        switch format {
        case .text:
            line.put(" state "); line.text(recognizer); line.put(" "); line.put(from.word); line.put(" -> "); line.put(to.word)
        case .jsonl:
            line.put(",\"recognizer\":"); line.quoted(recognizer)
            line.put(",\"from\":\""); line.put(from.word); line.put("\",\"to\":\""); line.put(to.word); line.put("\"}")
        }
    }

    /// `state(time:recognizer:from:to:)` for `recognizer`'s name, with what follows the time
    /// spelled once per recognizer and pair of states into `spellings`: the log's observer has the
    /// recognizer, whose identity finds the spelling in a few compares. The observer holds the
    /// spellings: one more stored property here changed how `ReplayDriver.feedAll`, which holds
    /// the writer, was compiled, two instructions a sample dearer.
    func state(
        time: Int64, of recognizer: GestureRecognizer, from: RecognizerStateName, to: RecognizerStateName,
        spellings: StateLineSpellings
    ) {
        guard let spelled = spellings.spelling(of: recognizer, from: from, to: to)
            ?? Self.spellState(recognizer, from: from, to: to, format: format, into: spellings)
        else { return state(time: time, recognizer: recognizer.name, from: from, to: to) }
        var line = LogLine(buffer, room: 64 + spelled.count)
        switch format {
        case .text: line.timeColumn(time, fourDigits: fourDigits)
        case .jsonl: line.put("{\"t\":"); line.wideInteger(time, fourDigits: fourDigits)
        }
        line.copyWords(from: spelled.baseAddress!, count: spelled.count)
        line.newline()
        line.end(buffer)
    }

    @inline(never)
    private static func spellState(
        _ recognizer: GestureRecognizer, from: RecognizerStateName, to: RecognizerStateName, format: LogFormat,
        into spellings: StateLineSpellings
    ) -> UnsafeBufferPointer<UInt8>? {
        spellings.spell(recognizer, from: from, to: to) { line in
            putStateWords(recognizer.name, from: from, to: to, format: format, into: &line)
        }
    }

    /// An action line: the one mapping from the engine's values to the log's. Each recognizer
    /// fills what it has and the line prints only those (a tap's count is not printed).
    public func action(time: Int64, recognizer: String, state: RecognizerStateName, values: ActionValues) {
        let direction = values.direction?.description
        let match = values.match
        let texts = recognizer.utf8.count + (direction?.utf8.count ?? 0) + (match?.utf8.count ?? 0)
        // Up to the touch count, from a spelling made once per recognizer and state.
        let prefix = actionPrefix(recognizer, state)
        var line = LogLine(buffer, room: 6 * texts + 512 + (values.customCount > 0 ? Self.customRoom(values) : 0))
        switch format {
        case .text:
            line.timeColumn(time, fourDigits: fourDigits)
            line.copyWords(from: prefix.baseAddress!, count: prefix.count)
            line.integer(Int64(values.numberOfTouches))
            line.put(" at="); line.pair(values.location.x, values.location.y, fourDigits: fourDigits)
            if let v = values.translation { line.put(" translation="); line.pair(v.dx, v.dy, fourDigits: fourDigits) }
            if let v = values.velocity { line.put(" velocity="); line.pair(v.dx, v.dy, fourDigits: fourDigits) }
            if let v = values.scale { line.put(" scale="); line.fixed4(v, fourDigits: fourDigits) }
            if let v = values.rotation { line.put(" rotation="); line.fixed4(v, fourDigits: fourDigits) }
            if let v = values.scalarVelocity { line.put(" velocity="); line.fixed4(v, fourDigits: fourDigits) }
            if let v = direction { line.put(" direction="); line.text(v) }
            if let v = match { line.put(" match="); line.text(v) }
            if let v = values.score { line.put(" score="); line.fixed4(v, fourDigits: fourDigits) }
            if let v = values.turns { line.put(" turns="); line.integer(Int64(v)) }
            if let v = values.accepted { line.put(v ? " accepted=yes" : " accepted=no") }
            var index = 0
            while index < values.customCount {
                let (key, value) = values.custom(at: index)
                line.put(" "); line.text(key); line.put("="); line.custom(value, json: false)
                index += 1
            }
        case .jsonl:
            line.put("{\"t\":"); line.wideInteger(time, fourDigits: fourDigits)
            line.copyWords(from: prefix.baseAddress!, count: prefix.count)
            line.integer(Int64(values.numberOfTouches))
            line.put(",\"location\":"); line.jsonPair(values.location.x, values.location.y, fourDigits: fourDigits)
            if let v = values.translation { line.put(",\"translation\":"); line.jsonPair(v.dx, v.dy, fourDigits: fourDigits) }
            if let v = values.velocity { line.put(",\"velocity\":"); line.jsonPair(v.dx, v.dy, fourDigits: fourDigits) }
            if let v = values.scale { line.put(",\"scale\":"); line.jsonFixed4(v, fourDigits: fourDigits) }
            if let v = values.rotation { line.put(",\"rotation\":"); line.jsonFixed4(v, fourDigits: fourDigits) }
            if let v = values.scalarVelocity { line.put(",\"velocity\":"); line.jsonFixed4(v, fourDigits: fourDigits) }
            if let v = direction { line.put(",\"direction\":"); line.quoted(v) }
            if let v = match { line.put(",\"match\":"); line.quoted(v) }
            if let v = values.score { line.put(",\"score\":"); line.jsonFixed4(v, fourDigits: fourDigits) }
            if let v = values.turns { line.put(",\"turns\":"); line.integer(Int64(v)) }
            if let v = values.accepted { line.put(v ? ",\"accepted\":true" : ",\"accepted\":false") }
            var index = 0
            while index < values.customCount {
                let (key, value) = values.custom(at: index)
                line.put(","); line.quoted(key); line.put(":"); line.custom(value, json: true)
                index += 1
            }
            line.put("}")
        }
        line.newline()
        line.end(buffer)
    }

    /// Room for an action's custom values: each key quoted with its number (`LogLine.room`), and
    /// each text quoted.
    private static func customRoom(_ values: ActionValues) -> Int {
        var room = 0
        var index = 0
        while index < values.customCount {
            let (key, value) = values.custom(at: index)
            room += LogLine.room(quoting: key)
            if case .text(let text) = value { room += LogLine.room(quoting: text) }
            index += 1
        }
        return room
    }

    public func note(time: Int64, text note: String) {
        // A note is one line whatever the trace says, and prints no control character. The bytes
        // tested lead every character `TerminalText` escapes: C0 and DEL, C1 (0xC2), U+061C
        // (0xD8), the bidirectional controls and separators of U+2000 to U+206F (0xE2).
        var text = note
        if format == .text, text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) {
            text = TerminalText.escaped(String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }), keepingLineBreaks: false)
        }
        var line = LogLine(buffer, room: LogLine.room(quoting: text))
        switch format {
        case .text:
            line.timeColumn(time)
            line.put(" note "); line.text(text)
        case .jsonl:
            line.put("{\"t\":"); line.wideInteger(time); line.put(",\"note\":"); line.quoted(text); line.put("}")
        }
        line.newline()
        line.end(buffer)
    }
}

/// A `view` line being written (`LogWriter.beginTouches`): its cursor and how many touches the
/// room reserved for it still holds.
public struct TouchesLine {
    /// The longest spelling of one touch: `,{"id":4294967295,"x":-999999999999999.99,"y":…,"t":-9223372036854775808}`
    /// is 91 bytes; the fast coordinate path stores up to 3 bytes past its number.
    static let touchRoom = 128

    fileprivate var line: LogLine
    private let format: LogFormat
    private let fourDigits: FourDigits
    private let spellings: TouchSpellings.Table
    private let count: Int
    private var remaining: Int

    fileprivate init(line: LogLine, format: LogFormat, count: Int, fourDigits: FourDigits, spellings: TouchSpellings.Table) {
        self.line = line
        self.format = format
        self.fourDigits = fourDigits
        self.spellings = spellings
        self.count = count
        remaining = count
    }

    /// One touch; `timestamp` is the touch's own time, given only when it differs from the line's
    /// (`#0(640.00,396.89)@499`).
    @inline(__always)
    public mutating func add(_ touch: UInt32, x: Double, y: Double, timestamp: Int64? = nil) {
        // More touches than the line has room for would write past the buffer.
        precondition(remaining > 0, "a view line got more touches than beginTouches counted")
        remaining &-= 1
        // The cursor in a local: stores through it could alias `self`, which would otherwise be
        // reloaded and stored again after every piece.
        var line = self.line
        switch format {
        case .text:
            line.put(" #"); line.identifier(touch, then: UInt8(ascii: "("), fourDigits: fourDigits)
            line.fixed2(x, then: UInt8(ascii: ","), y, then: UInt8(ascii: ")"), fourDigits: fourDigits)
            if let timestamp { line.put("@"); line.cursor = LogLine.outlinedWideInteger(timestamp, at: line.cursor, fourDigits: fourDigits) }
        case .jsonl:
            if remaining &+ 1 != count { line.byte(UInt8(ascii: ",")) }
            line.put("{\"id\":"); line.identifier(touch, then: UInt8(ascii: ","), fourDigits: fourDigits)
            let hundredths = LogLine.hundredths(x, y)
            line.put("\"x\":"); line.fixed2(x, hundredths: hundredths.x, then: UInt8(ascii: ","), fourDigits: fourDigits, json: true)
            // A zero byte stored after the number, taken back.
            line.put("\"y\":"); line.fixed2(y, hundredths: hundredths.y, then: 0, fourDigits: fourDigits, json: true); line.cursor -= 1
            if let timestamp { line.put(",\"t\":"); line.cursor = LogLine.outlinedWideInteger(timestamp, at: line.cursor, fourDigits: fourDigits) }
            line.byte(UInt8(ascii: "}"))
        }
        self.line = line
    }

    /// `add` in the text format, for a caller that adds exactly the `count` touches it began the
    /// line with, in a loop of its own for the format (the log's observer, which walks a batch of
    /// that count): no test of the format or of the room left per touch, where `add` tests both.
    /// ` #id(` is copied from the writer's spellings of recent identifiers (`TouchSpellings`).
    @inline(__always)
    mutating func addText(_ touch: UInt32, x: Double, y: Double, timestamp: Int64?) {
        var line = self.line
        line.cursor = spellings.put(touch, at: line.cursor, fourDigits: fourDigits)
        line.fixed2(x, then: UInt8(ascii: ","), y, then: UInt8(ascii: ")"), fourDigits: fourDigits)
        if let timestamp { line.put("@"); line.cursor = LogLine.outlinedWideInteger(timestamp, at: line.cursor, fourDigits: fourDigits) }
        self.line = line
    }
}

extension ViewTouchPhase {
    var word: StaticString {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}
