/// Encodes and decodes one `DeviceDescription`, the structure shared by the header's device
/// sections and the `device added` event inside chunks.
enum DeviceCodec {
    private static let hasPressure: UInt8 = 1
    private static let hasMajor: UInt8 = 2
    private static let hasMinor: UInt8 = 4
    private static let hasUnitsPerPoint: UInt8 = 8

    static func encode(_ device: DeviceDescription, into out: inout [UInt8]) {
        out.appendLittleEndian(device.index)
        out.appendString(device.name)
        out.appendLittleEndian(device.bus)
        out.appendLittleEndian(device.vendor)
        out.appendLittleEndian(device.product)
        out.appendLittleEndian(device.version)
        out.append(device.kind.rawValue)
        out.append(device.source.rawValue)
        out.appendLittleEndian(device.slots)
        var mask: UInt8 = 0
        if device.pressure != nil { mask |= hasPressure }
        if device.major != nil { mask |= hasMajor }
        if device.minor != nil { mask |= hasMinor }
        if device.unitsPerPoint != nil { mask |= hasUnitsPerPoint }
        out.append(mask)
        for axis in [device.x, device.y, device.pressure, device.major, device.minor] {
            guard let axis else { continue }
            out.appendLittleEndian(axis.minimum)
            out.appendLittleEndian(axis.maximum)
            out.appendLittleEndian(axis.resolution)
            out.appendLittleEndian(axis.fuzz)
            out.appendLittleEndian(axis.flat)
        }
        if let units = device.unitsPerPoint { out.appendLittleEndian(units.bitPattern) }
        out.appendVarint(UInt64(device.properties.count))
        for property in device.properties {
            out.appendString(property.key)
            out.appendString(property.value)
        }
    }

    /// Reads a device description that must fill `cursor` exactly.
    static func decode(_ cursor: inout ByteReader) throws(ByteReader.Failure) -> DeviceDescription {
        let index = try cursor.littleEndian(UInt16.self, "device index")
        let name = try cursor.string("device name")
        let bus = try cursor.littleEndian(UInt16.self, "device bus")
        let vendor = try cursor.littleEndian(UInt16.self, "device vendor")
        let product = try cursor.littleEndian(UInt16.self, "device product")
        let version = try cursor.littleEndian(UInt16.self, "device version")
        let kindOffset = cursor.absoluteOffset
        guard let kind = DeviceKind(rawValue: try cursor.byte("device kind")) else {
            throw cursor.failure("unknown device kind", atOffset: kindOffset)
        }
        guard let source = DeviceSource(rawValue: try cursor.byte("device source")) else {
            throw cursor.failure("unknown device source", atOffset: kindOffset + 1)
        }
        let slots = try cursor.littleEndian(UInt16.self, "device slot count")
        let maskOffset = cursor.absoluteOffset
        let mask = try cursor.byte("device field mask")
        guard mask & ~(hasPressure | hasMajor | hasMinor | hasUnitsPerPoint) == 0 else {
            throw cursor.failure("device field mask has unknown bits", atOffset: maskOffset)
        }
        let x = try readAxis(&cursor)
        let y = try readAxis(&cursor)
        let pressure = mask & hasPressure != 0 ? try readAxis(&cursor) : nil
        let major = mask & hasMajor != 0 ? try readAxis(&cursor) : nil
        let minor = mask & hasMinor != 0 ? try readAxis(&cursor) : nil
        let unitsOffset = cursor.absoluteOffset
        let units = mask & hasUnitsPerPoint != 0
            ? Double(bitPattern: try cursor.littleEndian(UInt64.self, "device units per point")) : nil
        if let units, let problem = DeviceDescription.problem(unitsPerPoint: units, named: "device units per point") {
            throw cursor.failure(problem, atOffset: unitsOffset)
        }
        // Each property needs at least two bytes, which bounds the count before anything is allocated.
        let count = try cursor.varint("device property count", max: UInt64(cursor.remaining / 2))
        var properties: [DeviceDescription.Property] = []
        properties.reserveCapacity(Int(count))
        for _ in 0..<count {
            let key = try cursor.string("device property key")
            let value = try cursor.string("device property value")
            properties.append(.init(key, value))
        }
        guard cursor.isAtEnd else { throw cursor.failure("unexpected bytes after a device description") }
        return DeviceDescription(
            index: index, name: name, bus: bus, vendor: vendor, product: product, version: version,
            kind: kind, source: source, x: x, y: y, pressure: pressure, major: major, minor: minor,
            slots: slots, unitsPerPoint: units, properties: properties)
    }

    private static func readAxis(_ cursor: inout ByteReader) throws(ByteReader.Failure) -> AxisRange {
        let offset = cursor.absoluteOffset
        let range = AxisRange(
            minimum: try cursor.littleEndian(Int32.self, "axis minimum"),
            maximum: try cursor.littleEndian(Int32.self, "axis maximum"),
            resolution: try cursor.littleEndian(Int32.self, "axis resolution"),
            fuzz: try cursor.littleEndian(Int32.self, "axis fuzz"),
            flat: try cursor.littleEndian(Int32.self, "axis flat"))
        if let problem = AxisRange.problem(minimum: range.minimum, maximum: range.maximum, axis: "an axis") {
            throw cursor.failure(problem, atOffset: offset)
        }
        return range
    }
}
