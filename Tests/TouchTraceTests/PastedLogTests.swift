import Foundation
import TestSupport
import Testing
@testable import TouchTrace

/// evtest and getevent logs as people paste them into bug reports: with the command they typed, a
/// Markdown fence or a shell prompt around the log, a last line cut short, a header pasted from its
/// middle. Each reads as the bare log does, with a warning saying what was left out.
@Suite("evtest and getevent logs pasted with text around them")
struct PastedLogTests {
    /// The device header of a fixture log (an Atmel touchscreen: slots, positions, tracking ids,
    /// BTN_TOUCH, INPUT_PROP_DIRECT), from `Input driver version` to `Testing ...`.
    private static let header: String = {
        let lines = (try? String(contentsOfFile: Fixtures.path("logs/pinch-protocol-b.evtest.txt"), encoding: .utf8))?
            .components(separatedBy: "\n") ?? []
        let first = lines.firstIndex { $0.hasPrefix("Input driver version") } ?? 0
        let last = lines.firstIndex { $0.hasPrefix("Testing ...") } ?? 0
        return lines[first...last].joined(separator: "\n") + "\n"
    }()

    /// One tap: down, a move, up.
    private static let events = """
        Event: time 20.000000, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value 7
        Event: time 20.000000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 400
        Event: time 20.000000, type 3 (EV_ABS), code 54 (ABS_MT_POSITION_Y), value 150
        Event: time 20.000000, type 1 (EV_KEY), code 330 (BTN_TOUCH), value 1
        Event: time 20.000000, -------------- SYN_REPORT ------------
        Event: time 20.015000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 404
        Event: time 20.015000, -------------- SYN_REPORT ------------
        Event: time 20.030000, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value -1
        Event: time 20.030000, type 1 (EV_KEY), code 330 (BTN_TOUCH), value 0
        Event: time 20.030000, -------------- SYN_REPORT ------------

        """

    private static func read(evtest text: String) throws -> (TraceDocument, [FormatWarning]) {
        try EvtestFormat.read(bytes: Array(text.utf8), file: "pasted.evtest")
    }

    /// The number of the first line of `text` that starts with `prefix`.
    private static func line(startingWith prefix: String, in text: String) -> Int {
        (text.components(separatedBy: "\n").firstIndex { $0.hasPrefix(prefix) } ?? -1) + 1
    }

    private static func touches(_ document: TraceDocument) -> [TouchPhase] {
        document.events.compactMap { if case .touch(let sample) = $0 { sample.phase } else { nil } }
    }

    @Test("The command typed and a Markdown fence before an evtest log, and a fence after it, are ignored with a warning each")
    func textAroundTheLog() throws {
        let (bare, bareWarnings) = try Self.read(evtest: Self.header + Self.events)
        let log = "$ sudo evtest /dev/input/event6\n```\n" + Self.header + Self.events
        let pasted = log + "```\n\nThanks for any help!\n"
        let (read, warnings) = try Self.read(evtest: pasted)

        #expect(Self.touches(bare) == [.down, .motion, .up])
        #expect(read.events == bare.events)
        #expect(bareWarnings.isEmpty)
        // The closing fence is the line after the log's last.
        #expect(warnings.map(\.location) == [.line(1), .line(log.components(separatedBy: "\n").count)])
        #expect(warnings.first?.message.hasPrefix("the 2 lines before the log, this one first, are not evtest output and are ignored") == true)
        #expect(warnings.last?.message.hasPrefix("this line and the 1 after it are not evtest output and are ignored (text after the log?)") == true)
    }

    @Test("A last line cut short is ignored with a warning whether or not a line feed follows it", arguments: ["", "\n", "\n\n"])
    func lastLineCutShort(ending: String) throws {
        let cut = Self.header + Self.events + "Event: time 20.045000, type 3 (EV_A" + ending
        let (read, warnings) = try Self.read(evtest: cut)
        let (bare, _) = try Self.read(evtest: Self.header + Self.events)

        #expect(read.events == bare.events)
        #expect(warnings.map(\.location) == [.line(Self.line(startingWith: "Event: time 20.045000", in: cut))])
        #expect(warnings.first?.message.hasPrefix("the log ends inside this line, which is ignored") == true)
    }

    @Test("A last event line cut short at a blank, with text after the log, is ignored with that text from its own line", arguments: [
        "type 3 (EV_ABS),", "type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X),",
    ])
    func lastLineCutAtABlankBeforeText(cut: String) throws {
        let log = Self.header + Self.events + "Event: time 20.045000, " + cut + "\n"
        let pasted = log + "```\n\nThanks for any help!\n"
        let (read, warnings) = try Self.read(evtest: pasted)
        let (bare, _) = try Self.read(evtest: Self.header + Self.events)

        #expect(read.events == bare.events)
        #expect(warnings.map(\.location) == [.line(Self.line(startingWith: "Event: time 20.045000", in: pasted))])
        #expect(warnings.first?.message.hasPrefix("this line and the 2 after it are not evtest output and are ignored (text after the log?): expected") == true)
    }

    /// `text` with every event line longer than `width` broken at its last blanks before that
    /// column, as a mail client wraps a pasted log (evtest's event lines are 60 to 90 characters).
    private static func wrapped(_ text: String, at width: Int) -> String {
        text.components(separatedBy: "\n").flatMap { line -> [String] in
            guard line.hasPrefix("Event:") else { return [line] }
            var rest = Substring(line), parts: [String] = []
            while rest.count > width, let cut = rest.prefix(width).lastIndex(of: " ") {
                parts.append(String(rest[..<cut]))
                rest = rest[rest.index(after: cut)...]
            }
            return parts + [String(rest)]
        }.joined(separator: "\n")
    }

    @Test("An evtest log whose event lines a mail client wrapped (the code's name or the value on the next line), quoted or not, reads as the bare log", arguments: [
        (72, ""), (60, ""), (50, ""), (40, ""), (72, "> "),
    ])
    func wrappedEvtestLog(width: Int, quote: String) throws {
        let (bare, _) = try Self.read(evtest: Self.header + Self.events)
        let mail = Self.wrapped(Self.header + Self.events, at: width).components(separatedBy: "\n").map { quote + $0 }.joined(separator: "\n")
        let (read, warnings) = try Self.read(evtest: mail)

        #expect(mail.components(separatedBy: "\n").count > (Self.header + Self.events).components(separatedBy: "\n").count)
        #expect(read.header.devices == bare.header.devices)
        #expect(read.events == bare.events)
        #expect(warnings.isEmpty)
    }

    @Test("A run of marks is a separator's wrapped closing marks only on the line right after it: with another line between, inside the log, it is an error at its line",
          arguments: ["\n", "Testing ... (interrupt to exit)\n", "\(String(repeating: "*", count: 47))\nThis device is grabbed by another process.\n\(String(repeating: "*", count: 47))\n"])
    func marksAfterALineBetween(between: String) throws {
        let first = "Event: time 20.000000, -------------- SYN_REPORT ------------\n"
        let broken = Self.header + Self.events.replacingOccurrences(of: first, with: first + between + "------------\n")
        #expect(broken != Self.header + Self.events)
        #expect {
            _ = try Self.read(evtest: broken)
        } throws: { error in
            (error as? TraceInputError)?.location == .line(Self.line(startingWith: "------------", in: broken)) && "\(error)".contains("not an evtest line")
        }
    }

    @Test("A separator's closing marks wrapped onto the next line read as the unwrapped separator")
    func closingMarksOnTheNextLine() throws {
        let first = "Event: time 20.000000, -------------- SYN_REPORT ------------\n"
        let wrapped = Self.events.replacingOccurrences(of: first, with: "Event: time 20.000000, -------------- SYN_REPORT\n------------\n")
        let (bare, _) = try Self.read(evtest: Self.header + Self.events)
        let (read, warnings) = try Self.read(evtest: Self.header + wrapped)

        #expect(wrapped != Self.events)
        #expect(read.events == bare.events)
        #expect(warnings.isEmpty)
    }

    @Test("An event line that ends early and is not continued is an error at its own line, as before")
    func unfinishedEventLine() throws {
        let broken = Self.header + Self.events.replacingOccurrences(
            of: "Event: time 20.015000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 404", with: "Event: time 20.015000, type 3 (EV_ABS), code 53")
        #expect {
            _ = try Self.read(evtest: broken)
        } throws: { error in
            (error as? TraceInputError)?.location == .line(Self.line(startingWith: "Event: time 20.015000, type 3", in: broken))
        }
    }

    @Test("A line that does not read is an error at its line when log lines follow it")
    func unreadableLineInsideTheLog() throws {
        let broken = Self.header + Self.events.replacingOccurrences(
            of: "Event: time 20.015000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 404", with: "```")
        #expect {
            _ = try Self.read(evtest: broken)
        } throws: { error in
            (error as? TraceInputError)?.location == .line(Self.line(startingWith: "```", in: broken)) && "\(error)".contains("not an evtest line")
        }
    }

    @Test("A file none of whose lines reads is an error at its first line, not a log with text around it")
    func nothingReads() throws {
        #expect {
            _ = try Self.read(evtest: "hello\nworld\n")
        } throws: { error in
            (error as? TraceInputError)?.location == .line(1)
        }
    }

    @Test("A header pasted from Properties: on lists no axes: the device is inferred from the events, its properties kept")
    func headerFromItsMiddle() throws {
        let tail = Self.header.components(separatedBy: "\n").drop { !$0.hasPrefix("Properties:") }.joined(separator: "\n")
        let (read, warnings) = try Self.read(evtest: tail + Self.events)
        let device = try #require(read.header.devices.first)

        #expect(Self.touches(read) == [.down, .motion, .up])
        #expect(device.kind == .touchscreen)
        #expect(device.x == AxisRange(minimum: 0, maximum: 404))
        #expect(warnings.map(\.message) == [
            "the log's description of the device lists no events (a header cut short?): its ranges are inferred from the events (from 0, or the least value seen below it, to the largest value seen)",
        ])
    }

    @Test("A timed getevent log (-lt) after a prompt or a fence reads as without it: the line that does not read decides nothing", arguments: [
        "haydn:/ # getevent -lt", "```", "$ adb shell getevent -lt",
    ])
    func timedGeteventAfterText(before: String) throws {
        let log = """
            add device 1: /dev/input/event3
              name:     "fts_ts"
            [   81594.155379] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   00000005
            [   81594.155379] /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    0000021d
            [   81594.155379] /dev/input/event3: EV_ABS       ABS_MT_POSITION_Y    00000577
            [   81594.155379] /dev/input/event3: EV_SYN       SYN_REPORT           00000000
            [   81594.175379] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [   81594.175379] /dev/input/event3: EV_SYN       SYN_REPORT           00000000

            """
        let (bare, bareWarnings) = try GeteventFormat.read(bytes: Array(log.utf8), file: "bare.getevent")
        let (read, warnings) = try GeteventFormat.read(bytes: Array((before + "\n" + log).utf8), file: "pasted.getevent")

        #expect(Self.touches(bare) == [.down, .up])
        #expect(read.events == bare.events)
        // The line before, then the bare log's own (its device has no -p description), a line later.
        #expect(warnings.map(\.location) == [.line(1)] + bareWarnings.map { warning in
            if case .line(let line) = warning.location { .line(line + 1) } else { warning.location }
        })
    }

    @Test("A Markdown rule (***) before an evtest log is text before the log, not evtest's grab notice swallowing the header")
    func markdownRuleBeforeTheLog() throws {
        let (bare, _) = try Self.read(evtest: Self.header + Self.events)
        let (read, warnings) = try Self.read(evtest: "***\n" + Self.header + Self.events)

        #expect(read.header.devices == bare.header.devices)
        #expect(read.events == bare.events)
        #expect(warnings.map(\.location) == [.line(1)])
    }

    @Test("A getevent log after the shell prompt and command that printed it is recognised, and the prompt line ignored")
    func geteventAfterItsPrompt() throws {
        let log = """
            haydn:/ # getevent -l
            add device 1: /dev/input/event3
              name:     "fts_ts"
            /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   00000005
            /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    0000021d
            /dev/input/event3: EV_ABS       ABS_MT_POSITION_Y    00000577
            /dev/input/event3: EV_SYN       SYN_REPORT           00000000
            /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            /dev/input/event3: EV_SYN       SYN_REPORT           00000000

            """
        let bytes = Array(log.utf8)
        let (read, warnings) = try GeteventFormat.read(bytes: bytes, file: "pasted.getevent")

        #expect(TraceFormat.detect(prefix: bytes) == .getevent)
        #expect(Self.touches(read) == [.down, .up])
        #expect(warnings.first?.location == .line(1))
        #expect(warnings.first?.message.hasPrefix("this line, before the log, is not getevent output and is ignored") == true)
    }

    /// `text` with `indent` before every line that holds something, as a Markdown list item or a
    /// reStructuredText code block pastes a log.
    private static func indented(_ text: String, by indent: String) -> String {
        text.components(separatedBy: "\n").map { $0.isEmpty ? $0 : indent + $0 }.joined(separator: "\n")
    }

    @Test("An evtest log indented as a whole, after the indented command that printed it, reads as the bare log: same device, same touches", arguments: ["  ", "       ", "\t"])
    func indentedEvtestLog(indent: String) throws {
        let (bare, _) = try Self.read(evtest: Self.header + Self.events)
        let pasted = Self.indented("root@kvm:~# evtest /dev/input/event2\n" + Self.header + Self.events, by: indent)
        let (read, warnings) = try Self.read(evtest: pasted)

        #expect(TraceFormat.detect(prefix: Array(pasted.utf8)) == .evtest)
        #expect(read.header.devices == bare.header.devices)
        #expect(read.events == bare.events)
        #expect(warnings.map(\.location) == [.line(1)])
    }

    @Test("A getevent -p and -lt log indented as a whole reads as the bare log, its -p ranges kept")
    func indentedGeteventLog() throws {
        let log = """
            add device 1: /dev/input/event3
              name:     "fts_ts"
              events:
                KEY (0001): BTN_TOUCH
                ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_Y     : value 0, min 0, max 2399, fuzz 0, flat 0, resolution 0
                            ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
              input props:
                INPUT_PROP_DIRECT
            [   81594.155379] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   00000005
            [   81594.155379] /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    0000021d
            [   81594.155379] /dev/input/event3: EV_ABS       ABS_MT_POSITION_Y    00000577
            [   81594.155379] /dev/input/event3: EV_SYN       SYN_REPORT           00000000
            [   81594.175379] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [   81594.175379] /dev/input/event3: EV_SYN       SYN_REPORT           00000000

            """
        let (bare, bareWarnings) = try GeteventFormat.read(bytes: Array(log.utf8), file: "bare.getevent")
        let pasted = Array(Self.indented(log, by: "    ").utf8)
        let (read, warnings) = try GeteventFormat.read(bytes: pasted, file: "pasted.getevent")

        #expect(TraceFormat.detect(prefix: pasted) == .getevent)
        #expect(bare.header.devices.first?.x.maximum == 1079)
        #expect(read.header.devices == bare.header.devices)
        #expect(read.events == bare.events)
        #expect(warnings.map(\.message) == bareWarnings.map(\.message))
    }

    @Test("An evtest log quoted in a mail reply (every line after > marks, nested or not), under a quoted sentence, reads as the bare log", arguments: ["> ", "> > > > ", ">> ", ">"])
    func mailQuotedEvtestLog(quote: String) throws {
        let (bare, _) = try Self.read(evtest: Self.header + Self.events)
        let quoted = ("The touchscreen reports this:\n\n" + Self.header + Self.events).components(separatedBy: "\n")
            .map { quote + $0 }.joined(separator: "\n")
        let (read, warnings) = try Self.read(evtest: quoted)

        #expect(TraceFormat.detect(prefix: Array(quoted.utf8)) == .evtest)
        #expect(read.header.devices == bare.header.devices)
        #expect(read.events == bare.events)
        #expect(warnings.map(\.location) == [.line(1)])
    }

    @Test("A getevent -lt log quoted in a mail reply reads as the bare log")
    func mailQuotedGeteventLog() throws {
        let log = """
            [   81594.155379] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   00000005
            [   81594.155379] /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    0000021d
            [   81594.155379] /dev/input/event3: EV_ABS       ABS_MT_POSITION_Y    00000577
            [   81594.155379] /dev/input/event3: EV_SYN       SYN_REPORT           00000000
            [   81594.175379] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [   81594.175379] /dev/input/event3: EV_SYN       SYN_REPORT           00000000

            """
        let (bare, bareWarnings) = try GeteventFormat.read(bytes: Array(log.utf8), file: "bare.getevent")
        let quoted = Array(log.components(separatedBy: "\n").map { "> > " + $0 }.joined(separator: "\n").utf8)
        let (read, warnings) = try GeteventFormat.read(bytes: quoted, file: "quoted.getevent")

        #expect(TraceFormat.detect(prefix: quoted) == .getevent)
        #expect(read.header.devices == bare.header.devices)
        #expect(read.events == bare.events)
        #expect(warnings.map(\.message) == bareWarnings.map(\.message))
    }

    @Test("In an indented paste, a line indented less than the log after its start is text after the log, as unindented")
    func indentedLogThenText() throws {
        let pasted = Self.indented(Self.header + Self.events, by: "  ") + "Thanks!\n"
        let (bare, _) = try Self.read(evtest: Self.header + Self.events)
        let (read, warnings) = try Self.read(evtest: pasted)

        #expect(read.events == bare.events)
        #expect(warnings.map(\.location) == [.line(pasted.components(separatedBy: "\n").count - 1)])
    }

    @Test("Unprefixed events after the getevent -lp blocks of two devices (two outputs in one file) are an error at the first, saying why, not a log without events")
    func unprefixedEventsAfterSeveralDevices() {
        let text = """
            add device 1: /dev/input/event0
              name:     "gpio-keys"
            add device 2: /dev/input/event2
              name:     "fts_ts"
            [      28.047829] EV_ABS       ABS_MT_TRACKING_ID   00000001
            [      28.047829] EV_ABS       ABS_MT_POSITION_X    00002000
            [      28.047829] EV_ABS       ABS_MT_POSITION_Y    00002000
            [      28.047829] EV_SYN       SYN_REPORT           00000000

            """
        #expect {
            try GeteventFormat.read(bytes: Array(text.utf8), file: "two-outputs.getevent")
        } throws: { error in
            guard let error = error as? TraceInputError else { return false }
            return error.location == .line(5) && error.message.contains("an event without a device in a log of 2 devices")
        }
    }

    /// The layout of a real blog post's `getevent -pl` (a Xiaomi Mi Mix 2, synaptics_dsx): its
    /// Markdown code block put `add device` and the lines under it four blanks in alike.
    private static let flattenedBlock = """
            chiron:/ $ getevent -pl
            add device 7: /dev/input/event1
            name:     "synaptics_dsx"
            events:
                KEY (0001): KEY_WAKEUP            BTN_TOOL_FINGER       BTN_TOUCH
                ABS (0003): ABS_MT_SLOT           : value 9, min 0, max 9, fuzz 0, flat 0, resolution 0
                            ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_Y     : value 0, min 0, max 2159, fuzz 0, flat 0, resolution 0
                            ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
            input props:
                INPUT_PROP_DIRECT

        """

    private static let labelledTap = """
            /dev/input/event1: EV_ABS       ABS_MT_TRACKING_ID   0000504c
            /dev/input/event1: EV_KEY       BTN_TOUCH            DOWN
            /dev/input/event1: EV_ABS       ABS_MT_POSITION_X    00000037
            /dev/input/event1: EV_ABS       ABS_MT_POSITION_Y    0000008d
            /dev/input/event1: EV_SYN       SYN_REPORT           00000000
            /dev/input/event1: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            /dev/input/event1: EV_KEY       BTN_TOUCH            UP
            /dev/input/event1: EV_SYN       SYN_REPORT           00000000

        """

    @Test("A getevent -pl block whose name:, events: and input props: lines stand where its add device line does is read as the device's block")
    func flattenedDeviceBlock() throws {
        let text = Array((Self.flattenedBlock + Self.labelledTap).utf8)
        let (read, _) = try GeteventFormat.read(bytes: text, file: "blog.getevent")
        let device = try #require(read.header.devices.first)

        #expect(device.name == "synaptics_dsx")
        #expect(device.kind == .touchscreen)
        #expect(device.x.maximum == 1079 && device.y.maximum == 2159)
        let phases = read.events.compactMap { event -> TouchPhase? in
            if case .touch(let sample) = event { return sample.phase }
            return nil
        }
        #expect(phases == [.down, .up])
    }

    @Test("A # comment someone added after a getevent event line is ignored: the events read as without it")
    func commentAfterEvent() throws {
        let bare = """
            /dev/input/event1: 0003 0039 0000504d
            /dev/input/event1: 0003 0035 00000037
            /dev/input/event1: 0003 0036 0000008d
            /dev/input/event1: 0000 0000 00000000
            /dev/input/event1: 0003 0039 ffffffff
            /dev/input/event1: 0000 0000 00000000

            """
        let labels = ["ABS_MT_TRACKING_ID", "ABS_MT_POSITION_X", "ABS_MT_POSITION_Y", "SYN_REPORT", "ABS_MT_TRACKING_ID", "SYN_REPORT"]
        let commented = zip(bare.split(separator: "\n"), labels).map { "    \($0)        # \($1)  " }.joined(separator: "\n") + "\n"
        let (expected, _) = try GeteventFormat.read(bytes: Array(bare.utf8), file: "bare.getevent")
        let (read, _) = try GeteventFormat.read(bytes: Array(commented.utf8), file: "blog.getevent")

        #expect(TraceFormat.detect(prefix: Array(commented.utf8)) == .getevent)
        #expect(read.events == expected.events)
        #expect(read.events.isEmpty == false)
    }
}
