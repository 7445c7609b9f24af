import Foundation
import Testing
import TouchTrace
@testable import Replay

/// `verify --jobs N` runs its captures on N threads of its own, all started at once.
@Suite("Worker threads")
struct WorkerThreadsTests {
    @Test("N workers run at the same time, each once, whatever the machine's load")
    func workersRunTogether() {
        let workers = 4
        let arrived = Locked(0)
        let seen = Locked<[Int]>([])
        WorkerThreads.run(count: workers) { worker in
            arrived.withLock { $0 += 1 }
            // Each waits for all the others: with fewer threads than workers this would time out.
            let deadline = ContinuousClock.now + .seconds(20)
            while arrived.withLock({ $0 }) < workers && ContinuousClock.now < deadline { usleep(1_000) }
            let together = arrived.withLock { $0 }
            seen.withLock { $0.append(worker * 100 + together) }
        }
        #expect(seen.withLock { $0.sorted() } == (0..<workers).map { $0 * 100 + workers })
    }

    @Test("One worker runs on the calling thread")
    func oneWorker() {
        let ran = Locked(0)
        WorkerThreads.run(count: 1) { worker in ran.withLock { $0 += 1 + worker } }
        #expect(ran.withLock { $0 } == 1)
    }

    @Test("When the system refuses a thread, no further one is tried: the workers without one run in turn on the calling thread, each once")
    func refusedThreadsRunOnTheCaller() {
        let caller = pthread_self()
        let ran = Locked<[Int]>([])
        let onCaller = Locked<[Int]>([])
        WorkerThreads.run(count: 6, threadsAllowed: 2) { worker in
            ran.withLock { $0.append(worker) }
            if pthread_equal(pthread_self(), caller) != 0 { onCaller.withLock { $0.append(worker) } }
        }
        #expect(ran.withLock { $0.sorted() } == Array(0..<6))
        #expect(onCaller.withLock { $0 } == [2, 3, 4, 5])
    }
}
