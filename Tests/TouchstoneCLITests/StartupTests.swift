import Foundation
import TestSupport
import Testing

/// What `touchstone` costs before it reads a byte: every command is one process, and on a short
/// capture its start-up is most of it (docs/benchmarks.md, "Start-up").
@Suite("touchstone start-up")
struct StartupTests {
    /// Foundation proper brings the ICU data library, its relocations and its thousands of
    /// protocol conformances (scanned at the first dynamic cast): about 15 million instructions,
    /// 30 % of a short `info`. FoundationEssentials, which the commands need, has neither.
    @Test("touchstone links neither Foundation proper nor ICU, only FoundationEssentials")
    func noFoundationProper() throws {
        let output = try CompletedProcess.run("/usr/bin/ldd", [TouchstoneProcess.executable.path])
        #expect(output.status == 0, "\(output.stderr)")
        let libraries = output.stdout.split(separator: "\n").compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
        #expect(libraries.contains("libFoundationEssentials.so"))
        #expect(!libraries.contains("libFoundation.so"))
        #expect(!libraries.contains { $0.contains("ICU") || $0.hasPrefix("libicu") })
    }
}
