import Testing
@testable import TouchTrace

@Suite("CRC-32C and varints")
struct ChecksumTests {
    @Test("CRC-32C of the standard check string is E3069283")
    func standardCheckValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
    }

    @Test("CRC-32C of 32 zero bytes matches the RFC 3720 test vector")
    func iscsiVector() {
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum((0..<32).map { UInt8($0) }) == 0x46DD_794E)
    }

    @Test("A checksum continued over two pieces equals the checksum of the whole")
    func continuedChecksum() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let split = bytes.withUnsafeBytes { raw in
            ~CRC32C.update(CRC32C.update(0xFFFF_FFFF, UnsafeRawBufferPointer(rebasing: raw[0..<333])),
                           UnsafeRawBufferPointer(rebasing: raw[333...]))
        }
        #expect(split == CRC32C.checksum(bytes))
    }

    @Test("Zigzag maps small magnitudes to small numbers and round-trips the extremes")
    func zigzag() {
        #expect([0, -1, 1, -2, 2].map(Varint.zigzag) == [0, 1, 2, 3, 4])
        for value: Int64 in [.min, .max, -1, 0, 1, 123_456_789] {
            #expect(Varint.unzigzag(Varint.zigzag(value)) == value)
        }
        for value: Int32 in [.min, .max, -64, 63] {
            #expect(Varint.unzigzag32(Varint.zigzag32(value)) == value)
        }
    }

    @Test("Varints use seven bits per byte, low group first")
    func varintBytes() {
        var out: [UInt8] = []
        out.appendVarint(300)
        out.appendVarint(0)
        out.appendVarint(UInt64.max)
        #expect(out == [0xAC, 0x02, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
    }
}

@Suite("CRC-32C agrees with the bit-by-bit definition")
struct CRC32CReferenceTests {
    /// The definition: one bit at a time, reflected polynomial 0x82F63B78.
    private func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }

    @Test("Every length from 0 to 1000 bytes gives the reference checksum")
    func everyLength() {
        var state: UInt64 = 7
        let bytes = (0..<1000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for length in 0...1000 {
            let prefix = Array(bytes.prefix(length))
            #expect(CRC32C.checksum(prefix) == reference(prefix), "length \(length)")
        }
    }

    @Test("The portable path gives E3069283 and the reference checksum at every length to 300")
    func portablePath() {
        func portable(_ bytes: [UInt8]) -> UInt32 {
            bytes.withUnsafeBytes { ~CRC32C.portableUpdate(0xFFFF_FFFF, $0) }
        }
        #expect(portable(Array("123456789".utf8)) == 0xE306_9283)
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) }
        for length in 0...300 {
            let prefix = Array(bytes.prefix(length))
            #expect(portable(prefix) == reference(prefix), "length \(length)")
        }
    }

    @Test(
        "The processor's instruction and the portable path agree at random lengths, alignments and registers",
        .enabled(if: CRC32C.hardwareAvailable, "this processor has no CRC-32C instruction")
    )
    func hardwareMatchesPortable() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        let bytes = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: next()) }
        bytes.withUnsafeBytes { raw in
            for _ in 0..<2_000 {
                let start = Int(next() % 64)
                let length = next() % 4 == 0 ? Int(next() % UInt64(raw.count - start)) : Int(next() % 200)
                let piece = UnsafeRawBufferPointer(rebasing: raw[start..<start + length])
                let register = UInt32(truncatingIfNeeded: next())
                #expect(CRC32C.update(register, piece) == CRC32C.portableUpdate(register, piece),
                        "start \(start), length \(length)")
            }
        }
    }

    @Test(
        "The processor's instruction and the portable path agree where its interleaved streams begin and end",
        .enabled(if: CRC32C.hardwareAvailable, "this processor has no CRC-32C instruction")
    )
    func hardwareMatchesPortableAtStreamBoundaries() {
        // Three streams of 1,024 bytes, then of 128, then eight bytes and single bytes: every
        // length within 9 bytes of a multiple of 384 up to 7,000 exercises each switch between them.
        let bytes = (0..<7_000).map { UInt8(truncatingIfNeeded: $0 &* 193 &+ ($0 >> 7)) }
        let lengths = stride(from: 384, through: 6_912, by: 384).flatMap { ($0 - 9)...($0 + 9) }
        bytes.withUnsafeBytes { raw in
            for length in lengths {
                let piece = UnsafeRawBufferPointer(rebasing: raw[3..<3 + length])
                #expect(CRC32C.update(0x1234_5678, piece) == CRC32C.portableUpdate(0x1234_5678, piece), "length \(length)")
            }
        }
    }
}
