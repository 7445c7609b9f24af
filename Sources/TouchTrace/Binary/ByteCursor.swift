/// A bounds-checked reader over untrusted bytes for the parts of a trace that are not hot: the
/// header, device descriptions, the index and the trailer.
///
/// Every read checks what is left first and throws a `TraceInputError` naming the file and the
/// absolute byte offset, so a short or forged structure is an error, never a trap.
struct ByteCursor {
    let bytes: UnsafeRawBufferPointer
    /// Index into `bytes` of the next byte to read.
    private(set) var position: Int
    /// Absolute file offset of `bytes[0]`, for error messages.
    let fileOffset: Int
    let file: String

    init(_ bytes: UnsafeRawBufferPointer, fileOffset: Int, file: String) {
        self.bytes = bytes
        self.position = 0
        self.fileOffset = fileOffset
        self.file = file
    }

    var remaining: Int { bytes.count - position }
    var isAtEnd: Bool { position == bytes.count }
    /// Absolute file offset of the next byte.
    var absoluteOffset: Int { fileOffset + position }

    func error(_ message: String, at offset: Int? = nil) -> TraceInputError {
        TraceInputError(file: file, location: .byte(offset ?? absoluteOffset), message: message)
    }

    mutating func readLittleEndian<T: FixedWidthInteger>(_: T.Type, _ what: String) throws -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw error("\(what) runs past the end of its section") }
        let value = T(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: T.self))
        position += size
        return value
    }

    mutating func readByte(_ what: String) throws -> UInt8 {
        try readLittleEndian(UInt8.self, what)
    }

    mutating func readVarint(_ what: String, max: UInt64 = .max) throws -> UInt64 {
        let start = absoluteOffset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard remaining > 0 else { throw error("\(what) runs past the end of its section", at: start) }
            let byte = bytes[position]
            position += 1
            if shift == 63 && byte > 1 { throw error("\(what) is not a valid varint", at: start) }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        guard value <= max else { throw error("\(what) \(value) is larger than \(max)", at: start) }
        return value
    }

    mutating func readBytes(_ count: Int, _ what: String) throws -> UnsafeRawBufferPointer {
        guard count >= 0, remaining >= count else {
            throw error("\(what) of \(count) bytes runs past the end of its section")
        }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[position..<position + count])
        position += count
        return slice
    }

    /// A varint length checked against what is left, then that many bytes of valid UTF-8.
    mutating func readString(_ what: String) throws -> String {
        let start = absoluteOffset
        let length = try readVarint("\(what) length", max: UInt64(remaining))
        let utf8 = try readBytes(Int(length), what)
        guard let string = String(validating: utf8.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
            throw error("\(what) is not valid UTF-8", at: start)
        }
        return string
    }
}
