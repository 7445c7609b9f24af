#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A name an action reports (the template a unistroke matched, a pattern's code), as an index
/// into a process-wide table that keeps each distinct name once: what lets `ActionValues` be plain
/// bytes. Index 0 is the empty name.
///
/// The table only grows, by one entry per distinct name a process ever reports: names come from
/// template files and from short codes (a pattern visits each of nine targets at most once), so
/// it stays small whatever the length of the replay. Interning takes a lock: recognizers on
/// several threads (verify's workers) share it.
@usableFromInline
struct ActionName: Equatable, Sendable {
    @usableFromInline let index: UInt32

    @inlinable
    static var none: ActionName { ActionName(index: 0) }

    @inlinable
    init(index: UInt32) {
        self.index = index
    }

    /// The entry for `text`, added if it is new. Names are told apart by their bytes (two spellings
    /// that `String` calls equal stay two names), so the log prints exactly what was reported.
    @usableFromInline
    init(_ text: String) {
        index = Self.table.withLock { $0.intern(text) }
    }

    @usableFromInline
    var text: String {
        Self.table.withLock { $0.texts[Int(index)] }
    }

    private static let table = LockedTable()

    /// The table behind a pthread mutex. Not `Synchronization.Mutex`: on Linux it waits on a
    /// futex, which ThreadSanitizer cannot see, so the accesses it orders were reported as races.
    private final class LockedTable: @unchecked Sendable {
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
        private var table = Table()

        init() {
            mutex = .allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
        }

        func withLock<Result>(_ body: (inout Table) -> Result) -> Result {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body(&table)
        }
    }

    private struct Table {
        var texts: [String] = [""]
        /// Entries by name; more than one only for names `String` equality cannot tell apart.
        var indices: [String: [UInt32]] = ["": [0]]

        mutating func intern(_ text: String) -> UInt32 {
            if let candidates = indices[text] {
                for candidate in candidates where texts[Int(candidate)].utf8.elementsEqual(text.utf8) { return candidate }
            }
            precondition(texts.count < Int(UInt32.max), "ActionName: more distinct names than an index can hold")
            let index = UInt32(texts.count)
            texts.append(text)
            indices[text, default: []].append(index)
            return index
        }
    }
}
