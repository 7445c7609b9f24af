import Foundation
import TestSupport
import Testing
import TouchTrace

/// A header that describes one device index twice is refused by every reader at its line or offset,
/// and by every writer: each event names its device by index, and the replay mapped a touch with
/// the last description, evemu output with the first, and libinput record output wrote the touches
/// once under each. A device added again during the trace with another description is the trace's
/// own (the replay maps what follows with it), and an evemu or libinput record output, which
/// describes a device once, refuses it.
@Suite("A device index described twice")
struct DuplicateDeviceIndexTests {
    static let message = "the header describes device 0 twice (its devices 0 and 1): each device has an index of its own, which names it in every event"

    /// The hand-written trace with a second device, a copy of the first with index `index`.
    static func document(secondIndex index: DeviceIndex) throws -> TraceDocument {
        var document = try JSONLines.parse(Array(try InvertedAxisRangeTests.fixture(InvertedAxisRangeTests.handWritten).utf8)).document
        var second = document.header.devices[0]
        second.index = index
        second.name = "second"
        document.header.devices.append(second)
        return document
    }

    @Test("A JSON Lines header with two devices of one index is refused at its line")
    func jsonLines() throws {
        var text = JSONLines.encode(try Self.document(secondIndex: 1))
        let header = try #require(text.firstIndex(of: UInt8(ascii: "\n")))
        let forged = Array(String(decoding: text[..<header], as: UTF8.self).replacingOccurrences(of: #"{"index":1,"#, with: #"{"index":0,"#).utf8)
        #expect(forged != Array(text[..<header]))
        text.replaceSubrange(..<header, with: forged)
        #expect(throws: TraceInputError(file: "<memory>", location: .line(1), message: Self.message)) { _ = try JSONLines.parse(text) }
    }

    @Test("A binary header with two devices of one index is refused at the second's section")
    func binary() throws {
        // The writers refuse such a header, so the file is made by hand: the second device's
        // index (the first field of its section) set to 0 and the header's checksum made good.
        var bytes = try TraceEncoder.encode(Self.document(secondIndex: 1))
        let length = Int(bytes[16]) | Int(bytes[17]) << 8 | Int(bytes[18]) << 16 | Int(bytes[19]) << 24
        var sections: [(tag: Int, start: Int)] = []
        var at = 20
        while at < 20 + length {
            sections.append((Int(bytes[at]) | Int(bytes[at + 1]) << 8, at))
            at += 6 + (Int(bytes[at + 2]) | Int(bytes[at + 3]) << 8 | Int(bytes[at + 4]) << 16 | Int(bytes[at + 5]) << 24)
        }
        let devices = sections.filter { $0.tag == 4 }.map(\.start)
        try #require(devices.count == 2)
        #expect(bytes[devices[1] + 6] == 1 && bytes[devices[1] + 7] == 0)
        bytes[devices[1] + 6] = 0
        let crc = CRC32C.checksum(Array(bytes[0..<(20 + length)]))
        bytes.replaceSubrange((20 + length)..<(24 + length), with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * UInt32($0))) })
        #expect(throws: TraceInputError(file: "<memory>", location: .byte(devices[1]), message: Self.message)) { _ = try BinaryTrace.readDocument(bytes: bytes) }
    }

    @Test("The binary and JSON Lines writers refuse a header with two devices of one index")
    func writersRefuse() throws {
        let header = try Self.document(secondIndex: 0).header
        #expect(throws: TraceWriteError(file: "<memory>", message: Self.message)) { _ = try TraceEncoder(header: header) }
        let directory = TemporaryDirectory("duplicate")
        #expect(throws: TraceWriteError(file: directory.file("x.jsonl"), message: Self.message)) {
            _ = try JSONLinesFileWriter(path: directory.file("x.jsonl"), header: header)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("x.jsonl")))
    }

    /// A JSON Lines trace whose device `index` (of two) is added again after its first note, with
    /// its x axis ending at `maximumX` (as it was when nil).
    static func addedAgain(index: DeviceIndex, maximumX: Int32?, in folder: TemporaryDirectory) throws -> String {
        var document = try Self.document(secondIndex: 1)
        var again = document.header.devices[Int(index)]
        if let maximumX { again.x.maximum = maximumX }
        document.events.insert(.device(.added(time: 0, again)), at: 1)
        let path = folder.file("again.jsonl")
        writeFileBytes(path, JSONLines.encode(document))
        return path
    }

    @Test("An evemu or libinput record output of a trace that adds a device again described otherwise is refused at the event's line; described alike it is written",
          arguments: [(DeviceIndex(0), "x.evemu", TraceFormat.evemu), (0, "x.yml", .libinputRecord), (1, "x.yml", .libinputRecord)])
    func addedAgainDescribedOtherwise(index: DeviceIndex, output: String, format: TraceFormat) throws {
        let folder = TemporaryDirectory("again")
        let path = try Self.addedAgain(index: index, maximumX: 100, in: folder)
        let name = index == 0 ? "Test Screen" : "second"
        let what = format == .evemu ? "an evemu file" : "a libinput record file"
        #expect(throws: TraceInputError(
            file: path, location: .line(3),
            message: "\(folder.file(output)): device \(index) (\(name)) is added again at 0 µs, described otherwise: \(what) describes a device once, and its events would all be read with the first description (a .trace or .jsonl output keeps both)"
        )) { try TraceFile.convert(path, to: folder.file(output), as: format) }
        #expect(!FileManager.default.fileExists(atPath: folder.file(output)))

        let alike = try Self.addedAgain(index: index, maximumX: nil, in: folder)
        try TraceFile.convert(alike, to: folder.file(output), as: format)
    }
}
