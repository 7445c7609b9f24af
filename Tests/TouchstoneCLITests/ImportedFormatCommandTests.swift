import Foundation
import TestSupport
import Testing

/// A recording another tool wrote, copied into a folder under a capture's name, with the touch
/// counts an independent count of its raw events gives (TouchTraceTests' `RawTouchCount` holds the
/// readers to the same counts).
struct ImportedRecording: CustomTestStringConvertible, Sendable {
    /// Fixture paths under Tests/TouchTraceTests/Fixtures; the first is the recording, the rest lie
    /// beside it (an evemu pair's `.desc`).
    var fixtures: [String]
    /// The names the files get in the capture folder.
    var names: [String]
    var format: String
    var sequences: Int
    var peak: Int

    var testDescription: String { names[0] }
    var captureName: String { String(names[0][..<names[0].lastIndex(of: ".")!]) }

    static let all = [
        ImportedRecording(
            fixtures: ["logs/pinch-protocol-b.getevent-lp-lt.txt"], names: ["pinch.getevent"],
            format: "getevent", sequences: 3, peak: 2),
        ImportedRecording(
            fixtures: ["logs/pinch-protocol-b.evtest.txt"], names: ["pinch.evtest"],
            format: "evtest", sequences: 3, peak: 2),
        ImportedRecording(
            fixtures: ["libinput-record/two-finger-scroll.with-libinput.yml"], names: ["scroll.yml"],
            format: "libinputRecord", sequences: 2, peak: 2),
        ImportedRecording(
            fixtures: ["evemu-pairs/SynPS2-Synaptics-TouchPad-leftmove.events", "evemu-pairs/SynPS2-Synaptics-TouchPad.desc"],
            names: ["SynPS2-Synaptics-TouchPad-leftmove.events", "SynPS2-Synaptics-TouchPad.desc"],
            format: "evemu", sequences: 1, peak: 1),
    ]

    static let fixtureRoot = packagePath("Tests/TouchTraceTests/Fixtures")

    /// The recording's name in a capture folder: verify takes the text formats by the extensions
    /// `.evemu`, `.yml`, `.getevent` and `.evtest` (a folder of `.events` sources is not a corpus),
    /// and `NAME-ACTION.evemu` still finds `NAME.desc`.
    var captureFileName: String {
        names[0].hasSuffix(".events") ? captureName + ".evemu" : names[0]
    }

    /// Copies the recording (and its companions) into `folder`, the recording as `recordingName`
    /// when given; returns the recording's path there.
    func copy(into folder: TemporaryDirectory, as recordingName: String? = nil) throws -> String {
        let names = [recordingName ?? self.names[0]] + self.names.dropFirst()
        for (fixture, name) in zip(fixtures, names) {
            try FileManager.default.copyItem(atPath: Self.fixtureRoot + "/" + fixture, toPath: folder.file(name))
        }
        return folder.file(names[0])
    }
}

/// Every command that reads traces reads the recordings users already have: getevent,
/// evtest, libinput record with a `hid:` block, and evemu pairs, through the one road in.
@Suite("info, convert, replay, render, template record and verify read getevent, evtest, libinput record and evemu pairs")
struct ImportedFormatCommandTests {
    private func info(_ path: String) throws -> [String: Any] {
        let result = try TouchstoneProcess.run(["info", "--json", path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("info reports the exact touch sequences and peak concurrency", arguments: ImportedRecording.all)
    func infoCounts(recording: ImportedRecording) throws {
        let folder = TemporaryDirectory("cli-import")
        let described = try info(try recording.copy(into: folder))

        #expect(described["format"] as? String == recording.format)
        #expect(described["touchSequences"] as? Int == recording.sequences)
        #expect(described["maxConcurrentTouches"] as? Int == recording.peak)
    }

    @Test("convert to a binary trace keeps the exact counts", arguments: ImportedRecording.all)
    func convertKeepsCounts(recording: ImportedRecording) throws {
        let folder = TemporaryDirectory("cli-import")
        let path = try recording.copy(into: folder)
        let converted = try TouchstoneProcess.run(["convert", path, "-o", folder.file("converted.trace")])
        #expect(converted.status == 0, "\(converted.stderr)")
        let described = try info(folder.file("converted.trace"))

        #expect(described["touchSequences"] as? Int == recording.sequences)
        #expect(described["maxConcurrentTouches"] as? Int == recording.peak)
    }

    @Test("replay of the recording logs exactly what replay of its binary conversion logs", arguments: ImportedRecording.all)
    func replayMatchesConversion(recording: ImportedRecording) throws {
        let folder = TemporaryDirectory("cli-import")
        let path = try recording.copy(into: folder)
        #expect(try TouchstoneProcess.run(["convert", path, "-o", folder.file("converted.trace")]).status == 0)
        let direct = try TouchstoneProcess.run(["replay", path, "--scene", "map", "-o", folder.file("direct.log")])
        let converted = try TouchstoneProcess.run(["replay", folder.file("converted.trace"), "--scene", "map", "-o", folder.file("converted.log")])
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(converted.status == 0, "\(converted.stderr)")
        let log = try String(contentsOfFile: folder.file("direct.log"), encoding: .utf8)
        let samples = try #require(try info(path)["touchSamples"] as? Int)

        #expect(direct.stderr.contains("(\(samples) touch samples) through scene map"), "\(direct.stderr)")
        #expect(!log.isEmpty)
        #expect(log == (try String(contentsOfFile: folder.file("converted.log"), encoding: .utf8)))
    }

    @Test("verify finds the recording as a capture, records its golden and then passes it", arguments: ImportedRecording.all)
    func verifyReadsCapture(recording: ImportedRecording) throws {
        let folder = TemporaryDirectory("cli-import")
        let path = try recording.copy(into: folder, as: recording.captureFileName)
        try "map\n".write(toFile: folder.file(recording.captureName + ".scene"), atomically: true, encoding: .utf8)

        let update = try TouchstoneProcess.run(["verify", folder.path, "--update"])
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        let verify = try TouchstoneProcess.run(["verify", folder.path])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains(recording.captureName))
        let replay = try TouchstoneProcess.run(["replay", path, "--scene", "map", "-o", folder.file("replay.log")])
        #expect(replay.status == 0)
        #expect(try String(contentsOfFile: folder.file(recording.captureName + ".golden.log"), encoding: .utf8)
            == String(contentsOfFile: folder.file("replay.log"), encoding: .utf8))
    }

    /// The recording and its binary conversion under the same file name in two folders, so the
    /// pictures' titles (the file name) agree too.
    private func recordingAndConversion(_ recording: ImportedRecording) throws -> (original: String, converted: String, folder: TemporaryDirectory) {
        let folder = TemporaryDirectory("cli-import")
        let path = try recording.copy(into: folder)
        try FileManager.default.createDirectory(atPath: folder.file("converted"), withIntermediateDirectories: false)
        let converted = folder.file("converted/" + recording.names[0])
        #expect(try TouchstoneProcess.run(["convert", path, "-o", converted + ".trace"]).status == 0)
        try FileManager.default.moveItem(atPath: converted + ".trace", toPath: converted)
        return (path, converted, folder)
    }

    @Test("render draws the recording exactly as it draws its binary conversion", arguments: ImportedRecording.all)
    func renderMatchesConversion(recording: ImportedRecording) throws {
        let (original, converted, folder) = try recordingAndConversion(recording)
        let direct = try TouchstoneProcess.run(["render", original, "--scene", "map", "-o", folder.file("direct.svg")])
        let fromTrace = try TouchstoneProcess.run(["render", converted, "--scene", "map", "-o", folder.file("converted.svg")])
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(fromTrace.status == 0, "\(fromTrace.stderr)")
        let svg = try String(contentsOfFile: folder.file("direct.svg"), encoding: .utf8)
        let touches = "\(recording.sequences) \(recording.sequences == 1 ? "touch" : "touches")"

        #expect(svg.contains("scene map, \(touches), "))
        #expect(svg == (try String(contentsOfFile: folder.file("converted.svg"), encoding: .utf8)))
    }

    @Test("template record takes the same stroke from the recording as from its binary conversion", arguments: ImportedRecording.all)
    func templateMatchesConversion(recording: ImportedRecording) throws {
        let (original, converted, folder) = try recordingAndConversion(recording)
        let direct = try TouchstoneProcess.run(["template", "record", original, "--name", "s", "-o", folder.file("direct.json")])
        let fromTrace = try TouchstoneProcess.run(["template", "record", converted, "--name", "s", "-o", folder.file("converted.json")])
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(fromTrace.status == 0, "\(fromTrace.stderr)")
        let template = readFileBytes(folder.file("direct.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(template)) as? [String: Any])
        let points = try #require(object["points"] as? [[Double]])

        #expect(points.count > 1)
        #expect(direct.stdout == "template \"s\": \(points.count) points from stroke 0 of \(original) -> \(folder.file("direct.json"))\n")
        #expect(template == readFileBytes(folder.file("converted.json")))
    }

    @Test("info counts libinput record's two-finger scroll, and convert carries it into the binary trace")
    func libinputScrollIsCarried() throws {
        let folder = TemporaryDirectory("cli-import")
        let path = try ImportedRecording.all[2].copy(into: folder)
        #expect(try TouchstoneProcess.run(["convert", path, "-o", folder.file("scroll.trace")]).status == 0)

        // begin, two movements, end (docs/formats-evemu-libinput-record.md)
        #expect(try info(path)["gestureEvents"] as? Int == 4)
        #expect(try info(folder.file("scroll.trace"))["gestureEvents"] as? Int == 4)
    }
}
