internal import CCRC32C

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of every protected part of a
/// binary trace: the header, each chunk, the index and the trailer.
///
/// Castagnoli rather than the zlib CRC-32 because it detects more error patterns at the same width
/// (every 1-, 2- and 3-bit error in blocks far larger than our chunks) and because hardware has it.
/// Through SSE4.2's `crc32` instruction where the running processor has it (decided once, at run
/// time, in the CCRC32C target: the library is built for the baseline processor), otherwise
/// portable Swift: three interleaved slicing-by-8 streams for long runs, slicing-by-16 for the rest
/// (about 3 GB/s on the reference machine). Both give the same values (`CRC32CReferenceTests`).
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
        guard let p = bytes.baseAddress, !bytes.isEmpty else { return crc }
        if hardwareAvailable { return touchstone_crc32c_hardware_update(crc, p, bytes.count) }
        return portableUpdate(crc, bytes)
    }

    /// Whether `update` uses the processor's instruction: asked once per process.
    static let hardwareAvailable = touchstone_crc32c_hardware_available() != 0

    /// `update` without the processor's instruction, on any processor (tests compare the two).
    static func portableUpdate(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard var p = bytes.baseAddress, !bytes.isEmpty else { return crc }
        var remaining = bytes.count
        var crc = crc
        let t = tables
        // Three interleaved streams hide the latency of each table lookup behind the other two;
        // their registers are then joined with the zero-extension operator (see `shift`).
        while remaining >= 3 &* streamLength {
            var first = crc
            var second: UInt32 = 0
            var third: UInt32 = 0
            var offset = 0
            while offset < streamLength {
                first = step8(first, p + offset, t)
                second = step8(second, p + (streamLength &+ offset), t)
                third = step8(third, p + (2 &* streamLength &+ offset), t)
                offset &+= 8
            }
            crc = shift(shift(first) ^ second) ^ third
            p += 3 &* streamLength
            remaining &-= 3 &* streamLength
        }
        while remaining >= 16 {
            let a = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)) ^ crc
            let b = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            let c = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            let d = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            crc = (t[15 &* 256 &+ Int(a & 0xFF)] ^ t[14 &* 256 &+ Int((a >> 8) & 0xFF)]
                ^ t[13 &* 256 &+ Int((a >> 16) & 0xFF)] ^ t[12 &* 256 &+ Int(a >> 24)])
                ^ (t[11 &* 256 &+ Int(b & 0xFF)] ^ t[10 &* 256 &+ Int((b >> 8) & 0xFF)]
                ^ t[9 &* 256 &+ Int((b >> 16) & 0xFF)] ^ t[8 &* 256 &+ Int(b >> 24)])
                ^ (t[7 &* 256 &+ Int(c & 0xFF)] ^ t[6 &* 256 &+ Int((c >> 8) & 0xFF)]
                ^ t[5 &* 256 &+ Int((c >> 16) & 0xFF)] ^ t[4 &* 256 &+ Int(c >> 24)])
                ^ (t[3 &* 256 &+ Int(d & 0xFF)] ^ t[2 &* 256 &+ Int((d >> 8) & 0xFF)]
                ^ t[1 &* 256 &+ Int((d >> 16) & 0xFF)] ^ t[Int(d >> 24)])
            p += 16
            remaining &-= 16
        }
        while remaining > 0 {
            crc = t[Int((crc ^ UInt32(p.load(as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
            p += 1
            remaining &-= 1
        }
        return crc
    }

    /// Bytes each of the three interleaved streams covers per round.
    private static let streamLength = 32

    /// Eight bytes through the register (slicing-by-8, tables 0–7).
    @inline(__always)
    private static func step8(_ crc: UInt32, _ p: UnsafeRawPointer, _ t: UnsafePointer<UInt32>) -> UInt32 {
        let low = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)) ^ crc
        let high = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        return (t[7 &* 256 &+ Int(low & 0xFF)] ^ t[6 &* 256 &+ Int((low >> 8) & 0xFF)]
            ^ t[5 &* 256 &+ Int((low >> 16) & 0xFF)] ^ t[4 &* 256 &+ Int(low >> 24)])
            ^ (t[3 &* 256 &+ Int(high & 0xFF)] ^ t[2 &* 256 &+ Int((high >> 8) & 0xFF)]
            ^ t[1 &* 256 &+ Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)])
    }

    /// The register after `streamLength` zero bytes, which is linear in the register: so
    /// `update(s, A + B) == shift(update(s, A)) ^ update(0, B)` when B is `streamLength` long.
    @inline(__always)
    private static func shift(_ crc: UInt32) -> UInt32 {
        let z = shiftTables
        return z[Int(crc & 0xFF)] ^ z[256 &+ Int((crc >> 8) & 0xFF)]
            ^ z[512 &+ Int((crc >> 16) & 0xFF)] ^ z[768 &+ Int(crc >> 24)]
    }

    /// `shift` for each byte of the register in each of its four positions. `nonisolated(unsafe)`
    /// (a pointer is not `Sendable`), sound as `tables` below: written once, then only read.
    nonisolated(unsafe) private static let shiftTables: UnsafePointer<UInt32> = {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * 256)
        for position in 0..<4 {
            for byte in 0..<256 {
                var crc = UInt32(byte) << (8 * position)
                for _ in 0..<streamLength { crc = tables[Int(crc & 0xFF)] ^ (crc >> 8) }
                table[position * 256 + byte] = crc
            }
        }
        return UnsafePointer(table)
    }()

    /// Sixteen 256-entry tables, allocated once for the life of the process and never freed, so that
    /// the inner loop indexes raw memory without bounds checks or reference counting.
    /// `nonisolated(unsafe)` because a pointer is not `Sendable`; sound because the tables are
    /// filled inside the static's thread-safe lazy initialiser (`swift_once`) and only read after
    /// it returns, and every index is a byte (0...255) plus a slice offset below 16 × 256.
    nonisolated(unsafe) private static let tables: UnsafePointer<UInt32> = {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 16 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            table[byte] = crc
        }
        for slice in 1..<16 {
            for byte in 0..<256 {
                let previous = table[(slice - 1) * 256 + byte]
                table[slice * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return UnsafePointer(table)
    }()
}
