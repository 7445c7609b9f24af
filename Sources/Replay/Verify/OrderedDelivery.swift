import TouchTrace

/// Hands the workers' results to one consumer in corpus order, each as soon as it and every earlier
/// one are known, and keeps each only as `CaptureResult.delivered` once the consumer has had it:
/// what lets `touchstone verify` print a corpus whose every capture fails without holding every
/// diff to the end. It also hands the workers their captures (`take()`).
///
/// Workers take the longest captures first (`order`), so a result often comes before its turn and
/// waits here, whole. What waits is bounded by `parkedBytesLimit`: past it, workers take the
/// earliest capture nobody has taken (so the next to deliver is always in progress), and a worker
/// whose result would add to it waits until earlier ones are delivered, as long as the next one is
/// in progress (its worker never waits), so the run cannot stall.
///
/// The consumer runs under the lock, one result at a time, on whichever worker thread completed the
/// run of results. Once it throws, no capture is taken any more, the rest are stored without it,
/// and `failure` holds the error. A `ConditionLock`, which ThreadSanitizer sees.
final class OrderedDelivery: @unchecked Sendable {
    private let consumer: (CaptureResult) throws -> Void
    private let parkedBytesLimit: Int
    /// Held for every field below; broadcast when results are handed on.
    private let lock = ConditionLock()
    private var slots: [CaptureResult?]
    private var waiting: [Int: CaptureResult] = [:]
    private var waitingBytes = 0
    private var counts = LatencyCounts()
    private var next = 0
    private var error: (any Error)?
    /// The captures' positions in the order workers take them while little waits.
    private let order: [Int]
    private var taken: [Bool]
    /// The next place in `order` to look at, and the earliest position that may be untaken.
    private var orderCursor = 0
    private var earliestUntaken = 0

    init(order: [Int], parkedBytesLimit: Int, consumer: @escaping (CaptureResult) throws -> Void) {
        self.consumer = consumer
        self.parkedBytesLimit = parkedBytesLimit
        self.order = order
        taken = Array(repeating: false, count: order.count)
        slots = Array(repeating: nil, count: order.count)
    }

    /// The consumer's error, once it has thrown.
    var failure: (any Error)? {
        lock.withLock { error }
    }

    /// The position of the capture a worker replays next, or nil when every one is taken or the
    /// consumer has failed.
    func take() -> Int? {
        lock.withLock(takeLocked)
    }

    private func takeLocked() -> Int? {
        guard error == nil else { return nil }
        let index: Int
        if waitingBytes > parkedBytesLimit {
            while earliestUntaken < taken.count && taken[earliestUntaken] { earliestUntaken += 1 }
            guard earliestUntaken < taken.count else { return nil }
            index = earliestUntaken
        } else {
            while orderCursor < order.count && taken[order[orderCursor]] { orderCursor += 1 }
            guard orderCursor < order.count else { return nil }
            index = order[orderCursor]
        }
        taken[index] = true
        return index
    }

    /// The result of the capture at `index`: delivered now with every waiting one after it, or
    /// kept until its turn.
    func deliver(_ result: CaptureResult, at index: Int) {
        lock.withLock { deliverLocked(result, at: index) }
    }

    private func deliverLocked(_ result: CaptureResult, at index: Int) {
        let bytes = result.heldBytes
        // Waiting is safe only while the next result is being made: its worker never waits here.
        while index != next && taken[next] && waitingBytes > 0 && waitingBytes + bytes > parkedBytesLimit {
            lock.wait()
        }
        guard index == next else {
            waiting[index] = result
            waitingBytes += bytes
            return
        }
        hand(result, at: index)
        while let following = waiting.removeValue(forKey: next) {
            waitingBytes -= following.heldBytes
            hand(following, at: next)
        }
        lock.broadcast()
    }

    private func hand(_ result: CaptureResult, at index: Int) {
        if error == nil {
            do { try consumer(result) } catch { self.error = error }
        }
        counts.add(result.latencies)
        slots[index] = result.delivered
        next = index + 1
    }

    /// Every delivered result's latencies, counted.
    var latencyCounts: LatencyCounts {
        lock.withLock { counts }
    }

    /// Every result as delivered, in corpus order; only once every worker has finished.
    var all: [CaptureResult] {
        lock.withLock { slots.map { $0! } }
    }
}
