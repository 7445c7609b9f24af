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
