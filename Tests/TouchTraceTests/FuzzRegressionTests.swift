import Foundation
import TestSupport
import Testing
import TouchTrace

/// Every input a fuzz target (Fuzz/, docs/reliability.md) once crashed on, kept in
/// Fixtures/fuzz/FORMAT/ and read again through the same entry point the target used.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// The kept inputs of one format, as paths.
    static func inputs(_ format: String) -> [String] {
        let directory = Fixtures.path("fuzz/" + format)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().map { directory + "/" + $0 }
    }

    @Test("A libinput record input that once trapped is now an error naming the file and a line", arguments: inputs("libinput-record"))
    func libinputRecord(path: String) throws {
        let text = String(decoding: readFileBytes(path), as: UTF8.self)
        let error = #expect(throws: TraceInputError.self) {
            try LibinputRecordFormat.read(text: text, file: path)
        }
        #expect(error?.file == path)
        if case .line = error?.location {} else { Issue.record("no line in \(String(describing: error))") }
    }
}
