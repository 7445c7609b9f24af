import Foundation
import TestSupport
import Testing
import TouchTrace

/// A device's units per point that a file gives are within 0.001…1,000,000, or the file is refused
/// at the value's line or offset: a replay divides every position by them, and 1e-300 put a touch
/// at infinity and its pan's translation and velocity at `nan` in the log.
@Suite("Units per point a file gives")
struct UnitsPerPointRangeTests {
    static func document(unitsPerPoint: Double) throws -> TraceDocument {
        var document = try JSONLines.parse(Array(try InvertedAxisRangeTests.fixture(InvertedAxisRangeTests.handWritten).utf8)).document
        document.header.devices[0].unitsPerPoint = unitsPerPoint
        return document
    }

    static let outside: [Double] = [1e-300, 0.000999, 0, -0.0, -2.25, 1_000_001, .infinity, -.infinity, .nan]

    @Test("A JSON Lines device whose units per point are outside 0.001…1000000 is refused at its line", arguments: outside)
    func jsonLines(units: Double) throws {
        let text = JSONLines.encode(try Self.document(unitsPerPoint: units))
        do {
            _ = try JSONLines.parse(text)
            Issue.record("units per point \(units) were accepted")
        } catch let error as TraceInputError {
            #expect(error.location == .line(1))
            #expect(error.message == "\"unitsPerPoint\" \(units) is outside 0.001…1000000: no screen measures its positions so")
        }
    }

    @Test("A binary trace whose device's units per point are outside 0.001…1000000 is refused at their offset", arguments: outside)
    func binary(units: Double) throws {
        // The writer refuses such units, so the file is made by hand: a trace with units of a bit
        // pattern found nowhere else, the value put in its place and the header's checksum made
        // good again.
        var bytes = try TraceEncoder.encode(Self.document(unitsPerPoint: 1234.5678))
        let pattern = withUnsafeBytes(of: (1234.5678).bitPattern.littleEndian, Array.init)
        let offset = try #require((0...(bytes.count - 8)).first { Array(bytes[$0..<($0 + 8)]) == pattern })
        bytes.replaceSubrange(offset..<(offset + 8), with: withUnsafeBytes(of: units.bitPattern.littleEndian, Array.init))
        let length = Int(bytes[16]) | Int(bytes[17]) << 8 | Int(bytes[18]) << 16 | Int(bytes[19]) << 24
        let crc = CRC32C.checksum(Array(bytes[0..<(20 + length)]))
        bytes.replaceSubrange((20 + length)..<(24 + length), with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * UInt32($0))) })
        do {
            _ = try BinaryTrace.readDocument(bytes: bytes)
            Issue.record("units per point \(units) were accepted")
        } catch let error as TraceInputError {
            #expect(error.location == .byte(offset))
            #expect(error.message.contains("device units per point \(units) is outside 0.001…1000000"), "\(error.message)")
        }
    }

    @Test("The binary and JSON Lines writers refuse a device whose units per point no reader takes, naming the device, as they refuse an inverted range", arguments: outside)
    func writersRefuse(units: Double) throws {
        let document = try Self.document(unitsPerPoint: units)
        let device = document.header.devices[0]
        let message = "device 0 (\(device.name)): its units per point \(units) is outside 0.001…1000000: no screen measures its positions so"
        #expect(throws: TraceWriteError(file: "<memory>", message: message)) { _ = try TraceEncoder(header: document.header) }
        var added = device
        added.index = 1
        var encoder = try TraceEncoder(header: Self.document(unitsPerPoint: 2).header)
        #expect(throws: TraceWriteError.self) { try encoder.append(.device(.added(time: 5, added))) }
        let directory = TemporaryDirectory("units")
        #expect(throws: TraceWriteError.self) { _ = try JSONLinesFileWriter(path: directory.file("x.jsonl"), header: document.header) }
    }

    @Test("Units per point at either end of 0.001…1000000 are read as they are", arguments: [0.001, 2.25, 256, 1_000_000])
    func withinTheRange(units: Double) throws {
        let document = try Self.document(unitsPerPoint: units)
        let text = JSONLines.encode(document)
        #expect(try JSONLines.parse(text).document.header.devices[0].unitsPerPoint == units)
        #expect(try BinaryTrace.readDocument(bytes: TraceEncoder.encode(document)).0.header.devices[0].unitsPerPoint == units)
    }
}
