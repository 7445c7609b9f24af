import FuzzSupport
import TouchTrace

/// Reads the input as a binary trace after recomputing every checksum in it (header, chunks,
/// index, trailer), so that mutated payloads pass their CRC and reach the decoder proper: the
/// header sections, device descriptions, and every opcode of the chunk decoder.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = resealed(input(data, size))
    _ = try? BinaryTrace.readDocument(bytes: bytes, options: .init(salvage: false))
    _ = try? BinaryTrace.readDocument(bytes: bytes, options: .init(salvage: true))
    return 0
}

@_cdecl("FuzzBinaryTraceResealed_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}

/// `bytes` with the CRC of every protected part recomputed, wherever the framing that locates it
/// (lengths, sync and end markers; docs/trace-format.md) is intact. Mirrors the layout on its own,
/// so that a reader bug in locating those parts is not copied here.
func resealed(_ bytes: [UInt8]) -> [UInt8] {
    var b = bytes
    func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(b[at + $1]) << (8 * $1) } }
    func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) } }
    func seal(_ covered: [UInt8], at: Int) {
        let crc = CRC32C.checksum(covered)
        for i in 0..<4 { b[at + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
    }
    // Preamble (20 bytes, header length at 16), header sections, header CRC.
    guard b.count >= 24 else { return b }
    let headerLength = u32(16)
    guard headerLength <= b.count - 24 else { return b }
    let headerEnd = 20 + headerLength
    seal(Array(b[0..<headerEnd]), at: headerEnd)
    let bodyStart = headerEnd + 4
    // Trailer: indexOffset u64, eventCount u64, CRC of those 16 bytes, end marker `8E 54 53 45`.
    var bodyEnd = b.count
    if b.count - bodyStart >= 24, u32(b.count - 4) == 0x4553_548E {
        let trailer = b.count - 24
        seal(Array(b[trailer..<trailer + 16]), at: trailer + 16)
        bodyEnd = trailer
        // Index: marker `8E 54 53 49`, entry count u32, 24-byte entries, CRC of all of it.
        let offset = u64(trailer)
        if offset >= UInt64(bodyStart), offset <= UInt64(trailer - 12), u32(Int(offset)) == 0x4953_548E {
            let index = Int(offset)
            let crcAt = index + 8 + u32(index + 4) * 24
            if crcAt + 4 <= trailer {
                seal(Array(b[index..<crcAt]), at: crcAt)
                bodyEnd = index
            }
        }
    }
    // Chunks: sync `8E 54 53 43`, payload length u32, event count u32, base time i64, CRC of those
    // 20 bytes followed by the payload.
    var chunk = bodyStart
    while bodyEnd - chunk >= 24, u32(chunk) == 0x4353_548E {
        let length = u32(chunk + 4)
        guard length <= bodyEnd - chunk - 24 else { break }
        seal(Array(b[chunk..<chunk + 20] + b[chunk + 24..<chunk + 24 + length]), at: chunk + 20)
        chunk += 24 + length
    }
    return b
}
