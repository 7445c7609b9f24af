import GestureEngine

/// What a `state` line says after its time, spelled once per recognizer and pair of states and
/// copied into each line: ` state pinch began -> changed`
/// (`,"recognizer":"pinch","from":"began","to":"changed"}`).
///
/// Keyed by the recognizer's identity, not its name: finding an identity among a scene's few
/// recognizers is a few compares of one word, where a name is two words to compare, or to hash,
/// and then check (Session 22 tried names: bucketed by name per pair of states, a recognizer
/// taking turns in a bucket respelled at every turn). The recognizers met are held, so that no
/// other object can take the address of one while it is a key; a recognizer's name never
/// changes, so neither does its spelling. A writer of more than `capacity` recognizers spells the
/// others' lines in full.
final class StateLineSpellings {
    /// Pairs of states, `RecognizerStateName.slot` by slot.
    private static let pairs = RecognizerStateName.slots * RecognizerStateName.slots
    let capacity: Int
    /// The recognizers met, in the order met: their rows are in that order.
    private var held: [GestureRecognizer] = []
    /// `held`'s identities, searched by each line: raw memory, no index or uniqueness checks.
    private let identities: UnsafeMutablePointer<ObjectIdentifier>
    /// `pairs` spans per held recognizer, each the spelling's offset in `spellings` shifted up
    /// 32 bits, plus its length; zero when not yet spelled.
    private let rows: UnsafeMutablePointer<UInt64>
    /// Every spelling, one after another, with at least 7 bytes to spare after the last
    /// (`LogLine.copyWords` reads whole words).
    private let spellings = LogBuffer(capacity: 1024)
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var known = 0

    init(capacity: Int = 32) {
        self.capacity = capacity
        identities = .allocate(capacity: capacity)
        rows = .allocate(capacity: capacity * Self.pairs)
        rows.initialize(repeating: 0, count: capacity * Self.pairs)
    }

    deinit {
        identities.deallocate()
        rows.deallocate()
    }

    /// The spelling for `recognizer` going `from` one state `to` another, or nil when there is none
    /// yet (then `spell`). Valid until the next `spell`.
    @inline(__always)
    func spelling(of recognizer: GestureRecognizer, from: RecognizerStateName, to: RecognizerStateName) -> UnsafeBufferPointer<UInt8>? {
        let identity = ObjectIdentifier(recognizer)
        var index = 0
        while index < known {
            if identities[index] == identity {
                let span = rows[index &* Self.pairs &+ from.slot &* RecognizerStateName.slots &+ to.slot]
                guard span != 0 else { return nil }
                return UnsafeBufferPointer(start: spellings.base + Int(truncatingIfNeeded: span >> 32), count: Int(truncatingIfNeeded: span & 0xFFFF_FFFF))
            }
            index &+= 1
        }
        return nil
    }

    /// Spells the line for `recognizer` going `from` one state `to` another through `write`, and
    /// returns it; nil when `capacity` recognizers are held already and this is none of them.
    func spell(
        _ recognizer: GestureRecognizer, from: RecognizerStateName, to: RecognizerStateName, write: (inout LogLine) -> Void
    ) -> UnsafeBufferPointer<UInt8>? {
        let identity = ObjectIdentifier(recognizer)
        var index = 0
        while index < known && identities[index] != identity { index += 1 }
        if index == known {
            guard known < capacity else { return nil }
            held.append(recognizer)
            identities[known] = identity
            known += 1
        }
        let start = spellings.count
        var line = LogLine(spellings, room: LogLine.room(quoting: recognizer.name) + 64)
        write(&line)
        line.end(spellings)
        spellings.reserve(8)
        let length = spellings.count - start
        rows[index * Self.pairs + from.slot * RecognizerStateName.slots + to.slot] = UInt64(start) << 32 | UInt64(length)
        return UnsafeBufferPointer(start: spellings.base + start, count: length)
    }
}
