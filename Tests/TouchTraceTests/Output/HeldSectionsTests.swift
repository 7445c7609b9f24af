import Foundation
import Testing
@testable import TouchTrace

/// The gate a signal handler closes before it removes what is noted: sections entered on other
/// threads are waited for, and none starts once it is closed.
@Suite("Held sections")
struct HeldSectionsTests {
    @Test("Closing while a section is entered does not report the sections left, however long it waited")
    func closeReportsSectionStillEntered() {
        let sections = HeldSections()
        #expect(sections.enter())
        #expect(!sections.close(waitingAtMost: 0))
    }

    @Test("Closing returns once a section entered on another thread is left")
    func closeWaitsForSectionLeft() async {
        let sections = HeldSections()
        #expect(sections.enter())
        let closing = Thread.detachNewThreadResult { sections.close(waitingAtMost: 60) }
        sections.leave()
        #expect(await closing.value)
    }

    @Test("A section is not entered once the gate is closed, and is not counted")
    func noSectionAfterClose() {
        let sections = HeldSections()
        #expect(sections.close(waitingAtMost: 0))
        #expect(!sections.enter())
        #expect(sections.close(waitingAtMost: 0))
    }

    @Test("Sections entered and left on many threads leave none counted")
    func balancedAcrossThreads() async {
        let sections = HeldSections()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 where sections.enter() { sections.leave() }
                }
            }
        }
        #expect(sections.close(waitingAtMost: 0))
    }
}

private extension Thread {
    /// Runs `body` on a thread of its own (not the cooperative pool, which a waiting `close`
    /// must not hold), its result awaited.
    static func detachNewThreadResult<T: Sendable>(_ body: @escaping @Sendable () -> T) -> Task<T, Never> {
        Task {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: body()) }
            }
        }
    }
}
