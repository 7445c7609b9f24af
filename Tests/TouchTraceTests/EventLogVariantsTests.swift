import Testing
@testable import TouchTrace

/// The spellings of `evtest` and `getevent` that older releases printed, and what they print
/// around the events, each read as the current spelling of the same events is.
@Suite("Older and other spellings of evtest and getevent logs")
struct EventLogVariantsTests {
    private static let evtestHeader = """
        Input driver version is 1.0.1
        Input device ID: bus 0x18 vendor 0x0 product 0x0 version 0x0
        Input device name: "Resistive Panel"
        Supported events:
          Event type 0 (Sync)
          Event type 3 (Absolute)
            Event code 48 (?)
              Value      0
              Min        0
              Max      255
            Event code 53 (?)
              Value      0
              Min        0
              Max      799
            Event code 54 (?)
              Value      0
              Min        0
              Max      479
        Testing ... (interrupt to exit)

        """

    /// Two frames of one protocol A contact; `report` and `contact` spell the two separators.
    private static func evtest(report: String, contact: String) -> String {
        evtestHeader + """
            Event: time 20.000000, type 3 (Absolute), code 53 (?), value 400
            Event: time 20.000000, type 3 (Absolute), code 54 (?), value 150
            Event: time 20.000000, type 3 (Absolute), code 48 (?), value 20
            Event: time 20.000002, \(contact)
            Event: time 20.000004, \(report)
            Event: time 20.015000, type 3 (Absolute), code 53 (?), value 404
            Event: time 20.015000, type 3 (Absolute), code 54 (?), value 150
            Event: time 20.015000, type 3 (Absolute), code 48 (?), value 20
            Event: time 20.015002, \(contact)
            Event: time 20.015004, \(report)
            Event: time 20.030004, \(contact)
            Event: time 20.030006, \(report)

            """
    }

    private static func read(evtest text: String) throws -> (TraceDocument, [FormatWarning]) {
        try EvtestFormat.read(bytes: Array(text.utf8), file: "panel.evtest")
    }

    private static func touches(_ document: TraceDocument) -> [TouchSample] {
        document.events.compactMap { if case .touch(let sample) = $0 { sample } else { nil } }
    }

    @Test("Separators named from the event-type table (EV_SYN for a report, EV_REL for a contact) read as SYN_REPORT and SYN_MT_REPORT")
    func separatorsNamedByType() throws {
        let (current, _) = try Self.read(evtest: Self.evtest(
            report: "-------------- SYN_REPORT ------------", contact: "++++++++++++++ SYN_MT_REPORT ++++++++++++"))
        let (old, _) = try Self.read(evtest: Self.evtest(
            report: "-------------- EV_SYN ------------", contact: "++++++++++++++ EV_REL ++++++++++++"))

        #expect(Self.touches(current).map(\.phase) == [.down, .motion, .up])
        #expect(old.events == current.events)
    }

    @Test("A log that ends inside an axis's block, before its Min and Max, is an error at the axis's Event code line")
    func endsInsideAxisBlock() throws {
        // The header cut after line 16 (the third axis's Value): its Event code is line 15.
        let text = Self.evtestHeader.split(separator: "\n", omittingEmptySubsequences: false).prefix(16).joined(separator: "\n") + "\n"
        #expect {
            _ = try Self.read(evtest: text)
        } throws: { error in
            (error as? TraceInputError)?.location == .line(15) && "\(error)".contains("absolute axis 54 has no Min and Max")
        }
    }

    @Test("A separator naming no synchronisation is an error at its line")
    func unknownSeparator() throws {
        let text = Self.evtest(report: "-------------- EV_MSC ------------", contact: "++++++++++++++ EV_REL ++++++++++++")
        #expect {
            _ = try Self.read(evtest: text)
        } throws: { error in
            (error as? TraceInputError)?.location == .line(24) && "\(error)".contains("unknown separator `EV_MSC`")
        }
    }

    @Test("A separator whose name is empty is an error at its line saying the name is empty", arguments: [
        "-------------- ------------", "--------------", "--------------    ------------",
    ])
    func emptySeparatorName(report: String) throws {
        let text = Self.evtest(report: report, contact: "++++++++++++++ SYN_MT_REPORT ++++++++++++")
        #expect {
            _ = try Self.read(evtest: text)
        } throws: { error in
            (error as? TraceInputError)?.location == .line(24)
                && "\(error)".hasSuffix(": the separator's name is empty (expected `-------------- SYN_REPORT ------------`)")
        }
    }

    @Test("The notice evtest frames in asterisks when another process grabbed the device is skipped, with a warning at its line")
    func grabNotice() throws {
        let plain = Self.evtest(report: "-------------- SYN_REPORT ------------", contact: "++++++++++++++ SYN_MT_REPORT ++++++++++++")
        let notice = """
            ***********************************************
              This device is grabbed by another process.
              No events are available to evtest while the
              other grab is active.
            ***********************************************

            """
        let withNotice = plain.replacingOccurrences(of: "Testing ... (interrupt to exit)\n", with: "Testing ... (interrupt to exit)\n" + notice)
        let (expected, _) = try Self.read(evtest: plain)
        let (read, warnings) = try Self.read(evtest: withNotice)

        #expect(read.events == expected.events)
        #expect(warnings.map(\.location) == [.line(20)])
        #expect(warnings.first?.message.contains("another process had grabbed the device") == true)
    }

    @Test("An evtest header given again with another axis range (a second run pasted after the first) is warned about at the axis's line, naming the first: the last range stands for the whole log")
    func headerAgainWithAnotherRange() throws {
        let first = Self.evtest(report: "-------------- SYN_REPORT ------------", contact: "++++++++++++++ SYN_MT_REPORT ++++++++++++")
        let text = first + Self.evtestHeader.replacingOccurrences(of: "Max      799", with: "Max      999")
        let lines = text.components(separatedBy: "\n")
        let again = try #require(lines.indices.last { lines[$0].contains("Event code 53") }) + 1
        let (read, warnings) = try Self.read(evtest: text)

        #expect(read.header.devices.map(\.x) == [AxisRange(minimum: 0, maximum: 999)])
        #expect(warnings.map(\.description) == [
            "panel.evtest:\(again): warning: the log declares ABS_MT_POSITION_X again, 0…999 where line 11 declared 0…799: the last declaration is taken for the whole log, the events before it included (a device described again may be another device)",
        ])
        // The same header twice is no news.
        let (_, repeated) = try Self.read(evtest: first + Self.evtestHeader)
        #expect(repeated.isEmpty)
    }

    @Test("An evtest log that lists many devices before the chosen one's header is recognised by that list")
    func longDeviceList() {
        let devices = (0..<60).map { "/dev/input/event\($0):\tDevice number \($0)" }.joined(separator: "\n")
        let text = "No device specified, trying to scan all of /dev/input/event*\nAvailable devices:\n" + devices
            + "\nSelect the device event number [0-59]: 3\n" + Self.evtestHeader
        #expect(TraceFormat.detect(prefix: Array(text.utf8.prefix(4096))) == .evtest)
    }

    /// One tap in getevent's `-t` spelling: `time` spells each event's time.
    private static func getevent(_ time: (Int, Int) -> String) -> String {
        """
        add device 1: /dev/input/event4
          name:     "panel_ts"
        \(time(4391, 283_563)) /dev/input/event4: 0003 0039 00000070
        \(time(4391, 283_563)) /dev/input/event4: 0003 0035 00000160
        \(time(4391, 283_563)) /dev/input/event4: 0003 0036 00000282
        \(time(4391, 283_563)) /dev/input/event4: 0000 0000 00000000
        \(time(4391, 299_857)) /dev/input/event4: 0003 0036 0000027c
        \(time(4391, 299_857)) /dev/input/event4: 0000 0000 00000000
        \(time(4392, 51302)) /dev/input/event4: 0003 0039 ffffffff
        \(time(4392, 51302)) /dev/input/event4: 0000 0000 00000000

        """
    }

    @Test("getevent -l names ABS_MT_TOOL_TYPE's values, MT_TOOL_FINGER to MT_TOOL_MAX, and a palm so named is rejected")
    func toolTypeLabels() throws {
        var text = """
            add device 1: /dev/input/event2
              name:     "fts_ts"
              events:
                ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
                            ABS_MT_TOOL_TYPE      : value 0, min 0, max 2, fuzz 0, flat 0, resolution 0
                            ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
              input props:
                INPUT_PROP_DIRECT

            """
        var time = 81_594
        func frame(_ events: [String]) {
            for event in events + ["EV_SYN       SYN_REPORT           00000000"] {
                text += "[   \(time).155379] /dev/input/event2: \(event)\n"
            }
            time += 1
        }
        frame(["EV_ABS       ABS_MT_TRACKING_ID   00000001", "EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_FINGER",
               "EV_ABS       ABS_MT_POSITION_X    00000100", "EV_ABS       ABS_MT_POSITION_Y    00000200"])
        frame(["EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_PALM"])
        frame(["EV_ABS       ABS_MT_TRACKING_ID   ffffffff", "EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_PEN"])
        frame(["EV_ABS       ABS_MT_TRACKING_ID   00000002", "EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_DIAL"])
        frame(["EV_ABS       ABS_MT_TRACKING_ID   ffffffff", "EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_MAX"])
        let (document, warnings) = try GeteventFormat.read(bytes: Array(text.utf8), file: "tools.getevent")

        #expect(Self.touches(document).map(\.phase) == [.down, .cancel, .down, .up])
        #expect(warnings == [])
    }

    @Test("A tool type's name on another code is an error at its line")
    func toolTypeLabelElsewhere() {
        let text = "[    1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    MT_TOOL_PALM\n"
        #expect(throws: TraceInputError.self) { try GeteventFormat.read(bytes: Array(text.utf8), file: "bad.getevent") }
    }

    @Test("Events with names the reader does not know make one short warning: sixteen names, excerpted, and a count of the rest")
    func manyUnknownNamesMakeOneShortWarning() throws {
        var text = "add device 1: /dev/input/event4\n  name:     \"panel_ts\"\n"
        for event in ["ABS_MT_TRACKING_ID   00000001", "ABS_MT_POSITION_X    00000100", "ABS_MT_POSITION_Y    00000100"] {
            text += "[    4391.283563] /dev/input/event4: EV_ABS       \(event)\n"
        }
        for index in 0..<1_000 {
            text += "[    4391.283563] /dev/input/event4: EV_ABS       ABS_UNKNOWN_\(index)_\(String(repeating: "X", count: 200)) 00000070\n"
        }
        text += "[    4391.283563] /dev/input/event4: EV_SYN       SYN_REPORT           00000000\n"
        let (_, warnings) = try GeteventFormat.read(bytes: Array(text.utf8), file: "names.getevent")
        let unknown = try #require(warnings.first { $0.message.contains("names this reader does not know") })
        #expect(unknown.location == .line(6))
        #expect(unknown.message.hasSuffix(", and 984 more with other names"))
        #expect(unknown.message.utf8.count < 2_000)
    }

    @Test("Old toolbox getevent's SECONDS-MICROSECONDS: times, microseconds unpadded, read as the bracketed ones")
    func dashedTimes() throws {
        let bracketed = Self.getevent { seconds, micros in
            let digits = String(micros)
            return "[\(String(repeating: " ", count: 8))\(seconds).\(String(repeating: "0", count: 6 - digits.count))\(digits)]"
        }
        let dashed = Self.getevent { seconds, micros in "\(seconds)-\(micros):" }
        let (expected, _) = try GeteventFormat.read(bytes: Array(bracketed.utf8), file: "new.getevent")
        let (read, _) = try GeteventFormat.read(bytes: Array(dashed.utf8), file: "old.getevent")

        #expect(TraceFormat.detect(prefix: Array(dashed.utf8)) == .getevent)
        #expect(TraceFormat.detect(prefix: Array(dashed.split(separator: "\n").dropFirst(2).joined(separator: "\n").utf8)) == .getevent)
        #expect(read.events == expected.events)
        #expect(Self.touches(read).last?.time == 4_392_051_302)
    }

    /// A `getevent -p` description of a protocol A screen whose axis lines are spelt by `absinfo`,
    /// then one tap in old toolbox getevent's times.
    private static func geteventP(absinfo: (_ max: Int) -> String) -> String {
        """
        add device 1: /dev/input/event1
          name:     "synaptics-rmi-touchscreen"
          events:
            KEY (0001): 014a
            ABS (0003): 0030  \(absinfo(15))
                        0035  \(absinfo(479))
                        0036  \(absinfo(799))
        1268-405651: /dev/input/event1: 0003 0030 0000000a
        1268-405651: /dev/input/event1: 0003 0035 000000f0
        1268-405651: /dev/input/event1: 0003 0036 00000190
        1268-405651: /dev/input/event1: 0000 0002 00000000
        1268-405651: /dev/input/event1: 0000 0000 00000000
        1268-425651: /dev/input/event1: 0000 0002 00000000
        1268-425651: /dev/input/event1: 0000 0000 00000000

        """
    }

    @Test("getevent -p axis lines of Android 2.3 (no `:`) and 4.0 (`fuzz 0 flat 0`, no resolution) give the ranges of the current spelling")
    func oldAbsinfoSpellings() throws {
        let current = Self.geteventP { ": value 0, min 0, max \($0), fuzz 0, flat 0, resolution 0" }
        let ics = Self.geteventP { ": value 0, min 0, max \($0), fuzz 0 flat 0" }
        let gingerbread = Self.geteventP { "value 0, min 0, max \($0), fuzz 0 flat 0" }
        let (expected, _) = try GeteventFormat.read(bytes: Array(current.utf8), file: "current.getevent")
        #expect(expected.header.devices.first?.x.maximum == 479)
        #expect(Self.touches(expected).map(\.phase) == [.down, .up])
        for (text, file) in [(ics, "ics.getevent"), (gingerbread, "gingerbread.getevent")] {
            let (read, _) = try GeteventFormat.read(bytes: Array(text.utf8), file: file)
            #expect(read.header.devices.first?.x == expected.header.devices.first?.x, "\(file)")
            #expect(read.header.devices.first?.y == expected.header.devices.first?.y, "\(file)")
            #expect(read.events == expected.events, "\(file)")
        }
    }

    @Test("An ABS code followed by neither `:` nor `value` is an error at its line")
    func absinfoWithoutValues() {
        let text = Self.geteventP { "min 0, max \($0)" }
        #expect {
            try GeteventFormat.read(bytes: Array(text.utf8), file: "bad.getevent")
        } throws: { error in
            (error as? TraceInputError)?.location == .line(5)
        }
    }

    /// A `getevent -i` block of a HID touchscreen whose `input props:` section is `props` and
    /// whose block ends with `tail`, then a key device's block and one tap.
    private static func geteventI(props: String, tail: String) -> String {
        """
        add device 1: /dev/input/event5
          bus:      0003
          vendor    0eef
          product   7302
          version   0111
          name:     "eGalax Inc. USB TouchController"
          location: "usb-musb-hdrc.1-1/input0"
          id:       ""
          version:  1.0.1
          events:
            KEY (0001): 014a
            ABS (0003): 002f  : value 0, min 0, max 31, fuzz 0, flat 0, resolution 0
                        0035  : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0
                        0036  : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0
                        0039  : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
          input props:
            \(props)
        \(tail)add device 2: /dev/input/event0
          name:     "gpio-keys"
          events:
            KEY (0001): 0072  0073  0074
          input props:
            <none>
        [   10.000000] /dev/input/event5: 0003 0039 00000001
        [   10.000000] /dev/input/event5: 0003 0035 00000100
        [   10.000000] /dev/input/event5: 0003 0036 00000200
        [   10.000000] /dev/input/event5: 0001 014a 00000001
        [   10.000000] /dev/input/event5: 0000 0000 00000000
        [   10.010000] /dev/input/event5: 0003 0039 ffffffff
        [   10.010000] /dev/input/event5: 0001 014a 00000000
        [   10.010000] /dev/input/event5: 0000 0000 00000000

        """
    }

    @Test("getevent -i's HID descriptor block (debugfs's bytes, reports and mapping, four blanks in) is passed over")
    func hidDescriptorBlock() throws {
        let descriptor = """
              HID descriptor: 0003:0EEF:7302.0001

                05 0d 09 04 a1 01 85 02 09 22 a1 02 09 42 15 00 25 01 75 01 95 01 81 02 c0 c0
            \("    ")
                  INPUT(2)[INPUT]
                    Field(0)
                      Logical(Digitizers.Finger)
                      Flags( Variable Absolute )

                Digitizers.TipSwitch ---> Key.Touch


            """
        let (expected, expectedWarnings) = try GeteventFormat.read(
            bytes: Array(Self.geteventI(props: "INPUT_PROP_DIRECT", tail: "").utf8), file: "plain.getevent")
        let (read, warnings) = try GeteventFormat.read(
            bytes: Array(Self.geteventI(props: "INPUT_PROP_DIRECT", tail: descriptor).utf8), file: "hid.getevent")

        #expect(Self.touches(expected).map(\.phase) == [.down, .up])
        #expect(read.header.devices == expected.header.devices)
        #expect(read.events == expected.events)
        #expect(warnings.map(\.message) == expectedWarnings.map(\.message))
    }

    @Test("getevent's `<not available` for the input props of a kernel without EVIOCGPROP reads as no property")
    func inputPropsNotAvailable() throws {
        let (read, _) = try GeteventFormat.read(
            bytes: Array(Self.geteventI(props: "<not available", tail: "").utf8), file: "old-kernel.getevent")
        let (none, _) = try GeteventFormat.read(
            bytes: Array(Self.geteventI(props: "<none>", tail: "").utf8), file: "none.getevent")

        #expect(read.header.devices == none.header.devices)
        #expect(read.events == none.events)
        #expect(Self.touches(read).map(\.phase) == [.down, .up])
    }

    @Test("getevent's stderr complaint that EVIOCSCLOCKID failed, interleaved by adb shell between device blocks, is passed over")
    func clockIDComplaint() throws {
        let plain = Self.geteventI(props: "<none>", tail: "")
        let complaint = "Can't enable monotonic clock reporting: Invalid argument\n"
        let withComplaint = plain.replacingOccurrences(of: "add device 2:", with: complaint + "add device 2:")
        let (expected, expectedWarnings) = try GeteventFormat.read(bytes: Array(plain.utf8), file: "plain.getevent")
        let (read, warnings) = try GeteventFormat.read(bytes: Array(withComplaint.utf8), file: "clock.getevent")

        #expect(withComplaint != plain)
        #expect(read.header.devices == expected.header.devices)
        #expect(read.events == expected.events)
        #expect(warnings.map(\.message) == expectedWarnings.map(\.message))
    }

    /// `getevent -lt` without `-p` of an Android touchscreen whose driver reports BTN_TOOL_FINGER
    /// (synaptics_dsx does, as many logs in bug reports show): one finger down, moving, up.
    private static func geteventFingerTool(extraKeys: String = "") -> String {
        """
        add device 1: /dev/input/event0
          name:     "synaptics_dsx_i2c"
        [  397653.503507] /dev/input/event0: EV_ABS       ABS_MT_TRACKING_ID   0000340f
        [  397653.503507] /dev/input/event0: EV_KEY       BTN_TOUCH            DOWN
        [  397653.503507] /dev/input/event0: EV_KEY       BTN_TOOL_FINGER      DOWN
        \(extraKeys)[  397653.503507] /dev/input/event0: EV_ABS       ABS_MT_POSITION_X    00000304
        [  397653.503507] /dev/input/event0: EV_ABS       ABS_MT_POSITION_Y    00000664
        [  397653.503507] /dev/input/event0: EV_SYN       SYN_REPORT           00000000
        [  397653.529221] /dev/input/event0: EV_ABS       ABS_MT_POSITION_X    0000030a
        [  397653.529221] /dev/input/event0: EV_SYN       SYN_REPORT           00000000
        [  397653.559221] /dev/input/event0: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [  397653.559221] /dev/input/event0: EV_KEY       BTN_TOUCH            UP
        [  397653.559221] /dev/input/event0: EV_KEY       BTN_TOOL_FINGER      UP
        [  397653.559221] /dev/input/event0: EV_SYN       SYN_REPORT           00000000

        """
    }

    @Test("A getevent log without -p whose device reports BTN_TOOL_FINGER and nothing only a touchpad sends is a touchscreen, its DIRECT property assumed")
    func fingerToolWithoutDescriptionIsATouchscreen() throws {
        let (read, warnings) = try GeteventFormat.read(bytes: Array(Self.geteventFingerTool().utf8), file: "dsx.getevent")

        #expect(read.header.devices.map(\.kind) == [.touchscreen])
        #expect(EvdevCapabilities(describing: read.header.devices[0]).hasProperty(EvdevCode.INPUT_PROP_DIRECT))
        #expect(warnings.map(\.message).contains { $0.contains("INPUT_PROP_DIRECT") })
        #expect(Self.touches(read).map(\.phase) == [.down, .motion, .up])
    }

    @Test("A getevent log without -p infers each axis from 0 to the largest value seen, so a tap's few units of jitter stay a few units of the range")
    func inferredRangesStartAtZero() throws {
        let (read, warnings) = try GeteventFormat.read(bytes: Array(Self.geteventFingerTool().utf8), file: "dsx.getevent")
        let device = try #require(read.header.devices.first)

        // The values seen were 772...778 and 1636: stretched over a window, those ranges made the
        // tap's 6 units of jitter the window's whole width.
        #expect(device.x == AxisRange(minimum: 0, maximum: 778))
        #expect(device.y == AxisRange(minimum: 0, maximum: 1636))
        #expect(warnings.first?.message == "no description of /dev/input/event0 (synaptics_dsx_i2c) in the log: its ranges are inferred from the events (from 0, or the least value seen below it, to the largest value seen)")
    }

    @Test("A getevent log without -p whose device counts two fingers with BTN_TOOL_DOUBLETAP stays a touchpad")
    func doubleTapToolWithoutDescriptionIsATouchpad() throws {
        let doubleTap = "[  397653.503507] /dev/input/event0: EV_KEY       BTN_TOOL_DOUBLETAP   UP\n"
        let (read, warnings) = try GeteventFormat.read(bytes: Array(Self.geteventFingerTool(extraKeys: doubleTap).utf8), file: "pad.getevent")

        #expect(read.header.devices.map(\.kind) == [.touchpad])
        #expect(!warnings.map(\.message).contains { $0.contains("INPUT_PROP_DIRECT") })
    }

    /// A `getevent -p` block of /dev/input/event0 whose x axis ends at `maximumX`.
    private static func geteventBlock(maximumX: Int) -> String {
        """
        add device 1: /dev/input/event0
          name:     "panel"
          events:
            ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_X     : value 0, min 0, max \(maximumX), fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
                        ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
          input props:
            INPUT_PROP_DIRECT

        """
    }

    @Test("A getevent node declared again with another axis range (plugged again) is warned about at the line, naming the first: the last range stands for the whole log")
    func nodeDeclaredAgainWithAnotherRange() throws {
        let events = """
            [      1.000000] /dev/input/event0: EV_ABS       ABS_MT_TRACKING_ID   00000001
            [      1.000000] /dev/input/event0: EV_ABS       ABS_MT_POSITION_X    00000064
            [      1.000000] /dev/input/event0: EV_ABS       ABS_MT_POSITION_Y    00000064
            [      1.000000] /dev/input/event0: EV_SYN       SYN_REPORT           00000000
            [      1.010000] /dev/input/event0: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [      1.010000] /dev/input/event0: EV_SYN       SYN_REPORT           00000000

            """
        let log = Self.geteventBlock(maximumX: 1079) + events + "remove device 1: /dev/input/event0\n" + Self.geteventBlock(maximumX: 99)
        let (read, warnings) = try GeteventFormat.read(bytes: Array(log.utf8), file: "replug.getevent")

        #expect(read.header.devices.map(\.x) == [AxisRange(minimum: 0, maximum: 99)])
        #expect(warnings.map(\.description) == [
            "replug.getevent:21: warning: /dev/input/event0 declares ABS_MT_POSITION_X again, 0…99 where line 5 declared 0…1079: the last declaration is taken for the whole log, the events before it included (a device described again may be another device)",
        ])
        // The same block twice (getevent -p, then -lt's headers) is no news.
        let (_, repeated) = try GeteventFormat.read(bytes: Array((Self.geteventBlock(maximumX: 1079) + events + Self.geteventBlock(maximumX: 1079)).utf8), file: "twice.getevent")
        #expect(repeated.isEmpty)
    }

    @Test("A dashed time is only SECONDS-MICROSECONDS: with microseconds below a million", arguments: [
        ("4391-51302:", 4_391_051_302), ("0-0:", 0), ("4391-999999:", 4_391_999_999),
        ("4391-1000000:", nil), ("4391-51302", nil), ("-5-1:", nil), ("5--1:", nil), ("5-:", nil), ("0003", nil),
        ("99999999999-1:", nil),
    ] as [(String, Int64?)])
    func dashedTimeSpelling(token: String, expected: Int64?) {
        #expect(Array(token.utf8).withUnsafeBufferPointer { GeteventReader.dashedTime($0) } == expected)
    }
}
