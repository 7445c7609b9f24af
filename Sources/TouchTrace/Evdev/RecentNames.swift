#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A few names a text log repeats on every line (device nodes, event types, event codes), each
/// with what it was looked up as, found again by its bytes: no `String` is made and no dictionary
/// hashed for a name seen before. Holds the first `capacity` names; others are looked up each time.
struct RecentNames<Value> {
    private var names: [[UInt8]] = []
    private var values: [Value] = []
    static var capacity: Int { 32 }

    /// What `token` was remembered as, if it was.
    func value(for token: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let start = token.baseAddress else { return nil }
        for index in names.indices where names[index].count == token.count {
            let same = names[index].withUnsafeBufferPointer { memcmp($0.baseAddress!, start, token.count) == 0 }
            if same { return values[index] }
        }
        return nil
    }

    mutating func remember(_ token: UnsafeBufferPointer<UInt8>, _ value: Value) {
        guard names.count < Self.capacity, !token.isEmpty else { return }
        names.append(Array(token))
        values.append(value)
    }
}
