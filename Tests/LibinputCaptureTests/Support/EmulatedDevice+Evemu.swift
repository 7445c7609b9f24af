import TouchTrace

extension EmulatedDevice {
    /// A device described by an evemu recording's header (`N:`, `I:`, `P:`, `B:`, `A:` lines), so that
    /// any evemu recording can be played back on an emulated copy of the device that made it.
    init(evemu text: Substring, udevType: UdevType) {
        var name = ""
        var ids: [UInt16] = [0, 0, 0, 0]
        var properties: [UInt8] = []
        var capabilities: [Int: [UInt8]] = [:]
        var axes: [(code: Int, range: AxisRange)] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let tag = fields.first else { continue }
            let values = fields.dropFirst()
            switch tag {
            case "N:": name = String(line.dropFirst(3))
            case "I:": ids = values.compactMap { UInt16($0, radix: 16) }
            case "P:": properties += values.compactMap { UInt8($0, radix: 16) }
            case "B:":
                guard let type = values.first.flatMap({ Int($0, radix: 16) }) else { continue }
                capabilities[type, default: []] += values.dropFirst().compactMap { UInt8($0, radix: 16) }
            case "A:":
                guard let code = values.first.flatMap({ Int($0, radix: 16) }) else { continue }
                let numbers = values.dropFirst().compactMap { Int32($0) }
                guard numbers.count >= 4 else { continue }
                axes.append((code, AxisRange(
                    minimum: numbers[0], maximum: numbers[1],
                    resolution: numbers.count > 4 ? numbers[4] : 0, fuzz: numbers[2], flat: numbers[3]
                )))
            default: continue
            }
        }
        var propertyBits: [Int] = []
        for (index, byte) in properties.enumerated() {
            propertyBits += (0..<8).filter { byte & (1 << $0) != 0 }.map { index * 8 + $0 }
        }
        self.init(
            name: name, bus: ids[0], vendor: ids[1], product: ids[2], version: ids[3],
            udevType: udevType, inputProperties: propertyBits, capabilities: capabilities, axes: axes
        )
    }
}

/// One `E:` line of an evemu recording.
struct EvemuEvent {
    var time: Microseconds
    var type: UInt16
    var code: UInt16
    var value: Int32

    /// The `E: SEC.USEC TYPE CODE VALUE` lines of a recording, grouped into `SYN_REPORT` frames.
    static func frames(in text: Substring) -> [[EvemuEvent]] {
        var frames: [[EvemuEvent]] = []
        var frame: [EvemuEvent] = []
        for line in text.split(separator: "\n") where line.hasPrefix("E: ") {
            let fields = line.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace)
            guard fields.count == 5 else { continue }
            let clock = fields[1].split(separator: ".")
            guard clock.count == 2, let seconds = Int64(clock[0]), let micros = Int64(clock[1]),
                  let type = UInt16(fields[2], radix: 16), let code = UInt16(fields[3], radix: 16),
                  let value = Int32(fields[4]) else { continue }
            frame.append(EvemuEvent(time: seconds * 1_000_000 + micros, type: type, code: code, value: value))
            if type == 0, code == 0 {
                frames.append(frame)
                frame = []
            }
        }
        return frames
    }
}
