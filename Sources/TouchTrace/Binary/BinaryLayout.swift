/// The numbers that define the binary trace format: magic values, sizes of fixed structures,
/// section tags, opcodes and sanity limits. docs/trace-format.md is the prose twin of this file;
/// change both together.
@usableFromInline
enum BinaryLayout {
    // MARK: Preamble

    /// `\x89 T S T \r \n \x1A \n`: not text, and any newline translation breaks it visibly.
    static let magic: [UInt8] = [0x89, 0x54, 0x53, 0x54, 0x0D, 0x0A, 0x1A, 0x0A]
    static let version: UInt16 = 1
    /// magic(8) version(2) flags(2) flushInterval(4) headerLength(4).
    static let preambleSize = 20
    static let headerCRCSize = 4
    /// Preamble flag: the writer was asked to write an index.
    static let flagIndexRequested: UInt16 = 1

    // MARK: Header sections

    static let sectionHeaderSize = 6
    static let tagRecorder: UInt16 = 1
    static let tagHost: UInt16 = 2
    static let tagStartedAt: UInt16 = 3
    static let tagDevice: UInt16 = 4
    static let knownTags: ClosedRange<UInt16> = 1...4

    // MARK: Chunks

    /// `\x8E T S C`.
    static let chunkSync: UInt32 = 0x4353_548E
    /// sync(4) payloadLength(4) eventCount(4) baseTime(8) crc(4).
    static let chunkHeaderSize = 24
    /// The CRC covers the first 20 header bytes and then the payload.
    static let chunkCRCOffset = 20
    /// Writers seal a chunk before its payload would grow past this.
    static let chunkPayloadTarget = 64 * 1024
    /// Readers refuse chunk payloads larger than this.
    static let maxChunkPayload = 16 * 1024 * 1024
    /// Touches a chunk can define (its local touch table).
    @inlinable static var maxLocalTouches: Int { 64 }

    // MARK: Opcodes
    // Computed and inlinable so that they fold to literals in the decoder's inlined loop.

    /// 0x00–0x3F: motion of local touch (op & 0x3F).
    @inlinable static var opMove: UInt8 { 0x00 }
    /// 0x40–0x7F: any sample of local touch (op & 0x3F).
    @inlinable static var opTouch: UInt8 { 0x40 }
    /// 0x80–0x83: define a local touch; phase = op & 3.
    @inlinable static var opNew: UInt8 { 0x80 }
    @inlinable static var opTime: UInt8 { 0x88 }
    @inlinable static var opFrame: UInt8 { 0x89 }
    @inlinable static var opFrame0: UInt8 { 0x8A }
    @inlinable static var opGesture: UInt8 { 0x8B }
    @inlinable static var opDeviceAdded: UInt8 { 0x8C }
    @inlinable static var opDeviceRemoved: UInt8 { 0x8D }
    @inlinable static var opAnnotation: UInt8 { 0x8E }

    // MARK: Index and trailer

    /// `\x8E T S I`.
    static let indexMarker: UInt32 = 0x4953_548E
    /// marker(4) entryCount(4), then entries, then crc(4).
    static let indexHeaderSize = 8
    /// chunkOffset(8) baseTime(8) firstEvent(8).
    static let indexEntrySize = 24
    /// `\x8E T S E`.
    static let endMarker: UInt32 = 0x4553_548E
    /// indexOffset(8) eventCount(8) crc(4) endMarker(4).
    static let trailerSize = 24

    // MARK: Limits on untrusted input

    static let maxHeaderLength = 16 * 1024 * 1024
    static let maxAnnotationBytes = 1024 * 1024
    /// A device added during a trace travels inside one chunk, whose payload readers take up to
    /// `maxChunkPayload`; half of that leaves room for the events sealed before it.
    static let maxAddedDeviceBytes = maxChunkPayload / 2
}
