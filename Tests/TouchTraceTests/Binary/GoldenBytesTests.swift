import Testing
import TouchTrace

/// Pins the binary format: if these bytes change, the format changed, and docs/trace-format.md,
/// the format version and every reader must change with them.
@Suite("The binary format, byte for byte")
struct GoldenBytesTests {
    static let header = TraceHeader(
        recorder: RecorderInfo(name: "t", version: "1"),
        devices: [DeviceDescription(index: 0, name: "S", kind: .touchscreen, source: .synthetic,
                                    x: AxisRange(minimum: 0, maximum: 99), y: AxisRange(minimum: 0, maximum: 49), slots: 2)],
        extensions: [.init(tag: 0x0100, payload: [0xAB])])

    static let events: [TraceEvent] = [
        .touch(TouchSample(time: 1000, phase: .down, touch: 1, slot: 0, x: 10, y: 20)),
        .frame(FrameMark(time: 1000, device: 0)),
        .touch(TouchSample(time: 1008, phase: .motion, touch: 1, slot: 0, x: 12, y: 19)),
        .frame(FrameMark(time: 1008, device: 0)),
        .touch(TouchSample(time: 1016, phase: .up, touch: 1, slot: 0, x: 12, y: 19, pressure: 3)),
        .annotation(Annotation(time: 1016, text: "ok")),
    ]

    static func encoded() throws -> [UInt8] {
        var encoder = try TraceEncoder(header: header, options: .init(flushInterval: 10))
        for event in events { try encoder.append(event) }
        return encoder.finish()
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test("A small two-chunk trace encodes to exactly these bytes")
    func goldenBytes() throws {
        let expected = [
            // Preamble: magic, version 1, flags (index requested), flush interval 10, header length 91.
            "89545354 0d0a1a0a 0100 0100 0a000000 5b000000",
            // Section 1 (recorder, 5 bytes): "t", "1", "".
            "0100 05000000 0174 0131 00",
            // Section 2 (host, 3 bytes): three empty strings.
            "0200 03000000 000000",
            // Section 4 (device, 58 bytes): index 0, "S", bus/vendor/product/version 0, touchscreen,
            // synthetic, 2 slots, no optional axes; x 0...99 and y 0...49; no properties.
            "0400 3a000000 0000 0153 0000 0000 0000 0000 00 04 0200 00",
            "00000000 63000000 00000000 00000000 00000000",
            "00000000 31000000 00000000 00000000 00000000 00",
            // Extension section 0x0100, 1 byte.
            "0001 01000000 ab",
            // Header CRC.
            "HEADERCRC",
            // Chunk 1: sync, payload 14 bytes, 4 events, base time 1000, CRC; NEW(down) dev 0 id 1 slot 0
            // x 10 y 20 mask 0; FRAME0; TIME +8; MOVE 0 dx +2 dy -1; FRAME0.
            "8e545343 0e000000 04000000 e803000000000000 CHUNK1CRC",
            "80 00 01 00 14 28 00 8a 88 10 00 04 01 8a",
            // Chunk 2: payload 12 bytes, 2 events, base time 1016 (the flush interval passed). The touch is
            // new to this chunk: NEW(up) dev 0 id 1 slot 0 x 12 y 19 mask 1 pressure 3; NOTE "ok".
            "8e545343 0c000000 02000000 f803000000000000 CHUNK2CRC",
            "82 00 01 00 18 26 01 06 8e 02 6f6b",
            // Index: marker, 2 entries (offset, base time, first event), CRC.
            "8e545349 02000000",
            "OFFSET1 e803000000000000 0000000000000000",
            "OFFSET2 f803000000000000 0400000000000000",
            "INDEXCRC",
            // Trailer: index offset, 6 events, CRC, end marker.
            "INDEXOFFSET 0600000000000000 TRAILERCRC 8e545345",
        ]
        let actual = try Self.encoded()
        var pinned = expected.joined().replacingSpaces()
        // Checksums and offsets are computed from the bytes around them, so the test checks that
        // they are right rather than copying them.
        let headerEnd = 20 + 91
        let chunk1 = headerEnd + 4
        let chunk2 = chunk1 + 24 + 14
        let index = chunk2 + 24 + 12
        pinned = pinned.replacing("HEADERCRC", with: le32(CRC32C.checksum(Array(actual[0..<headerEnd]))))
        pinned = pinned.replacing("CHUNK1CRC", with: le32(chunkCRC(actual, chunk1, 14)))
        pinned = pinned.replacing("CHUNK2CRC", with: le32(chunkCRC(actual, chunk2, 12)))
        pinned = pinned.replacing("OFFSET1", with: le64(chunk1)).replacing("OFFSET2", with: le64(chunk2))
        pinned = pinned.replacing("INDEXCRC", with: le32(CRC32C.checksum(Array(actual[index..<index + 56]))))
        pinned = pinned.replacing("INDEXOFFSET", with: le64(index))
        pinned = pinned.replacing("TRAILERCRC", with: le32(CRC32C.checksum(Array(actual[index + 60..<index + 76]))))
        #expect(hex(actual) == pinned)
    }

    @Test("The golden trace decodes to its events")
    func goldenDecodes() throws {
        let (document, damage) = try BinaryTrace.readDocument(bytes: Self.encoded())
        #expect(damage.isEmpty)
        #expect(document.header == Self.header)
        #expect(document.events == Self.events)
    }

    private func chunkCRC(_ bytes: [UInt8], _ at: Int, _ length: Int) -> UInt32 {
        CRC32C.checksum(Array(bytes[at..<at + 20]) + Array(bytes[at + 24..<at + 24 + length]))
    }

    private func le32(_ value: UInt32) -> String { hex((0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
    private func le64(_ value: Int) -> String { hex((0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
}

private extension String {
    func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
