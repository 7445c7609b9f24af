import Foundation
import TestSupport
import Testing
import TouchTrace

@Suite("Trace statistics summarise a stream of events")
struct TraceStatisticsTests {
    private func touch(_ time: Microseconds, _ phase: TouchPhase, _ id: TouchID, device: DeviceIndex = 0) -> TraceEvent {
        .touch(TouchSample(time: time, device: device, phase: phase, touch: id, x: 10, y: 20))
    }

    /// A sample at time 0 in a given slot, for the tests of slots.
    private func sample(_ phase: TouchPhase, _ id: TouchID, slot: UInt16) -> TraceEvent {
        .touch(TouchSample(time: 0, phase: phase, touch: id, slot: slot, x: 0, y: 0))
    }

    private func frame(_ time: Microseconds) -> TraceEvent {
        .frame(FrameMark(time: time, device: 0))
    }

    @Test("Two overlapping touches count as two sequences and two at once")
    func overlappingTouches() {
        var stats = TraceStatistics()
        for event in [
            touch(0, .down, 1), frame(0),
            touch(8_000, .down, 2), touch(8_000, .motion, 1), frame(8_000),
            touch(16_000, .up, 1), frame(16_000),
            touch(24_000, .up, 2), frame(24_000),
        ] { stats.add(event) }
        #expect(stats.touchSequences == 2)
        #expect(stats.maxConcurrentTouches == 2)
        #expect(stats.touchSamples == 5)
        #expect(stats.frames == 4)
        #expect(stats.durationSeconds == 0.024)
        #expect(stats.inconsistentSamples == 0)
    }

    @Test("Touch identity is per device")
    func identityPerDevice() {
        var stats = TraceStatistics()
        stats.add(touch(0, .down, 1, device: 0))
        stats.add(touch(0, .down, 1, device: 1))
        #expect(stats.maxConcurrentTouches == 2)
    }

    @Test("A lift without a touch down is counted as inconsistent, not as a sequence")
    func liftWithoutDown() {
        var stats = TraceStatistics()
        stats.add(touch(0, .up, 7))
        #expect(stats.touchSequences == 0)
        #expect(stats.inconsistentSamples == 1)
    }

    @Test("A removed device ends its touches")
    func removedDeviceEndsTouches() {
        var stats = TraceStatistics()
        stats.add(touch(0, .down, 1))
        stats.add(.device(.removed(time: 5, device: 0)))
        stats.add(touch(10, .down, 2))
        #expect(stats.maxConcurrentTouches == 1)
        #expect(stats.deviceChanges == 1)
    }

    @Test("An empty trace lasts zero seconds")
    func emptyTrace() {
        #expect(TraceStatistics().durationSeconds == 0)
        #expect(TraceStatistics().events == 0)
    }

    @Test("Hundreds of touches down at once are tracked exactly, on every device")
    func manyTouchesAtOnce() {
        var stats = TraceStatistics()
        for id in 0..<300 { stats.add(touch(0, .down, TouchID(id), device: DeviceIndex(id % 3))) }
        stats.add(touch(1, .motion, 299, device: 2))
        stats.add(touch(1, .motion, 299, device: 0))
        stats.add(touch(1, .down, 0, device: 0))
        stats.add(.device(.removed(time: 2, device: 1)))
        for id in 0..<300 { stats.add(touch(3, .up, TouchID(id), device: DeviceIndex(id % 3))) }
        #expect(stats.touchSequences == 301)
        #expect(stats.maxConcurrentTouches == 300)
        // The motion on device 0, the second down, and the 100 lifts on the removed device.
        #expect(stats.inconsistentSamples == 102)
    }

    @Test("Whole inputs count as their events do one by one, added devices included")
    func wholeInput() throws {
        func device(_ index: DeviceIndex, _ name: String) -> DeviceDescription {
            DeviceDescription(index: index, name: name, kind: .touchscreen, source: .synthetic,
                              x: AxisRange(minimum: 0, maximum: 999), y: AxisRange(minimum: 0, maximum: 999), slots: 10)
        }
        let events: [TraceEvent] = [
            touch(0, .down, 1), frame(0), touch(8_000, .motion, 1), frame(8_000),
            .device(.added(time: 9_000, device(1, "second"))),
            touch(16_000, .up, 1), frame(16_000),
        ]
        var oneByOne = TraceStatistics()
        for event in events { oneByOne.add(event) }
        let directory = TemporaryDirectory("statistics")
        let path = directory.file("whole.trace")
        let header = TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [device(0, "first")])
        try BinaryTrace.write(TraceDocument(header: header, events: events), to: path)
        var whole = TraceStatistics()
        try whole.add(contentsOf: TraceFile.open(path: path))
        #expect(whole == oneByOne)
        #expect(whole.addedDevices.map(\.name) == ["second"])
    }

    @Test("Touch definitions of every field width count as their events do one by one")
    func definitionWidths() throws {
        // Each touch's first sample in a chunk is a definition: device, touch, slot, position,
        // and the fields present, each a varint of one to five bytes here.
        let devices: [DeviceIndex] = [0, 1, 127, 128, 300]
        let touches: [TouchID] = [1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, .max]
        let slots: [UInt16] = [0, 127, 128, 1_000]
        let coordinates: [Int32] = [0, -64, 63, 64, -8_192, 8_192, 1 << 20, .min, .max]
        let fields: [Int32?] = [nil, 0, 100, -5_000, .max]
        var events: [TraceEvent] = []
        var time: Microseconds = 0
        for (index, touch) in touches.enumerated() {
            let device = devices[index % devices.count]
            let slot = slots[index % slots.count]
            for (step, phase) in [TouchPhase.down, .motion, .motion, .up].enumerated() {
                let x = coordinates[(index + step) % coordinates.count]
                let y = coordinates[(index * 3 + step) % coordinates.count]
                events.append(.touch(TouchSample(
                    time: time, device: device, phase: phase, touch: touch, slot: slot, x: x, y: y,
                    pressure: fields[(index + step) % fields.count], major: fields[(index + 1) % fields.count],
                    minor: fields[(index + 2 * step) % fields.count])))
                // A chunk per sample, so that each is a definition, and frames after it, so that
                // the definition is far from its chunk's end.
                for _ in 0..<100 { events.append(frame(time)) }
                time += 10
            }
        }
        var oneByOne = TraceStatistics()
        for event in events { oneByOne.add(event) }
        let directory = TemporaryDirectory("statistics-widths")
        let path = directory.file("widths.trace")
        let header = TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [])
        try BinaryTrace.write(TraceDocument(header: header, events: events), to: path, options: .init(flushInterval: 10))
        var stepped = TraceStatistics()
        try stepped.add(contentsOf: TraceFile.open(path: path))
        #expect(stepped == oneByOne)
        #expect(stepped.touchSequences == touches.count)
        #expect(stepped.inconsistentSamples == 0)
    }

    @Test("A binary trace's statistics step over the samples' values and fail where decoding them would")
    func valuesSteppedOver() throws {
        // The first chunk of a many-chunk trace with a few bytes changed behind a valid checksum:
        // deltas and definitions of every width, cut short, too wide or malformed.
        let fixture = try DamageFixture()
        let payload = fixture.bodyStart + 24
        let length = fixture.entries[1].offset - payload
        let directory = TemporaryDirectory("statistics-values")
        let path = directory.file("changed.trace")
        var state: UInt64 = 7
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var decoded = 0
        for _ in 0..<200 {
            var bytes = fixture.bytes
            for _ in 0...random(3) { bytes[payload + random(length)] = UInt8(random(256)) }
            resealChunk(&bytes, at: fixture.bodyStart)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            var stepped = TraceStatistics()
            let outcome = Result { try stepped.add(contentsOf: TraceFile.open(path: path)) }
            do {
                let (document, _) = try BinaryTrace.readDocument(bytes: bytes, name: path)
                var oneByOne = TraceStatistics()
                for event in document.events { oneByOne.add(event) }
                #expect(throws: Never.self) { try outcome.get() }
                #expect(stepped == oneByOne)
                decoded += 1
            } catch let error as TraceInputError {
                let steppedError = #expect(throws: TraceInputError.self) { try outcome.get() }
                #expect(steppedError?.message == error.message)
                #expect(steppedError?.location == error.location)
            }
        }
        #expect(decoded > 20)
    }

    @Test("A touch a chunk names twice is no longer down through either name once lifted through one")
    func touchNamedTwiceInOneChunk() throws {
        // Touches 5 and 6 in one chunk, then the definition of 6 changed to name 5 again (same
        // slot, behind a valid checksum): the chunk's table then holds touch 5 at indices 0 and 1.
        let events: [TraceEvent] = [
            touch(0, .down, 5), touch(0, .down, 6), touch(10, .motion, 5), touch(10, .motion, 6),
            touch(20, .up, 5), touch(30, .motion, 6), touch(40, .motion, 6), touch(50, .up, 6),
        ]
        var bytes = try TraceEncoder.encode(TraceDocument(header: SampleTraces.header, events: events), options: .init(writeIndex: true))
        let chunk = try #require(TraceReader(bytes: bytes).index?.entries.first).offset
        // The second definition: opcode 0x80 (a down), device 0, touch 6.
        let definitions = (chunk + 24..<bytes.count - 2).filter { bytes[$0] == 0x80 && bytes[$0 + 1] == 0 }
        let second = try #require(definitions.first { bytes[$0 + 2] == 6 })
        bytes[second + 2] = 5
        resealChunk(&bytes, at: chunk)
        let (document, _) = try BinaryTrace.readDocument(bytes: bytes, name: "named twice")
        var oneByOne = TraceStatistics()
        for event in document.events { oneByOne.add(event) }

        let directory = TemporaryDirectory("statistics-named-twice")
        let path = directory.file("twice.trace")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var whole = TraceStatistics()
        try whole.add(contentsOf: TraceFile.open(path: path))

        // The second down of 5, the motions through index 1 after the lift, and the second lift.
        #expect(oneByOne.inconsistentSamples == 4)
        #expect(whole == oneByOne)
        #expect(whole.inconsistentSamples == oneByOne.inconsistentSamples)
    }

    @Test("Touches are tracked by identity even when they change or share slots")
    func touchesChangingSlots() {
        var stats = TraceStatistics()
        for event in [
            sample(.down, 1, slot: 0), sample(.motion, 1, slot: 3),  // moved to slot 3
            sample(.down, 2, slot: 0), sample(.motion, 2, slot: 0), sample(.motion, 1, slot: 0),  // slot 0 shared
            sample(.up, 1, slot: 0),
            sample(.motion, 1, slot: 3), sample(.motion, 1, slot: 0),  // lifted: inconsistent wherever it was seen
            sample(.motion, 2, slot: 0), sample(.up, 2, slot: 5),
        ] { stats.add(event) }
        #expect(stats.touchSequences == 2)
        #expect(stats.maxConcurrentTouches == 2)
        #expect(stats.inconsistentSamples == 2)
    }

    @Test("A touch lifted in another slot than the one it went down in is no longer down in either")
    func liftInAnotherSlot() {
        var stats = TraceStatistics()
        for event in [
            sample(.down, 1, slot: 0), sample(.down, 2, slot: 1), sample(.up, 1, slot: 3),
            sample(.motion, 1, slot: 0), sample(.motion, 1, slot: 3),  // lifted: both inconsistent
            sample(.motion, 2, slot: 1),
        ] { stats.add(event) }
        #expect(stats.inconsistentSamples == 2)
    }

    @Test("Past touchesDownLimit touches down at once, the rest are counted as untracked and not followed")
    func touchesPastTheLimit() {
        var stats = TraceStatistics()
        let limit = TraceStatistics.touchesDownLimit
        let total = limit + 976
        for id in 0..<total { stats.add(touch(0, .down, TouchID(id), device: DeviceIndex(id % 2))) }
        #expect(stats.touchSequences == total)
        #expect(stats.maxConcurrentTouches == limit)
        #expect(stats.untrackedTouches == 976)
        // The untracked touches' motions and lifts cannot be told from a touch that is not down:
        // none is counted as inconsistent.
        for id in 0..<total { stats.add(touch(1, .motion, TouchID(id), device: DeviceIndex(id % 2))) }
        for id in 0..<total { stats.add(touch(2, .up, TouchID(id), device: DeviceIndex(id % 2))) }
        #expect(stats.inconsistentSamples == 0)
        // A second down of a touch followed still is.
        stats.add(touch(3, .down, 5))
        stats.add(touch(3, .down, 5))
        #expect(stats.inconsistentSamples == 1)
        #expect(stats.maxConcurrentTouches == limit)
        #expect(stats.untrackedTouches == 976)
    }

    @Test("Removals of a device with no touch down leave the other devices' touches down")
    func removalsOfAnotherDevice() {
        var stats = TraceStatistics()
        for id in 0..<40 { stats.add(touch(0, .down, TouchID(id))) }  // past the short list: the set
        stats.add(touch(0, .down, 1, device: 1))
        for _ in 0..<1_000 { stats.add(.device(.removed(time: 1, device: 7))) }
        for id in 0..<40 { stats.add(touch(2, .motion, TouchID(id))) }
        stats.add(touch(2, .motion, 1, device: 1))
        #expect(stats.inconsistentSamples == 0)
        stats.add(.device(.removed(time: 3, device: 1)))
        stats.add(touch(4, .motion, 1, device: 1))
        stats.add(touch(4, .motion, 39))
        #expect(stats.inconsistentSamples == 1)
        #expect(stats.deviceChanges == 1_001)
    }

    @Test("The first addedDevicesKept added devices are kept and the rest counted")
    func addedDevicesPastTheLimit() {
        var stats = TraceStatistics()
        let kept = TraceStatistics.addedDevicesKept
        for number in 0..<kept + 44 {
            let device = DeviceDescription(index: 1, name: "d\(number)", kind: .touchscreen, source: .synthetic,
                                           x: AxisRange(minimum: 0, maximum: 99), y: AxisRange(minimum: 0, maximum: 99), slots: 2)
            stats.add(.device(.added(time: Microseconds(number), device)))
        }
        #expect(stats.addedDevices.map(\.name) == (0..<kept).map { "d\($0)" })
        #expect(stats.addedDevicesNotKept == 44)
        #expect(stats.deviceChanges == kept + 44)
    }

    @Test("The duration of events near the end of time is exact to the microsecond, and a span past Int64 does not overflow")
    func durationNearTheEndOfTime() {
        var statistics = TraceStatistics()
        statistics.add(.frame(FrameMark(time: .max - 400, device: 0)))
        statistics.add(.frame(FrameMark(time: .max, device: 0)))
        #expect(statistics.durationSeconds == 0.0004)
        var wide = TraceStatistics()
        wide.add(.frame(FrameMark(time: .min, device: 0)))
        wide.add(.frame(FrameMark(time: .max, device: 0)))
        #expect(wide.durationSeconds > 1.8e13)
    }
}
