import Foundation

/// A deliberate regression, switched on from outside, that proves the gates in
/// `scripts/bench-check` catch what they claim to catch.
///
/// Set `TOUCHSTONE_BENCH_SABOTAGE` to `slow` (2–3 µs of extra work per event, more than
/// any hot path's own cost, so every time at least doubles), `alloc` (one heap allocation per event) or `slow,alloc` before
/// running the benchmarks.
/// Every suite calls `perEvent()` once for each event it pushes through the code under test, so the
/// same switch regresses every wall-clock and allocation metric at once. Unset, it costs one
/// predictable branch per event.
public struct Sabotage: Sendable {
    public let slow: Bool
    public let allocate: Bool

    /// The environment variable the benchmarks read.
    public static let variable = "TOUCHSTONE_BENCH_SABOTAGE"

    /// The sabotage requested by the environment of this process.
    public static let current: Sabotage = {
        let words = (getenv(variable).map { String(cString: $0) } ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return Sabotage(slow: words.contains("slow"), allocate: words.contains("alloc"))
    }()

    /// No sabotage: what every measurement outside a gate test uses.
    public static let none = Sabotage(slow: false, allocate: false)

    public init(slow: Bool, allocate: Bool) {
        self.slow = slow
        self.allocate = allocate
    }

    public var isActive: Bool { slow || allocate }

    /// Does the requested damage for one event; nothing when no sabotage was asked for.
    @inline(__always)
    public func perEvent() {
        if isActive { damage() }
    }

    @inline(never)
    private func damage() {
        if slow {
            // A dependent chain the optimiser cannot fold: roughly 2–3 µs on this machine,
            // several times the cost of any hot path measured here.
            var x: UInt64 = 0x9E37_79B9_7F4A_7C15
            for _ in 0..<2048 { x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
            keep(x)
        }
        if allocate {
            keep(Array(repeating: UInt8(0), count: 32))
        }
    }
}

/// Keeps `value` alive past the optimiser, as package-benchmark's `blackHole` does.
@inline(never)
func keep<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
