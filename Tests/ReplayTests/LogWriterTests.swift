import GestureEngine
import Testing
import TouchTrace
@testable import Replay

/// The canonical log's spelling.
@Suite("Log writer")
struct LogWriterTests {
    func text(_ record: LogRecord, _ format: LogFormat = .text) -> String {
        let writer = LogWriter(format: format)
        writer.write(record)
        return String(decoding: writer.take(), as: UTF8.self)
    }

    @Test("A view's touches print with time right-aligned, touch ids and two-decimal points")
    func touchesLine() {
        let line = text(LogRecord(time: 16_000, kind: .touches(view: "map", phase: .began,
                                                                 touches: [TouchPoint(touch: 1, x: 10, y: 20.125)])))
        #expect(line == "     16000 view map began #1(10.00,20.13)\n")
    }

    @Test("A touch whose own time differs from the line's prints it after its point")
    func touchTimestamp() {
        let touches = [TouchPoint(touch: 1, x: 10, y: 20, timestamp: 499), TouchPoint(touch: 2, x: 1, y: 2)]
        let record = LogRecord(time: 150_000, kind: .touches(view: "map", phase: .began, touches: touches))
        #expect(text(record) == "    150000 view map began #1(10.00,20.00)@499 #2(1.00,2.00)\n")
        #expect(text(record, .jsonl) == #"{"t":150000,"view":"map","touches":"began","points":[{"id":1,"x":10.00,"y":20.00,"t":499},{"id":2,"x":1.00,"y":2.00}]}"# + "\n")
    }

    @Test("A touch's own time prints in full at every width, negative and past ten digits")
    func touchTimestampWidths() {
        let times: [Int64] = [0, 7, 10_000, 99_999_999, 100_000_000, 1_234_567_890, 9_999_999_999,
                              10_000_000_000, -1, -123_456_789_012, .max, .min]
        let touches = times.map { TouchPoint(touch: 3, x: 1, y: 2, timestamp: $0) }
        let record = LogRecord(time: 5, kind: .touches(view: "v", phase: .ended, touches: touches))
        #expect(text(record) == "         5 view v ended" + times.map { " #3(1.00,2.00)@\($0)" }.joined() + "\n")
        #expect(text(record, .jsonl) == #"{"t":5,"view":"v","touches":"ended","points":["#
            + times.map { #"{"id":3,"x":1.00,"y":2.00,"t":\#($0)}"# }.joined(separator: ",") + "]}\n")
    }

    @Test("Touch ids print in full on both sides of the four-digit fast path")
    func touchIdentifiers() {
        let ids: [UInt32] = [0, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 123_456, 10_000_000,
                             99_999_999, 100_000_000, 1_000_000_007, .max]
        let record = LogRecord(time: 2, kind: .touches(view: "v", phase: .moved,
                                                       touches: ids.map { TouchPoint(touch: $0, x: 0.5, y: 9_999.99) }))
        #expect(text(record) == "         2 view v moved" + ids.map { " #\($0)(0.50,9999.99)" }.joined() + "\n")
        #expect(text(record, .jsonl) == #"{"t":2,"view":"v","touches":"moved","points":["#
            + ids.map { #"{"id":\#($0),"x":0.50,"y":9999.99}"# }.joined(separator: ",") + "]}\n")
    }

    @Test("Coordinates of every width print in a view line, with their separators")
    func coordinateWidths() {
        let touches = [TouchPoint(touch: 1, x: 0, y: 9.995), TouchPoint(touch: 2, x: 99.995, y: 999.994),
                       TouchPoint(touch: 3, x: 9_999.995, y: -0.004), TouchPoint(touch: 4, x: -12.5, y: 123_456.785)]
        let record = LogRecord(time: 9, kind: .touches(view: "v", phase: .ended, touches: touches))
        #expect(text(record) == "         9 view v ended #1(0.00,9.99) #2(100.00,999.99) #3(10000.00,0.00) #4(-12.50,123456.79)\n")
    }

    @Test("A view line without touches is its prefix alone")
    func emptyTouchesLine() {
        let record = LogRecord(time: -5, kind: .touches(view: "v", phase: .cancelled, touches: []))
        #expect(text(record) == "        -5 view v cancelled\n")
        #expect(text(record, .jsonl) == #"{"t":-5,"view":"v","touches":"cancelled","points":[]}"# + "\n")
    }

    @Test("Lines of different views and phases, interleaved, each name their own view and phase")
    func interleavedViews() {
        let long = String(repeating: "wide-view-", count: 12) + "\"end\""
        let lines: [(String, ViewTouchPhase)] = [("a", .moved), ("b", .moved), ("a", .moved), ("a", .began), (long, .moved), ("a", .moved)]
        for format in [LogFormat.text, .jsonl] {
            let writer = LogWriter(format: format)
            for (view, phase) in lines {
                writer.write(LogRecord(time: 1, kind: .touches(view: view, phase: phase, touches: [TouchPoint(touch: 0, x: 1, y: 2)])))
            }
            let expected = lines.map { view, phase in
                text(LogRecord(time: 1, kind: .touches(view: view, phase: phase, touches: [TouchPoint(touch: 0, x: 1, y: 2)])), format)
            }
            #expect(String(decoding: writer.take(), as: UTF8.self) == expected.joined())
            let quoted = String(repeating: "wide-view-", count: 12) + #"\"end\""#
            #expect(expected[4].contains(format == .text ? " view \(long) moved #0" : #""view":"\#(quoted)","touches":"moved""#))
        }
    }

    @Test("Recognizers taking turns in one state, two and then three of them, each name themselves")
    func interleavedActions() {
        // A slot keeps the name it holds and the one before (LinePrefixes): two names taking
        // turns swap, a third replaces the older, and each line must still name its own.
        let turns = ["pan", "pinch", "pan", "pan", "pinch", "rotation", "pan", "rotation", "pinch", "pinch", "pan"]
        let values = ActionValues(location: Point(x: 1, y: 2), numberOfTouches: 2)
        for format in [LogFormat.text, .jsonl] {
            let writer = LogWriter(format: format)
            for name in turns { writer.write(LogRecord(time: 7, kind: .action(recognizer: name, state: .changed, values: values))) }
            let expected = turns.map { text(LogRecord(time: 7, kind: .action(recognizer: $0, state: .changed, values: values)), format) }
            #expect(String(decoding: writer.take(), as: UTF8.self) == expected.joined())
            #expect(expected[5].contains(format == .text ? " action rotation changed touches=2" : #""action":"rotation","state":"changed""#))
        }
    }

    @Test("Times fill ten columns right-aligned at every width, wider or negative ones push the line right, and JSON prints their digits alone")
    func timeColumnWidths() {
        let times: [Int64] = [0, 7, 10, 1_000, 99_999_999, 100_000_000, 123_456_789, 999_999_999, 1_000_000_000,
                              9_999_999_999, 10_000_000_000, -1, -123_456_789, .max, .min]
        for time in times {
            let digits = String(time)
            let column = String(repeating: " ", count: max(0, 10 - digits.count)) + digits
            #expect(text(LogRecord(time: time, kind: .touches(view: "v", phase: .moved, touches: []))) == column + " view v moved\n")
            #expect(text(LogRecord(time: time, kind: .state(recognizer: "r", from: .possible, to: .began))) == column + " state r possible -> began\n")
            #expect(text(LogRecord(time: time, kind: .touches(view: "v", phase: .moved, touches: [])), .jsonl)
                == #"{"t":\#(digits),"view":"v","touches":"moved","points":[]}"# + "\n")
        }
    }

    @Test("State lines spelled once per recognizer and pair of states are the lines spelled in full, past the spellings' capacity too")
    func spelledStateLines() {
        // Names that need quoting, one repeated by two recognizers, and more recognizers than
        // `StateLineSpellings` holds: those beyond it are written in full.
        let names = ["pan", "pinch", "pan", "a \"quoted\" name", "zoom"]
        let recognizers = (0..<12).map { GestureRecognizer(kind: .continuous, name: names[$0 % names.count]) }
        let states = GestureRecognizer.State.allCases.map { RecognizerStateName($0, kind: .continuous) } + [.recognized]
        for format in [LogFormat.text, .jsonl] {
            let writer = LogWriter(format: format)
            let spellings = StateLineSpellings(capacity: 7)
            var expected = ""
            let times: [Int64] = [-3, 0, 7, 123_456_789, 10_000_000_000, .max, .min]
            for round in 0..<3 {
                for (index, recognizer) in recognizers.enumerated() {
                    let from = states[(index + round) % states.count], to = states[(index * 3 + round) % states.count]
                    let time = times[(index + round) % times.count]
                    writer.state(time: time, of: recognizer, from: from, to: to, spellings: spellings)
                    expected += text(LogRecord(time: time, kind: .state(recognizer: recognizer.name, from: from, to: to)), format)
                }
            }
            #expect(String(decoding: writer.take(), as: UTF8.self) == expected)
        }
    }

    @Test("A state change prints both states")
    func stateLine() {
        let line = text(LogRecord(time: 0, kind: .state(recognizer: "pan", from: .possible, to: .began)))
        #expect(line == "         0 state pan possible -> began\n")
    }

    @Test("Every state's word prints whole in state and action lines, in text and JSON")
    func everyStateWord() {
        let names = GestureRecognizer.State.allCases.map { RecognizerStateName($0, kind: .continuous) } + [.recognized]
        let values = ActionValues(location: Point(x: 1, y: 2), numberOfTouches: 1)
        for from in names {
            for to in names {
                #expect(text(LogRecord(time: 9, kind: .state(recognizer: "r", from: from, to: to)))
                    == "         9 state r \(from.rawValue) -> \(to.rawValue)\n")
                #expect(text(LogRecord(time: 9, kind: .state(recognizer: "r", from: from, to: to)), .jsonl)
                    == #"{"t":9,"recognizer":"r","from":"\#(from.rawValue)","to":"\#(to.rawValue)"}"# + "\n")
            }
            #expect(text(LogRecord(time: 9, kind: .action(recognizer: "r", state: from, values: values)))
                == "         9 action r \(from.rawValue) touches=1 at=(1.00,2.00)\n")
            #expect(text(LogRecord(time: 9, kind: .action(recognizer: "r", state: from, values: values)), .jsonl)
                == #"{"t":9,"action":"r","state":"\#(from.rawValue)","touches":1,"location":[1.00,2.00]}"# + "\n")
        }
        #expect(Set(names.map(\.rawValue)) == ["possible", "began", "changed", "ended", "cancelled", "failed", "recognized"])
    }

    @Test("An action prints only the values its recognizer has")
    func actionLine() {
        let values = ActionValues(location: Point(x: 1, y: 2), numberOfTouches: 2, scale: 1.5, scalarVelocity: -0.25)
        let line = text(LogRecord(time: 5, kind: .action(recognizer: "pinch", state: .changed, values: values)))
        #expect(line == "         5 action pinch changed touches=2 at=(1.00,2.00) scale=1.5000 velocity=-0.2500\n")
    }

    @Test("JSON Lines spell the same action as one object")
    func actionJSON() {
        let values = ActionValues(
            location: Point(x: 1, y: 2), numberOfTouches: 1, translation: Vector(dx: 3, dy: -4), velocity: Vector(dx: 0, dy: 0))
        let line = text(LogRecord(time: 7, kind: .action(recognizer: "pan", state: .began, values: values)), .jsonl)
        #expect(line == #"{"t":7,"action":"pan","state":"began","touches":1,"location":[1.00,2.00],"translation":[3.00,-4.00],"velocity":[0.00,0.00]}"# + "\n")
    }

    /// A unistroke's values and three of the recognizer's own, set in the order they print.
    private func customValues() -> ActionValues {
        var values = ActionValues(location: Point(x: 1, y: 2), numberOfTouches: 1, match: "circle", score: 0.875)
        values[custom: "progress"] = .number(0.5)
        values[custom: "strokes"] = .integer(-3)
        values[custom: "shape"] = .text("open \"loop\"\n")
        return values
    }

    @Test("Custom values print after the standard ones, in the order first set: a number with four decimals, an integer, a text quoted")
    func customValuesInText() {
        let line = text(LogRecord(time: 5, kind: .action(recognizer: "stroke", state: .recognized, values: customValues())))
        #expect(line == #"         5 action stroke recognized touches=1 at=(1.00,2.00) match=circle score=0.8750 progress=0.5000 strokes=-3 shape="open \"loop\"\n""# + "\n")
    }

    @Test("JSON Lines print custom values as members after the standard ones")
    func customValuesInJSON() throws {
        let line = text(LogRecord(time: 5, kind: .action(recognizer: "stroke", state: .recognized, values: customValues())), .jsonl)
        #expect(line == #"{"t":5,"action":"stroke","state":"recognized","touches":1,"location":[1.00,2.00],"match":"circle","score":0.8750,"progress":0.5000,"strokes":-3,"shape":"open \"loop\"\n"}"# + "\n")
        _ = try JSONParser.parse(Array(line.utf8.dropLast()))
    }

    @Test("A custom number that is not finite prints as nan or inf in text and null in JSON Lines")
    func customValuesNotFinite() {
        var values = ActionValues(location: Point(x: 1, y: 2), numberOfTouches: 1)
        values[custom: "ratio"] = .number(-.infinity)
        let record = LogRecord(time: 5, kind: .action(recognizer: "r", state: .changed, values: values))
        #expect(text(record).hasSuffix(" ratio=-inf\n"))
        #expect(text(record, .jsonl).hasSuffix(#","ratio":null}"# + "\n"))
    }

    @Test("Values too large for fixed point print with an exponent; values that are not finite print as inf or nan in text")
    func outOfRangeValuesInText() {
        let values = ActionValues(
            location: Point(x: 1, y: 2), numberOfTouches: 2, velocity: Vector(dx: .infinity, dy: 1e300), scale: 1e16, scalarVelocity: -.infinity)
        let line = text(LogRecord(time: 5, kind: .action(recognizer: "pinch", state: .changed, values: values)))
        #expect(line == "         5 action pinch changed touches=2 at=(1.00,2.00) velocity=(inf,1e+300) scale=1e+16 velocity=-inf\n")
    }

    @Test("JSON Lines print values that are not finite as null, so every line stays JSON")
    func notFiniteValuesInJSON() throws {
        let values = ActionValues(
            location: Point(x: 1, y: 2), numberOfTouches: 1, translation: Vector(dx: .nan, dy: 1e300), velocity: Vector(dx: 3, dy: -.infinity))
        let pan = text(LogRecord(time: 7, kind: .action(recognizer: "pan", state: .changed, values: values)), .jsonl)
        #expect(pan == #"{"t":7,"action":"pan","state":"changed","touches":1,"location":[1.00,2.00],"translation":[null,1e+300],"velocity":[3.00,null]}"# + "\n")
        _ = try JSONParser.parse(Array(pan.utf8.dropLast()))
        let scalars = ActionValues(location: Point(x: 1, y: 2), numberOfTouches: 2, scale: .infinity, rotation: 1e16, scalarVelocity: -.nan)
        let line = text(LogRecord(time: 7, kind: .action(recognizer: "pinch", state: .changed, values: scalars)), .jsonl)
        #expect(line == #"{"t":7,"action":"pinch","state":"changed","touches":2,"location":[1.00,2.00],"scale":null,"rotation":1e+16,"velocity":null}"# + "\n")
        _ = try JSONParser.parse(Array(line.utf8.dropLast()))
    }

    @Test("JSON Lines escape quotes, backslashes and control characters as JSON's short escapes or \\u00xx")
    func controlCharactersInJSON() {
        let name = "a\"b\\c\u{8}\u{C}\n\r\t\u{1}\u{1F}é"
        let line = text(LogRecord(time: 3, kind: .state(recognizer: name, from: .possible, to: .failed)), .jsonl)
        #expect(line == #"{"t":3,"recognizer":"a\"b\\c\b\f\n\r\t\u0001\u001fé","from":"possible","to":"failed"}"# + "\n")
    }

    @Test("Negative values that round to zero print as zero")
    func noNegativeZero() {
        #expect(FixedPoint.format(-0.001, decimals: 2) == "0.00")
        #expect(FixedPoint.format(-1.005, decimals: 1) == "-1.0")
        #expect(FixedPoint.format(-12.5, decimals: 0) == "-13")
    }

    @Test("Draining whole blocks hands over only whole blocks and keeps the rest for the next drain")
    func drainWholeBlocks() throws {
        let writer = LogWriter(format: .text)
        for n in 0..<10 { writer.note(time: Int64(n), text: "note \(n)") }
        let whole = writer.bytes
        var first: [UInt8] = []
        try writer.drain(into: &first, wholeBlocksOf: 64)
        #expect(first.count == whole.count / 64 * 64)
        #expect(writer.count == whole.count % 64)
        var rest: [UInt8] = []
        try writer.drain(into: &rest)
        #expect(first + rest == whole)
        #expect(writer.count == 0)
    }
}
