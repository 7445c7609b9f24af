import Foundation
import TestSupport
import Testing
@testable import TouchTrace

/// What a writer spills out of memory lives in a file with no name in the output's folder.
@Suite("Spill files")
struct SpillFileTests {
    @Test("A spill file gives back what was appended, in order, and leaves no name in the output's folder while it is open")
    func unnamedAndReadBack() throws {
        let directory = TemporaryDirectory("spill-file")
        let spill = try SpillFile(beside: directory.file("out.trace"), holding: "index")
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try bytes.withUnsafeBytes { try spill.append(UnsafeRawBufferPointer(rebasing: $0[..<70_000])) }
        try bytes.withUnsafeBytes { try spill.append(UnsafeRawBufferPointer(rebasing: $0[70_000...])) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        var back: [UInt8] = []
        try spill.readBack { back.append(contentsOf: $0) }
        #expect(back == bytes)
        #expect(spill.size == bytes.count)
    }
}
