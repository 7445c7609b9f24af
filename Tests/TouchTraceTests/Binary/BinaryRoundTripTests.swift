import Testing
import TouchTrace

@Suite("Binary traces round-trip every event and header field")
struct BinaryRoundTripTests {
    @Test("Every event case, the header, its devices and its extension sections survive a round trip")
    func everyCase() throws {
        let bytes = try TraceEncoder.encode(SampleTraces.everyCaseDocument)
        let (document, damage) = try BinaryTrace.readDocument(bytes: bytes)
        #expect(damage.isEmpty)
        #expect(document.header == SampleTraces.header)
        #expect(document.events == SampleTraces.everyCase)
    }

    @Test("Encoding is deterministic: the same events give the same bytes")
    func deterministic() throws {
        #expect(try TraceEncoder.encode(SampleTraces.everyCaseDocument) == TraceEncoder.encode(SampleTraces.everyCaseDocument))
    }

    @Test("Gesture doubles keep their exact bits, NaN payloads and negative zero included")
    func gestureBits() throws {
        let oddNaN = Double(bitPattern: 0x7FF4_0000_0000_0001)
        let sample = GestureSample(time: 5, kind: .pinch, phase: .update, fingers: 2,
                                   dx: -0.0, dy: .infinity, scale: oddNaN, angleDelta: .leastNonzeroMagnitude)
        let document = TraceDocument(header: SampleTraces.header, events: [.gesture(sample)])
        let (decoded, _) = try BinaryTrace.readDocument(bytes: TraceEncoder.encode(document))
        guard case .gesture(let back) = decoded.events.first else {
            Issue.record("expected a gesture")
            return
        }
        #expect(back.dx.bitPattern == (-0.0).bitPattern)
        #expect(back.dy == .infinity)
        #expect(back.scale.bitPattern == oddNaN.bitPattern)
        #expect(back.angleDelta == .leastNonzeroMagnitude)
    }

    @Test("Pressure and contact size round-trip through every delta width and every change of presence")
    func fieldDeltas() throws {
        // Deltas either side of one byte's reach (a zigzagged varint: -64...63), a field dropped
        // and taken up again, and enough samples to end chunks where fewer than four bytes remain.
        let deltas: [Int32] = [0, 1, -1, 63, -64, 64, -65, 8_191, -8_192, 1 << 20, .min, .max]
        var events: [TraceEvent] = []
        var pressure: Int32 = 100, major: Int32 = 7, minor: Int32 = -3
        for step in 0..<6_000 {
            pressure &+= deltas[step % deltas.count]
            major &+= deltas[(step / 3) % deltas.count]
            minor &+= deltas[(step / 7) % deltas.count]
            let gap = step % 11 == 5
            let sample = TouchSample(
                time: Microseconds(step), phase: step == 0 ? .down : .motion, touch: 1, x: Int32(step % 50), y: 2,
                pressure: pressure, major: gap ? nil : major, minor: step % 13 == 4 ? nil : minor)
            events.append(.touch(sample))
            if step % 9 == 8 { events.append(.frame(FrameMark(time: Microseconds(step), device: 0))) }
        }
        let document = TraceDocument(header: SampleTraces.header, events: events)
        let (decoded, damage) = try BinaryTrace.readDocument(bytes: TraceEncoder.encode(document))
        #expect(damage.isEmpty)
        #expect(decoded.events == events)
    }

    @Test("A header without optional sections reads back with defaults")
    func minimalHeader() throws {
        let header = TraceHeader(recorder: RecorderInfo(name: "r", version: ""), devices: [])
        let (document, _) = try BinaryTrace.readDocument(bytes: TraceEncoder.encode(TraceDocument(header: header, events: [])))
        #expect(document.header == header)
        #expect(document.events.isEmpty)
    }

    @Test("Times may go backwards and span the whole 64-bit range")
    func extremeTimes() throws {
        let events: [TraceEvent] = [
            .frame(FrameMark(time: 10, device: 0)), .frame(FrameMark(time: 3, device: 7)),
            .frame(FrameMark(time: .max, device: 0)), .frame(FrameMark(time: .min, device: .max)),
        ]
        let document = TraceDocument(header: SampleTraces.header, events: events)
        let (decoded, damage) = try BinaryTrace.readDocument(bytes: TraceEncoder.encode(document))
        #expect(damage.isEmpty)
        #expect(decoded.events == events)
    }

    @Test("More touches than a chunk's table holds start a new chunk and still round-trip")
    func manyTouches() throws {
        let events = (0..<200).map { TraceEvent.touch(TouchSample(time: 7, phase: .down, touch: TouchID($0), x: Int32($0), y: 1)) }
        let document = TraceDocument(header: SampleTraces.header, events: events)
        let reader = try TraceReader(bytes: TraceEncoder.encode(document))
        #expect(try reader.readAll() == events)
        #expect(reader.chunksStarted == 4)
    }

    @Test("A writer refuses extension tags the format reserves")
    func reservedExtensionTag() {
        var header = SampleTraces.header
        header.extensions = [.init(tag: 2, payload: [])]
        #expect(throws: TraceWriteError.self) { try TraceEncoder(header: header) }
    }

    @Test("Binary traces are recognised by their first bytes")
    func detection() throws {
        let bytes = try TraceEncoder.encode(SampleTraces.everyCaseDocument)
        #expect(BinaryTrace.looksLike(Array(bytes.prefix(8))))
        #expect(!BinaryTrace.looksLike(Array("{\"touchstone\"".utf8)))
        #expect(!BinaryTrace.looksLike([0x89, 0x54]))
    }
}
