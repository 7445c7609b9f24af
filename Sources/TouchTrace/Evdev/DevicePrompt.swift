/// The device prompt `evemu-record` and `evtest` print on standard error when started without a
/// device, as a terminal session pasted into a bug report shows it:
///
///     Available devices:
///     /dev/input/event0:	Power Button
///     /dev/input/event5:	Atmel maXTouch Touchscreen
///     Select the device event number [0-5]: 5
///
/// Both tools print it in the same words (evemu-record's `find_event_devices` comes from evtest's
/// `scan_devices`), so what follows it decides which tool's output this is. The last line ends with
/// what was typed (the terminal's echo of the number); where standard error and output went to one
/// file or pipe (`2>&1 | tee`), the typed number is not there and the output's first line follows
/// the prompt on the same line (`…[0-5]: # EVEMU 1.3`), since the prompt ends without a line break.
enum DevicePrompt {
    enum Line: Equatable {
        /// `Available devices:`
        case heading
        /// `/dev/input/eventN:	NAME`
        case device
        /// `Select the device event number [0-N]: …`; `rest` is where text after the typed number
        /// begins (the output's first line), or nil when the line ends there.
        case prompt(rest: Int?)
        case other
    }

    static let heading = Array("Available devices:".utf8)
    static let devicePrefix = Array("/dev/input/".utf8)
    static let promptPrefix = Array("Select the device event number [".utf8)

    /// What `line` (without its line end) is.
    static func classify<Bytes: RandomAccessCollection>(_ line: Bytes) -> Line where Bytes.Element == UInt8, Bytes.Index == Int {
        if starts(line, with: heading) { return .heading }
        if starts(line, with: devicePrefix), line.contains(UInt8(ascii: ":")) { return .device }
        guard starts(line, with: promptPrefix) else { return .other }
        guard let close = line[line.startIndex...].firstIndex(of: UInt8(ascii: "]")),
            close + 1 < line.endIndex, line[close + 1] == UInt8(ascii: ":")
        else { return .other }
        var index = close + 2
        while index < line.endIndex, line[index] == UInt8(ascii: " ") { index += 1 }
        while index < line.endIndex, line[index] >= UInt8(ascii: "0"), line[index] <= UInt8(ascii: "9") { index += 1 }
        while index < line.endIndex, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") { index += 1 }
        return .prompt(rest: index < line.endIndex ? index : nil)
    }

    /// Where a prompt among `lines` ends: the index of its last line and where the output's text
    /// begins on it, if it does. The heading may come after other text (the command typed, a
    /// Markdown fence); only device lines may stand between it and the prompt. Nil when the lines
    /// hold no whole prompt.
    static func end(in lines: [Substring]) -> (line: Int, rest: Substring?)? {
        guard let start = lines.firstIndex(where: { classify(Array($0.utf8)) == .heading }) else { return nil }
        for index in lines.indices.dropFirst(start + 1) {
            let bytes = Array(lines[index].utf8)
            switch classify(bytes) {
            case .device: continue
            case .prompt(let rest):
                return (index, rest.map { Substring(String(decoding: bytes[$0...], as: UTF8.self)) })
            case .heading, .other: return nil
            }
        }
        return nil
    }

    private static func starts<Bytes: RandomAccessCollection>(_ line: Bytes, with prefix: [UInt8]) -> Bool where Bytes.Element == UInt8 {
        line.count >= prefix.count && zip(line, prefix).allSatisfy { $0 == $1 }
    }
}
