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

    @Test("synth corpus counts one gesture in the singular and more in the plural")
    func corpusPluralisesGestures() throws {
        let folder = TemporaryDirectory("synth")
        // Seed 0's first trace of 100 samples holds one gesture, its third three.
        let result = try TouchstoneProcess.runSucceeding(["synth", "corpus", "--count", "3", "--samples", "100", "-o", folder.path])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains(": 100 touch samples, 1 gesture, "), "\(lines[0])")
        #expect(lines[2].contains(": 100 touch samples, 3 gestures, "), "\(lines[2])")
    }

    @Test("A negative number after an option is its value: synth rotation --degrees -30 turns counterclockwise, as --degrees=-30 does")
    func negativeNumberIsAValue() throws {
        let folder = TemporaryDirectory("synth")
        try TouchstoneProcess.runSucceeding(["synth", "rotation", "--degrees", "-30", "-o", folder.file("a.trace")])
        try TouchstoneProcess.runSucceeding(["synth", "rotation", "--degrees=-30", "-o", folder.file("b.trace")])
        #expect(readFileBytes(folder.file("a.trace")) == readFileBytes(folder.file("b.trace")))
    }

    @Test("synth rotation's sign of --degrees and --direction each say the sense: -30 counterclockwise is 30 counterclockwise, where it turned clockwise, and -30 clockwise is a usage error")
    func rotationSignAndDirection() throws {
        let folder = TemporaryDirectory("synth")
        try TouchstoneProcess.runSucceeding(["synth", "rotation", "--degrees", "-30", "--direction", "counterclockwise", "-o", folder.file("a.trace")])
        try TouchstoneProcess.runSucceeding(["synth", "rotation", "--degrees", "30", "--direction", "counterclockwise", "-o", folder.file("b.trace")])
        try TouchstoneProcess.runSucceeding(["synth", "rotation", "--degrees", "-30", "-o", folder.file("c.trace")])
        #expect(readFileBytes(folder.file("a.trace")) == readFileBytes(folder.file("b.trace")))
        #expect(readFileBytes(folder.file("a.trace")) == readFileBytes(folder.file("c.trace")))
        let contradiction = try TouchstoneProcess.run(["synth", "rotation", "--degrees", "-30", "--direction", "clockwise", "-o", folder.file("d.trace")])
        #expect(contradiction.status == 64)
        #expect(contradiction.stderr.hasPrefix("Error: --degrees -30.0 turns counterclockwise, and --direction says clockwise"), "\(contradiction.stderr)")
        #expect(!fileExists(folder.file("d.trace")))
    }

    @Test("A negative count is refused for its range, not read as a missing value")
    func negativeCountIsOutOfRange() throws {
        let result = try TouchstoneProcess.run(["synth", "corpus", "--count", "-1", "--samples", "100", "-o", TemporaryDirectory("synth").path])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
        #expect(result.stderr.contains("--count must be at least 1"), "\(result.stderr)")
    }
}
