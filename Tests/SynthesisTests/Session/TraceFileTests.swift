import Synthesis
import TestSupport
import Testing
import TouchTrace

@Suite("Generated sessions stream into binary trace files")
struct TraceFileTests {
    private func write(_ gesture: Gesture, seed: UInt64, to path: String) throws -> [TraceEvent] {
        let header = SyntheticTouchscreen.header(recorder: "touchstone synth", version: "test", detail: "seed=\(seed)")
        var session = try SessionSynthesizer(seed: seed)
        var events: [TraceEvent] = []
        try session.perform(gesture, into: &events)
        var writer = try TraceWriter(path: path, header: header)
        var again = try SessionSynthesizer(seed: seed)
        try again.perform(gesture, into: &writer)
        try writer.close()
        return events
    }

    @Test("A gesture streamed into a trace file reads back as the same events and header", arguments: everyGesture)
    func roundTrip(gesture: Gesture) throws {
        let directory = TemporaryDirectory("synth")
        let path = directory.file("g.trace")
        let events = try write(gesture, seed: 7, to: path)
        let reader = try TraceReader(path: path)
        #expect(try reader.readAll() == events)
        #expect(reader.header.devices == [SyntheticTouchscreen.description])
        #expect(reader.damage.isEmpty)
    }

    @Test("The same seed writes the same bytes")
    func sameBytes() throws {
        let directory = TemporaryDirectory("synth")
        _ = try write(.pinch(.in, scale: nil), seed: 7, to: directory.file("a.trace"))
        _ = try write(.pinch(.in, scale: nil), seed: 7, to: directory.file("b.trace"))
        let first = readFileBytes(directory.file("a.trace"))
        #expect(!first.isEmpty)
        #expect(first == readFileBytes(directory.file("b.trace")))
    }

    @Test("Binary to JSON Lines to binary gives the same bytes for every family", arguments: Gesture.typical)
    func jsonLinesRoundTrip(gesture: Gesture) throws {
        let directory = TemporaryDirectory("synth")
        _ = try write(gesture, seed: 11, to: directory.file("g.trace"))
        let binary = readFileBytes(directory.file("g.trace"))
        let text = JSONLines.encode(try TraceConversion.jsonLines(fromBinary: binary))
        let back = try TraceConversion.binary(from: try JSONLines.parse(text))
        #expect(back == binary)
    }

    @Test("A corpus trace streams into a file with exactly the samples asked for")
    func corpusFile() throws {
        let directory = TemporaryDirectory("synth")
        let path = directory.file("corpus.trace")
        let corpus = try CorpusSynthesizer(seed: 2)
        var writer = try TraceWriter(path: path, header: corpus.header(index: 0, samples: 25_000, version: "test"))
        try corpus.generateTrace(index: 0, samples: 25_000, into: &writer)
        try writer.close()
        let shape = SessionShape(try TraceReader(path: path).readAll())
        #expect(shape.touchSamples == 25_000)
        #expect(shape.problems == [])
    }
}
