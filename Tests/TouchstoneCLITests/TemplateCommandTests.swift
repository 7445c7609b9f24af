import Foundation
import TestSupport
import Testing

@Suite("touchstone template record makes templates a scene can use")
struct TemplateCommandTests {
    @Test("a template recorded from one checkmark trace recognizes another checkmark in a scene that names it")
    func recordAndUse() throws {
        let dir = TemporaryDirectory("cli")
        #expect(try TouchstoneProcess.run(["synth", "checkmark", "--seed", "3", "-o", dir.file("one.trace")]).status == 0)
        #expect(try TouchstoneProcess.run(["synth", "checkmark", "--seed", "4", "-o", dir.file("two.trace")]).status == 0)
        let record = try TouchstoneProcess.run(["template", "record", dir.file("one.trace"), "--name", "tick", "-o", dir.file("tick.json")])
        #expect(record.status == 0)
        let scene = """
            {"name": "mine", "window": {"width": 1280, "height": 800},
             "views": [{"id": "canvas", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
                        "recognizers": [{"id": "stroke", "type": "unistroke", "templates": ["tick.json"]}]}]}
            """
        try #require(FileManager.default.createFile(atPath: dir.file("scene.json"), contents: Data(scene.utf8)))
        let replay = try TouchstoneProcess.run(["replay", dir.file("two.trace"), "--scene", dir.file("scene.json")])
        #expect(replay.status == 0)
        #expect(replay.stdout.contains("action stroke recognized touches=0"))
        #expect(replay.stdout.contains("match=tick"))
    }

    @Test("recording from a missing trace fails with a message naming the file")
    func missingTrace() throws {
        let dir = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["template", "record", dir.file("none.trace"), "--name", "x", "-o", dir.file("x.json")])
        #expect(result.status != 0)
        #expect(result.stderr.contains("none.trace"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.json")))
    }

    @Test("template record with a --name longer than 256 bytes is a usage error (64), since no scene would read it")
    func refusesLongName() throws {
        let dir = TemporaryDirectory("cli")
        let name = String(repeating: "n", count: 257)
        let result = try TouchstoneProcess.run(["template", "record", dir.file("none.trace"), "--name", name, "-o", dir.file("x.json")])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--name must be at most 256 bytes"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.json")))
    }

    @Test("template record -o named for another format than JSON is a usage error (64) naming .json, found before the trace is read")
    func refusesForeignExtension() throws {
        let dir = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["template", "record", dir.file("none.trace"), "--name", "x", "-o", dir.file("t.txt")])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: -o \(dir.file("t.txt")): template record writes JSON, which the extension .txt does not name: call the file .json"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    @Test("template record writes its JSON under a name with no extension, or to standard output", arguments: ["t", "-"])
    func acceptsNameWithoutExtension(output: String) throws {
        let dir = TemporaryDirectory("cli")
        try TouchstoneProcess.runSucceeding(["synth", "checkmark", "--seed", "3", "-o", dir.file("one.trace")])
        let result = try TouchstoneProcess.run(["template", "record", dir.file("one.trace"), "--name", "tick", "-o", output], in: dir.url)
        #expect(result.status == 0, "\(result.stderr)")
        let json = output == "-" ? result.stdout : try String(contentsOfFile: dir.file(output), encoding: .utf8)
        #expect(json.hasPrefix("{"))
    }
}
