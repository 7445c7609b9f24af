#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing
@testable import TouchTrace

@Suite("Writers only ever replace regular files")
struct OutputTargetTests {
    private let header = TraceHeader(
        recorder: RecorderInfo(name: "test", version: "1"),
        devices: [])

    @Test("A FIFO as output is refused before anything is created")
    func fifoRefused() throws {
        let dir = TemporaryDirectory()
        let fifo = dir.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: TraceWriteError.self) { try TraceWriter(path: fifo, header: header) }
        #expect(!fileExists(fifo + ".partial"))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("A directory as output is refused by the JSON Lines writer too")
    func directoryRefused() throws {
        let dir = TemporaryDirectory()
        let trace = JSONLinesTrace(document: TraceDocument(header: header, events: []))
        #expect(throws: OutputFileError(path: dir.path, reason: "is a directory")) { try JSONLines.write(trace, to: dir.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("An existing regular file is replaced")
    func regularFileReplaced() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.trace")
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        close(fd)
        let writer = try TraceWriter(path: path, header: header)
        try writer.close()
        #expect(fileExists(path))
        #expect(!fileExists(path + ".partial"))
    }

    @Test("A header longer than readers accept (a 17 MiB device name) is refused before anything is created")
    func oversizedHeaderRefused() throws {
        let dir = TemporaryDirectory()
        let device = DeviceDescription(
            index: 0, name: String(repeating: "N", count: 17 * 1024 * 1024), kind: .touchscreen, source: .synthetic,
            x: AxisRange(minimum: 0, maximum: 1000), y: AxisRange(minimum: 0, maximum: 600), slots: 4)
        let header = TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [device])
        #expect(throws: TraceWriteError.self) { try TraceWriter(path: dir.file("long.trace"), header: header) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
