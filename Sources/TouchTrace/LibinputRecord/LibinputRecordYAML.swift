/// The small part of YAML that `libinput record` writes, read line by line from bytes: block
/// mappings and sequences by indentation, plain and double-quoted scalars, flow sequences of numbers
/// or strings, and comments. Not a YAML parser: anything outside this subset is reported with its
/// line, or skipped where the reader does not need the value. A line whose indentation does not
/// fit the structure (a key indented unlike the keys beside it, anything nested under a value) is
/// an error at its line, never read as part of some other block.
struct LibinputRecordYAML {
    /// One meaningful line: where it sits in the block structure and what it says.
    struct Line {
        /// The keys and sequence items (`-`) above this line, outermost first.
        var path: [String]
        /// `key` of `key: value` / `key:`, or nil for a bare sequence item.
        var key: String?
        /// The value after `key:` or `- `, comment removed; empty when a block follows. Valid only
        /// while the line is being handled.
        var value: UnsafeBufferPointer<UInt8>
        var number: Int
        /// The line begins a sequence item (`- `): the first line of a new entry.
        var startsItem: Bool
    }

    struct Failure: Error {
        var line: Int
        var message: String
    }

    /// An open key (one whose value is the block below it) or sequence item: where it stands, and
    /// where the entries nested under it stand, as the first of them set it.
    private struct Block {
        var column: Int
        var isItem: Bool
        /// The column of the entries under it, -1 until the first one.
        var entryColumn = -1
        /// Whether those entries are `- ` items (else `key:` entries).
        var entriesAreItems = false
        /// A `- value` item: it holds a value, so nothing can be nested under it.
        var holdsValue = false
    }

    /// The open keys and items, outermost first, and their names (a key, or "-" for an item).
    private var blocks: [Block] = []
    private var names: [String] = []
    /// The top level, whose entries stand where its first line does.
    private var root = Block(column: -1, isItem: false)

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let quote = UInt8(ascii: "\"")

    /// A flow collection (`[` or `{`) left open at the end of its line, such as the `hid: [` report
    /// descriptor: its lines are joined until the brackets balance, then handled as one line.
    private struct OpenFlow {
        var column: Int
        var number: Int
        var content: [UInt8]
        var depth: Int
    }

    private var openFlow: OpenFlow?
    private var sawContent = false
    /// A `...` marker ended the document after its content.
    private var endedDocument = false

    /// Calls `body` with each meaningful line of `text`.
    mutating func forEachLine(_ text: UnsafeBufferPointer<UInt8>, _ body: (Line) throws(Failure) -> Void) throws(Failure) {
        try TextLines.forEach(in: text) { (line, number) throws(Failure) in try take(line, number: number, body) }
        try finish()
    }

    /// Reads one line of text (`number` counts from 1), calling `body` if it completes a
    /// meaningful line: `forEachLine` one step at a time, for readers that pull lines themselves.
    mutating func take(_ line: UnsafeBufferPointer<UInt8>, number: Int, _ body: (Line) throws(Failure) -> Void) throws(Failure) {
        let (end, depth) = try Self.contentEnd(line, number: number)
        var start = 0
        while start < end, line[start] == Self.space { start += 1 }
        if start == end { return }
        if line[start] == Self.tab { throw Failure(line: number, message: "tab in indentation") }
        let content = UnsafeBufferPointer(rebasing: line[start..<end])
        // Taken out, not copied: a copy would share the content's buffer, and each line's append
        // would copy the whole flow so far (a `hid: [` block over thousands of lines took minutes).
        if openFlow != nil, var flow = openFlow.take() {
            flow.content.append(Self.space)
            flow.content.append(contentsOf: content)
            // libinput's longest flow is a HID report descriptor: 4,096 bytes, about 24 KiB as text.
            guard flow.content.count <= TextLineCursor.maximumLineLength else {
                throw Failure(line: flow.number, message: "a `[` or `{` collection longer than \(TextLineCursor.maximumLineLength >> 20) MiB: not a libinput recording")
            }
            flow.depth += depth
            guard flow.depth <= 0 else {
                openFlow = flow
                return
            }
            guard flow.depth == 0 else { throw Failure(line: number, message: "unbalanced `]` or `}`") }
            try flow.content.withUnsafeBufferPointer { (joined) throws(Failure) in
                try handle(column: flow.column, content: joined, number: flow.number, body)
            }
            return
        }
        if start == 0, Self.isMarker(content, "---") || Self.isMarker(content, "...") {
            // A document marker is fine around the content; a second document is not libinput's.
            if sawContent, Self.isMarker(content, "---") {
                throw Failure(line: number, message: "a second YAML document (libinput record writes one)")
            }
            endedDocument = sawContent
            return
        }
        if endedDocument {
            throw Failure(line: number, message: "content after the document's end (`...`): a second YAML document (libinput record writes one)")
        }
        sawContent = true
        if depth > 0 {
            openFlow = OpenFlow(column: start, number: number, content: Array(content), depth: depth)
            return
        }
        if depth < 0 { throw Failure(line: number, message: "unbalanced `]` or `}`") }
        try handle(column: start, content: content, number: number, body)
    }

    /// Whether a `[` or `{` is open: its collection goes on in the lines to come.
    var isInsideFlow: Bool { openFlow != nil }

    /// After the last line: a flow collection still open is an error.
    func finish() throws(Failure) {
        if let flow = openFlow {
            throw Failure(line: flow.number, message: "`[` or `{` never closed")
        }
    }

    private mutating func handle(
        column: Int, content: UnsafeBufferPointer<UInt8>, number: Int, _ body: (Line) throws(Failure) -> Void
    ) throws(Failure) {
        try Self.refuseUnsupported(content, number: number)
        if content[0] == UInt8(ascii: "-"), content.count > 1, content[1] == Self.tab {
            throw Failure(line: number, message: "tab in indentation")
        }
        let isItem = content[0] == UInt8(ascii: "-") && (content.count == 1 || content[1] == Self.space)
        guard isItem else {
            // A key closes the keys and items at its column and deeper: it is their sibling or
            // their parent's.
            while let top = blocks.last, top.column >= column { pop() }
            try place(column: column, isItem: false, content: content, number: number)
            try keyValue(column: column, content: content, number: number, startsItem: false, body)
            return
        }
        // An item closes the items at its column (its siblings) and whatever is deeper; a key at
        // its column stays open: a sequence may stand at its key's column (`devices:` / `- node:`).
        while let top = blocks.last, top.column > column || (top.column == column && top.isItem) { pop() }
        try place(column: column, isItem: true, content: content, number: number)
        blocks.append(Block(column: column, isItem: true))
        names.append("-")
        var restStart = 1
        while restStart < content.count, content[restStart] == Self.space { restStart += 1 }
        if restStart == content.count { return }
        if content[restStart] == Self.tab { throw Failure(line: number, message: "tab in indentation") }
        let rest = UnsafeBufferPointer(rebasing: content[restStart...])
        try Self.refuseUnsupported(rest, number: number)
        if rest[0] == UInt8(ascii: "[") || rest[0] == Self.quote || rest[0] == UInt8(ascii: "{") || Self.keyEnd(rest) == nil {
            blocks[blocks.count - 1].holdsValue = true
            try body(Line(path: names, key: nil, value: rest, number: number, startsItem: true))
            return
        }
        // `- key: value`: a mapping whose keys stand at the key's column.
        blocks[blocks.count - 1].entryColumn = column + restStart
        try keyValue(column: column + restStart, content: rest, number: number, startsItem: true, body)
    }

    /// Checks that an entry at `column` fits the block it falls in (the innermost open one, or the
    /// top level): at the column of the entries already there and of their kind, and not under an
    /// item that holds a value. Otherwise YAML could not tell where it belongs (PyYAML refuses it),
    /// and reading it as part of some other block would lose what follows without a word.
    private mutating func place(column: Int, isItem: Bool, content: UnsafeBufferPointer<UInt8>, number: Int) throws(Failure) {
        var parent = blocks.last ?? root
        if parent.holdsValue {
            throw Failure(line: number, message: "`\(Self.excerpt(content))` is indented under a `- ` item that holds a value; nothing can be nested there")
        }
        if parent.entryColumn < 0 {
            parent.entryColumn = column
            parent.entriesAreItems = isItem
            if blocks.isEmpty { root = parent } else { blocks[blocks.count - 1] = parent }
            return
        }
        guard column == parent.entryColumn else {
            throw Failure(line: number, message: "`\(Self.excerpt(content))` is indented by \(column) where the entries of its block are indented by \(parent.entryColumn): it belongs to no block")
        }
        guard isItem == parent.entriesAreItems else {
            throw Failure(line: number, message: isItem
                ? "`\(Self.excerpt(content))` is a `- ` item among `key:` entries"
                : "`\(Self.excerpt(content))` stands among `- ` items but is not one")
        }
    }

    /// The start of a line's content, for a message.
    private static func excerpt(_ content: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: content.prefix(40)), as: UTF8.self)
        return content.count > 40 ? text + "…" : text
    }

    private mutating func keyValue(
        column: Int, content: UnsafeBufferPointer<UInt8>, number: Int, startsItem: Bool, _ body: (Line) throws(Failure) -> Void
    ) throws(Failure) {
        guard let end = Self.keyEnd(content) else {
            throw Failure(line: number, message: "expected `key: value`, found `\(Self.excerpt(content))`")
        }
        let key = Self.string(UnsafeBufferPointer(rebasing: content[..<end]))
        var valueStart = end + 1
        while valueStart < content.count, content[valueStart] == Self.space { valueStart += 1 }
        let value = UnsafeBufferPointer(rebasing: content[valueStart...])
        try Self.refuseUnsupported(value, number: number)
        try body(Line(path: names, key: key, value: value, number: number, startsItem: startsItem))
        if value.isEmpty {
            blocks.append(Block(column: column, isItem: false))
            names.append(key)
        }
    }

    /// YAML that `libinput record` never writes (anchors, aliases, tags, block scalars, complex
    /// keys, directives) is refused with its line rather than misread.
    private static func refuseUnsupported(_ content: UnsafeBufferPointer<UInt8>, number: Int) throws(Failure) {
        guard let first = content.first else { return }
        let construct: String
        switch first {
        case UInt8(ascii: "&"): construct = "an anchor (`&`)"
        case UInt8(ascii: "*"): construct = "an alias (`*`)"
        case UInt8(ascii: "!"): construct = "a tag (`!`)"
        case UInt8(ascii: "|"), UInt8(ascii: ">"): construct = "a block scalar (`|` or `>`)"
        case UInt8(ascii: "?"): construct = "a complex key (`?`)"
        case UInt8(ascii: "%"): construct = "a directive (`%`)"
        default: return
        }
        throw Failure(line: number, message: "\(construct) is YAML that libinput record does not write")
    }

    private mutating func pop() {
        blocks.removeLast()
        names.removeLast()
    }

    /// The index of the `:` that ends a mapping key (followed by a space or the end), if any.
    private static func keyEnd(_ content: UnsafeBufferPointer<UInt8>) -> Int? {
        var inQuotes = false
        for index in content.indices {
            let byte = content[index]
            if byte == quote { inQuotes.toggle() }
            if inQuotes { continue }
            if byte == UInt8(ascii: ":"), index + 1 == content.count || content[index + 1] == space { return index }
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { return nil }
        }
        return nil
    }

    /// Where the line's content ends (before a `# comment`, a `#` at the start or after a blank,
    /// outside quotes, and before trailing blanks), and how many flow brackets (`[`, `{`) it leaves
    /// open (negative: closes more than it opens).
    private static func contentEnd(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws(Failure) -> (end: Int, depth: Int) {
        var inQuotes = false
        var escaped = false
        var depth = 0
        var end = line.count
        for index in line.indices {
            let byte = line[index]
            if inQuotes {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == quote { inQuotes = false }
            } else if byte == quote {
                inQuotes = true
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            } else if byte == UInt8(ascii: "#"), index == 0 || line[index - 1] == space || line[index - 1] == UInt8(ascii: "\t") {
                end = index
                break
            }
        }
        if inQuotes { throw Failure(line: number, message: "unterminated quoted string") }
        while end > 0, line[end - 1] == space || line[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return (end, depth)
    }

    /// `---` or `...` alone or followed by a blank: a document marker (`....` is a plain scalar).
    private static func isMarker(_ bytes: UnsafeBufferPointer<UInt8>, _ marker: StaticString) -> Bool {
        let count = marker.utf8CodeUnitCount
        guard bytes.count >= count, bytes.count == count || bytes[count] == space else { return false }
        return marker.withUTF8Buffer { expected in expected.indices.allSatisfy { bytes[$0] == expected[$0] } }
    }

    // MARK: - Values

    /// A scalar's text: quotes removed and `\"`, `\\`, `\n`, `\t` unescaped.
    static func string(_ value: UnsafeBufferPointer<UInt8>) -> String {
        guard value.count >= 2, value.first == quote, value.last == quote else {
            return String(decoding: value, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.count)
        var escaped = false
        for byte in value.dropFirst().dropLast() {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): bytes.append(UInt8(ascii: "\t"))
                default: bytes.append(byte)
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A plain integer scalar.
    static func integer(_ value: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        return parseInteger(value, &index).flatMap { index == value.count ? $0 : nil }
    }

    /// A flow sequence of integers `[1, -2, 3]`, or nil when it is not one.
    static func integers(_ value: UnsafeBufferPointer<UInt8>) -> [Int64]? {
        var numbers: [Int64] = []
        let complete = forEachInteger(value) { numbers.append($0) }
        return complete ? numbers : nil
    }

    /// Calls `body` with each integer of a flow sequence; false when `value` is not one.
    @inline(__always)
    static func forEachInteger(_ value: UnsafeBufferPointer<UInt8>, _ body: (Int64) -> Void) -> Bool {
        guard value.count >= 2, value[0] == UInt8(ascii: "["), value[value.count - 1] == UInt8(ascii: "]") else { return false }
        var index = 1
        let end = value.count - 1
        skipSpaces(value, &index, end)
        if index == end { return true }
        while true {
            guard let number = parseInteger(value, &index, end: end) else { return false }
            body(number)
            skipSpaces(value, &index, end)
            if index == end { return true }
            guard value[index] == UInt8(ascii: ",") else { return false }
            index += 1
            skipSpaces(value, &index, end)
        }
    }

    /// Calls `body` with each `key: value` of a one-line flow mapping (`{time: 1.5, axes: [0.00,
    /// 1.25], source: finger}`), keys and values trimmed; commas inside brackets or quotes do not
    /// split. False when `value` is not such a mapping.
    static func forEachFlowEntry(
        _ value: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        guard value.count >= 2, value[0] == UInt8(ascii: "{"), value[value.count - 1] == UInt8(ascii: "}") else { return false }
        let end = value.count - 1
        var start = 1
        var depth = 0
        var inQuotes = false
        var index = 1
        while index <= end {
            let byte = value[index]
            if index < end, byte == quote {
                inQuotes.toggle()
            } else if index < end, !inQuotes, byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if index < end, !inQuotes, byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            } else if index == end || (!inQuotes && depth == 0 && byte == UInt8(ascii: ",")) {
                let entry = UnsafeBufferPointer(rebasing: value[start..<index])
                start = index + 1
                if let colon = keyEnd(entry) {
                    body(trimmed(UnsafeBufferPointer(rebasing: entry[..<colon])), trimmed(UnsafeBufferPointer(rebasing: entry[(colon + 1)...])))
                } else if !trimmed(entry).isEmpty {
                    return false
                }
            }
            index += 1
        }
        return depth == 0 && !inQuotes
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == space { start += 1 }
        while end > start, bytes[end - 1] == space { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// A finite decimal number as libinput prints doubles (`-12.50`, `0.00`; an exponent is
    /// accepted for values written by other tools); nil for anything else, `nan` and `inf` included.
    static func decimal(_ value: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !value.isEmpty, value.count <= 40,
            value.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: "+") || $0 | 0x20 == UInt8(ascii: "e") }),
            let number = Double(String(decoding: value, as: UTF8.self)), number.isFinite
        else { return nil }
        return number
    }

    /// A flow sequence of exactly two decimals, `[h, v]`.
    static func decimalPair(_ value: UnsafeBufferPointer<UInt8>) -> (Double, Double)? {
        guard value.count >= 2, value[0] == UInt8(ascii: "["), value[value.count - 1] == UInt8(ascii: "]") else { return nil }
        let inner = UnsafeBufferPointer(rebasing: value[1..<(value.count - 1)])
        guard let comma = inner.firstIndex(of: UInt8(ascii: ",")),
            let first = decimal(trimmed(UnsafeBufferPointer(rebasing: inner[..<comma]))),
            let second = decimal(trimmed(UnsafeBufferPointer(rebasing: inner[(comma + 1)...])))
        else { return nil }
        return (first, second)
    }

    /// `seconds.microseconds` as libinput prints event times (`%ld.%06ld`), in microseconds;
    /// seconds up to 2^31, at most six fractional digits.
    static func seconds(_ value: UnsafeBufferPointer<UInt8>) -> Int64? {
        let dot = value.firstIndex(of: UInt8(ascii: ".")) ?? value.count
        let fraction = dot < value.count ? UnsafeBufferPointer(rebasing: value[(dot + 1)...]) : UnsafeBufferPointer(rebasing: value[value.count...])
        let digits = UnsafeBufferPointer(rebasing: value[..<dot])
        guard dot > 0, dot <= 10, fraction.count <= 6, digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
            fraction.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
            let whole = integer(UnsafeBufferPointer(rebasing: value[..<dot])), (0...Int64(Int32.max)) ~= whole
        else { return nil }
        var micros: Int64 = 0
        for digit in fraction { micros = micros * 10 + Int64(digit &- UInt8(ascii: "0")) }
        for _ in fraction.count..<6 { micros *= 10 }
        return whole * 1_000_000 + micros
    }

    @inline(__always)
    private static func skipSpaces(_ value: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int) {
        while index < end, value[index] == space { index += 1 }
    }

    /// An optionally negative integer, decimal or `0x` hexadecimal (libinput writes report
    /// descriptors in hex), whose magnitude fits in 62 bits: larger values are refused before any
    /// arithmetic could overflow.
    @inline(__always)
    private static func parseInteger(_ value: UnsafeBufferPointer<UInt8>, _ index: inout Int, end: Int? = nil) -> Int64? {
        let end = end ?? value.count
        var negative = false
        if index < end, value[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var radix: Int64 = 10
        if index + 1 < end, value[index] == UInt8(ascii: "0"), value[index + 1] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            index += 2
        }
        let start = index
        var number: Int64 = 0
        while index < end {
            let digit: Int64
            let byte = value[index]
            if byte &- UInt8(ascii: "0") < 10 {
                digit = Int64(byte &- UInt8(ascii: "0"))
            } else if radix == 16, (byte | 0x20) &- UInt8(ascii: "a") < 6 {
                digit = Int64((byte | 0x20) &- UInt8(ascii: "a")) + 10
            } else {
                break
            }
            let (shifted, overflowA) = number.multipliedReportingOverflow(by: radix)
            let (next, overflowB) = shifted.addingReportingOverflow(digit)
            if overflowA || overflowB || next > 1 << 62 { return nil }
            number = next
            index += 1
        }
        guard index > start else { return nil }
        return negative ? -number : number
    }
}
