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
    /// Recognizers decided and awaiting their first action. A flat list (at most one entry per
    /// recognizer of the scene) because it is searched on every action: scanning a few names is
    /// cheaper than hashing one.
    private var decidedAt: [(name: String, time: Microseconds)] = []

    public init() {}

    /// A touch went down while `activeTouches` others were already down.
    public mutating func touchDown(at time: Microseconds, activeTouches: Int) {
        if activeTouches == 0 { sequenceStart = time }
    }

    /// A recognizer changed state; began and recognized are the deciding moments.
    public mutating func recognizer(_ name: String, changedTo state: RecognizerStateName, at time: Microseconds) {
        guard state == .began || state == .recognized else { return }
        if let start = sequenceStart { samples.add(name, recognition: time - start) }
        if let index = decidedAt.firstIndex(where: { $0.name == name }) {
            decidedAt[index].time = time
        } else {
            decidedAt.append((name, time))
        }
    }

    /// A recognizer sent its action.
    public mutating func actionSent(by name: String, at time: Microseconds) {
        // Most actions are a continuous recognizer's changes, long after its decision.
        guard !decidedAt.isEmpty, let index = decidedAt.firstIndex(where: { $0.name == name }) else { return }
        samples.add(name, action: time - decidedAt.remove(at: index).time)
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
}
