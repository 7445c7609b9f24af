import Foundation
import Testing
import TouchTrace

/// Every reader's touch counts held to an independent count of the raw events, for the readers
/// whose fixtures the getevent/evtest and evemu corpus suites do not cover: libinput record files
/// and evemu `.desc` + `.events` pairs.
@Suite("Touch counts against an independent count of the raw events")
struct IndependentCountTests {
    private func statistics(_ path: String) throws -> TraceStatistics {
        var statistics = TraceStatistics()
        try TraceFile.load(path: path).document.events.forEach { statistics.add($0) }
        return statistics
    }

    @Test("Each libinput record fixture's touch sequences and peak concurrency equal an independent count", arguments: [
        "libinput-record/acer-sw5-012-ite-touchpad.two-finger-scroll.libinput-record.yml",
        "libinput-record/two-finger-scroll.with-libinput.yml",
    ])
    func libinputRecord(fixture: String) throws {
        let path = Fixtures.path(fixture)
        let expected = RawTouchCount(RawTouchCount.libinputRecordEvents(try String(contentsOfFile: path, encoding: .utf8)))
        let counted = try statistics(path)

        #expect(expected.sequences > 0)
        #expect(counted.touchSequences == expected.sequences)
        #expect(counted.maxConcurrentTouches == expected.peak)
        #expect(counted.inconsistentSamples == 0)
    }

    @Test("An evemu NAME-ACTION.events file read with NAME.desc counts as its raw events do")
    func evemuPair() throws {
        let path = Fixtures.path("evemu-pairs/SynPS2-Synaptics-TouchPad-leftmove.events")
        let desc = try String(contentsOfFile: Fixtures.path("evemu-pairs/SynPS2-Synaptics-TouchPad.desc"), encoding: .utf8)
        let slots = desc.split(separator: "\n").contains { $0.hasPrefix("A: 2f ") }
        let expected = RawTouchCount(
            RawTouchCount.evemuEvents(try String(contentsOfFile: path, encoding: .utf8)),
            touchProtocol: slots ? .slots : .singleTouch)
        let counted = try statistics(path)

        #expect(expected.sequences > 0)
        #expect(counted.touchSequences == expected.sequences)
        #expect(counted.maxConcurrentTouches == expected.peak)
    }
}
