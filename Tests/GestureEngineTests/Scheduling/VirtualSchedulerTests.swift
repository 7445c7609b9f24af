import GestureEngine
import Testing

/// Records the order and instant of each firing.
private final class FiringLog: TimerTarget {
    let scheduler: VirtualScheduler
    var fired: [(tag: Int, at: GestureTime)] = []
    /// Tag -> delay of a timer to arm when that tag fires.
    var chained: [Int: (tag: Int, delay: GestureDuration)] = [:]

    init(_ scheduler: VirtualScheduler) { self.scheduler = scheduler }

    func timerFired(tag: Int, token: TimerToken) {
        fired.append((tag, scheduler.now))
        if let next = chained[tag] {
            _ = scheduler.schedule(at: scheduler.now + next.delay, target: self, tag: next.tag)
        }
    }
}

@Suite("VirtualScheduler")
struct VirtualSchedulerTests {
    @Test("timers due at the same instant fire in the order they were scheduled")
    func equalDeadlinesFireInInsertionOrder() {
        let scheduler = VirtualScheduler()
        let log = FiringLog(scheduler)
        for tag in [3, 1, 2] { _ = scheduler.schedule(at: 500, target: log, tag: tag) }
        _ = scheduler.schedule(at: 100, target: log, tag: 9)
        scheduler.advance(to: 1_000)
        #expect(log.fired.map(\.tag) == [9, 3, 1, 2])
    }

    @Test("each timer fires with the clock at its own deadline, then the clock reaches the target")
    func clockIsSetToEachDeadline() {
        let scheduler = VirtualScheduler()
        let log = FiringLog(scheduler)
        _ = scheduler.schedule(at: 250, target: log, tag: 1)
        _ = scheduler.schedule(at: 700, target: log, tag: 2)
        scheduler.advance(to: 1_000)
        #expect(log.fired.map(\.at) == [250, 700])
        #expect(scheduler.now == 1_000)
    }

    @Test("a timer due exactly at the target instant fires during the advance")
    func deadlineEqualToTargetFires() {
        let scheduler = VirtualScheduler()
        let log = FiringLog(scheduler)
        _ = scheduler.schedule(at: 500, target: log, tag: 1)
        scheduler.advance(to: 499)
        #expect(log.fired.isEmpty)
        scheduler.advance(to: 500)
        #expect(log.fired.map(\.tag) == [1])
    }

    @Test("advancing to the past leaves the clock where it is")
    func noTimeTravel() {
        let scheduler = VirtualScheduler()
        scheduler.advance(to: 1_000)
        scheduler.advance(to: 400)
        #expect(scheduler.now == 1_000)
    }

    @Test("a timer scheduled in the past fires on the next advance without moving the clock back")
    func pastDeadlineFiresAtCurrentTime() {
        let scheduler = VirtualScheduler()
        let log = FiringLog(scheduler)
        scheduler.advance(to: 1_000)
        _ = scheduler.schedule(at: 200, target: log, tag: 1)
        scheduler.advance(to: 1_000)
        #expect(log.fired.map(\.at) == [1_000])
    }

    @Test("a cancelled timer never fires and no longer counts as pending")
    func cancellation() {
        let scheduler = VirtualScheduler()
        let log = FiringLog(scheduler)
        let doomed = scheduler.schedule(at: 100, target: log, tag: 1)
        _ = scheduler.schedule(at: 200, target: log, tag: 2)
        scheduler.cancel(doomed)
        #expect(scheduler.pendingCount == 1)
        #expect(scheduler.nextDeadline == 200)
        scheduler.advance(to: 1_000)
        #expect(log.fired.map(\.tag) == [2])
    }

    @Test("cancelling a timer that already fired does nothing")
    func cancellingFiredTimer() {
        let scheduler = VirtualScheduler()
        let log = FiringLog(scheduler)
        let token = scheduler.schedule(at: 100, target: log, tag: 1)
        scheduler.advance(to: 100)
        scheduler.cancel(token)
        _ = scheduler.schedule(at: 150, target: log, tag: 2)
        scheduler.advance(to: 200)
        #expect(log.fired.map(\.tag) == [1, 2])
    }

    @Test("a timer armed by a timer fires in the same advance when it falls due by the target")
    func timersScheduledByTimers() {
        let scheduler = VirtualScheduler()
        let log = FiringLog(scheduler)
        log.chained[1] = (tag: 2, delay: 300)
        log.chained[2] = (tag: 3, delay: 300)
        _ = scheduler.schedule(at: 100, target: log, tag: 1)
        scheduler.advance(to: 500)
        #expect(log.fired.map(\.tag) == [1, 2])
        #expect(log.fired.map(\.at) == [100, 400])
        scheduler.runRemaining()
        #expect(log.fired.map(\.at) == [100, 400, 700])
        #expect(scheduler.now == 700)
    }

    @Test("a timer armed by a timer for the same instant fires after the timers already due then")
    func chainedTimerAtSameInstantRunsLast() {
        let scheduler = VirtualScheduler()
        let log = FiringLog(scheduler)
        log.chained[1] = (tag: 3, delay: 0)
        _ = scheduler.schedule(at: 100, target: log, tag: 1)
        _ = scheduler.schedule(at: 100, target: log, tag: 2)
        scheduler.advance(to: 100)
        #expect(log.fired.map(\.tag) == [1, 2, 3])
    }

    @Test("thousands of timers armed and cancelled in a scattered order: exactly the armed ones stay pending and fire")
    func manyTimersArmedAndCancelled() {
        let scheduler = VirtualScheduler()
        let log = FiringLog(scheduler)
        var tokens: [Int: TimerToken] = [:]
        var armed = Set<Int>()
        var armedInOrder: [Int] = []
        // A fixed pseudo-random walk: the armed set grows past its first table several times,
        // and cancellations fall in the middle of runs of neighbouring sequences.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        for tag in 0..<5_000 {
            tokens[tag] = scheduler.schedule(at: GestureTime(10_000 + next(1_000)), target: log, tag: tag)
            armed.insert(tag)
            armedInOrder.append(tag)
            if next(3) == 0 {
                let victim = armedInOrder.remove(at: next(armedInOrder.count))
                scheduler.cancel(tokens[victim]!)
                scheduler.cancel(tokens[victim]!)
                armed.remove(victim)
            }
            #expect(scheduler.pendingCount == armed.count)
        }
        for tag in 0..<5_000 where tag % 7 == 0 && armed.contains(tag) {
            scheduler.cancel(tokens[tag]!)
            armed.remove(tag)
        }
        #expect(scheduler.pendingCount == armed.count)
        scheduler.runRemaining()
        #expect(Set(log.fired.map(\.tag)) == armed)
        #expect(log.fired.count == armed.count)
        #expect(scheduler.pendingCount == 0)
    }
}

