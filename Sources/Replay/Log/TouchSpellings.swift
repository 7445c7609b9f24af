/// ` #12345(`, a touch in a text `view` line up to its coordinates, spelled once per identifier and
/// copied into each line that names it: a finger is named in its sequence's every frame, and the
/// copy is two word stores where spelling an identifier of five digits or more (every touch after
/// the first 10,000 of a recording) took two table loads, a division and a store of its own for
/// the bracket; below 10,000 it costs what spelling did (one table load, a shift, the ` #`).
///
/// 64 entries, found by a multiplicative hash of the identifier, so that the fingers of a frame
/// (consecutive identifiers, or slots, or any stride) fall in different ones. Each entry always
/// holds an identifier and its spelling (at first 0's, in all of them): a lookup that finds its
/// identifier there copies bytes made from that identifier, and any other spells it and takes
/// the entry. What a line gets is what `LogLine.identifier` writes after ` #`, byte for byte.
///
/// The table is raw memory that this object owns and frees in `deinit`; the lines that use it
/// (`TouchesLine`) hold its address only while their writer, which holds this object, exists.
final class TouchSpellings {
    struct Entry {
        /// The spelling's first 16 bytes (it has at most 13: ` #`, ten digits, `(`).
        var low: UInt64
        var high: UInt64
        var identifier: UInt32
        var length: UInt32
    }

    /// What a `view` line being written reaches the table through: the address alone, so that a
    /// line costs no reference counting.
    struct Table {
        fileprivate let entries: UnsafeMutablePointer<Entry>

        /// Writes `identifier`'s spelling at `cursor`, storing 16 bytes (the line's room for a
        /// touch is far more), and returns the cursor after its last character.
        @inline(__always)
        func put(_ identifier: UInt32, at cursor: UnsafeMutablePointer<UInt8>, fourDigits: FourDigits) -> UnsafeMutablePointer<UInt8> {
            let entry = entries + Int(truncatingIfNeeded: (identifier &* 0x9E37_79B1) >> 26)
            guard entry.pointee.identifier == identifier else { return respell(identifier, in: entry, at: cursor, fourDigits: fourDigits) }
            return Self.copy(entry, to: cursor)
        }

        @inline(__always)
        private static func copy(_ entry: UnsafeMutablePointer<Entry>, to cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
            let raw = UnsafeMutableRawPointer(cursor)
            raw.storeBytes(of: entry.pointee.low, as: UInt64.self)
            raw.storeBytes(of: entry.pointee.high, toByteOffset: 8, as: UInt64.self)
            return cursor + Int(entry.pointee.length)
        }

        /// An identifier the entry does not hold: spelled (in a zeroed scratch, as the word stores
        /// of `LogLine` write past the digits) into the entry, which then holds it.
        @inline(never)
        private func respell(
            _ identifier: UInt32, in entry: UnsafeMutablePointer<Entry>, at cursor: UnsafeMutablePointer<UInt8>, fourDigits: FourDigits
        ) -> UnsafeMutablePointer<UInt8> {
            Self.spell(identifier, into: entry, fourDigits: fourDigits)
            return Self.copy(entry, to: cursor)
        }

        fileprivate static func spell(_ identifier: UInt32, into entry: UnsafeMutablePointer<Entry>, fourDigits: FourDigits) {
            var scratch: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            let length = withUnsafeMutableBytes(of: &scratch) { bytes in
                let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var line = LogLine(cursor: start)
                line.put(" #")
                line.identifier(identifier, then: UInt8(ascii: "("), fourDigits: fourDigits)
                return line.cursor - start
            }
            precondition(length <= 16, "a touch identifier spelled longer than its entry")
            entry.pointee = Entry(low: scratch.0, high: scratch.1, identifier: identifier, length: UInt32(length))
        }
    }

    private static let count = 64
    let table: Table

    init(fourDigits: FourDigits) {
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: Self.count)
        for index in 0..<Self.count {
            (entries + index).initialize(to: Entry(low: 0, high: 0, identifier: 0, length: 0))
            Table.spell(0, into: entries + index, fourDigits: fourDigits)
        }
        table = Table(entries: entries)
    }

    deinit {
        table.entries.deallocate()
    }
}
