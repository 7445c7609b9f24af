/// Decodes the events of one chunk whose CRC has already been checked, straight from mapped memory.
///
/// The hot loop of every reader: one opcode byte, a few varints, one `TraceEvent` built in place.
/// Touch, frame and gesture events allocate nothing; the local touch table lives in storage the
/// reader allocates once. Every read is bounds-checked against the payload end and every value
/// against its type, so a forged chunk (valid CRC, nonsense inside) is an error, never a trap.
///
/// The hot part is `@inlinable` so that `TraceReader.forEachEvent` specialises into its caller: the
/// compiler then builds each sample where the caller's closure uses it, without copying events.
/// The value holds no references (only pointers and integers), so copying it costs nothing.
@usableFromInline
struct ChunkDecoder {
    /// What the decoder knows about one touch of this chunk; optional fields as value plus a
    /// presence bit, so the table is flat memory.
    @usableFromInline
    struct LocalTouch {
        @usableFromInline var touch: TouchID = 0
        @usableFromInline var device: DeviceIndex = 0
        @usableFromInline var slot: UInt16 = 0
        @usableFromInline var x: Int32 = 0
        @usableFromInline var y: Int32 = 0
        @usableFromInline var pressure: Int32 = 0
        @usableFromInline var major: Int32 = 0
        @usableFromInline var minor: Int32 = 0
        /// Bit 0 pressure, bit 1 major, bit 2 minor.
        @usableFromInline var present: UInt8 = 0

        @usableFromInline init() {}
    }

    /// A malformed payload: where (absolute file offset) and what.
    @usableFromInline typealias Failure = ByteReader.Failure

    @usableFromInline let table: UnsafeMutablePointer<LocalTouch>
    @usableFromInline var tableCount = 0
    /// The chunk's payload.
    @usableFromInline var bytes: ByteReader
    @usableFromInline var remaining = 0
    @usableFromInline var time: Microseconds = 0
    /// The table index of the touch whose sample `next(values: false)` returned last (set by that
    /// path alone): `TraceStatistics` remembers which of a chunk's touches it found down.
    @usableFromInline var lastLocal = 0

    /// `table` must hold `BinaryLayout.maxLocalTouches` entries and outlive the decoder.
    init(table: UnsafeMutablePointer<LocalTouch>) {
        self.table = table
        bytes = ByteReader(UnsafeRawBufferPointer(start: nil, count: 0), fileOffset: 0, region: .chunk)
    }

    /// Where a chunk's events are, as `TraceReader` found and checked it.
    @usableFromInline
    struct Chunk {
        /// The chunk's payload and its absolute file offset.
        @usableFromInline var payload: UnsafeRawBufferPointer
        @usableFromInline var payloadOffset: Int
        @usableFromInline var eventCount: Int
        @usableFromInline var baseTime: Microseconds

        init(payload: UnsafeRawBufferPointer, payloadOffset: Int, eventCount: Int, baseTime: Microseconds) {
            self.payload = payload
            self.payloadOffset = payloadOffset
            self.eventCount = eventCount
            self.baseTime = baseTime
        }
    }

    /// Starts decoding a chunk's payload.
    @inlinable
    mutating func begin(_ chunk: Chunk) {
        bytes = ByteReader(chunk.payload, fileOffset: chunk.payloadOffset, region: .chunk)
        remaining = chunk.eventCount
        time = chunk.baseTime
        tableCount = 0
    }

    /// Abandons the current chunk.
    @inlinable
    mutating func reset() {
        remaining = 0
        bytes.cursor = bytes.end
    }

    /// Whether the chunk still has events to give.
    var isExhausted: Bool { remaining == 0 }

    /// One decoded event in a form that holds no references, so that the reader's loop can hand
    /// each case to its caller without ever destroying an unknown `TraceEvent`.
    @usableFromInline
    enum Decoded {
        case touch(TouchSample)
        case frame(FrameMark)
        case gesture(GestureSample)
        /// A rarer event (device change, annotation) whose opcode was read: finish it with `slowEvent(_:)`.
        case other(UInt8)
        /// The chunk's declared count is reached and its payload used up.
        case end
    }

    // The decoder is meant to live in a local variable of the reader's loop, where its cursor,
    // count and time stay in registers. That holds only while its address is never passed to a
    // function that is not inlined: everything out of line below is non-mutating (it takes the
    // decoder or its reader by value, and returns where it stopped) or works on the touch table,
    // which is memory anyway.

    /// The chunk's next event. With `values: false` (a literal, so the tests fold away) for a
    /// caller that reads of a touch sample only its time, device, touch, slot and phase
    /// (`TraceStatistics`, through `TraceReader.forEachEventWithoutValues`): the position deltas
    /// and a definition's coordinates, pressure and contact size are stepped over, not decoded
    /// (each failing where decoding would), and each sample carries x and y 0 and no optional
    /// field. The touch table is left without them, so a chunk begun that way is finished that way.
    @inlinable @inline(__always)
    mutating func next(values: Bool = true) throws(Failure) -> Decoded {
        guard remaining > 0 else {
            if !bytes.isAtEnd { throw Self.trailingBytes(bytes) }
            return .end
        }
        remaining &-= 1
        var op = try bytes.byte()
        if op == BinaryLayout.opTime {
            time = time &+ Varint.unzigzag(try bytes.timeStep())
            op = try bytes.byte()
        }
        if op < BinaryLayout.opTouch { return .touch(try values ? move(Int(op)) : moveWithoutValues(Int(op))) }
        if op < BinaryLayout.opNew { return .touch(try values ? touch(Int(op & 0x3F)) : touchWithoutValues(Int(op & 0x3F))) }
        if op == BinaryLayout.opFrame0 { return .frame(FrameMark(time: time, device: 0)) }
        if op & 0xFC == BinaryLayout.opNew {
            return .touch(try values ? define(phase: Self.phase(op)) : defineWithoutValues(phase: Self.phase(op)))
        }
        return try notTouch(op)
    }

    /// An event whose opcode is neither a touch sample's nor `opFrame0`.
    @inlinable @inline(__always)
    mutating func notTouch(_ op: UInt8) throws(Failure) -> Decoded {
        if op == BinaryLayout.opFrame { return .frame(FrameMark(time: time, device: try bytes.varint16("device"))) }
        if op == BinaryLayout.opGesture {
            let (gesture, next) = try Self.gesture(bytes, time: time)
            bytes.cursor = next
            return .gesture(gesture)
        }
        if op == BinaryLayout.opDeviceRemoved || op == BinaryLayout.opDeviceAdded || op == BinaryLayout.opAnnotation {
            return .other(op)
        }
        throw Self.invalidOpcode(op, bytes)
    }

    /// The phase in the low two bits of `bits` (every value is one).
    @inlinable @inline(__always)
    static func phase(_ bits: UInt8) -> TouchPhase {
        switch bits & 3 {
        case 0: .down
        case 1: .motion
        case 2: .up
        default: .cancel
        }
    }

    // The failures are built out of line from the reader alone (three words and a byte), never
    // from the whole decoder.

    @usableFromInline
    static func trailingBytes(_ bytes: ByteReader) -> Failure {
        bytes.failure("\(bytes.remaining) bytes after the chunk's last event")
    }

    @usableFromInline
    static func invalidOpcode(_ op: UInt8, _ bytes: ByteReader) -> Failure {
        let at = bytes.cursor - 1
        if op == BinaryLayout.opTime { return bytes.failure("two time steps in a row", at: at) }
        return bytes.failure("unknown opcode \(op)", at: at)
    }

    // MARK: - Touches

    @inlinable @inline(__always)
    func local(_ index: Int) throws(Failure) -> UnsafeMutablePointer<LocalTouch> {
        guard index < tableCount else { throw Self.undefinedTouch(index, bytes) }
        return table + index
    }

    @usableFromInline
    static func undefinedTouch(_ index: Int, _ bytes: ByteReader) -> Failure {
        bytes.failure("touch \(index) is not defined in this chunk", at: bytes.cursor - 1)
    }

    @inlinable @inline(__always)
    func sample(_ entry: UnsafeMutablePointer<LocalTouch>, _ phase: TouchPhase) -> TouchSample {
        let present = entry.pointee.present
        return TouchSample(
            time: time, device: entry.pointee.device, phase: phase, touch: entry.pointee.touch,
            slot: entry.pointee.slot, x: entry.pointee.x, y: entry.pointee.y,
            pressure: present & 1 != 0 ? entry.pointee.pressure : nil,
            major: present & 2 != 0 ? entry.pointee.major : nil,
            minor: present & 4 != 0 ? entry.pointee.minor : nil)
    }

    /// The most bytes a motion's two deltas read: two varints of at most ten bytes.
    @inlinable static var longestMove: Int { 2 * 10 }

    @inlinable @inline(__always)
    mutating func move(_ index: Int) throws(Failure) -> TouchSample {
        let entry = try local(index)
        let dx: Int32
        let dy: Int32
        // Away from the payload's end one check covers both deltas' longest encodings.
        if bytes.remaining >= Self.longestMove {
            dx = try bytes.delta32(checked: false)
            dy = try bytes.delta32(checked: false)
        } else {
            dx = try bytes.delta32()
            dy = try bytes.delta32()
        }
        entry.pointee.x &+= dx
        entry.pointee.y &+= dy
        return sample(entry, .motion)
    }

    @inlinable @inline(__always)
    mutating func touch(_ index: Int) throws(Failure) -> TouchSample {
        let entry = try local(index)
        let modes = try bytes.byte()
        let dx = try bytes.delta32()
        let dy = try bytes.delta32()
        entry.pointee.x &+= dx
        entry.pointee.y &+= dy
        // Most samples that are not plain motion change no optional field (a down or a lift).
        if modes >> 2 != 0 { bytes.cursor = try Self.applyModes(modes >> 2, entry, bytes) }
        return sample(entry, Self.phase(modes))
    }

    /// The most bytes a sample's field modes read: three varints of at most ten bytes.
    static let longestModes = 3 * 10

    /// Applies a sample's three field modes (two bits each, pressure first) to `entry`, reading
    /// the deltas from `bytes`; returns where they end.
    @usableFromInline @inline(never)
    static func applyModes(_ modes: UInt8, _ entry: UnsafeMutablePointer<LocalTouch>, _ bytes: ByteReader) throws(Failure) -> UnsafeRawPointer {
        if let next = allThreeSmallDeltas(modes, entry, bytes) { return next }
        return try applyModesByField(modes, entry, bytes)
    }

    /// The usual sample of a finger whose pressure and contact size are all reported: each of the
    /// three fields already present and changed by a delta of one byte (below ±64), nine in ten
    /// of the samples with modes in a ten-finger session. Read as one word and applied without
    /// the field-by-field tests, in a function too small to need the registers those take (the
    /// saving and restoring of them was a third of its cost); nil (nothing read) for anything else.
    @inline(__always)
    private static func allThreeSmallDeltas(
        _ modes: UInt8, _ entry: UnsafeMutablePointer<LocalTouch>, _ bytes: ByteReader
    ) -> UnsafeRawPointer? {
        // Mode 2 (a delta follows) for each field, pressure in the low bits; all three present.
        guard modes == 0b10_10_10, entry.pointee.present == 7, bytes.remaining >= 4 else { return nil }
        let word = UInt32(littleEndian: bytes.cursor.loadUnaligned(as: UInt32.self))
        guard word & 0x80_80_80 == 0 else { return nil }
        entry.pointee.pressure &+= Varint.unzigzag32(word & 0xFF)
        entry.pointee.major &+= Varint.unzigzag32(word >> 8 & 0xFF)
        entry.pointee.minor &+= Varint.unzigzag32(word >> 16 & 0xFF)
        return bytes.cursor + 3
    }

    @inline(never)
    private static func applyModesByField(
        _ modes: UInt8, _ entry: UnsafeMutablePointer<LocalTouch>, _ bytes: ByteReader
    ) throws(Failure) -> UnsafeRawPointer {
        // Away from the payload's end one check covers every byte the longest modes can take.
        if bytes.remaining >= longestModes { return try applyModes(modes, entry, bytes, checked: false) }
        return try applyModes(modes, entry, bytes, checked: true)
    }

    @inline(__always)
    private static func applyModes(
        _ modes: UInt8, _ entry: UnsafeMutablePointer<LocalTouch>, _ bytes: ByteReader, checked: Bool
    ) throws(Failure) -> UnsafeRawPointer {
        var bytes = bytes
        // The presence bits in a register, stored once (a failure abandons the chunk and its table).
        var present = entry.pointee.present
        try applyMode(modes, bit: 1, &entry.pointee.pressure, &present, &bytes, checked: checked)
        try applyMode(modes >> 2, bit: 2, &entry.pointee.major, &present, &bytes, checked: checked)
        try applyMode(modes >> 4, bit: 4, &entry.pointee.minor, &present, &bytes, checked: checked)
        entry.pointee.present = present
        return bytes.cursor
    }

    @inline(__always)
    private static func applyMode(
        _ mode: UInt8, bit: UInt8, _ value: inout Int32, _ present: inout UInt8, _ bytes: inout ByteReader, checked: Bool
    ) throws(Failure) {
        // Bit tests, most frequent first: compared values (`mode == 2`) compiled to a jump table
        // per field, three indirect jumps a sample.
        if mode & 2 != 0 {
            if mode & 1 != 0 { throw bytes.failure("invalid field mode 3 in a touch sample") }
            if present & bit == 0 { value = 0 }
            value &+= try bytes.delta32(checked: checked)
            present |= bit
        } else if mode & 1 != 0 {
            present &= ~bit
            value = 0
        }
    }

    /// A touch's first sample in this chunk: a new entry in the table. With many fingers down
    /// every chunk opens with one definition per finger.
    @inlinable @inline(__always)
    mutating func define(phase: TouchPhase) throws(Failure) -> TouchSample {
        guard tableCount < BinaryLayout.maxLocalTouches else { throw Self.tooManyTouches(bytes) }
        // Filled in place; the entry only counts once `tableCount` moves past it, so a failure
        // half-way leaves the table as it was.
        let entry = table + tableCount
        bytes.cursor = try Self.fill(entry, bytes)
        tableCount &+= 1
        return sample(entry, phase)
    }

    /// The most bytes a touch definition reads: eight varints of at most ten bytes and the field mask.
    static let longestDefinition = 8 * 10 + 1

    /// Reads a touch definition's fields into `entry`; returns where they end.
    @usableFromInline
    static func fill(_ entry: UnsafeMutablePointer<LocalTouch>, _ bytes: ByteReader) throws(Failure) -> UnsafeRawPointer {
        // Away from the payload's end (all but the last definitions of a 64 KiB chunk) one check
        // covers every byte the longest definition can take: a third of the instructions go.
        if bytes.remaining >= longestDefinition { return try fill(entry, bytes, checked: false, values: true) }
        return try fill(entry, bytes, checked: true, values: true)
    }

    /// `fill` without the values: the device, touch, slot and field mask read into `entry`, the
    /// coordinates, pressure and contact size stepped over.
    @usableFromInline
    static func fillIdentity(_ entry: UnsafeMutablePointer<LocalTouch>, _ bytes: ByteReader) throws(Failure) -> UnsafeRawPointer {
        if bytes.remaining >= longestDefinition { return try fill(entry, bytes, checked: false, values: false) }
        return try fill(entry, bytes, checked: true, values: false)
    }

    @inline(__always)
    private static func fill(
        _ entry: UnsafeMutablePointer<LocalTouch>, _ bytes: ByteReader, checked: Bool, values: Bool
    ) throws(Failure) -> UnsafeRawPointer {
        var bytes = bytes
        entry.pointee.device = try bytes.varint16("device", checked: checked)
        entry.pointee.touch = try bytes.wideVarint32(checked: checked)
        entry.pointee.slot = try bytes.varint16("slot", checked: checked)
        if values {
            entry.pointee.x = Varint.unzigzag32(try bytes.wideVarint32(checked: checked))
            entry.pointee.y = Varint.unzigzag32(try bytes.wideVarint32(checked: checked))
        } else {
            try bytes.skipTwoVarint32s(checked: checked)
        }
        let present = try bytes.byte(checked: checked)
        guard present < 8 else { throw bytes.failure("invalid field mask in a touch definition", at: bytes.cursor - 1) }
        entry.pointee.present = present
        guard values else {
            try bytes.skipVarint32s(present.nonzeroBitCount, checked: checked)
            return bytes.cursor
        }
        entry.pointee.pressure = present & 1 != 0 ? Varint.unzigzag32(try bytes.wideVarint32(checked: checked)) : 0
        entry.pointee.major = present & 2 != 0 ? Varint.unzigzag32(try bytes.wideVarint32(checked: checked)) : 0
        entry.pointee.minor = present & 4 != 0 ? Varint.unzigzag32(try bytes.wideVarint32(checked: checked)) : 0
        return bytes.cursor
    }

    // MARK: - Touches without their values (`next(values: false)`)

    // Functions of their own, chosen in `next(values:)`, not a parameter of `move`, `touch` and
    // `define`: `@inline(__always)` holds in a large caller only for a callee of at most 64
    // blocks, which the two paths together passed (the statistics' and the replay's loops then
    // called `move`, +42 % and +10 % of their instructions; docs/benchmarks.md, "Session 23").

    /// `move` with its deltas stepped over.
    @inlinable @inline(__always)
    mutating func moveWithoutValues(_ index: Int) throws(Failure) -> TouchSample {
        let entry = try local(index)
        try bytes.skipTwoVarint32s()
        lastLocal = index
        return identity(entry, .motion)
    }

    /// `touch` with its deltas stepped over, and those of its field modes.
    @inlinable @inline(__always)
    mutating func touchWithoutValues(_ index: Int) throws(Failure) -> TouchSample {
        let entry = try local(index)
        lastLocal = index
        let modes = try bytes.byte()
        try bytes.skipTwoVarint32s()
        let fields = modes >> 2
        if fields != 0 {
            // A field of mode 2 has a delta; mode 3 is an error, which `applyModes` names.
            if fields & fields >> 1 & 0b01_0101 == 0 {
                try bytes.skipVarint32s((fields >> 1 & 0b01_0101).nonzeroBitCount)
            } else {
                bytes.cursor = try Self.applyModes(fields, entry, bytes)
            }
        }
        return identity(entry, Self.phase(modes))
    }

    /// `define` with the definition's values stepped over (`fillIdentity`).
    @inlinable @inline(__always)
    mutating func defineWithoutValues(phase: TouchPhase) throws(Failure) -> TouchSample {
        guard tableCount < BinaryLayout.maxLocalTouches else { throw Self.tooManyTouches(bytes) }
        let entry = table + tableCount
        bytes.cursor = try Self.fillIdentity(entry, bytes)
        lastLocal = tableCount
        tableCount &+= 1
        return identity(entry, phase)
    }

    /// A sample of `entry` without its values: x and y 0, no optional field.
    @inlinable @inline(__always)
    func identity(_ entry: UnsafeMutablePointer<LocalTouch>, _ phase: TouchPhase) -> TouchSample {
        TouchSample(
            time: time, device: entry.pointee.device, phase: phase, touch: entry.pointee.touch,
            slot: entry.pointee.slot, x: 0, y: 0)
    }

    @usableFromInline
    static func tooManyTouches(_ bytes: ByteReader) -> Failure {
        bytes.failure("more than 64 touches in one chunk", at: bytes.cursor - 1)
    }

    // MARK: - Everything else

    /// Finishes an event that `next()` returned as `.other(op)`.
    @usableFromInline
    mutating func slowEvent(_ op: UInt8) throws(Failure) -> TraceEvent {
        switch op {
        case BinaryLayout.opDeviceRemoved:
            return .device(.removed(time: time, device: try bytes.varint16("device")))
        case BinaryLayout.opDeviceAdded:
            let description = try bytes.lengthPrefixed("device description")
            var inner = ByteReader(description, fileOffset: bytes.offset(of: description.baseAddress!), region: .section)
            return .device(.added(time: time, try DeviceCodec.decode(&inner)))
        case BinaryLayout.opAnnotation:
            let at = bytes.cursor
            let utf8 = try bytes.lengthPrefixed("annotation")
            guard let text = String(validating: utf8.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
                throw bytes.failure("annotation is not valid UTF-8", at: at)
            }
            return .annotation(Annotation(time: time, text: text))
        default:
            preconditionFailure("slowEvent(_:) is only called for what next() returned as .other")
        }
    }

    /// A gesture event after its opcode; returns it and where it ends.
    @usableFromInline
    static func gesture(_ bytes: ByteReader, time: Microseconds) throws(Failure) -> (GestureSample, next: UnsafeRawPointer) {
        var bytes = bytes
        let device = try bytes.varint16("device")
        let at = bytes.cursor
        let packed = try bytes.byte()
        guard let kind = GestureKind(rawValue: packed & 3), let phase = GesturePhase(rawValue: (packed >> 2) & 3),
            packed & 0xE0 == 0
        else { throw bytes.failure("invalid gesture kind or phase", at: at) }
        let fingers = try bytes.byte()
        let mask = try bytes.byte()
        guard mask < 0x40 else { throw bytes.failure("invalid gesture field mask", at: bytes.cursor - 1) }
        var values = GestureSample.unsetFieldValues
        try withUnsafeMutableBytes(of: &values) { (raw) throws(Failure) in
            for i in 0..<6 where mask & (1 << i) != 0 {
                raw.storeBytes(of: try bytes.littleEndian(UInt64.self, "gesture"), toByteOffset: i * 8, as: UInt64.self)
            }
        }
        let sample = GestureSample(
            time: time, device: device, kind: kind, phase: phase, fingers: fingers, cancelled: packed & 0x10 != 0,
            dx: values.0, dy: values.1, dxUnaccelerated: values.2, dyUnaccelerated: values.3,
            scale: values.4, angleDelta: values.5)
        return (sample, bytes.cursor)
    }
}
