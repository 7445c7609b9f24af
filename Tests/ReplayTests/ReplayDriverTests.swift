import Testing
import Synthesis
import TouchTrace
@testable import Replay

@Suite("Replay driver")
struct ReplayDriverTests {
    @Test("A double tap on the map sends the double tap's action and fails the single tap waiting on it")
    func doubleTapOnMap() throws {
        let log = try SyntheticTraces.log(try SyntheticTraces.document([.doubleTap(fingers: 1)]), scene: BuiltinScenes.map)
        #expect(log.contains("action doubleTap recognized"))
        #expect(!log.contains("action singleTap"))
        #expect(log.contains("state singleTap recognized -> failed"))
    }

    /// A scene of `count` taps on the window, each requiring the next to fail (the last requires none).
    private func chain(_ count: Int) throws -> Scene {
        let recognizers = (0..<count).map { index in
            let next = index + 1 < count ? "\"r\(index + 1)\"" : ""
            return #"{"id": "r\#(index)", "type": "tap", "requiresFailureOf": [\#(next)]}"#
        }
        let json = #"{"name": "chain", "window": {"width": 1280, "height": 800}, "recognizers": [\#(recognizers.joined(separator: ","))]}"#
        return try SceneLoader.decode(Array(json.utf8), file: "chain.json")
    }

    // The limit only catches a return of the quadratic arbitration (minutes in a debug build);
    // the replay itself takes about a second there.
    @Test("A tap through 10,000 chained failure requirements recognizes only the last, failing all others",
          .timeLimit(.minutes(1)))
    func tenThousandChainedRecognizers() throws {
        let count = 10_000
        let log = try SyntheticTraces.log(try SyntheticTraces.document([.tap(fingers: 1)]), scene: try chain(count))
        let lines = log.split(separator: "\n")
        let actions = lines.filter { $0.contains(" action ") }
        #expect(actions.count == 1)
        #expect(actions.first?.contains(" action r\(count - 1) recognized ") == true)
        let failed = lines.filter { $0.contains(" -> failed") }
        #expect(failed.count == count - 1)
        #expect(!failed.contains { $0.contains("state r\(count - 1) ") })
    }

    /// A touch of touch 1 at the middle of the synthetic screen.
    private func touch(_ phase: TouchPhase, at time: Microseconds) -> TraceEvent {
        .touch(TouchSample(time: time, phase: phase, touch: 1, x: 1000, y: 1000))
    }

    @Test("A driver made without collecting latencies gathers none and writes the same log as one that does")
    func noLatenciesSameLog() throws {
        let document = try SyntheticTraces.document([.doubleTap(fingers: 1), .pan(direction: nil, fingers: 2)])
        var logs: [[UInt8]] = []
        for collects in [true, false] {
            let driver = ReplayDriver(scene: BuiltinScenes.map, devices: document.header.devices, collectsLatencies: collects)
            for event in document.events { try driver.feed(event) }
            driver.finish()
            #expect(driver.latencies.recognition.isEmpty == !collects)
            var log: [UInt8] = []
            driver.drainLog { log += $0 }
            logs.append(log)
        }
        #expect(logs[0] == logs[1])
    }

    @Test("discardLatencies empties the samples gathered so far, and the next decisions are gathered again")
    func discardLatencies() throws {
        let document = try SyntheticTraces.document([.doubleTap(fingers: 1), .doubleTap(fingers: 1)])
        let driver = ReplayDriver(scene: BuiltinScenes.map, devices: document.header.devices)
        let half = document.events.count / 2
        for event in document.events.prefix(half) { try driver.feed(event) }
        #expect(!driver.latencies.recognition.isEmpty)
        driver.discardLatencies()
        #expect(driver.latencies == LatencySamples())
        for event in document.events.dropFirst(half) { try driver.feed(event) }
        driver.finish()
        #expect(driver.latencies.recognition.values.map(\.count).reduce(0, +) > 0)
    }

    @Test("Events up to latestVirtualTime after the first replay, from any first time, decoded or fed",
          arguments: [Int64.min, -1, 0, Int64.max - ReplayDriver.latestVirtualTime])
    func virtualTimeWindow(origin: Int64) throws {
        let header = try SyntheticTraces.document([.tap(fingers: 1)]).header
        let last = origin + ReplayDriver.latestVirtualTime
        let events = [touch(.down, at: origin), .frame(FrameMark(time: origin, device: 0)), touch(.up, at: last)]
        let decoded = ReplayDriver(scene: BuiltinScenes.map, devices: header.devices)
        var log: [UInt8] = []
        try decoded.feedAll(TraceReader(bytes: TraceEncoder.encode(TraceDocument(header: header, events: events))),
                            drainingEvery: 1 << 16, into: &log)
        decoded.finish()
        let fed = ReplayDriver(scene: BuiltinScenes.map, devices: header.devices)
        for event in events { try fed.feed(event) }
        fed.finish()
        #expect(decoded.touchSamples == 2 && fed.touchSamples == 2)
        #expect(decoded.now == ReplayDriver.latestVirtualTime && fed.now == ReplayDriver.latestVirtualTime)
    }

    @Test("An event one microsecond beyond latestVirtualTime after the first is an error, from any first time",
          arguments: [Int64.min, -1, 0, Int64.max - ReplayDriver.latestVirtualTime - 1])
    func beyondVirtualTimeWindow(origin: Int64) throws {
        let header = try SyntheticTraces.document([.tap(fingers: 1)]).header
        let driver = ReplayDriver(scene: BuiltinScenes.map, devices: header.devices)
        try driver.feed(touch(.down, at: origin))
        #expect(throws: ReplayError.self) { try driver.feed(self.touch(.up, at: origin + ReplayDriver.latestVirtualTime + 1)) }
    }

    @Test("A replay holds touchesDownLimit touches down at once; the next is an error naming the limit")
    func touchesDownLimit() throws {
        let header = try SyntheticTraces.document([.tap(fingers: 1)]).header
        let driver = ReplayDriver(scene: BuiltinScenes.map, devices: header.devices)
        for touch in 0..<ReplayDriver.touchesDownLimit {
            try driver.feed(.touch(TouchSample(time: 1_000, phase: .down, touch: TouchID(touch), x: 1000, y: 1000)))
        }
        let error = #expect(throws: ReplayError.self) {
            try driver.feed(.touch(TouchSample(time: 1_000, phase: .down, touch: 5_000, x: 1000, y: 1000)))
        }
        #expect(error?.message == "more than 1024 touches down at once (at 0 µs of the replay): not a recording of hands; touches that never lift?")
    }
}
