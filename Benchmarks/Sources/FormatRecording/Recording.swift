import Foundation
import TouchstoneBenchmarking
import TouchTrace

/// One recording written in every format the side-by-side comparison loads: Touchstone's binary
/// trace, evemu text, libinput record YAML, and `getevent -lp` + `-lt` and `evtest` logs (the last
/// two in the tools' own layouts, derived line for line from the evemu text, since Touchstone only
/// reads them). Built once in setup from the benchmark corpus (ImportBenchmarks), or once by
/// `InstructionCounts load FORMAT`.
public struct Recording: Sendable {
    public let binaryPath: String
    public let evemuPath: String
    public let libinputRecordPath: String
    public let geteventPath: String
    public let evtestPath: String
    public let touchSamples: Int

    /// Touch samples in the recording: long enough that a load is not dominated by opening a file,
    /// short enough that the YAML loader finishes several loads in a benchmark's time budget.
    public static let samples = 20_000

    public static func make() throws -> Recording {
        let corpus = try BenchmarkCorpus.events(samples: samples)
        let document = TraceDocument(header: corpus.header, events: corpus.events)
        let directory = try BenchmarkCorpus.scratchDirectory()
        let recording = Recording(
            binaryPath: directory + "/recording.trace",
            evemuPath: directory + "/recording.evemu",
            libinputRecordPath: directory + "/recording.yml",
            geteventPath: directory + "/recording.getevent",
            evtestPath: directory + "/recording.evtest",
            touchSamples: corpus.touchSamples)
        try BinaryTrace.write(document, to: recording.binaryPath)
        try EvemuFormat.write(document).write(toFile: recording.evemuPath, atomically: true, encoding: .utf8)
        try LibinputRecordFormat.write(document)
            .write(toFile: recording.libinputRecordPath, atomically: true, encoding: .utf8)
        let evemu = try EvemuFormat.write(document)
        let device = EvdevCapabilities(describing: document.header.devices[0])
        try LogText.getevent(evemu: evemu, device: device).write(toFile: recording.geteventPath, atomically: true, encoding: .utf8)
        try LogText.evtest(evemu: evemu, device: device).write(toFile: recording.evtestPath, atomically: true, encoding: .utf8)
        try recording.checkLogsImportEveryTouch()
        return recording
    }
}

extension Recording {
    struct LogMismatch: Error, CustomStringConvertible {
        var description: String
    }

    /// The derived logs must import to exactly the touches of the evemu text they were derived
    /// from, or the benchmark would time something else (an error path, a partial read). (evemu
    /// itself holds a few samples fewer than the corpus: a cancel becomes a lift, and samples that
    /// change nothing are not written.)
    public func checkLogsImportEveryTouch() throws {
        func touches(_ path: String) throws -> [TouchSample] {
            try TraceFile.load(path: path).document.events.compactMap { if case .touch(let sample) = $0 { sample } else { nil } }
        }
        let expected = try touches(evemuPath)
        for (format, path) in [("getevent", geteventPath), ("evtest", evtestPath)] {
            let samples = try touches(path)
            guard samples == expected else {
                throw LogMismatch(description: "the \(format) log imports \(samples.count) touch samples, not the evemu text's \(expected.count)")
            }
        }
    }
}

/// getevent and evtest text for the events of an evemu file, printed as the two tools print them.
enum LogText {
    /// `E: sec.usec TTTT CCCC value` lines as (time text, type, code, value).
    static func events(_ evemu: String) -> [(time: Substring, type: Int, code: Int, value: Int32)] {
        evemu.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("E: ") else { return nil }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })  // the value, then a tab and a comment
            return (fields[1], Int(fields[2], radix: 16)!, Int(fields[3], radix: 16)!, Int32(fields[4])!)
        }
    }

    static func name(_ type: Int, _ code: Int) -> String {
        EvdevCode.codeName(type: UInt16(type), code: UInt16(code))
    }

    /// `getevent -lp` for the device, then `getevent -lt` for its events.
    static func getevent(evemu: String, device: EvdevCapabilities) -> String {
        var text = "add device 1: /dev/input/event2\n  name:     \"\(device.name)\"\n  events:\n"
        for (type, codes) in device.codes.sorted(by: { $0.key < $1.key }) where type != 0 && type != 3 {
            let label = EvdevCode.typeName(UInt16(type)).dropFirst(3)  // EV_KEY → KEY
            text += "    \(label) (\(hex(Int(type), 4))):" + codes.map { " " + pad(name(Int(type), Int($0)), 20) }.joined() + "\n"
        }
        var first = true
        for (code, axis) in device.axes.sorted(by: { $0.key < $1.key }) {
            text += (first ? "    ABS (0003): " : "                ") + pad(name(3, Int(code)), 21)
            text += ": value 0, min \(axis.minimum), max \(axis.maximum), fuzz \(axis.fuzz), flat \(axis.flat), resolution \(axis.resolution)\n"
            first = false
        }
        text += "  input props:\n" + device.inputProperties.map { "    \(EvdevCode.propertyName($0))\n" }.joined()
        for event in events(evemu) {
            let seconds = event.time.split(separator: ".")
            text += "[" + String(repeating: " ", count: max(0, 8 - seconds[0].count)) + event.time + "] /dev/input/event2: "
            text += pad(EvdevCode.typeName(UInt16(event.type)), 12) + " " + pad(name(event.type, event.code), 20) + " "
            text += hex(Int(UInt32(bitPattern: event.value)), 8) + "\n"
        }
        return text
    }

    /// evtest's header for the device, then its `Event: time` lines.
    static func evtest(evemu: String, device: EvdevCapabilities) -> String {
        var text = "Input driver version is 1.0.1\n"
        text += "Input device ID: bus 0x\(String(device.bus, radix: 16)) vendor 0x\(String(device.vendor, radix: 16)) product 0x\(String(device.product, radix: 16)) version 0x\(String(device.version, radix: 16))\n"
        text += "Input device name: \"\(device.name)\"\nSupported events:\n"
        for (type, codes) in device.codes.sorted(by: { $0.key < $1.key }) {
            text += "  Event type \(type) (\(EvdevCode.typeName(type)))\n"
            for code in codes {
                text += "    Event code \(code) (\(name(Int(type), Int(code))))\n"
                if type == 3, let axis = device.axes[code] {
                    text += "      Value      0\n      Min   \(axis.minimum)\n      Max   \(axis.maximum)\n"
                    if axis.resolution != 0 { text += "      Resolution   \(axis.resolution)\n" }
                }
            }
        }
        text += "Properties:\n" + device.inputProperties.map { "  Property type \($0) (\(EvdevCode.propertyName($0)))\n" }.joined()
        text += "Testing ... (interrupt to exit)\n"
        for event in events(evemu) {
            if event.type == 0 {
                text += "Event: time \(event.time), -------------- \(name(0, event.code)) ------------\n"
            } else {
                text += "Event: time \(event.time), type \(event.type) (\(EvdevCode.typeName(UInt16(event.type)))), code \(event.code) (\(name(event.type, event.code))), value \(event.value)\n"
            }
        }
        return text
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func hex(_ value: Int, _ digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
