import TouchTrace

/// Measures recognition latency in virtual time while a replay runs, for the verify summary.
///
/// Two figures per recognizer:
/// - recognition: from the first touch down of a touch sequence (the moment the screen went from no
///   touches to one) to the recognizer's `began` or `recognized`;
/// - action: from the deciding event (the state change to `began`/`recognized`) to the first action
///   that follows it, which a failure requirement can hold back.
public struct LatencyTracker: Sendable {
    public private(set) var samples = LatencySamples()
    private var sequenceStart: Microseconds?
    /// Recognizers decided and awaiting their first action, at most one entry per recognizer of
    /// the scene. A flat list searched by name while it is short (scanning a few names is cheaper
    /// than hashing one); past `scanLimit` entries, `positions` indexes it, so a scene of
    /// thousands of recognizers deciding together costs time in proportion to their number.
    private var decidedAt: [(name: String, time: Microseconds)] = []
    private var positions: [String: Int] = [:]
    private static let scanLimit = 16

    public init() {}

    /// A touch went down while `activeTouches` others were already down.
    public mutating func touchDown(at time: Microseconds, activeTouches: Int) {
        if activeTouches == 0 { sequenceStart = time }
    }

    /// A recognizer changed state; began and recognized are the deciding moments.
    @inline(__always)  // into the log's state line: most changes (failures, ends) are one test, not a call
    public mutating func recognizer(_ name: String, changedTo state: RecognizerStateName, at time: Microseconds) {
        if state.state == .began || state.isRecognized { recognizerDecided(name, at: time) }
    }

    private mutating func recognizerDecided(_ name: String, at time: Microseconds) {
        if let start = sequenceStart { samples.add(name, recognition: time - start) }
        if let index = index(of: name) {
            decidedAt[index].time = time
            return
        }
        decidedAt.append((name, time))
        if !positions.isEmpty {
            positions[name] = decidedAt.count - 1
        } else if decidedAt.count > Self.scanLimit {
            for (index, entry) in decidedAt.enumerated() { positions[entry.name] = index }
        }
    }

    /// A recognizer sent its action.
    @inline(__always)  // into the log's action line: the usual case is one test, not a call
    public mutating func actionSent(by name: String, at time: Microseconds) {
        // Most actions are a continuous recognizer's changes, long after its decision.
        if !decidedAt.isEmpty { decidedActionSent(by: name, at: time) }
    }

    private mutating func decidedActionSent(by name: String, at time: Microseconds) {
        guard let index = index(of: name) else { return }
        let decided = decidedAt[index].time
        // Names are unique in the list, so its order does not matter: the last entry fills the gap.
        let last = decidedAt.count - 1
        if index != last {
            decidedAt[index] = decidedAt[last]
            if !positions.isEmpty { positions[decidedAt[index].name] = index }
        }
        decidedAt.removeLast()
        if !positions.isEmpty {
            positions[name] = nil
            if decidedAt.isEmpty { positions.removeAll(keepingCapacity: true) }
        }
        samples.add(name, action: time - decided)
    }

    /// Empties `samples`; what is under way (a sequence's start, decisions awaiting their action)
    /// is kept.
    mutating func discardSamples() {
        samples = LatencySamples()
    }

    private func index(of name: String) -> Int? {
        positions.isEmpty ? decidedAt.firstIndex { $0.name == name } : positions[name]
    }
}

/// Latency samples per recognizer id, in microseconds, mergeable across captures.
public struct LatencySamples: Equatable, Sendable {
    public private(set) var recognition: [String: [Microseconds]] = [:]
    public private(set) var action: [String: [Microseconds]] = [:]

    public init() {}

    mutating func add(_ recognizer: String, recognition value: Microseconds) {
        recognition[recognizer, default: []].append(value)
    }

    mutating func add(_ recognizer: String, action value: Microseconds) {
        action[recognizer, default: []].append(value)
    }

    public mutating func merge(_ other: LatencySamples) {
        recognition.merge(other.recognition) { $0 + $1 }
        action.merge(other.action) { $0 + $1 }
    }
}

/// Latencies per recognizer id counted by value, each value kept at the 0.1 ms the verify table and
/// report print: memory bounded by the distinct values (at most two a 0.1 ms), not by the
/// decisions. What `verify` keeps for the whole corpus; mergeable across captures in any order.
///
/// A value is kept as the nearest multiple of 100 µs, except one exactly halfway between two
/// (…50 µs), kept as it is for the printing's own rounding to place. The mapping is monotone and
/// keeps every value's figure in tenths of a millisecond, so a nearest-rank percentile of the kept
/// values (`LatencySummary(counts:)`) prints as that of the exact ones.
public struct LatencyCounts: Equatable, Sendable {
    public private(set) var recognition: [String: [Microseconds: Int]] = [:]
    public private(set) var action: [String: [Microseconds: Int]] = [:]

    public init() {}

    /// The samples, counted.
    public init(_ samples: LatencySamples) {
        add(samples)
    }

    /// Counts the samples in.
    public mutating func add(_ samples: LatencySamples) {
        Self.count(samples.recognition, into: &recognition)
        Self.count(samples.action, into: &action)
    }

    public mutating func merge(_ other: LatencyCounts) {
        recognition.merge(other.recognition) { $0.merging($1, uniquingKeysWith: +) }
        action.merge(other.action) { $0.merging($1, uniquingKeysWith: +) }
    }

    /// The value `value` is counted as: the nearest multiple of 100 µs, or `value` itself when it
    /// lies halfway between two, or is negative or 2^52 µs or more (no replay's: virtual time ends
    /// there), where the double the table divides loses microseconds and a neighbouring multiple
    /// may print another figure.
    public static func kept(_ value: Microseconds) -> Microseconds {
        guard value >= 0, value < 1 << 52 else { return value }
        let (tenths, rest) = value.quotientAndRemainder(dividingBy: 100)
        return rest == 50 ? value : (tenths + (rest > 50 ? 1 : 0)) * 100
    }

    private static func count(_ samples: [String: [Microseconds]], into counts: inout [String: [Microseconds: Int]]) {
        for (name, values) in samples {
            for value in values { counts[name, default: [:]][kept(value), default: 0] += 1 }
        }
    }
}

/// p50, p95 and max of a set of durations (nearest-rank percentiles, so every figure is a value
/// that actually occurred).
public struct LatencySummary: Equatable, Sendable {
    public var count: Int
    public var p50: Microseconds
    public var p95: Microseconds
    public var max: Microseconds

    public init?(_ values: [Microseconds]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        func rank(_ percent: Int) -> Microseconds {
            sorted[Swift.max(0, (percent * sorted.count + 99) / 100 - 1)]
        }
        count = sorted.count
        p50 = rank(50)
        p95 = rank(95)
        max = sorted[sorted.count - 1]
    }

    /// The summary of the values counted in `counts` (value: how often it occurred), as of those
    /// values listed: `LatencyCounts`' figures. Nil when nothing was counted.
    public init?(counts: [Microseconds: Int]) {
        let values = counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        let total = values.reduce(0) { $0 + $1.value }
        guard total > 0 else { return nil }
        func rank(_ percent: Int) -> Microseconds {
            let index = Swift.max(0, (percent * total + 99) / 100 - 1)
            var seen = 0
            for (value, count) in values {
                seen += count
                if seen > index { return value }
            }
            return values[values.count - 1].key
        }
        count = total
        p50 = rank(50)
        p95 = rank(95)
        max = values[values.count - 1].key
    }
}
