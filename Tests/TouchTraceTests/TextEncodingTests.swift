#if canImport(Glibc)
import Foundation
import TestSupport
import Testing
@testable import TouchTrace

/// Text recordings saved by Windows tools: a UTF-8 byte-order mark (Notepad, PowerShell's
/// `Out-File -Encoding utf8`), UTF-16 (Windows PowerShell 5.1's `>`), `\r\n` line ends, and the
/// `\r\r\n` of a terminal's output saved as Windows text. Each reads as its plain UTF-8 twin does,
/// in every text format.
@Suite("Text encodings and line ends")
struct TextEncodingTests {
    /// One short recording per text format, in plain UTF-8 with `\n` line ends.
    static let texts: [(format: TraceFormat, text: String)] = [
        (.evtest, """
            Input driver version is 1.0.1
            Input device ID: bus 0x18 vendor 0x0 product 0x0 version 0x0
            Input device name: "Panel"
            Supported events:
              Event type 0 (EV_SYN)
              Event type 3 (EV_ABS)
                Event code 47 (ABS_MT_SLOT)
                  Value      0
                  Min        0
                  Max        9
                Event code 53 (ABS_MT_POSITION_X)
                  Value      0
                  Min        0
                  Max      999
                Event code 54 (ABS_MT_POSITION_Y)
                  Value      0
                  Min        0
                  Max      599
                Event code 57 (ABS_MT_TRACKING_ID)
                  Value      0
                  Min        0
                  Max    65535
            Properties:
              Property type 1 (INPUT_PROP_DIRECT)
            Testing ... (interrupt to exit)
            Event: time 100.000000, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value 7
            Event: time 100.000000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 300
            Event: time 100.000000, type 3 (EV_ABS), code 54 (ABS_MT_POSITION_Y), value 200
            Event: time 100.000000, -------------- SYN_REPORT ------------
            Event: time 100.016000, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 310
            Event: time 100.016000, -------------- SYN_REPORT ------------
            Event: time 100.032000, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value -1
            Event: time 100.032000, -------------- SYN_REPORT ------------

            """),
        (.getevent, """
            add device 1: /dev/input/event2
              name:     "panel_ts"
            [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000007
            [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000012c
            [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000000c8
            [     100.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
            [     100.016000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000136
            [     100.016000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
            [     100.032000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [     100.032000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000

            """),
        (.evemu, """
            # EVEMU 1.3
            # Input device name: "Panel"
            N: Panel
            I: 0018 0000 0000 0000
            P: 02 00 00 00 00 00 00 00
            B: 00 0b 00 00 00 00 00 00 00
            B: 03 00 00 00 00 00 80 60 02
            A: 2f 0 9 0 0 0
            A: 35 0 999 0 0 0
            A: 36 0 599 0 0 0
            A: 39 0 65535 0 0 0
            E: 100.000000 0003 0039 0007
            E: 100.000000 0003 0035 0300
            E: 100.000000 0003 0036 0200
            E: 100.000000 0000 0000 0000
            E: 100.016000 0003 0035 0310
            E: 100.016000 0000 0000 0000
            E: 100.032000 0003 0039 -001
            E: 100.032000 0000 0000 0000

            """),
    ]

    /// `text` as a Windows tool would have saved it.
    enum Saving: String, CaseIterable, CustomTestStringConvertible {
        case byteOrderMark, crlf, crcrlf, utf16LittleEndian, utf16BigEndian

        var testDescription: String { rawValue }

        func bytes(_ text: String) -> [UInt8] {
            switch self {
            case .byteOrderMark: TextEncoding.utf8ByteOrderMark + Array(text.utf8)
            case .crlf: Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
            case .crcrlf: Array(text.replacingOccurrences(of: "\n", with: "\r\r\n").utf8)
            case .utf16LittleEndian: [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case .utf16BigEndian: [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
        }
    }

    @Test("A recording saved by a Windows tool is recognised and reads as its UTF-8 twin", arguments: Saving.allCases)
    func readsAsPlainText(saving: Saving) throws {
        let folder = TemporaryDirectory("text-encoding")
        for (index, sample) in Self.texts.enumerated() {
            let plain = folder.file("\(index).txt"), saved = folder.file("\(index)-\(saving.rawValue).txt")
            try Data(sample.text.utf8).write(to: URL(fileURLWithPath: plain))
            try Data(saving.bytes(sample.text)).write(to: URL(fileURLWithPath: saved))

            #expect(try TraceFile.detectFormat(path: saved) == sample.format, "\(sample.format)")
            let expected = try TraceFile.load(path: plain), read = try TraceFile.load(path: saved)
            #expect(read.document.events == expected.document.events, "\(sample.format)")
            #expect(read.document.events.count == expected.document.events.count)
            #expect(read.document.header.devices.map(\.name) == expected.document.header.devices.map(\.name))
        }
    }

    @Test("A format's signature is found however far down the first line it is when lines end in \\r\\n")
    func crlfSignatureAfterTheFirstLine() {
        let evemu = "# a comment before the version\r\n# EVEMU 1.3\r\nN: Panel\r\nI: 0018 0000 0000 0000\r\n"
        let getevent = "[     100.000000] 0003 0035 0000012c\r\n[     100.000000] 0000 0000 00000000\r\n"
        #expect(TraceFormat.detect(prefix: Array(evemu.utf8)) == .evemu)
        #expect(TraceFormat.detect(prefix: Array(getevent.utf8)) == .getevent)
    }

    @Test("UTF-16 becomes UTF-8, an unpaired surrogate or a dangling byte U+FFFD", arguments: [
        ([0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDE], false, "A\u{1F600}"),
        ([0x00, 0x41, 0xD8, 0x3D, 0xDE, 0x00], true, "A\u{1F600}"),
        ([0x41, 0x00, 0x00, 0xD8, 0x42, 0x00], false, "A\u{FFFD}B"),
        ([0x41, 0x00, 0x42], false, "A\u{FFFD}"),
    ] as [([UInt8], Bool, String)])
    func utf16Transcoding(bytes: [UInt8], bigEndian: Bool, expected: String) {
        let text = bytes.withUnsafeBytes { TextEncoding.transcodeUTF16($0, bigEndian: bigEndian) }
        #expect(String(decoding: text, as: UTF8.self) == expected)
    }

    @Test("A UTF-16 file larger than the text readers transcode is refused, naming the file")
    func largeUTF16Refused() throws {
        let folder = TemporaryDirectory("text-encoding")
        let path = folder.file("huge.txt")
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        #expect(write(fd, [0xFF, 0xFE, 0x41, 0x00] as [UInt8], 4) == 4)
        #expect(ftruncate(fd, off_t(TextInput.maximumUTF16Size + 2)) == 0)
        close(fd)
        #expect {
            _ = try TextInput(path: path)
        } throws: { error in
            let error = error as? TraceInputError
            return error?.file == path && error?.message.contains("UTF-16 text of more than 256 MiB") == true
        }
    }
}
#endif
