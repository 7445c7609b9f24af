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

@Suite("Writers refuse, when they write, what their reader would reject")
struct WriterLimitTests {
    private func trace(deviceName: String) -> JSONLinesTrace {
        let device = DeviceDescription(
            index: 0, name: deviceName, kind: .touchscreen, source: .synthetic,
            x: AxisRange(minimum: 0, maximum: 1000), y: AxisRange(minimum: 0, maximum: 600), slots: 4)
        return JSONLinesTrace(document: TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "1"), devices: [device]), events: []))
    }

    @Test("A device name over 1 MiB (legal in a binary trace) written to JSON Lines reads back")
    func longNameJSONLinesReadsBack() throws {
        let dir = TemporaryDirectory()
        let original = trace(deviceName: String(repeating: "N", count: 1_200_000))
        try JSONLines.write(original, to: dir.file("long.jsonl"))
        #expect(try JSONLines.read(path: dir.file("long.jsonl")) == original)
    }

    @Test("A device name longer than an evemu or libinput record line is refused at write time, naming the file")
    func longNameRefusedByEvdevWriters() throws {
        let dir = TemporaryDirectory()
        try JSONLines.write(trace(deviceName: String(repeating: "N", count: 2 * 1024 * 1024)), to: dir.file("long.jsonl"))
        for output in ["long.evemu", "long.yml"] {
            let error = #expect(throws: TraceWriteError.self) { try TraceFile.convert(dir.file("long.jsonl"), to: dir.file(output), as: TraceFormat.forOutput(path: output)!) }
            #expect(error?.file == dir.file(output))
            #expect(error?.message.contains("the device name is 2097152 bytes long") == true)
            #expect(!fileExists(dir.file(output)))
        }
    }

    @Test("A control character in a device name is refused by the evemu and libinput record writers")
    func controlCharacterRefused() throws {
        let dir = TemporaryDirectory()
        try JSONLines.write(trace(deviceName: "pad\nN: injected"), to: dir.file("bad.jsonl"))
        for output in ["bad.evemu", "bad.yml"] {
            let error = #expect(throws: TraceWriteError.self) { try TraceFile.convert(dir.file("bad.jsonl"), to: dir.file(output), as: TraceFormat.forOutput(path: output)!) }
            #expect(error?.message.contains("control character (U+000A)") == true)
            #expect(!fileExists(dir.file(output)))
        }
    }
}
