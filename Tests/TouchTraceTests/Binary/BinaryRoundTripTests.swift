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
