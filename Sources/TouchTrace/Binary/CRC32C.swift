/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of every protected part of a
/// binary trace: the header, each chunk, the index and the trailer.
///
/// Castagnoli rather than the zlib CRC-32 because it detects more error patterns at the same width
/// (every 1-, 2- and 3-bit error in blocks far larger than our chunks) and because hardware has it.
/// This is a portable slicing-by-8 implementation: eight table lookups per eight input bytes.
///
/// ```swift
/// CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283
/// ```
public enum CRC32C {
    /// The CRC-32C of `bytes`.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        ~update(0xFFFF_FFFF, bytes)
    }

    /// The CRC-32C of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// Continues a running CRC register (start at `0xFFFF_FFFF`, complement the final value) over
    /// `bytes`, so that a checksum can cover regions that are not contiguous.
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard var p = bytes.baseAddress, !bytes.isEmpty else { return crc }
        var remaining = bytes.count
        var crc = crc
        let t = tables
        while remaining >= 8 {
            let low = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)) ^ crc
            let high = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            crc = t[7 &* 256 &+ Int(low & 0xFF)] ^ t[6 &* 256 &+ Int((low >> 8) & 0xFF)]
                ^ t[5 &* 256 &+ Int((low >> 16) & 0xFF)] ^ t[4 &* 256 &+ Int(low >> 24)]
                ^ t[3 &* 256 &+ Int(high & 0xFF)] ^ t[2 &* 256 &+ Int((high >> 8) & 0xFF)]
                ^ t[1 &* 256 &+ Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
            p += 8
            remaining &-= 8
        }
        while remaining > 0 {
            crc = t[Int((crc ^ UInt32(p.load(as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
            p += 1
            remaining &-= 1
        }
        return crc
    }

    /// Eight 256-entry tables, allocated once for the life of the process and never freed, so that
    /// the inner loop indexes raw memory without bounds checks or reference counting.
    nonisolated(unsafe) private static let tables: UnsafePointer<UInt32> = {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            table[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = table[(slice - 1) * 256 + byte]
                table[slice * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return UnsafePointer(table)
    }()
}
