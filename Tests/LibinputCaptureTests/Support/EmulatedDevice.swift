import TouchTrace

/// An input device as umockdev emulates it: what the kernel would answer about it, written out as a
/// `.umockdev` description (sysfs attributes, udev properties) and an `.ioctl` file (the `EVIOCG*`
/// answers libevdev asks for when libinput opens the node).
struct EmulatedDevice {
    /// The udev property that tells libinput what the device is.
    enum UdevType: String {
        case touchscreen = "ID_INPUT_TOUCHSCREEN"
        case touchpad = "ID_INPUT_TOUCHPAD"
        case keyboard = "ID_INPUT_KEYBOARD"
    }

    var name: String
    var bus: UInt16
    var vendor: UInt16
    var product: UInt16
    var version: UInt16
    var udevType: UdevType
    /// `INPUT_PROP_*` numbers.
    var inputProperties: [Int]
    /// Capability bits per event type (`EVIOCGBIT(type)`), little-endian bytes as the kernel hands them.
    var capabilities: [Int: [UInt8]]
    /// Absolute axes by code.
    var axes: [(code: Int, range: AxisRange)]
    /// A HID report descriptor: when set, the input device sits below a HID device whose sysfs
    /// holds it (`/sys/class/input/eventN/device/device/report_descriptor`, where `libinput record`
    /// looks), as an I2C or USB touchpad does.
    var hidReportDescriptor: [UInt8]? = nil

    /// The sysfs folder the input device's node sits in.
    var sysfsParent: String {
        hidReportDescriptor == nil ? "/devices/virtual/input" : "/devices/platform/i2c-touchstone/\(Self.hidDeviceName(self))/input"
    }

    static func hidDeviceName(_ device: EmulatedDevice) -> String {
        "\(String(format4: device.bus)):\(String(format4: device.vendor)):\(String(format4: device.product)).0001"
    }

    /// libevdev's buffer size for `EVIOCGBIT(type)`; umockdev answers only requests of the recorded size.
    static func bitmaskSize(eventType: Int) -> Int {
        switch eventType {
        case 0x01: 96  // EV_KEY: KEY_CNT bits
        case 0x15: 16  // EV_FF
        default: 8
        }
    }

    static let libevdevQueriedTypes = [0x01, 0x02, 0x03, 0x04, 0x05, 0x11, 0x12, 0x15]

    func umockdevText(eventNumber: Int) -> String {
        let minor = 64 + eventNumber
        let absMask = Self.hexWords(capabilities[0x03] ?? [])
        let keyMask = Self.hexWords(capabilities[0x01] ?? [])
        let evMask = Self.hexWords(capabilities[0x00] ?? [])
        let propMask = Self.hexWords(Self.bitmask(inputProperties, bytes: 8))
        var hid = ""
        var eventLink = "", inputLink = ""
        if let descriptor = hidReportDescriptor {
            hid = """
                P: /devices/platform/i2c-touchstone/\(Self.hidDeviceName(self))
                E: SUBSYSTEM=hid
                E: HID_NAME=\(name)
                H: report_descriptor=\(Self.hex(descriptor))


                """
            // umockdev does not link a child to its parent: `device` is what sysfs has.
            eventLink = "L: device=../../input\(eventNumber)\n"
            inputLink = "L: device=../../../\(Self.hidDeviceName(self))\n"
        }
        return hid + """
            P: \(sysfsParent)/input\(eventNumber)/event\(eventNumber)
            N: input/event\(eventNumber)
            \(eventLink)\
            E: DEVNAME=/dev/input/event\(eventNumber)
            E: ID_INPUT=1
            E: \(udevType.rawValue)=1
            E: MAJOR=13
            E: MINOR=\(minor)
            E: SUBSYSTEM=input
            A: dev=13:\(minor)

            P: \(sysfsParent)/input\(eventNumber)
            \(inputLink)\
            E: ABS=\(absMask)
            E: EV=\(evMask)
            E: ID_INPUT=1
            E: \(udevType.rawValue)=1
            E: KEY=\(keyMask)
            E: NAME="\(name)"
            E: PRODUCT=\(String(bus, radix: 16))/\(String(vendor, radix: 16))/\(String(product, radix: 16))/\(String(version, radix: 16))
            E: PROP=\(propMask)
            E: SUBSYSTEM=input
            A: capabilities/abs=\(absMask)
            A: capabilities/ev=\(evMask)
            A: capabilities/key=\(keyMask)
            A: name=\(name)
            A: properties=\(propMask)

            """
    }

    func ioctlText(eventNumber: Int) -> String {
        var lines = ["@DEV /dev/input/event\(eventNumber)"]
        lines.append("EVIOCGBIT(0) 8 \(Self.hex(Self.sized(capabilities[0] ?? [], 8)))")
        // libevdev asks with a 255-byte buffer; the answer's length is the name plus its NUL.
        let nameBytes = Array(name.utf8) + [0]
        lines.append("EVIOCGNAME(0) \(nameBytes.count) \(Self.hex(Self.sized(nameBytes, 255)))")
        let id = [bus, vendor, product, version].flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        lines.append("EVIOCGID 0 \(Self.hex(id))")
        lines.append("EVIOCGVERSION 0 01000100")
        lines.append("EVIOCGPROP(0) 8 \(Self.hex(Self.bitmask(inputProperties, bytes: 8)))")
        for type in Self.libevdevQueriedTypes {
            let size = Self.bitmaskSize(eventType: type)
            lines.append("EVIOCGBIT(\(type)) \(size) \(Self.hex(Self.sized(capabilities[type] ?? [], size)))")
        }
        lines.append("EVIOCGKEY(0) 96 \(Self.hex([UInt8](repeating: 0, count: 96)))")
        lines.append("EVIOCGLED(0) 8 \(Self.hex([UInt8](repeating: 0, count: 8)))")
        lines.append("EVIOCGSW(0) 8 \(Self.hex([UInt8](repeating: 0, count: 8)))")
        for (code, range) in axes {
            let values = [0, range.minimum, range.maximum, range.fuzz, range.flat, range.resolution]
            let bytes = values.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
            lines.append("\(code == 0 ? "EVIOCGABS" : "EVIOCGABS(\(code))") 0 \(Self.hex(bytes))")
        }
        // EVIOCGMTSLOTS stays out: umockdev cannot answer it per axis, and libevdev then starts
        // every slot free (tracking id -1), which is what a freshly plugged device reports.
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Bitmask helpers

    static func bitmask(_ bits: [Int], bytes: Int) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: max(bytes, (bits.max() ?? 0) / 8 + 1))
        for bit in bits { mask[bit / 8] |= 1 << UInt8(bit % 8) }
        return mask
    }

    private static func sized(_ bytes: [UInt8], _ count: Int) -> [UInt8] {
        Array((bytes + [UInt8](repeating: 0, count: max(0, count - bytes.count))).prefix(count))
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format2: $0) }.joined()
    }

    /// sysfs style: 64-bit words, most significant first, without leading zero words.
    private static func hexWords(_ bytes: [UInt8]) -> String {
        var words: [UInt64] = stride(from: 0, to: bytes.count, by: 8).map { start in
            bytes[start..<min(start + 8, bytes.count)].enumerated()
                .reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        while words.count > 1, words.last == 0 { words.removeLast() }
        return words.reversed().map { String($0, radix: 16) }.joined(separator: " ")
    }
}

private extension String {
    init(format4 value: UInt16) {
        self = String(format2: UInt8(value >> 8)) + String(format2: UInt8(value & 0xFF))
    }

    init(format2 byte: UInt8) {
        let digits = Array("0123456789ABCDEF")
        self = String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

// MARK: - The test devices

extension EmulatedDevice {
    static let ev = (syn: 0x00, key: 0x01, abs: 0x03)
    static let abs = (x: 0x00, y: 0x01, pressure: 0x18, slot: 0x2F, mtX: 0x35, mtY: 0x36, toolType: 0x37, trackingID: 0x39, mtPressure: 0x3A)
    static let key = (btnLeft: 272, toolFinger: 325, touch: 330, doubleTap: 333, tripleTap: 334, quadTap: 335)

    /// A 10-finger touchscreen of 256 × 144 mm with 16 units per millimetre.
    static let touchscreen = EmulatedDevice(
        name: "Touchstone Test Touchscreen", bus: 0x18, vendor: 0x1234, product: 0x5678, version: 1,
        udevType: .touchscreen, inputProperties: [1],  // INPUT_PROP_DIRECT
        capabilities: [
            ev.syn: bitmask([ev.syn, ev.key, ev.abs], bytes: 8),
            ev.key: bitmask([key.touch], bytes: 96),
            ev.abs: bitmask([abs.x, abs.y, abs.slot, abs.mtX, abs.mtY, abs.toolType, abs.trackingID], bytes: 8),
        ],
        axes: [
            (abs.x, AxisRange(minimum: 0, maximum: 4095, resolution: 16)),
            (abs.y, AxisRange(minimum: 0, maximum: 2303, resolution: 16)),
            (abs.slot, AxisRange(minimum: 0, maximum: 9)),
            (abs.mtX, AxisRange(minimum: 0, maximum: 4095, resolution: 16)),
            (abs.mtY, AxisRange(minimum: 0, maximum: 2303, resolution: 16)),
            (abs.toolType, AxisRange(minimum: 0, maximum: 2)),  // MT_TOOL_FINGER, PEN, PALM
            (abs.trackingID, AxisRange(minimum: 0, maximum: 65535)),
        ]
    )

    /// A 5-finger clickpad of 100 × 60 mm with 40 units per millimetre, on I2C like a laptop's.
    static let touchpad = EmulatedDevice(
        name: "Touchstone Test Touchpad", bus: 0x18, vendor: 0x06CB, product: 0x0001, version: 1,
        udevType: .touchpad, inputProperties: [0, 2],  // INPUT_PROP_POINTER, INPUT_PROP_BUTTONPAD
        capabilities: [
            ev.syn: bitmask([ev.syn, ev.key, ev.abs], bytes: 8),
            ev.key: bitmask([key.btnLeft, key.toolFinger, key.touch, key.doubleTap, key.tripleTap, key.quadTap], bytes: 96),
            ev.abs: bitmask([abs.x, abs.y, abs.pressure, abs.slot, abs.mtX, abs.mtY, abs.trackingID, abs.mtPressure], bytes: 8),
        ],
        axes: [
            (abs.x, AxisRange(minimum: 0, maximum: 4000, resolution: 40)),
            (abs.y, AxisRange(minimum: 0, maximum: 2400, resolution: 40)),
            (abs.pressure, AxisRange(minimum: 0, maximum: 255)),
            (abs.slot, AxisRange(minimum: 0, maximum: 4)),
            (abs.mtX, AxisRange(minimum: 0, maximum: 4000, resolution: 40)),
            (abs.mtY, AxisRange(minimum: 0, maximum: 2400, resolution: 40)),
            (abs.trackingID, AxisRange(minimum: 0, maximum: 65535)),
            (abs.mtPressure, AxisRange(minimum: 0, maximum: 255)),
        ]
    )

    /// A keyboard with the letter keys: present to prove its keys are never recorded.
    static let keyboard = EmulatedDevice(
        name: "Touchstone Test Keyboard", bus: 0x03, vendor: 0x046D, product: 0xC31C, version: 1,
        udevType: .keyboard, inputProperties: [],
        capabilities: [
            ev.syn: bitmask([ev.syn, ev.key], bytes: 8),
            ev.key: bitmask(Array(1...88), bytes: 96),
        ],
        axes: []
    )
}
