/// Builds one chunk: events delta- and varint-encoded against the chunk's own base time and local
/// touch table, so that every chunk decodes on its own.
///
/// See docs/trace-format.md, "Chunk payload", for the opcodes. Reused across chunks: `seal(into:)`
/// resets it while keeping its buffers, so steady-state encoding does not allocate.
struct ChunkEncoder {
    /// What the decoder will know about a touch after its latest sample in this chunk.
    private struct LocalTouch {
        var device: DeviceIndex
        var touch: TouchID
        var slot: UInt16
        var x: Int32
        var y: Int32
        var pressure: Int32?
        var major: Int32?
        var minor: Int32?
    }

    private var payload: [UInt8] = []
    private(set) var eventCount = 0
    private(set) var baseTime: Microseconds = 0
    private var time: Microseconds = 0
    private var touches: [LocalTouch] = []

    init() {
        payload.reserveCapacity(BinaryLayout.chunkPayloadTarget + 1024)
        touches.reserveCapacity(BinaryLayout.maxLocalTouches)
    }

    var isEmpty: Bool { eventCount == 0 }

    /// The writer's sealing rule: the open chunk is sealed before `event` when `event` lies
    /// `flushInterval` or more after the chunk's base time, when the payload reached its target
    /// size, or when `event` needs a new local touch and the table is full. Deterministic, so a
    /// converter can tell these boundaries from the ones an explicit flush made.
    func mustSeal(before event: TraceEvent, flushInterval: Microseconds) -> Bool {
        guard !isEmpty else { return false }
        let (elapsed, overflow) = event.time.subtractingReportingOverflow(baseTime)
        if overflow || elapsed >= flushInterval || payload.count >= BinaryLayout.chunkPayloadTarget { return true }
        if case .touch(let sample) = event, touches.count == BinaryLayout.maxLocalTouches,
            localIndex(of: sample) == nil
        {
            return true
        }
        return false
    }

    mutating func append(_ event: TraceEvent) {
        if isEmpty {
            baseTime = event.time
            time = event.time
        } else if event.time != time {
            payload.append(BinaryLayout.opTime)
            payload.appendZigzag(event.time &- time)
            time = event.time
        }
        eventCount += 1
        switch event {
        case .touch(let sample): appendTouch(sample)
        case .frame(let mark):
            if mark.device == 0 {
                payload.append(BinaryLayout.opFrame0)
            } else {
                payload.append(BinaryLayout.opFrame)
                payload.appendVarint(UInt64(mark.device))
            }
        case .gesture(let sample): appendGesture(sample)
        case .device(.added(_, let description)):
            var encoded: [UInt8] = []
            DeviceCodec.encode(description, into: &encoded)
            payload.append(BinaryLayout.opDeviceAdded)
            payload.appendVarint(UInt64(encoded.count))
            payload.append(contentsOf: encoded)
        case .device(.removed(_, let device)):
            payload.append(BinaryLayout.opDeviceRemoved)
            payload.appendVarint(UInt64(device))
        case .annotation(let note):
            payload.append(BinaryLayout.opAnnotation)
            payload.appendString(note.text)
        }
    }

    /// Appends the chunk (header, then payload) to `out` and starts an empty chunk.
    mutating func seal(into out: inout [UInt8]) {
        let start = out.count
        out.appendLittleEndian(BinaryLayout.chunkSync)
        out.appendLittleEndian(UInt32(payload.count))
        out.appendLittleEndian(UInt32(eventCount))
        out.appendLittleEndian(baseTime)
        let headerCRC = out.withUnsafeBytes {
            CRC32C.update(0xFFFF_FFFF, UnsafeRawBufferPointer(rebasing: $0[start..<start + BinaryLayout.chunkCRCOffset]))
        }
        out.appendLittleEndian(~payload.withUnsafeBytes { CRC32C.update(headerCRC, $0) })
        out.append(contentsOf: payload)
        payload.removeAll(keepingCapacity: true)
        touches.removeAll(keepingCapacity: true)
        eventCount = 0
    }

    // MARK: - Touches

    private func localIndex(of sample: TouchSample) -> Int? {
        touches.firstIndex { $0.touch == sample.touch && $0.device == sample.device && $0.slot == sample.slot }
    }

    private mutating func appendTouch(_ sample: TouchSample) {
        guard let local = localIndex(of: sample) else {
            defineTouch(sample)
            return
        }
        let previous = touches[local]
        let dx = Varint.zigzag32(sample.x &- previous.x)
        let dy = Varint.zigzag32(sample.y &- previous.y)
        if sample.phase == .motion && sample.pressure == previous.pressure && sample.major == previous.major
            && sample.minor == previous.minor
        {
            payload.append(BinaryLayout.opMove | UInt8(local))
            payload.appendVarint(UInt64(dx))
            payload.appendVarint(UInt64(dy))
        } else {
            let modes = (sample.phase.rawValue)
                | optionalMode(sample.pressure, previous.pressure) << 2
                | optionalMode(sample.major, previous.major) << 4
                | optionalMode(sample.minor, previous.minor) << 6
            payload.append(BinaryLayout.opTouch | UInt8(local))
            payload.append(modes)
            payload.appendVarint(UInt64(dx))
            payload.appendVarint(UInt64(dy))
            appendOptionalDelta(sample.pressure, previous.pressure)
            appendOptionalDelta(sample.major, previous.major)
            appendOptionalDelta(sample.minor, previous.minor)
        }
        touches[local] = LocalTouch(
            device: sample.device, touch: sample.touch, slot: sample.slot, x: sample.x, y: sample.y,
            pressure: sample.pressure, major: sample.major, minor: sample.minor)
    }

    private mutating func appendOptionalDelta(_ value: Int32?, _ old: Int32?) {
        if let value, value != old { payload.appendVarint(UInt64(Varint.zigzag32(value &- (old ?? 0)))) }
    }

    /// 0: unchanged, 1: now absent, 2: a delta from the previous value (0 if it was absent) follows.
    private func optionalMode(_ value: Int32?, _ old: Int32?) -> UInt8 {
        if value == old { return 0 }
        return value == nil ? 1 : 2
    }

    private mutating func defineTouch(_ sample: TouchSample) {
        precondition(touches.count < BinaryLayout.maxLocalTouches, "mustSeal(before:) keeps the touch table bounded")
        payload.append(BinaryLayout.opNew | sample.phase.rawValue)
        payload.appendVarint(UInt64(sample.device))
        payload.appendVarint(UInt64(sample.touch))
        payload.appendVarint(UInt64(sample.slot))
        payload.appendVarint(UInt64(Varint.zigzag32(sample.x)))
        payload.appendVarint(UInt64(Varint.zigzag32(sample.y)))
        let mask: UInt8 = (sample.pressure != nil ? 1 : 0) | (sample.major != nil ? 2 : 0) | (sample.minor != nil ? 4 : 0)
        payload.append(mask)
        if let value = sample.pressure { payload.appendVarint(UInt64(Varint.zigzag32(value))) }
        if let value = sample.major { payload.appendVarint(UInt64(Varint.zigzag32(value))) }
        if let value = sample.minor { payload.appendVarint(UInt64(Varint.zigzag32(value))) }
        touches.append(LocalTouch(
            device: sample.device, touch: sample.touch, slot: sample.slot, x: sample.x, y: sample.y,
            pressure: sample.pressure, major: sample.major, minor: sample.minor))
    }

    // MARK: - Gestures

    private mutating func appendGesture(_ sample: GestureSample) {
        payload.append(BinaryLayout.opGesture)
        payload.appendVarint(UInt64(sample.device))
        payload.append(sample.kind.rawValue | sample.phase.rawValue << 2 | (sample.cancelled ? 0x10 : 0))
        payload.append(sample.fingers)
        let values = (sample.dx, sample.dy, sample.dxUnaccelerated, sample.dyUnaccelerated, sample.scale, sample.angleDelta)
        let defaults = GestureSample.unsetFieldValues
        var mask: UInt8 = 0
        withUnsafeBytes(of: values) { raw in
            withUnsafeBytes(of: defaults) { standard in
                for i in 0..<6 where raw.load(fromByteOffset: i * 8, as: UInt64.self)
                    != standard.load(fromByteOffset: i * 8, as: UInt64.self) {
                    mask |= 1 << i
                }
            }
            payload.append(mask)
            for i in 0..<6 where mask & (1 << i) != 0 {
                payload.appendLittleEndian(raw.load(fromByteOffset: i * 8, as: UInt64.self))
            }
        }
    }
}
