/// Something wrong with a binary trace that a reader worked around rather than stopped at: the
/// file's events are still usable, but not all of them, or not everything about the file is intact.
///
/// Readers collect these in order. Damage that costs events (`truncated`, `skippedChunk`) says how
/// many bytes were given up; damage to the index or trailer costs nothing but seeking speed.
public struct TraceDamage: Equatable, Sendable, CustomStringConvertible {
    /// What part of the file is damaged, and so what it cost.
    public enum Kind: Equatable, Sendable {
        /// The file ends inside a chunk (or before its trailer): a recorder was killed or a copy cut short.
        case truncated
        /// A chunk failed its checksum or did not decode, and salvage skipped to the next good one.
        case skippedChunk
        /// The file has no trailer: the writer never closed it.
        case missingTrailer
        /// The trailer is present but fails its checksum.
        case damagedTrailer
        /// The index fails its checksum or does not match the chunks; seeking falls back to scanning.
        case damagedIndex
    }

    public var kind: Kind
    /// Byte offset where the damage starts.
    public var offset: Int
    /// Bytes of events given up (0 when no event was lost).
    public var bytesLost: Int
    /// One sentence for a person.
    public var message: String

    public init(kind: Kind, offset: Int, bytesLost: Int, message: String) {
        self.kind = kind
        self.offset = offset
        self.bytesLost = bytesLost
        self.message = message
    }

    /// `byte 1234: message`.
    public var description: String { "byte \(offset): \(message)" }
}
