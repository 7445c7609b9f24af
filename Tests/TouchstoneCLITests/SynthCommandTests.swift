import Foundation
import TestSupport
import Testing

@Suite("touchstone synth writes what it says it wrote")
struct SynthCommandTests {
    @Test("synth -o X.jsonl writes the same bytes as converting the same session's binary trace: one JSON Lines writer streams both")
    func jsonLinesAsConvertWritesIt() throws {
        let folder = TemporaryDirectory("synth")
        try TouchstoneProcess.runSucceeding(["synth", "pan", "--fingers", "3", "--repeat", "40", "--seed", "5", "-o", folder.file("a.trace")])
        try TouchstoneProcess.runSucceeding(["synth", "pan", "--fingers", "3", "--repeat", "40", "--seed", "5", "-o", folder.file("a.jsonl")])
        try TouchstoneProcess.runSucceeding(["convert", folder.file("a.trace"), "-o", folder.file("b.jsonl")])
        #expect(readFileBytes(folder.file("a.jsonl")) == readFileBytes(folder.file("b.jsonl")))
    }
}
