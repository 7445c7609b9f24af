import TestSupport
import Testing
import TouchTrace

/// A recording of another tool becomes a binary trace in one go, which no kill can cut short: its
/// chunks are sealed by size (`TraceWriter.Options.packed`), not every 100 ms as a recorder's.
@Suite("An imported recording is packed into chunks by size")
struct ImportChunkingTests {
    /// Recordings of other tools, each spanning well over 100 ms of event time, and smaller than
    /// a chunk's 64 KiB once converted.
    static let recordings = [
        "evemu/touchscreens/EP0430M09.2-fingers-touch-release.events",
        "logs/three-finger-protocol-b.getevent-p.txt",
        "logs/pinch-protocol-b.evtest.txt",
    ]

    private func converted(_ fixture: String, as format: TraceFormat) throws -> (path: String, folder: TemporaryDirectory) {
        let folder = TemporaryDirectory("import-chunking")
        let path = folder.file(format == .binary ? "out.trace" : "out.jsonl")
        try TraceFile.convert(Fixtures.path(fixture), to: path, as: format)
        return (path, folder)
    }

    @Test("An import converted to binary is one chunk of the packed writer's options", arguments: recordings)
    func importIsOneChunk(fixture: String) throws {
        let (path, folder) = try converted(fixture, as: .binary)
        let reader = try TraceReader(path: path)
        let entries = try #require(reader.index).entries
        let events = try reader.readAll()
        #expect(reader.writerOptions == .packed)
        #expect(entries.count == 1)
        #expect(try #require(events.last).time - events[0].time > 100_000)
        _ = folder
    }

    @Test("Every import format's trace carries the packed writer's options", arguments: recordings + [
        "libinput-record/two-finger-scroll.with-libinput.yml"
    ])
    func everyFormatIsPacked(fixture: String) throws {
        #expect(try TraceFile.open(path: Fixtures.path(fixture)).writerOptions == .packed)
    }

    @Test("An import converted to JSON Lines carries the packed flush interval, so binary made from it is packed too")
    func jsonLinesCarriesPacking() throws {
        let (jsonLines, folder) = try converted(Self.recordings[0], as: .jsonLines)
        let binary = folder.file("again.trace")
        try TraceFile.convert(jsonLines, to: binary, as: .binary)
        #expect(try TraceReader(path: binary).writerOptions == .packed)
    }

    @Test("A binary trace converted again keeps its writer's flush interval and chunks")
    func binaryKeepsItsChunks() throws {
        let folder = TemporaryDirectory("import-chunking")
        let recorded = folder.file("recorded.trace")
        let frames = (0..<10).map { TraceEvent.frame(FrameMark(time: Microseconds($0) * 60_000, device: 0)) }
        try BinaryTrace.write(TraceDocument(header: SampleTraces.header, events: frames), to: recorded)
        let copy = folder.file("copy.trace")
        try TraceFile.convert(recorded, to: copy, as: .binary)
        let reader = try TraceReader(path: copy)
        #expect(reader.writerOptions == TraceWriter.Options())
        #expect(try #require(reader.index).entries.map(\.baseTime) == [0, 120_000, 240_000, 360_000, 480_000])
    }
}
