#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing
import TouchTrace

@Suite("The file writer: .partial, rename, and what a killed recorder leaves")
struct TraceWriterTests {
    @Test("A writer writes to NAME.partial and close() renames it to NAME")
    func partialThenRename() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("session.trace")
        let writer = try TraceWriter(path: path, header: SampleTraces.header)
        for event in SampleTraces.everyCase { try writer.append(event) }
        #expect(fileExists(path + ".partial"))
        #expect(!fileExists(path))
        try writer.close()
        #expect(!fileExists(path + ".partial"))
        #expect(readFileBytes(path) == (try TraceEncoder.encode(SampleTraces.everyCaseDocument)))
        #expect(writer.bytesWritten == readFileBytes(path).count)
        #expect(writer.eventsWritten == SampleTraces.everyCase.count)
    }

    @Test("A file whose writer never closed it reads up to its last flushed chunk")
    func killedBeforeClose() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("killed.trace")
        var writer: TraceWriter? = try TraceWriter(path: path, header: SampleTraces.header)
        let flushedCount = 40
        for event in SampleTraces.everyCase.prefix(flushedCount) { try writer!.append(event) }
        try writer!.flush()
        for event in SampleTraces.everyCase.dropFirst(flushedCount) { try writer!.append(event) }
        writer = nil  // dropped without close(), as a SIGKILL would leave it
        let (document, damage) = try BinaryTrace.readDocument(path: path + ".partial")
        #expect(Array(document.events.prefix(flushedCount)) == Array(SampleTraces.everyCase.prefix(flushedCount)))
        #expect(damage.map(\.kind) == [.missingTrailer])
        #expect(!fileExists(path))
    }

    @Test("Chunks sealed by the flush interval reach the file before close()")
    func intervalChunksAreWritten() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("live.trace")
        let writer = try TraceWriter(path: path, header: SampleTraces.header)
        let headerSize = writer.bytesWritten
        for event in SampleTraces.everyCase where event.time < 200_000 { try writer.append(event) }
        #expect(writer.bytesWritten > headerSize)
        #expect(readFileBytes(path + ".partial").count == writer.bytesWritten)
    }

    @Test("A writer refuses more events once closed")
    func appendAfterClose() throws {
        let directory = TemporaryDirectory()
        let writer = try TraceWriter(path: directory.file("a.trace"), header: SampleTraces.header)
        try writer.close()
        #expect(throws: TraceWriteError.self) { try writer.append(SampleTraces.everyCase[0]) }
    }

    @Test("A full disk is a thrown error naming the file, not a crash")
    func diskFull() throws {
        // A device is written in place: every write to /dev/full fails with ENOSPC.
        let error = #expect(throws: TraceWriteError.self) { try TraceWriter(path: "/dev/full", header: SampleTraces.header, partial: .hidden) }
        #expect(error?.file == "/dev/full")
        #expect(error?.message == "write failed: No space left on device")
    }

    @Test("A writer that cannot create its file throws a clear error")
    func unwritableDirectory() {
        #expect(throws: TraceWriteError.self) {
            try TraceWriter(path: "/nonexistent-directory/a.trace", header: SampleTraces.header)
        }
    }
}

@Suite("An index larger than the writer keeps in memory")
struct IndexSpillTests {
    /// `count` touch samples 1 µs apart with a 1 µs flush interval: a chunk, and an index entry, each.
    private func document(_ count: Int) -> TraceDocument {
        TraceDocument(header: SampleTraces.header, events: (0..<count).map { i in
            .touch(TouchSample(time: Microseconds(i), phase: i == 0 ? .down : .motion, touch: 1, x: Int32(i % 1000), y: 5))
        })
    }

    @Test("A writer whose index outgrows memory writes the same bytes as the in-memory encoder and leaves no file behind")
    func spilledIndexIsIdentical() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("many.trace")
        // 10,000 entries of 24 bytes: beyond the 64 KiB the writer keeps in memory.
        let document = document(10_000)
        let writer = try TraceWriter(path: path, header: document.header, options: .init(flushInterval: 1), partial: .hidden)
        for event in document.events { try writer.append(event) }
        try writer.close()
        #expect(readFileBytes(path) == (try TraceEncoder.encode(document, options: .init(flushInterval: 1))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["many.trace"])
        let reader = try TraceReader(path: path)
        #expect(reader.index?.entries.count == 10_000)
        #expect(reader.damage.isEmpty)
        try reader.seek(toTime: 7_777)
        #expect(try reader.next() == document.events[7_777])
    }
}

@Suite("Seeking by time")
struct SeekTests {
    private func document() -> TraceDocument { SampleTraces.tenFingers(seconds: 2) }

    @Test("seek(toTime:) through the index lands on the first event at or after the time",
          arguments: [Microseconds(0), 8_333, 8_334, 150_000, 1_000_000, 1_991_666])
    func seekWithIndex(time: Microseconds) throws {
        let document = document()
        let reader = try TraceReader(bytes: TraceEncoder.encode(document))
        #expect(reader.index != nil)
        try reader.seek(toTime: time)
        let expected = document.events.first { $0.time >= time }
        #expect(try reader.next() == expected)
    }

    @Test("seek(toTime:) without an index scans to the same place")
    func seekWithoutIndex() throws {
        let document = document()
        let reader = try TraceReader(bytes: TraceEncoder.encode(document, options: .init(writeIndex: false)))
        try reader.seek(toTime: 1_000_000)
        let rest = try reader.readAll()
        #expect(rest == Array(document.events.drop { $0.time < 1_000_000 }))
    }

    @Test("seek(toTime:) past the end leaves nothing to read")
    func seekPastEnd() throws {
        let reader = try TraceReader(bytes: TraceEncoder.encode(document()))
        try reader.seek(toTime: .max)
        #expect(try reader.next() == nil)
    }
}
