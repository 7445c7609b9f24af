import Foundation
import TestSupport
import Testing

/// A trace that reads with something to say: a binary trace cut short, or an imported recording
/// the importer had to work around. `expected` is every warning line the reader gives, in order.
struct NoticedTrace: CustomTestStringConvertible, Sendable {
    /// The file's name in the test folder (its extension makes it a capture for `verify`).
    var name: String
    var make: @Sendable (TemporaryDirectory) throws -> Void
    var expected: @Sendable (_ path: String) -> [String]

    var testDescription: String { name }
    var captureName: String { String(name[..<name.lastIndex(of: ".")!]) }

    /// The first `count` lines of a fixture (`ImportedRecording.fixtureRoot`).
    private static func firstLines(_ fixture: String, _ count: Int) -> [UInt8] {
        let text = String(decoding: readFileBytes(ImportedRecording.fixtureRoot + "/" + fixture), as: UTF8.self)
        return Array((text.split(separator: "\n", omittingEmptySubsequences: false).prefix(count).joined(separator: "\n") + "\n").utf8)
    }

    /// A log fixture cut after `count` lines, saved as `name`; `expected` are the warnings after
    /// the path's `:`.
    private static func cutLog(_ name: String, _ fixture: String, _ count: Int, _ expected: [String]) -> NoticedTrace {
        NoticedTrace(name: name, make: { folder in writeFileBytes(folder.file(name), firstLines(fixture, count)) },
                     expected: { path in expected.map { "\(path):" + $0 } })
    }

    static let all = [
        NoticedTrace(name: "cut.trace", make: { folder in
            writeFileBytes(folder.file("cut.trace"), Array(readFileBytes(VerifyCommandTests.captures + "/standard/pan.trace").prefix(1000)))
        }, expected: { path in [
            "warning: \(path): byte 1000: the file has no trailer: it was not closed, or it was cut short",
            "warning: \(path): byte 891: the file ends inside a chunk of 100 payload bytes: the last 109 bytes are incomplete and were not read",
        ] }),
        cutLog("pinch.getevent", "logs/pinch-protocol-b.getevent-lp-lt.txt", 100, [
            "20: warning: /dev/input/event0 (gpio-keys) is not a touch device: its 2 events are left out",
            "100: warning: events after the last SYN_REPORT are ignored",
            "100: warning: 2 touches are still down when the recording ends",
        ]),
        cutLog("pinch-log.evtest", "logs/pinch-protocol-b.evtest.txt", 100, [
            "100: warning: events after the last SYN_REPORT are ignored",
            "100: warning: 2 touches are still down when the recording ends",
        ]),
        // An evemu pair: NAME-ACTION events beside NAME.desc.
        NoticedTrace(name: "SynPS2-Synaptics-TouchPad-leftmove.evemu", make: { folder in
            writeFileBytes(folder.file("SynPS2-Synaptics-TouchPad-leftmove.evemu"),
                           firstLines("evemu-pairs/SynPS2-Synaptics-TouchPad-leftmove.events", 700))
            try FileManager.default.copyItem(atPath: ImportedRecording.fixtureRoot + "/evemu-pairs/SynPS2-Synaptics-TouchPad.desc",
                                             toPath: folder.file("SynPS2-Synaptics-TouchPad.desc"))
        }, expected: { path in [
            "\(path): warning: no device header; using \((path as NSString).deletingLastPathComponent)/SynPS2-Synaptics-TouchPad.desc",
            "\(path):700: warning: events after the last SYN_REPORT are ignored",
            "\(path):700: warning: 1 touch is still down when the recording ends",
        ] }),
        NoticedTrace(name: "scroll.yml", make: { folder in
            let text = String(decoding: readFileBytes(ImportedRecording.fixtureRoot + "/libinput-record/two-finger-scroll.with-libinput.yml"), as: UTF8.self)
            writeFileBytes(folder.file("scroll.yml"), Array(text.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 2\n").utf8))
        }, expected: { path in [
            "\(path):1: warning: ndevices says 2 but the file describes 1",
        ] }),
    ]
}

/// Damage a reader worked around and import warnings reach standard error in every command that
/// reads a trace, one line each naming the file, and nothing else in them.
@Suite("Every command prints the reader's damage and import warnings on standard error, naming the file")
struct ReaderNoticeTests {
    /// The warning lines of `stderr`, in order.
    private func warnings(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.contains("warning: ") }
    }

    /// Each command's arguments for the trace at `path`, writing into `folder`.
    static let commands: [String: @Sendable (String, TemporaryDirectory) -> [String]] = [
        "info": { path, _ in ["info", path] },
        "info --json": { path, _ in ["info", "--json", path] },
        "convert": { path, folder in ["convert", path, "-o", folder.file("out.jsonl")] },
        "replay": { path, _ in ["replay", path, "--scene", "map"] },
        "render": { path, folder in ["render", path, "--scene", "map", "-o", folder.file("out.svg")] },
        "template record": { path, folder in ["template", "record", path, "--name", "x", "-o", folder.file("out.json")] },
    ]

    @Test("info, convert, replay, render and template record print every warning once",
          arguments: commands.keys.sorted(), NoticedTrace.all)
    func commandPrintsWarnings(command: String, trace: NoticedTrace) throws {
        let folder = TemporaryDirectory("cli-notice")
        try trace.make(folder)
        let path = folder.file(trace.name)
        let result = try TouchstoneProcess.run(Self.commands[command]!(path, folder))

        #expect(result.status == 0, "\(result.stderr)")
        #expect(warnings(result.stderr) == trace.expected(path))
    }

    @Test("verify and verify --update print each capture's warnings, in corpus order at any --jobs")
    func verifyPrintsWarnings() throws {
        let folder = TemporaryDirectory("cli-notice")
        for trace in NoticedTrace.all {
            try trace.make(folder)
            writeFileBytes(folder.file(trace.captureName + ".scene"), Array("map\n".utf8))
        }
        let expected = NoticedTrace.all.sorted { $0.captureName.utf8.lexicographicallyPrecedes($1.captureName.utf8) }
            .flatMap { $0.expected(folder.file($0.name)) }

        let update = try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress"])
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        #expect(warnings(update.stderr) == expected)
        let verify = try TouchstoneProcess.run(["verify", folder.path, "--jobs", "3", "--no-progress"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(warnings(verify.stderr) == expected)
        #expect(!verify.stdout.contains("warning"))
    }

    @Test("info --svg prints the warnings once, not again for the picture")
    func infoWithPictureWarnsOnce() throws {
        let folder = TemporaryDirectory("cli-notice")
        let trace = NoticedTrace.all[0]
        try trace.make(folder)
        let path = folder.file(trace.name)
        let result = try TouchstoneProcess.run(["info", path, "--svg", folder.file("out.svg")])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(warnings(result.stderr) == trace.expected(path))
    }
}
