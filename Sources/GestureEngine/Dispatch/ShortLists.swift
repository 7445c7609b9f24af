extension Array {
    /// Empties the array and keeps its capacity, as `removeAll(keepingCapacity: true)` does, for
    /// the engine's short lists of values that need no destruction (a recognizer's timers and
    /// failure partners, a tap's finger locations). `removeAll(keepingCapacity:)` is a generic
    /// `replaceSubrange` call of about seventy instructions however short the list is; taking
    /// one or two elements off the end costs a few each. Not for long lists, nor for lists of
    /// references, whose releases cost the same either way.
    @inline(__always)
    mutating func removeAllFromEnd() {
        while !isEmpty { removeLast() }
    }
}
