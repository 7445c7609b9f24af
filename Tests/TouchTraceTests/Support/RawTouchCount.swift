import Foundation

/// One raw evdev event of a recording, read by the tests with plain string handling: independent
/// of the readers under test.
struct RawEvent {
    var device: String = ""
    var type: Int
    var code: Int
    var value: Int32
}

/// Touch sequences and peak concurrency counted straight from raw events, the yardstick every
/// reader's counts are held to. Protocol B counts tracking ids other than -1 and
/// the most slots holding one at a `SYN_REPORT`; protocol A adds up each rise in the number of
/// contacts (`SYN_MT_REPORT`s after contact data, not counting a contact whose touch major is 0,
/// mtdev's and old Android's lift) between reports and takes the most contacts of a report; single
/// touch counts `BTN_TOUCH` going to 1.
struct RawTouchCount: Equatable, CustomStringConvertible {
    enum TouchProtocol { case slots, contacts, singleTouch }

    var sequences = 0
    var peak = 0

    /// `touchProtocol` is the device's (from its declared axes); without it, the events decide.
    init(_ events: [RawEvent], touchProtocol: TouchProtocol? = nil) {
        let inferred: TouchProtocol =
            events.contains { $0.type == 3 && $0.code == 0x2f } ? .slots
            : events.contains { $0.type == 3 && $0.code == 0x35 } ? .contacts : .singleTouch
        var slot = 0, active: Set<Int> = []
        var contacts = 0, previous = 0, hasData = false, noArea = false, down = false
        for event in events {
            switch touchProtocol ?? inferred {
            case .slots:
                if event.type == 3, event.code == 0x2f { slot = Int(event.value) }
                if event.type == 3, event.code == 0x39 {
                    if event.value == -1 { active.remove(slot) } else { active.insert(slot); sequences += 1 }
                }
                if event.type == 0, event.code == 0 { peak = max(peak, active.count) }
            case .contacts:
                if event.type == 3, event.code >= 0x30 { hasData = true }
                if event.type == 3, event.code == 0x30 { noArea = event.value == 0 }
                if event.type == 0, event.code == 2 {
                    if hasData, !noArea { contacts += 1 }
                    hasData = false
                    noArea = false
                }
                if event.type == 0, event.code == 0 {
                    sequences += max(0, contacts - previous)
                    peak = max(peak, contacts)
                    previous = contacts
                    contacts = 0
                }
            case .singleTouch:
                if event.type == 1, event.code == 0x14a {
                    if event.value != 0, !down { sequences += 1; peak = 1 }
                    down = event.value != 0
                }
            }
        }
    }

    var description: String { "\(sequences) sequences, peak \(peak)" }

    /// The `E: sec.usec TTTT CCCC value` lines of evemu text.
    static func evemuEvents(_ text: String) -> [RawEvent] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("E: ") else { return nil }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return RawEvent(type: Int(fields[2], radix: 16)!, code: Int(fields[3], radix: 16)!, value: Int32(fields[4])!)
        }
    }

    /// The `- [sec, usec, type, code, value]` lines of libinput record YAML, with the node of the
    /// device each belongs to.
    static func libinputRecordEvents(_ text: String) -> [RawEvent] {
        var node = ""
        return text.split(separator: "\n").compactMap { line in
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.hasPrefix("- node: ") { node = String(trimmed.dropFirst(8)) }
            guard trimmed.hasPrefix("- ["), let close = trimmed.firstIndex(of: "]") else { return nil }
            let numbers = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 3)..<close]
                .split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces))! }
            return RawEvent(device: node, type: numbers[2], code: numbers[3], value: Int32(numbers[4]))
        }
    }
}
