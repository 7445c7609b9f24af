/// How a text recording spells its characters, told from its first bytes: what lets every text
/// reader take a log saved by a Windows tool like any other.
///
/// - UTF-8, with or without a byte-order mark (Notepad and PowerShell's `Out-File -Encoding utf8`
///   write one): the mark is skipped.
/// - UTF-16 with its byte-order mark (Windows PowerShell 5.1's `>` writes UTF-16LE, so
///   `adb shell getevent -lt > touch.txt` there gives one): transcoded to UTF-8 before reading.
///
/// Line ends are the line readers' business (`TextLines`, `TextLineCursor`): `\n`, `\r\n` and the
/// `\r\r\n` a pseudo-terminal's output gets when saved as Windows text all end a line.
///
/// Scene, template and capture `.scene` files are read through it too (`utf8Text`), so a scene
/// saved by Notepad reads as the trace saved beside it does.
package enum TextEncoding: Equatable {
    /// UTF-8 (or ASCII); the text starts `byteOrderMarkLength` bytes in (0 or 3).
    case utf8(byteOrderMarkLength: Int)
    /// UTF-16 in the byte order its mark gives; the text starts after the 2-byte mark.
    case utf16(bigEndian: Bool)

    static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The encoding the first bytes of a text declare (plain UTF-8 when they declare none).
    static func of<Bytes: Collection<UInt8>>(_ prefix: Bytes) -> TextEncoding {
        let first = Array(prefix.prefix(3))
        if first == utf8ByteOrderMark { return .utf8(byteOrderMarkLength: 3) }
        if first.count >= 2 && first[0] == 0xFF && first[1] == 0xFE { return .utf16(bigEndian: false) }
        if first.count >= 2 && first[0] == 0xFE && first[1] == 0xFF { return .utf16(bigEndian: true) }
        return .utf8(byteOrderMarkLength: 0)
    }

    /// `bytes` (a whole text, or the first bytes of one) as UTF-8 without a byte-order mark: what
    /// the formats' signatures are looked for in. A UTF-16 text cut in the middle of a character
    /// loses that character only.
    package static func utf8Text(_ bytes: [UInt8]) -> [UInt8] {
        switch of(bytes) {
        case .utf8(let skipped): skipped == 0 ? bytes : Array(bytes.dropFirst(skipped))
        case .utf16(let bigEndian): transcodeUTF16(bytes.withUnsafeBytes { UnsafeRawBufferPointer(rebasing: $0.dropFirst(2)) }, bigEndian: bigEndian)
        }
    }

    /// UTF-16 code units (no mark) as UTF-8; an unpaired surrogate or a dangling last byte becomes
    /// U+FFFD, as any UTF-16 reader shows it.
    static func transcodeUTF16(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 2 + 16)
        let units = bytes.count / 2
        var index = 0
        var decoder = UTF16()
        var iterator = AnyIterator<UInt16> {
            guard index < units else { return nil }
            let high = UInt16(bytes[2 * index]), low = UInt16(bytes[2 * index + 1])
            index += 1
            return bigEndian ? high << 8 | low : low << 8 | high
        }
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): UTF8.encode(scalar) { output.append($0) }
            case .emptyInput: break loop
            case .error: UTF8.encode("\u{FFFD}") { output.append($0) }
            }
        }
        if bytes.count % 2 == 1 { UTF8.encode("\u{FFFD}") { output.append($0) } }
        return output
    }
}
