import Foundation
import TestSupport
import Testing

/// `touchstone render`, `info --svg` and `verify --report` as a user runs them, including the
/// inputs they must refuse the way `replay` does.
@Suite("render, info --svg and verify --report")
struct RenderCommandTests {
    static let captures = VerifyCommandTests.captures
    static let pan = captures + "/map/pan.trace"

    @Test("render writes one SVG and nothing else beside it")
    func renderWritesSVG() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["render", Self.pan, "--scene", "map", "-o", folder.file("pan.svg"), "--to", "0.5"])
        #expect(result.status == 0)
        let svg = try String(contentsOfFile: folder.file("pan.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">Recognizers</text>"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pan.svg"])
    }

    @Test("render reads every trace format: an evemu conversion draws the same paths")
    func renderReadsEvemu() throws {
        let folder = TemporaryDirectory("cli")
        try TouchstoneProcess.run(["convert", Self.pan, "-o", folder.file("pan.jsonl")])
        let binary = try TouchstoneProcess.run(["render", Self.pan, "-o", folder.file("a.svg")])
        let jsonl = try TouchstoneProcess.run(["render", folder.file("pan.jsonl"), "-o", folder.file("b.svg")])
        #expect(binary.status == 0 && jsonl.status == 0)
        let a = try String(contentsOfFile: folder.file("a.svg"), encoding: .utf8)
        let b = try String(contentsOfFile: folder.file("b.svg"), encoding: .utf8)
        #expect(a.replacingOccurrences(of: "pan.trace", with: "pan.jsonl") == b)
    }

    @Test("The README's picture is what render draws from its capture today")
    func readmePictureIsCurrent() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(
            ["render", "captures/map/double-tap-drag-zoom.trace", "--scene", "map", "-o", folder.file("zoom.svg")],
            in: URL(fileURLWithPath: Self.captures).deletingLastPathComponent())
        #expect(result.status == 0)
        let committed = URL(fileURLWithPath: Self.captures).deletingLastPathComponent().appendingPathComponent("docs/pictures/double-tap-drag-zoom.svg").path
        #expect(readFileBytes(folder.file("zoom.svg")) == readFileBytes(committed),
                "regenerate with: touchstone render captures/map/double-tap-drag-zoom.trace --scene map -o docs/pictures/double-tap-drag-zoom.svg")
    }

    @Test("An unknown scene is the same usage error (64) as replay's, and nothing is written")
    func unknownScene() throws {
        let folder = TemporaryDirectory("cli")
        let render = try TouchstoneProcess.run(["render", Self.pan, "--scene", "nosuch", "-o", folder.file("x.svg")])
        let replay = try TouchstoneProcess.run(["replay", Self.pan, "--scene", "nosuch"])
        #expect(render.status == 64)
        #expect(replay.status == 64)
        #expect(render.stderr.prefix { $0 != "\n" } == replay.stderr.prefix { $0 != "\n" })
        #expect(!fileExists(folder.file("x.svg")))
    }

    @Test("A damaged trace is the same error as replay's; a cut one draws with a warning")
    func damagedTraces() throws {
        let folder = TemporaryDirectory("cli")
        var bytes = readFileBytes(Self.pan)
        bytes[bytes.count / 2] ^= 0x10
        writeFileBytes(folder.file("flipped.trace"), bytes)
        let render = try TouchstoneProcess.run(["render", folder.file("flipped.trace"), "--scene", "map", "-o", folder.file("x.svg")])
        let replay = try TouchstoneProcess.run(["replay", folder.file("flipped.trace"), "--scene", "map", "-o", folder.file("x.log")])
        #expect(render.status == 1)
        #expect(render.stderr == replay.stderr)
        #expect(!fileExists(folder.file("x.svg")))

        let whole = readFileBytes(Self.pan)
        writeFileBytes(folder.file("cut.trace"), Array(whole.prefix(whole.count * 2 / 3)))
        let cut = try TouchstoneProcess.run(["render", folder.file("cut.trace"), "--scene", "map", "-o", folder.file("cut.svg")])
        #expect(cut.status == 0)
        #expect(cut.stderr.hasPrefix("warning: \(folder.file("cut.trace")): "))
        #expect(fileExists(folder.file("cut.svg")))
    }

    @Test("An output that is the trace or the scene file is refused and the input left as it was")
    func outputThatIsInputIsRefused() throws {
        let folder = TemporaryDirectory("cli")
        // Named with no extension, which an SVG output may have: the trace's own name would be
        // refused for its extension first.
        try FileManager.default.copyItem(atPath: Self.pan, toPath: folder.file("pan"))
        let before = readFileBytes(folder.file("pan"))
        let result = try TouchstoneProcess.run(["render", folder.file("pan"), "-o", folder.file("pan")])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(folder.file("pan")): cannot write the file"))
        #expect(readFileBytes(folder.file("pan")) == before)
    }

    @Test("A session lasting to the end of time draws a picture of ordinary size; through a scene it is replay's error",
          arguments: [Int64.max, 9_042_521_604_759_584_125, 9_000_000_000_000_000_000])
    func sessionToTheEndOfTime(lift: Int64) throws {
        let folder = TemporaryDirectory("cli")
        let header = #"{"touchstone":"trace","version":1,"recorder":{"name":"t"},"devices":[{"index":0,"name":"d","kind":"touchscreen","source":"synthetic","x":{"min":0,"max":2880},"y":{"min":0,"max":1800},"slots":10}]}"#
        let lines = [header, #"{"t":0,"touch":"down","id":1,"x":10,"y":10}"#, #"{"t":\#(lift),"touch":"up","id":1,"x":10,"y":10}"#]
        writeFileBytes(folder.file("long.jsonl"), Array((lines.joined(separator: "\n") + "\n").utf8))
        let drawn = try TouchstoneProcess.run(["render", folder.file("long.jsonl"), "-o", folder.file("long.svg")])
        #expect(drawn.status == 0)
        let size = readFileBytes(folder.file("long.svg")).count
        #expect(size > 1_000 && size < 100_000)
        let replayed = try TouchstoneProcess.run(["render", folder.file("long.jsonl"), "--scene", "map", "-o", folder.file("scene.svg")])
        #expect(replayed.status == 1)
        #expect(replayed.stderr.hasPrefix("error: \(folder.file("long.jsonl")):3: event at \(lift) µs is too far from the first event"))
    }

    @Test("A trace holding more touches down at once than a replay takes is refused by render too, scene or none, naming the line")
    func tooManyTouchesDown() throws {
        let folder = TemporaryDirectory("cli")
        let header = #"{"touchstone":"trace","version":1,"recorder":{"name":"t"},"devices":[{"index":0,"name":"d","kind":"touchscreen","source":"synthetic","x":{"min":0,"max":2880},"y":{"min":0,"max":1800},"slots":10}]}"#
        let downs = (0...1_024).map { #"{"t":0,"touch":"down","id":\#($0),"x":1,"y":1}"# }
        writeFileBytes(folder.file("held.jsonl"), Array(([header] + downs + [#"{"t":0,"frame":0}"#]).joined(separator: "\n").utf8) + [0x0A])
        for scene in [[], ["--scene", "map"]] {
            let result = try TouchstoneProcess.run(["render", folder.file("held.jsonl"), "-o", folder.file("held.svg")] + scene)
            #expect(result.status == 1)
            #expect(result.stderr == "error: \(folder.file("held.jsonl")):1026: more than 1024 touches down at once (at 0 µs of the replay): not a recording of hands; touches that never lift?\n")
            #expect(!FileManager.default.fileExists(atPath: folder.file("held.svg")))
        }
    }

    @Test("A scene window of any size a scene may give (up to 1e9 points) gets a picture of ordinary size, its scale about eight ticks long",
          arguments: [1e-3, 1e9])
    func anyWindowSize(size: Double) throws {
        let folder = TemporaryDirectory("cli")
        let scene = #"{"name": "w", "window": {"width": \#(size), "height": \#(size)}, "views": [{"id": "v", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}"#
        writeFileBytes(folder.file("w.json"), Array(scene.utf8))
        let result = try TouchstoneProcess.run(["render", Self.pan, "--scene", folder.file("w.json"), "-o", folder.file("w.svg")])
        #expect(result.status == 0)
        let svg = String(decoding: readFileBytes(folder.file("w.svg")), as: UTF8.self)
        #expect(svg.utf8.count < 100_000)
        #expect(svg.components(separatedBy: "text-anchor=\"middle\"").count - 1 <= 20)
    }

    @Test("A window wrong whatever the trace (--to not after --from, negative, not a number) is a usage error (64), found before the trace is read",
          arguments: [["--from", "2", "--to", "1"], ["--from", "1", "--to", "1"], ["--to", "0"], ["--from=-1"], ["--to", "nan"]])
    func badWindowIsAUsageError(window: [String]) throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["render", folder.file("missing.trace"), "-o", folder.file("x.svg")] + window)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --"), "\(result.stderr)")
        #expect(!result.stderr.contains("missing.trace"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("--from past the session's end, known only once the trace is read, is an error naming the trace (1), and nothing is written")
    func fromPastTheEnd() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["render", Self.pan, "-o", folder.file("x.svg"), "--from", "100", "--to", "200"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(Self.pan): --from 100.000000 s is past the end of the session, at 1.000408 s: the picture would show none of it\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        let atTheEnd = try TouchstoneProcess.run(["render", Self.pan, "-o", folder.file("end.svg"), "--from", "1.000408", "--to", "200"])
        #expect(atTheEnd.status == 0, "\(atTheEnd.stderr)")
    }

    @Test("render -o and info --svg named for another format than SVG are usage errors (64) naming .svg, found before the trace is read",
          arguments: [["render", "-o", "pan.png"], ["render", "-o", "pan.svg.txt"], ["info", "--svg", "pan.png"]])
    func renderRefusesForeignExtensions(command: [String]) throws {
        let folder = TemporaryDirectory("cli")
        let output = folder.file(command[2])
        let result = try TouchstoneProcess.run([command[0], folder.file("missing.trace"), command[1], output])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(command[1]) \(output): \(command[0] == "info" ? "info --svg" : "render") writes SVG, which the extension ."), "\(result.stderr)")
        #expect(result.stderr.contains("does not name: call the file .svg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("render writes its SVG under a name ending .svg in any case, a name with no extension, or to standard output",
          arguments: ["pan.SVG", "pan", "-"])
    func renderAcceptsSVGNames(output: String) throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["render", Self.pan, "-o", output], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let svg = output == "-" ? result.stdout : try String(contentsOfFile: folder.file(output), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
    }

    @Test("info --svg draws the touches without a scene beside the usual description")
    func infoDrawsSVG() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["info", Self.pan, "--svg", folder.file("pan.svg")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("touch samples:"))
        let svg = try String(contentsOfFile: folder.file("pan.svg"), encoding: .utf8)
        #expect(svg.contains("no scene: touches only"))
        #expect(!svg.contains(">Recognizers</text>"))
    }

    @Test("verify --report writes index.html, and a page for a failing capture")
    func verifyWritesReport() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: Self.captures + "/map/pan.trace", toPath: folder.file("pan.trace"))
        try Data("map\n".utf8).write(to: folder.url.appendingPathComponent("pan.scene"))
        try Data("         0 note nothing happened\n".utf8).write(to: folder.url.appendingPathComponent("pan.golden.log"))
        let result = try TouchstoneProcess.run(["verify", folder.path, "--report", folder.file("report")])
        #expect(result.status == 1)
        let index = try String(contentsOfFile: folder.file("report/index.html"), encoding: .utf8)
        #expect(index.contains("<a href=\"captures/pan.html\">failed</a>"))
        #expect(fileExists(folder.file("report/captures/pan.html")))
    }
}
