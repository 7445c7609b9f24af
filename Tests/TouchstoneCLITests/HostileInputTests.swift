#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing

/// Inputs a hostile or careless user gives: each ends in exit 0 or a clear error, never a trap
/// (exit 132), a hang or silence.
@Suite("Hostile inputs end in a clear error or a warning, never a crash or a hang")
struct HostileInputTests {
    static let pressTrace = VerifyCommandTests.captures + "/standard/long-press.trace"
    static let header = #"{"touchstone":"trace","version":1,"recorder":{"name":"test","version":"1"},"devices":[{"index":0,"name":"screen","bus":6,"version":1,"kind":"touchscreen","source":"synthetic","x":{"min":0,"max":2880,"res":10},"y":{"min":0,"max":1800,"res":10},"slots":10,"properties":[]}]}"#

    /// A JSON Lines trace: a note at `first`, a touch down and up at `last`.
    private func farApart(first: Int64, last: Int64, in folder: TemporaryDirectory) throws -> String {
        let lines = [
            Self.header,
            #"{"t":\#(first),"note":"start"}"#,
            #"{"t":\#(last),"touch":"down","id":0,"slot":0,"x":1441,"y":900}"#,
            #"{"t":\#(last),"frame":0}"#,
        ]
        let path = folder.file("far.jsonl")
        writeFileBytes(path, Array((lines.joined(separator: "\n") + "\n").utf8))
        return path
    }

    @Test("info of a trace spanning ±2^63 µs prints its duration")
    func infoOfHugeSpan() throws {
        let folder = TemporaryDirectory("cli")
        let path = try farApart(first: -9_223_372_036_854_775_000, last: 9_223_372_036_854_775_000, in: folder)
        let result = try TouchstoneProcess.run(["info", path])
        #expect(result.status == 0)
    }

    @Test("replay of a touch 2^63 µs after the first event is an error naming the file and its chunk's offset")
    func replayOfFarTouch() throws {
        let folder = TemporaryDirectory("cli")
        let path = try farApart(first: 0, last: 9_223_372_036_854_775_000, in: folder)
        #expect(try TouchstoneProcess.run(["convert", path, "-o", folder.file("far.trace")]).status == 0)
        let result = try TouchstoneProcess.run(["replay", folder.file("far.trace"), "--scene", "map"])
        #expect(result.status == 1)
        let prefix = "error: \(folder.file("far.trace")): byte "
        #expect(result.stderr.hasPrefix(prefix))
        let offset = result.stderr.dropFirst(prefix.count).prefix { $0.isNumber }
        #expect(Int(offset).map { $0 > 0 } == true)
        #expect(result.stderr.dropFirst(prefix.count + offset.count).hasPrefix(": event at 9223372036854775000 µs is too far"))
    }

    @Test("Export to evemu or libinput record of times those formats cannot hold is refused, naming the input's line and the output", arguments: ["far.evemu", "far.yml"])
    func exportOfFarTimes(output: String) throws {
        let folder = TemporaryDirectory("cli")
        let path = try farApart(first: -9_223_372_036_854_775_000, last: 9_223_372_036_854_775_000, in: folder)
        let result = try TouchstoneProcess.run(["convert", path, "-o", folder.file(output)])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(path):2: \(folder.file(output)): event at -9223372036854775000 µs is outside the times"), "\(result.stderr)")
        #expect(!fileExists(folder.file(output)))
    }

    @Test("render without a scene of a trace spanning ±2^63 µs, more than a time can hold, is an error naming the file and line, not a session of 0 s",
          arguments: [[], ["--from", "0.5"]])
    func renderOfHugeSpanWithoutScene(options: [String]) throws {
        let folder = TemporaryDirectory("cli")
        let path = try farApart(first: -9_223_372_036_854_775_000, last: 9_223_372_036_854_775_000, in: folder)
        let result = try TouchstoneProcess.run(["render", path, "-o", folder.file("far.svg")] + options)
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(path):3: event at 9223372036854775000 µs is too far from the first event (at -9223372036854775000 µs) to draw: they are more than 2^63 - 1 µs apart\n", "\(result.stderr)")
        #expect(!fileExists(folder.file("far.svg")))
    }

    @Test("render --from past the end of a session shorter than 0.1 ms gives the session's length in plain decimals")
    func renderFromPastAShortSession() throws {
        let folder = TemporaryDirectory("cli")
        let path = try farApart(first: 0, last: 3, in: folder)
        let result = try TouchstoneProcess.run(["render", path, "--from", "0.5", "-o", folder.file("short.svg")])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(path): --from 0.500000 s is past the end of the session, at 0.000003 s: the picture would show none of it\n", "\(result.stderr)")
    }

    @Test("replay of a directory is an error saying so")
    func replayOfDirectory() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["replay", folder.path, "--scene", "map"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(folder.path): is a directory, not a file to read\n")
    }

    @Test("replay of a FIFO is refused without opening it")
    func replayOfFIFO() throws {
        let folder = TemporaryDirectory("cli")
        #expect(mkfifo(folder.file("f.trace"), 0o600) == 0)
        let result = try TouchstoneProcess.run(["replay", folder.file("f.trace"), "--scene", "map"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is a FIFO"))
    }

    @Test("verify reports a directory named like a capture's trace or golden as that capture's error")
    func verifyDirectoriesNamedLikeCaptures() throws {
        let folder = TemporaryDirectory("cli")
        #expect(mkdir(folder.file("x.trace"), 0o700) == 0)
        writeFileBytes(folder.file("x.scene"), Array("map\n".utf8))
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: folder.file("y.trace"))
        writeFileBytes(folder.file("y.scene"), Array("map\n".utf8))
        #expect(mkdir(folder.file("y.golden.log"), 0o700) == 0)
        let result = try TouchstoneProcess.run(["verify", folder.path, "--no-progress"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ERROR   x: \(folder.file("x.trace")): is a directory"))
        #expect(result.stdout.contains("ERROR   y: \(folder.file("y.golden.log")): is a directory"))
    }

    @Test("verify reports a FIFO in the corpus as an error instead of hanging on it")
    func verifyFIFO() throws {
        let folder = TemporaryDirectory("cli")
        #expect(mkfifo(folder.file("f.trace"), 0o600) == 0)
        writeFileBytes(folder.file("f.scene"), Array("map\n".utf8))
        let result = try TouchstoneProcess.run(["verify", folder.path, "--no-progress"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("is a FIFO"))
    }

    @Test("A scene reference or a number of megabytes is quoted in its error as an excerpt, not whole")
    func longQuotesInErrors() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: VerifyCommandTests.captures + "/map/pan.trace", toPath: folder.file("a.trace"))
        writeFileBytes(folder.file("a.scene"), Array((String(repeating: "x", count: 60_000) + "\n").utf8))
        writeFileBytes(folder.file("n.json"), Array(#"{"name": "n", "window": {"width": \#(String(repeating: "9", count: 2_000_000)), "height": 10}}"#.utf8))
        let verify = try TouchstoneProcess.run(["verify", folder.path, "--no-progress"])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("a.scene:1: \"" + String(repeating: "x", count: 64) + "… (60000 characters)\": no built-in scene"))
        #expect(verify.stdout.utf8.count < 2_000)
        let replay = try TouchstoneProcess.run(["replay", folder.file("a.trace"), "--scene", folder.file("n.json")])
        #expect(replay.status == 1)
        #expect(replay.stderr == "error: \(folder.file("n.json")):1: window.width: expected a number, found \(String(repeating: "9", count: 64))… (2000000 characters)\n")
    }

    @Test("A scene, template or capture .scene file larger than its limit is refused by size before it is read")
    func oversizedInputFilesAreRefused() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: VerifyCommandTests.captures + "/map/pan.trace", toPath: folder.file("a.trace"))
        // Sparse: a 20 GB file that takes no room on disk.
        #expect(sparseFile(folder.file("scene.json"), bytes: 20 << 30))
        let scene = try TouchstoneProcess.run(["replay", folder.file("a.trace"), "--scene", folder.file("scene.json")])
        #expect(scene.status == 1)
        #expect(scene.stderr == "error: \(folder.file("scene.json")): is \(20 << 30) bytes; a scene file may be at most 16 MiB\n")
        writeFileBytes(folder.file("uni.json"), Array(#"{"name": "u", "window": {"width": 100, "height": 100}, "recognizers": [{"id": "u", "type": "unistroke", "templates": ["t.json"]}]}"#.utf8))
        #expect(sparseFile(folder.file("t.json"), bytes: 20 << 30))
        let template = try TouchstoneProcess.run(["replay", folder.file("a.trace"), "--scene", folder.file("uni.json")])
        #expect(template.status == 1)
        #expect(template.stderr.hasSuffix("t.json: is \(20 << 30) bytes; a template file may be at most 16 MiB\n"))
        #expect(sparseFile(folder.file("a.scene"), bytes: 20 << 30))
        let verify = try TouchstoneProcess.run(["verify", folder.path, "--no-progress"])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("a.scene: is \(20 << 30) bytes; a capture's .scene file (one line) may be at most 64 KiB"))
    }

    /// Makes a file of `bytes` that takes no room on disk.
    private func sparseFile(_ path: String, bytes: Int) -> Bool {
        writeFileBytes(path, [])
        return truncate(path, off_t(bytes)) == 0
    }

    @Test("A golden log too large to read whole is reported as differing, and --update replaces it")
    func oversizedGoldenIsNotReadWhole() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: VerifyCommandTests.captures + "/map/pan.trace", toPath: folder.file("a.trace"))
        writeFileBytes(folder.file("a.scene"), Array("map\n".utf8))
        #expect(sparseFile(folder.file("a.golden.log"), bytes: 20 << 30))
        let verify = try TouchstoneProcess.run(["verify", folder.path, "--no-progress"])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("a.golden.log: the replay's log differs from it (no diff: the file is \(20 << 30) bytes; a golden log shown as a diff may be at most 256 MiB)"))
        let update = try TouchstoneProcess.run(["verify", folder.path, "--no-progress", "--update"])
        #expect(update.status == 0)
        let replay = try TouchstoneProcess.run(["replay", folder.file("a.trace"), "--scene", "map"])
        #expect(try String(contentsOfFile: folder.file("a.golden.log"), encoding: .utf8) == replay.stdout)
    }

    @Test("A golden of 8 MiB of line feeds fails with where it starts to differ and no lines (once a diff split it into lines at 32 bytes each)")
    func goldenOfLineFeeds() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: VerifyCommandTests.captures + "/map/pan.trace", toPath: folder.file("a.trace"))
        writeFileBytes(folder.file("a.scene"), Array("map\n".utf8))
        writeFileBytes(folder.file("a.golden.log"), [UInt8](repeating: UInt8(ascii: "\n"), count: 8 << 20))
        let verify = try TouchstoneProcess.run(["verify", folder.path, "--no-progress"])
        #expect(verify.status == 1)
        #expect(verify.stdout.hasPrefix("FAIL    a: log differs from a.golden.log\n--- a.golden.log\n+++ a (replay)\n@@ -1 +1 @@ more than 1000 lines differ from here; showing none\n"))
    }

    @Test("verify of a folder with no captures exits 1 saying so")
    func verifyEmptyFolder() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["verify", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no captures in the folder (a capture is NAME.scene with one trace beside it, NAME.trace (or .jsonl, .evemu, .events, .yml, .yaml, .getevent, .evtest), and NAME.golden.log)"))
    }

    @Test("replay of a trace cut short warns on standard error")
    func replayOfTruncatedTraceWarns() throws {
        let folder = TemporaryDirectory("cli")
        writeFileBytes(folder.file("cut.trace"), Array(readFileBytes(Self.pressTrace).prefix(1200)))
        let result = try TouchstoneProcess.run(["replay", folder.file("cut.trace"), "--scene", "map"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: \(folder.file("cut.trace")): byte 1200: the file has no trailer"))
    }

    @Test("A binary trace truncated by another process while replay reads it (through its memory map) is an error naming the file and the offset read, status 1, where the process died of SIGBUS (135)",
          .timeLimit(.minutes(2)))
    func traceTruncatedWhileMapped() throws {
        let folder = TemporaryDirectory("cli")
        try TouchstoneProcess.runSucceeding(["synth", "pan", "--fingers", "10", "--repeat", "300", "-o", folder.file("pan.trace")])
        // The replay's log fills the pipe, and the replay waits there having read only the
        // trace's beginning (its first bytes in the pipe say it has mapped the file); the trace is
        // cut to one page, then the log read to its end, so the replay reads past the cut. The
        // command starts with no signal blocked, as from a shell, and without the Swift runtime's
        // backtracer, which a debug build installs for SIGBUS before `touchstone` runs (the
        // release binary, linked statically, has none), and without a sanitizer's own SIGBUS
        // handler (`handle_sigbus=0`: under CI's AddressSanitizer run it took the fault first).
        let result = try TouchstoneProcess.shell("""
            cd '\(folder.path)'
            python3 -c '
            import os, signal, subprocess, sys
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            replay = subprocess.Popen([sys.argv[1], "replay", "pan.trace", "--scene", "map"], stdout=subprocess.PIPE, stderr=open("err.txt", "wb"),
                                      env=dict(os.environ, SWIFT_BACKTRACE="enable=no",
                                               ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":handle_sigbus=0",
                                               TSAN_OPTIONS=os.environ.get("TSAN_OPTIONS", "") + ":handle_sigbus=0"))
            replay.stdout.read(1)
            os.truncate("pan.trace", 4096)
            replay.stdout.read()
            print("status", replay.wait())
            ' "$TOUCHSTONE"
            cat err.txt
            """)
        #expect(result.stdout.hasPrefix("status 1\n"), "\(result.stdout)")
        #expect(result.stdout.contains("error: pan.trace: byte "), "\(result.stdout)")
        #expect(result.stdout.contains(": the file was cut short while it was read ("), "\(result.stdout)")
        #expect(result.stdout.contains(" bytes when it was opened, 4096 now): another process truncated it"), "\(result.stdout)")
    }

    @Test("replay reads JSON Lines, the project's own text format, to the same log as the binary trace")
    func replayOfJSONLines() throws {
        let folder = TemporaryDirectory("cli")
        #expect(try TouchstoneProcess.run(["convert", Self.pressTrace, "-o", folder.file("p.jsonl")]).status == 0)
        let binary = try TouchstoneProcess.run(["replay", Self.pressTrace, "--scene", "map"])
        let text = try TouchstoneProcess.run(["replay", folder.file("p.jsonl"), "--scene", "map"])
        #expect(text.status == 0)
        #expect(text.stdout == binary.stdout)
    }

    /// A JSON Lines trace whose device name and note carry terminal control sequences.
    private func withControlCharacters(in folder: TemporaryDirectory) -> String {
        let header = Self.header.replacingOccurrences(of: #""name":"screen""#, with: #""name":"Evil\u001b]0;owned\u0007\u001b[2J""#)
        let lines = [header, #"{"t":0,"note":"red\u001b[31m\u009bnote"}"#]
        let path = folder.file("evil.jsonl")
        writeFileBytes(path, Array((lines.joined(separator: "\n") + "\n").utf8))
        return path
    }

    @Test("info escapes control characters in device names")
    func infoEscapesNames() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["info", withControlCharacters(in: folder)])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"Evil\x1b]0;owned\x07\x1b[2J"#))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test("info escapes line feeds in names, so a name cannot forge a line of the report")
    func infoEscapesLineFeedsInNames() throws {
        let folder = TemporaryDirectory("cli")
        let header = Self.header
            .replacingOccurrences(of: #""name":"screen""#, with: #""name":"screen\nduration: 0 s""#)
            .replacingOccurrences(of: #""name":"test""#, with: #""name":"test\r\ndamage: none""#)
        let path = folder.file("forged.jsonl")
        writeFileBytes(path, Array((header + "\n" + #"{"t":0,"note":"n"}"# + "\n").utf8))
        let result = try TouchstoneProcess.run(["info", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"0: screen\x0aduration: 0 s ("#))
        #expect(result.stdout.contains(#"recorder: test\x0d\x0adamage: none 1"#))
        #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("duration:") || $0.hasPrefix("damage:") }.count == 2)
    }

    @Test("info and a replay's text log escape bidirectional controls in names and notes, so a name cannot reverse the rest of its line")
    func bidirectionalControlsEscaped() throws {
        let folder = TemporaryDirectory("cli")
        let header = Self.header.replacingOccurrences(of: #""name":"screen""#, with: #""name":"screen\u202Egnp.exe""#)
        let path = folder.file("bidi.jsonl")
        writeFileBytes(path, Array((header + "\n" + #"{"t":0,"note":"left\u2066right\u2069"}"# + "\n").utf8))
        let info = try TouchstoneProcess.run(["info", path])
        #expect(info.status == 0)
        #expect(info.stdout.contains(#"screen\u202egnp.exe"#))
        let replay = try TouchstoneProcess.run(["replay", path, "--scene", "map"])
        #expect(replay.status == 0)
        #expect(replay.stdout.contains(#"note left\u2066right\u2069"#))
        #expect(!(info.stdout + replay.stdout).unicodeScalars.contains { (0x2066...0x2069).contains($0.value) || $0.value == 0x202E })
    }

    @Test("info --json and a replay's JSON log escape bidirectional controls and C1 controls in names and notes as \\uxxxx, so a name cannot reverse or restyle the rest of the terminal's line")
    func jsonOutputsEscapeTerminalControls() throws {
        let folder = TemporaryDirectory("cli")
        let header = Self.header.replacingOccurrences(of: #""name":"screen""#, with: #""name":"screen\u202Egnp\u009b31m.exe""#)
        let path = folder.file("bidi.jsonl")
        writeFileBytes(path, Array((header + "\n" + #"{"t":0,"note":"left\u2066right\u2069"}"# + "\n").utf8))
        let info = try TouchstoneProcess.run(["info", path, "--json"])
        #expect(info.status == 0)
        #expect(info.stdout.contains(#""screen\u202egnp\u009b31m.exe""#), "\(info.stdout)")
        let replay = try TouchstoneProcess.run(["replay", path, "--scene", "map", "--format", "jsonl"])
        #expect(replay.status == 0)
        #expect(replay.stdout.contains(#"left\u2066right\u2069"#), "\(replay.stdout)")
        #expect(!(info.stdout + replay.stdout).unicodeScalars.contains { (0x2066...0x2069).contains($0.value) || $0.value == 0x202E || $0.value == 0x9B })
    }

    @Test("replay escapes control characters in notes")
    func replayEscapesNotes() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["replay", withControlCharacters(in: folder), "--scene", "map"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"note red\x1b[31m\u009bnote"#))
    }

    @Test("Error messages escape control characters in file names")
    func errorsEscapeFileNames() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["replay", folder.file("\u{1B}[2Jmissing.trace"), "--scene", "map"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"\x1b[2Jmissing.trace"#))
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test("The summary lines synth, synth corpus and template record print on standard output escape control characters, bidirectional controls and line feeds in the paths they name",
          arguments: [["synth", "tap", "-o", "OUT.trace"], ["synth", "corpus", "--samples", "10", "-o", "OUT"],
                      ["template", "record", OutputSafetyTests.pressTrace, "--name", "t", "-o", "OUT.json"]])
    func summariesEscapeFileNames(command: [String]) throws {
        let folder = TemporaryDirectory("cli")
        let name = folder.file("\u{1B}[2J\u{202E}x\ny")
        let result = try TouchstoneProcess.run(command.map { $0.replacingOccurrences(of: "OUT", with: name) })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#"\x1b[2J\u202ex\x0ay"#), "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test("Error messages escape line feeds in file names, so an error stays one line")
    func errorsEscapeLineFeedsInFileNames() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["replay", folder.file("a\nerror: forged.trace"), "--scene", "map"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"a\x0aerror: forged.trace"#))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("verify escapes line feeds in capture names, so a name cannot forge a result line")
    func verifyEscapesLineFeedsInCaptureNames() throws {
        let folder = TemporaryDirectory("cli")
        let name = "x\nPASS    forged (1 events)"
        writeFileBytes(folder.file(name + ".trace"), Array("hello, world\n".utf8))
        writeFileBytes(folder.file(name + ".scene"), Array("map\n".utf8))
        let result = try TouchstoneProcess.run(["verify", folder.path, "--no-progress"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix(#"ERROR   x\x0aPASS    forged (1 events): "#))
        #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("PASS") })
    }

    @Test("verify's diff headers and JUnit test case name a capture with a line feed in its name on one line, escaped as its result line")
    func verifyDiffHeadersEscapeCaptureNames() throws {
        let folder = TemporaryDirectory("cli")
        let name = "x\n+++ forged"
        try FileManager.default.copyItem(atPath: OutputSafetyTests.pressTrace, toPath: folder.file(name + ".trace"))
        writeFileBytes(folder.file(name + ".scene"), Array("map\n".utf8))
        writeFileBytes(folder.file(name + ".golden.log"), Array("stale\n".utf8))
        let result = try TouchstoneProcess.run(["verify", folder.path, "--no-progress", "--junit", folder.file("j.xml")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\n--- x\\x0a+++ forged.golden.log\n+++ x\\x0a+++ forged (replay)\n"), "\(result.stdout)")
        let junit = try String(contentsOfFile: folder.file("j.xml"), encoding: .utf8)
        #expect(junit.contains(#"name="x\x0a+++ forged""#))
    }

    @Test("ArgumentParser's own error messages escape control characters in file names too")
    func parserErrorsEscapeFileNames() throws {
        let result = try TouchstoneProcess.run(["info", "/nonexistent/\u{1B}[2Jx.trace"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"/nonexistent/\x1b[2Jx.trace"#))
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test("An unreadable input is one line starting error: naming the file, status 1, in every command",
          arguments: [["info"], ["info", "--json"], ["convert", "-o", "out.jsonl"], ["replay", "--scene", "map"],
                      ["render", "-o", "out.svg"], ["template", "record", "--name", "x", "-o", "out.json"]])
    func unreadableInputIsOneErrorLine(command: [String]) throws {
        let folder = TemporaryDirectory("cli")
        writeFileBytes(folder.file("bad.trace"), Array("hello, world\n".utf8))
        let arguments = command.prefix { !$0.hasPrefix("-") } + [folder.file("bad.trace")]
            + command.drop { !$0.hasPrefix("-") }.map { $0.hasPrefix("out.") ? folder.file($0) : $0 }
        let result = try TouchstoneProcess.run(Array(arguments))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(folder.file("bad.trace")): byte 0: not a trace Touchstone can read"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("verify --report - is refused as a usage error, not a folder named -")
    func verifyReportToStandardOutput() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["verify", VerifyCommandTests.captures, "--report", "-"], in: folder.url)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --report -: the report is a folder of pages; name a folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("verify --jobs 0 is refused as a usage error")
    func verifyWithoutWorkers() throws {
        let result = try TouchstoneProcess.run(["verify", VerifyCommandTests.captures, "--jobs", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --jobs must be 1 or more, found 0"))
    }

    @Test("record refuses intervals that are not a number of seconds it can wait as a usage error, before opening anything",
          arguments: [("--duration", "nan"), ("--duration", "inf"), ("--duration", "1e308"), ("--duration", "0"),
                      ("--autorestart", "nan"), ("--autorestart", "9223372036854775807"), ("--autorestart", "1e10")])
    func recordRefusesIntervals(option: String, value: String) throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["record", "-o", folder.file("s.trace"), "--device", "/nonexistent", option, value])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(option) must be a number of seconds above 0 and at most 1e9, found "), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("record refuses a flush interval that is not a positive number of milliseconds a trace can record (up to 4,294,967) as a usage error",
          arguments: ["0", "9223372036854775807", "4294968"])
    func recordRefusesFlushIntervals(value: String) throws {
        let result = try TouchstoneProcess.run(["record", "-o", "/nonexistent/s.trace", "--device", "/nonexistent", "--flush-ms", value])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --flush-ms must be a number of milliseconds above 0 and at most 4294967 (what a trace records), found \(value)"), "\(result.stderr)")
    }

    @Test("record of a file that is no input device is one error line of its own, without libinput's log lines before it",
          arguments: ["/dev/null", "plain"])
    func recordOfNonInputDevice(device: String) throws {
        let folder = TemporaryDirectory("cli")
        writeFileBytes(folder.file("plain"), Array("text\n".utf8))
        let path = device.hasPrefix("/") ? device : folder.file(device)
        let result = try TouchstoneProcess.run(["record", "-o", folder.file("s.trace"), "--device", path])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(path) is not an input device libinput can use\n", "\(result.stderr)")
        #expect(!fileExists(folder.file("s.trace")))
    }

    @Test("synth's --jitter out of its range is a usage error in milliseconds, with synth's own usage line")
    func synthJitterOutOfRange() throws {
        let result = try TouchstoneProcess.run(["synth", "tap", "--jitter", "1e300", "-o", "/nonexistent/t.trace"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --jitter 1e+300 ms is outside 0…1000 ms\nUsage: touchstone synth gesture"), "\(result.stderr)")
    }

    @Test("synth's checks of a gesture's or a corpus's options are usage errors (64) with the usage line of the synth command that was run",
          arguments: [(["synth", "pan", "--fingers", "0", "-o", "/nonexistent/t.trace"], "Error: pan with 0 fingers", "touchstone synth gesture"),
                      (["synth", "tap", "--repeat", "0", "-o", "/nonexistent/t.trace"], "Error: --repeat must be at least 1", "touchstone synth gesture"),
                      (["synth", "tap", "-o", "/nonexistent/t.txt"], "Error: /nonexistent/t.txt: write .trace or .jsonl", "touchstone synth gesture"),
                      (["synth", "corpus", "--count", "0", "--samples", "10", "-o", "/nonexistent/c"], "Error: --count must be at least 1", "touchstone synth corpus"),
                      (["synth", "corpus", "--samples", "1", "-o", "/nonexistent/c"], "Error: --samples must be at least 2", "touchstone synth corpus")])
    func synthUsageErrorsShowTheirCommand(arguments: [String], error: String, usage: String) throws {
        let result = try TouchstoneProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(error), "\(result.stderr)")
        #expect(result.stderr.contains("\nUsage: \(usage) "), "\(result.stderr)")
    }

    @Test("A --scene that is neither a built-in scene nor a .json path is a usage error (64) naming it, in replay, render and live alike, before the trace or a display is needed",
          arguments: [["replay", "/nonexistent.trace", "--scene", "foo"], ["render", "/nonexistent.trace", "--scene", "foo", "-o", "/nonexistent/x.svg"],
                      ["live", "--scene", "foo"]])
    func unknownSceneName(arguments: [String]) throws {
        let result = try TouchstoneProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --scene foo: no built-in scene has this name, and it is not a .json file (built-in: map,"), "\(result.stderr)")
    }

    @Test("An empty --scene is a usage error (64) naming the option and saying the name is empty, in replay, render and live alike",
          arguments: [["replay", "/nonexistent.trace", "--scene", ""], ["render", "/nonexistent.trace", "--scene", "", "-o", "/nonexistent/x.svg"],
                      ["live", "--scene", ""]])
    func emptySceneName(arguments: [String]) throws {
        let result = try TouchstoneProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --scene '': an empty name names no scene; give a built-in scene's name (map,"), "\(result.stderr)")
        #expect(result.stderr.contains(") or a .json scene file\nUsage: "), "\(result.stderr)")
    }

    @Test("live --record and --log naming one new file in two spellings is a usage error, before a display is needed",
          arguments: [("./s.trace", "s.trace"), ("sub/../s.trace", "s.trace"), ("s.trace", "FOLDER/s.trace")])
    func liveRecordAndLogSameFile(record: String, log: String) throws {
        let folder = TemporaryDirectory("live-outputs")
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: true)
        let result = try TouchstoneProcess.run(
            ["live", "--record", record, "--log", log.replacingOccurrences(of: "FOLDER", with: folder.path)],
            in: URL(fileURLWithPath: folder.path))
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --record and --log name the same file\n"), "\(result.stderr)")
        #expect(!fileExists(folder.file("s.trace")))
    }

    @Test("A --scene ending in .json is a file to read: one that does not exist fails the work (1) naming it")
    func missingSceneFile() throws {
        let result = try TouchstoneProcess.run(["replay", VerifyCommandTests.captures + "/map/pan.trace", "--scene", "/nonexistent/foo.json"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: /nonexistent/foo.json"), "\(result.stderr)")
    }

    @Test("An empty input path (a trace, the corpus folder) is a usage error (64) naming the argument, in every command, as an empty output path is",
          arguments: [(["info", ""], "<file>"), (["replay", "", "--scene", "map"], "<trace>"), (["render", "", "-o", "/nonexistent/x.svg"], "<trace>"),
                      (["convert", "", "-o", "/nonexistent/x.trace"], "<input>"), (["template", "record", "", "--name", "t", "-o", "/nonexistent/t.json"], "<trace>"),
                      (["verify", ""], "<directory>"), (["record", "-o", "/nonexistent/r.trace", "--device", "/dev/null", "--device", ""], "--device")])
    func emptyInputPath(arguments: [String], argument: String) throws {
        let result = try TouchstoneProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(argument) '': an empty path names no file; give a path\nUsage: "), "\(result.stderr)")
    }

    @Test("A path argument that is not UTF-8 is a usage error (64) showing its bytes, in every command, and the file its U+FFFD spelling names is left as it was",
          arguments: [#"info "$bad""#, #"replay "$bad" --scene map"#, #"render "$bad" -o x.svg"#, #"convert "$bad" -o x.jsonl"#,
                      #"template record "$bad" --name t -o t.json"#, #"verify "$bad""#, #"synth tap -o "$bad""#,
                      #"synth corpus --samples 10 -o "$bad""#, #"replay t.trace --scene map -o "$bad""#, #"render t.trace -o "$bad""#,
                      #"convert t.trace -o "$bad""#, #"info t.trace --svg "$bad""#, #"verify . --junit "$bad""#, #"verify . --report "$bad""#,
                      #"replay t.trace --scene "$bad.json""#, #"record -o "$bad" --device /dev/null"#, #"live --record "$bad""#])
    func pathNotUTF8(command: String) throws {
        let folder = TemporaryDirectory("cli")
        // Swift reads the arguments as UTF-8 with U+FFFD for each byte that is not: the name
        // given (a\xff) and the name used (a\u{FFFD}) are two files.
        try FileManager.default.copyItem(atPath: OutputSafetyTests.pressTrace, toPath: folder.file("t.trace"))
        try FileManager.default.copyItem(atPath: OutputSafetyTests.pressTrace, toPath: folder.file("a\u{FFFD}"))
        let result = try TouchstoneProcess.shell("cd '\(folder.path)' && bad=\"$(printf 'a\\377')\" && \"$TOUCHSTONE\" \(command)")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(result.stderr.contains(#"'a\xff"#) && result.stderr.contains("is not UTF-8"), "\(result.stderr)")
        #expect(result.stderr.contains("\nUsage: "), "\(result.stderr)")
        #expect(readFileBytes(folder.file("a\u{FFFD}")) == readFileBytes(OutputSafetyTests.pressTrace))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a\u{FFFD}", "t.trace"])
    }

    @Test("A path given as --option=VALUE that is not UTF-8 is refused as the separate value is", arguments: [
        #"replay t.trace --scene="$bad.json""#, #"synth tap -o="$bad""#, #"info t.trace --svg="$bad""#,
    ])
    func attachedPathNotUTF8(command: String) throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: OutputSafetyTests.pressTrace, toPath: folder.file("t.trace"))
        let result = try TouchstoneProcess.shell("cd '\(folder.path)' && bad=\"$(printf 'a\\377')\" && \"$TOUCHSTONE\" \(command)")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(#"'a\xff"#) && result.stderr.contains("is not UTF-8"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["t.trace"])
    }

    @Test("A UTF-8 path truly holding U+FFFD is read when another argument that is not UTF-8 ends with its spelling (template record's --name)")
    func pathWithReplacementCharacterBesideABadName() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: OutputSafetyTests.pressTrace, toPath: folder.file("\u{FFFD}"))
        let result = try TouchstoneProcess.shell(
            "cd '\(folder.path)' && \"$TOUCHSTONE\" template record \"$(printf '\\357\\277\\275')\" --name \"$(printf 't\\377')\" -o t.json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileExists(folder.file("t.json")))
    }

    @Test("A path that is not UTF-8 is refused naming its own option, not another argument whose UTF-8 name it ends with")
    func notUTF8NamesItsOwnOption() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: OutputSafetyTests.pressTrace, toPath: folder.file("\u{FFFD}"))
        let result = try TouchstoneProcess.shell(
            "cd '\(folder.path)' && \"$TOUCHSTONE\" info \"$(printf '\\357\\277\\275')\" --svg \"$(printf 'a\\377')\"")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(#"Error: --svg 'a\xff': the path is not UTF-8"#), "\(result.stderr)")
    }

    @Test("record --seat '' is a usage error (64) naming the option, before any device is opened")
    func emptySeat() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.run(["record", "-o", folder.file("r.trace"), "--seat", ""])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: --seat '': an empty name names no seat; give a seat's name (seat0 by default)\nUsage: "), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("An empty output path is a usage error (64) naming the option, in every command, before anything is read",
          arguments: [["replay", "/nonexistent.trace", "--scene", "map", "-o", ""], ["render", "/nonexistent.trace", "-o", ""],
                      ["convert", "/nonexistent.trace", "-o", ""], ["template", "record", "/nonexistent.trace", "--name", "t", "-o", ""],
                      ["info", "/nonexistent.trace", "--svg", ""], ["synth", "tap", "-o", ""], ["synth", "corpus", "--samples", "10", "-o", ""],
                      ["verify", "/nonexistent", "--junit", ""], ["verify", "/nonexistent", "--report", ""],
                      ["record", "-o", "", "--device", "/nonexistent"], ["live", "--record", ""], ["live", "--log", ""]])
    func emptyOutputPath(arguments: [String]) throws {
        let result = try TouchstoneProcess.run(arguments)
        let option = arguments[arguments.firstIndex(of: "")! - 1]
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(option) '': an empty path names no file"), "\(result.stderr)")
    }

    @Test("help naming a subcommand that does not exist is a usage error (64) naming it, not the top-level help",
          arguments: [(["help", "nosuch"], "touchstone has no subcommand nosuch"), (["help", "synth", "nosuch"], "touchstone synth has no subcommand nosuch")])
    func helpOnUnknownSubcommand(arguments: [String], message: String) throws {
        let result = try TouchstoneProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: help nosuch: \(message)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("verify --jobs above 256 is a usage error naming the limit, before any worker thread is made")
    func verifyTooManyWorkers() throws {
        let result = try TouchstoneProcess.run(["verify", VerifyCommandTests.captures, "--jobs", "20000"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --jobs must be at most 256"), "\(result.stderr)")
    }

    @Test("--help and the help subcommand print the help on standard output and exit 0",
          arguments: [["--help"], ["help"], ["replay", "--help"], ["help", "verify"], ["help", "synth", "corpus"], ["synth", "corpus", "--help"]])
    func helpIsNotAnError(arguments: [String]) throws {
        let result = try TouchstoneProcess.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: touchstone"))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("An option given to a gesture it does not apply to is a usage error naming the gestures it applies to, not silently ignored",
          arguments: [
              (["tap", "--direction", "left"], "--direction does not apply to tap; it applies to pan, swipe, pinch, rotation, circle, double-tap-drag"),
              (["circle", "--degrees", "100000"], "--degrees does not apply to circle; it applies to rotation"),
              (["swipe", "--scale", "2"], "--scale does not apply to swipe; it applies to pinch"),
              (["pinch", "--fingers", "3"], "--fingers does not apply to pinch; it applies to tap, double-tap, long-press, pan, swipe"),
              (["tap", "--mirrored"], "--mirrored does not apply to tap; it applies to chevron"),
          ])
    func synthOptionThatDoesNotApply(arguments: [String], message: String) throws {
        let folder = TemporaryDirectory("synth-options")
        let result = try TouchstoneProcess.run(["synth"] + arguments + ["-o", folder.file("g.trace")])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("g.trace")))
    }

    @Test("A malformed --shard is a usage error (status 64), as a malformed --jobs is", arguments: ["0/2", "3/2", "x"])
    func malformedShardIsUsageError(shard: String) throws {
        let result = try TouchstoneProcess.run(["verify", VerifyCommandTests.captures, "--shard", shard])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--shard"), "\(result.stderr)")
    }

    @Test("A --shard with a negative K is the shard out of range, not a value missing before an option")
    func negativeShardIsOutOfRange() throws {
        let result = try TouchstoneProcess.run(["verify", VerifyCommandTests.captures, "--shard", "-1/2"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --shard: expected K/N with 1 <= K <= N, found -1/2\n"), "\(result.stderr)")
    }

    @Test("Help and usage name the program by the name it was run as, as a team's own tool is")
    func helpNamesTheProgramRun() throws {
        let folder = TemporaryDirectory("program-name")
        let link = folder.file("team-touchstone")
        let result = try TouchstoneProcess.shell("ln -s \"$TOUCHSTONE\" '\(link)' && '\(link)' replay --help && '\(link)' replay 2>&1")
        #expect(result.stdout.contains("USAGE: team-touchstone replay"), "\(result.stdout)")
        #expect(result.stdout.contains("See 'team-touchstone replay --help' for more information."), "\(result.stdout)")
        #expect(!result.stdout.contains("USAGE: touchstone"), "\(result.stdout)")
    }
}
