import Foundation
import TestSupport
import Testing

/// Write errors and outputs that are also inputs: every command exits 1 with a message naming the
/// file, and every existing file is left as it was.
@Suite("Commands never lose a file and never hide a write error")
struct OutputSafetyTests {
    static let captures = VerifyCommandTests.captures
    static let pressTrace = captures + "/standard/long-press.trace"

    /// A corpus of one capture (long-press through the map) whose golden is `golden`.
    private func corpus(golden: String) throws -> TemporaryDirectory {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: folder.file("press.trace"))
        try Data("map\n".utf8).write(to: folder.url.appendingPathComponent("press.scene"))
        try Data(golden.utf8).write(to: folder.url.appendingPathComponent("press.golden.log"))
        return folder
    }

    @Test("A command stopped by a signal (SIGTERM, SIGHUP, SIGALRM, SIGUSR1, SIGXCPU; SIGINT and SIGQUIT, which a background job ignores, are handled alike) removes the output it was writing and ends as the signal ends it", arguments: [("TERM", 143), ("HUP", 129), ("ALRM", 142), ("USR1", 138), ("XCPU", 152), ("PROF", 155)])
    func stoppedBySignalLeavesNothing(signal: String, status: Int) throws {
        let folder = TemporaryDirectory("cli")
        // The test runner's threads block signals, and a child inherits that: the command starts
        // with none blocked, as from a shell; it is killed if the signal has not ended it in 30 s.
        let result = try TouchstoneProcess.shell("""
            cd '\(folder.path)'
            python3 -c 'import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])' \\
                "$TOUCHSTONE" synth pan --fingers 10 --repeat 1000000 -o out.trace & pid=$!
            for i in $(seq 400); do ls -a | grep -q partial && break; sleep 0.05; done
            kill -\(signal) $pid
            i=0; while [ $i -lt 300 ] && [ -e /proc/$pid ] && ! grep -q '^State:.*Z' /proc/$pid/status; do sleep 0.1; i=$((i + 1)); done
            kill -9 $pid 2>/dev/null; wait $pid; echo "status $?"; ls -a
            """)
        #expect(result.stdout.hasPrefix("status \(status)\n"))
        #expect(!result.stdout.contains("partial"))
        #expect(!result.stdout.contains("out.trace"))
    }

    @Test("verify --report stopped by a signal once more than 64 pages wait to be renamed into place leaves none of them behind, nor the folder it made for them", .timeLimit(.minutes(2)))
    func reportStoppedBySignalLeavesNoPage() throws {
        let folder = TemporaryDirectory("cli")
        let corpus = folder.file("corpus")
        try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: corpus + "/press")
        let pages = 70
        for index in 0..<pages {
            let name = corpus + "/c\(index)"
            #expect(symlink("press", name + ".trace") == 0)
            writeFileBytes(name + ".scene", Array("map\n".utf8))
            writeFileBytes(name + ".golden.log", Array("stale\n".utf8))
        }
        // index.html, written last and in place since it is a FIFO, holds the command once every
        // failing capture's page is written and waits to be renamed: it is stopped there.
        try FileManager.default.createDirectory(atPath: folder.file("rep"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.file("rep/index.html"), 0o600) == 0)
        let result = try TouchstoneProcess.shell("""
            cd '\(folder.path)'
            python3 -c 'import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])' \\
                "$TOUCHSTONE" verify corpus --report rep --no-progress > /dev/null & pid=$!
            for i in $(seq 1200); do [ "$(find rep -type f | wc -l)" -ge \(pages) ] && break; sleep 0.05; done
            echo "staged $(find rep -type f | wc -l)"
            kill -TERM $pid
            i=0; while [ $i -lt 300 ] && [ -e /proc/$pid ] && ! grep -q '^State:.*Z' /proc/$pid/status; do sleep 0.1; i=$((i + 1)); done
            kill -9 $pid 2>/dev/null; wait $pid; echo "status $?"
            find rep -mindepth 1 ! -name index.html
            """)
        #expect(result.stdout == "staged \(pages)\nstatus 143\n", "\(result.stdout)\(result.stderr)")
    }

    @Test("synth corpus stopped by a signal leaves no folder where there was none", .timeLimit(.minutes(2)))
    func corpusStoppedBySignalLeavesNoFolder() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.shell("""
            cd '\(folder.path)'
            python3 -c 'import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])' \\
                "$TOUCHSTONE" synth corpus --count 3 --samples 50000000 -o new/corpus & pid=$!
            for i in $(seq 400); do [ -n "$(find new -name '*partial*' 2>/dev/null)" ] && break; sleep 0.05; done
            kill -TERM $pid
            i=0; while [ $i -lt 300 ] && [ -e /proc/$pid ] && ! grep -q '^State:.*Z' /proc/$pid/status; do sleep 0.1; i=$((i + 1)); done
            kill -9 $pid 2>/dev/null; wait $pid; echo "status $?"; ls -A
            """)
        #expect(result.stdout == "status 143\n", "\(result.stdout)\(result.stderr)")
    }

    @Test("--junit inside the --report folder, which the report writes all or nothing, is a usage error (64) found before anything runs",
          arguments: ["rep/index.html", "./rep/../rep/captures/press.xml", "rep"])
    func junitInsideTheReportIsAUsageError(junit: String) throws {
        let folder = try corpus(golden: "stale\n")
        let result = try TouchstoneProcess.shell("cd '\(folder.path)' && \"$TOUCHSTONE\" verify . --update --report rep --junit \(junit) --no-progress")
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: --junit \(junit) is inside the --report folder rep ("), "\(result.stderr)")
        #expect(result.stderr.contains("whose files the report writes all or nothing and replaces: write the JUnit file elsewhere"))
        #expect(try String(contentsOfFile: folder.file("press.golden.log"), encoding: .utf8) == "stale\n")
        #expect(!fileExists(folder.file("rep")))
    }

    @Test("synth corpus refuses a name taken by a folder before writing any trace, so the traces already there stay as they were")
    func corpusRefusesAFolderBeforeWriting() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.createDirectory(atPath: folder.file("corp/corpus-0001.trace"), withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder.file("corp/corpus-0000.trace")))
        let result = try TouchstoneProcess.run(["synth", "corpus", "--count", "3", "--samples", "100", "-o", folder.file("corp")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("corpus-0001.trace: is not a regular file"))
        #expect(try String(contentsOfFile: folder.file("corp/corpus-0000.trace"), encoding: .utf8) == "old\n")
        #expect(!fileExists(folder.file("corp/corpus-0002.trace")))
    }

    @Test("synth corpus into a folder where one trace's name is a link to another's refuses the second, and the file is as it was, where both were renamed onto it and the first trace lost")
    func corpusWithTwoNamesOfOneFile() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.createDirectory(atPath: folder.file("corp"), withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder.file("corp/corpus-0001.trace")))
        try FileManager.default.createSymbolicLink(atPath: folder.file("corp/corpus-0000.trace"), withDestinationPath: "corpus-0001.trace")
        let result = try TouchstoneProcess.run(["synth", "corpus", "--count", "2", "--samples", "10", "-o", folder.file("corp")])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(
            "error: \(folder.file("corp/corpus-0001.trace")): cannot write the file (is the same file as \(folder.file("corp/corpus-0000.trace")), which this command writes too"),
            "\(result.stderr)")
        #expect(try String(contentsOfFile: folder.file("corp/corpus-0001.trace"), encoding: .utf8) == "old\n")
    }

    @Test("verify --update where one capture's golden is a link to another's reports the second as an error and rewrites no golden, where it wrote both logs onto one file and exited 0")
    func updateWithTwoGoldensOfOneFile() throws {
        let folder = try corpus(golden: "old\n")
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: folder.file("a.trace"))
        try Data("tap\n".utf8).write(to: folder.url.appendingPathComponent("a.scene"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("a.golden.log"), withDestinationPath: "press.golden.log")
        let result = try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress"])
        #expect(result.status == 1)
        #expect(result.stdout.contains(
            "ERROR   press: \(folder.file("press.golden.log")): cannot write the file (is the same file as \(folder.file("a.golden.log")), which this command writes too"),
            "\(result.stdout)")
        #expect(try String(contentsOfFile: folder.file("press.golden.log"), encoding: .utf8) == "old\n")
    }

    @Test("An output named through a symbolic link to a file that does not exist is refused (1) naming the link and its target, and the link left as it was, where the output replaced the link", arguments: [
        "replay in.trace --scene map -o link", "convert in.trace -o link.jsonl", "synth tap -o link.trace", "render in.trace -o link.svg",
    ])
    func danglingLinkOutputRefused(command: String) throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: folder.file("in.trace"))
        let link = command.split(separator: " ").last.map(String.init)!
        #expect(symlink("missing/target", folder.file(link)) == 0)
        let result = try TouchstoneProcess.shell("cd '\(folder.path)' && \"$TOUCHSTONE\" \(command)")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(link): cannot write the file (is a symbolic link to missing/target, which does not exist"), "\(result.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.file(link))) == "missing/target")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["in.trace", link])
    }

    @Test("Standard output redirected onto the command's input is refused, and the input left as it was", arguments: [
        "replay in.trace --scene map >> in.trace", "replay in.trace --scene map -o - 1<>in.trace", "info in.trace >> in.trace",
        "info --json in.trace 1<>in.trace", "render in.trace -o - >> in.trace",
    ])
    func standardOutputOntoTheInput(command: String) throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: folder.file("in.trace"))
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.file("in.trace")))
        let result = try TouchstoneProcess.shell("cd '\(folder.path)' && \"$TOUCHSTONE\" \(command)")
        #expect(result.status == 1)
        #expect(result.stderr.contains("standard output: cannot write the file (is redirected onto the input in.trace"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("in.trace"))) == before)
    }

    @Test("An output whose name is as long as a file name may be (255 bytes) is written: its temporary name is shortened", arguments: [251, 255])
    func longestNameIsWritten(length: Int) throws {
        let folder = TemporaryDirectory("cli")
        let name = String(repeating: "é", count: (length - 6) / 2) + String(repeating: "a", count: (length - 6) % 2) + ".trace"
        #expect(name.utf8.count == length)
        let result = try TouchstoneProcess.run(["synth", "tap", "-o", folder.file(name)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
    }

    @Test("info to a full standard output exits 1 naming standard output")
    func infoToFullDevice() throws {
        let result = try TouchstoneProcess.shell("\"$TOUCHSTONE\" info '\(Self.pressTrace)' > /dev/full")
        #expect(result.status == 1)
        #expect(result.stderr.contains("standard output: cannot write the file"))
    }

    @Test("Help and the version to a full standard output exit 1 with one error line naming standard output",
          arguments: ["--help", "replay --help", "help replay", "--version", ""])
    func helpToFullStandardOutput(arguments: String) throws {
        let result = try TouchstoneProcess.shell("\"$TOUCHSTONE\" \(arguments) > /dev/full")
        #expect(result.status == 1)
        #expect(result.stderr == "error: standard output: cannot write the file (No space left on device)\n")
    }

    @Test("synth whose summary standard output refuses (full or closed) exits 1 and leaves the existing trace as it was",
          arguments: ["tap.trace", "tap.jsonl"], ["> /dev/full", ">&-"])
    func synthToFullStandardOutput(name: String, redirection: String) throws {
        let folder = TemporaryDirectory("cli")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder.file(name)))
        let result = try TouchstoneProcess.shell("\"$TOUCHSTONE\" synth tap -o '\(folder.file(name))' \(redirection)")
        #expect(result.status == 1)
        #expect(result.stderr.contains("standard output: cannot write the file"), "\(result.stderr)")
        #expect(try String(contentsOfFile: folder.file(name), encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
    }

    @Test("template record whose summary standard output refuses (full or closed) exits 1 and leaves the existing template as it was",
          arguments: ["> /dev/full", ">&-"])
    func templateRecordToFullStandardOutput(redirection: String) throws {
        let folder = TemporaryDirectory("cli")
        try TouchstoneProcess.runSucceeding(["synth", "swipe", "-o", folder.file("stroke.trace")])
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder.file("t.json")))
        let result = try TouchstoneProcess.shell(
            "\"$TOUCHSTONE\" template record '\(folder.file("stroke.trace"))' --name t -o '\(folder.file("t.json"))' \(redirection)")
        #expect(result.status == 1)
        #expect(result.stderr.contains("standard output: cannot write the file"), "\(result.stderr)")
        #expect(try String(contentsOfFile: folder.file("t.json"), encoding: .utf8) == "old\n")
    }

    @Test("An output named through a standard descriptor that was closed (-o /dev/stdout >&-) is refused, exit 1, where its writes were lost and the command succeeded",
          arguments: [
              ("replay PRESS --scene map -o /dev/stdout >&-", "/dev/stdout", "standard output"),
              ("render PRESS -o /proc/self/fd/1 >&-", "/proc/self/fd/1", "standard output"),
              ("replay PRESS --scene map -o /dev/fd/2 2>&- 1>&3", "/dev/fd/2", "standard error"),
              ("replay PRESS --scene map -o /dev/stdin <&-", "/dev/stdin", "standard input"),
              ("render PRESS -o /proc/self/fd/0 <&-", "/proc/self/fd/0", "standard input"),
          ])
    func outputThroughClosedStandardDescriptor(command: String, path: String, descriptor: String) throws {
        // Standard error is closed in the last case, so its message is printed on standard output.
        let script = "exec 3>&2; \"$TOUCHSTONE\" " + command.replacingOccurrences(of: "PRESS", with: "'\(Self.pressTrace)'")
        let result = try TouchstoneProcess.shell(script)
        #expect(result.status == 1)
        let message = "error: \(path): cannot write the file (is \(descriptor), which was closed when the command started: what is written there is lost; write to a file)\n"
        #expect(result.stderr == message || descriptor == "standard error", "\(result.stderr)")
    }

    @Test("-o /dev/null with standard output closed is still written, to /dev/null")
    func devNullWithClosedStandardOutput() throws {
        let result = try TouchstoneProcess.shell("\"$TOUCHSTONE\" replay '\(Self.pressTrace)' --scene map -o /dev/null >&-")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("-o /dev/stdout into a pipe writes the output into the pipe, where it failed with 'No such file or directory'",
          arguments: [["replay", "--scene", "map"], ["render"]])
    func outputThroughStandardOutputIntoAPipe(command: [String]) throws {
        let expected = try TouchstoneProcess.runSucceeding([command[0], Self.pressTrace] + command.dropFirst() + ["-o", "-"]).stdout
        let result = try TouchstoneProcess.run([command[0], Self.pressTrace] + command.dropFirst() + ["-o", "/dev/stdout"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected)
    }

    @Test("synth corpus with standard output closed exits 1 and writes no trace holding its summary")
    func synthCorpusWithClosedStandardOutput() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.shell("\"$TOUCHSTONE\" synth corpus --count 2 --samples 100 -o '\(folder.file("corp"))' >&-")
        #expect(result.status == 1)
        #expect(result.stderr.contains("standard output: cannot write the file (Bad file descriptor)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("corp/corpus-0000.trace")))
    }

    @Test("render -o - writes the picture to standard output and makes no file called -")
    func renderToStandardOutput() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.shell("cd '\(folder.path)' && \"$TOUCHSTONE\" render '\(Self.pressTrace)' -o -")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<?xml"))
        #expect(result.stdout.hasSuffix("</svg>\n"))
        #expect(!fileExists(folder.file("-")))
    }

    @Test("--svg - and --junit -, where standard output carries the command's report, are refused as usage errors")
    func dashWhereStandardOutputIsTaken() throws {
        let folder = TemporaryDirectory("cli")
        let info = try TouchstoneProcess.shell("cd '\(folder.path)' && \"$TOUCHSTONE\" info '\(Self.pressTrace)' --svg -")
        #expect(info.status == 64)
        #expect(info.stdout.isEmpty)
        #expect(info.stderr.contains("--svg -: standard output carries the description; name a file"))
        let verify = try TouchstoneProcess.shell("cd '\(folder.path)' && \"$TOUCHSTONE\" verify '\(Self.captures)/standard' --junit -")
        #expect(verify.status == 64)
        #expect(verify.stderr.contains("--junit -: standard output carries verify's report; name a file"))
        #expect(!fileExists(folder.file("-")))
    }

    @Test("info --svg onto its own trace is refused before the description is printed")
    func infoSVGOntoItsTrace() throws {
        let folder = TemporaryDirectory("cli")
        // Named with no extension, which an SVG output may have.
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: folder.file("a"))
        let before = readFileBytes(folder.file("a"))
        let result = try TouchstoneProcess.run(["info", folder.file("a"), "--svg", folder.file("a")])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("is also an input"))
        #expect(readFileBytes(folder.file("a")) == before)
    }

    @Test("replay to a full standard output exits 1 naming standard output")
    func replayToFullStandardOutput() throws {
        let result = try TouchstoneProcess.shell("\"$TOUCHSTONE\" replay '\(Self.pressTrace)' --scene map > /dev/full")
        #expect(result.status == 1)
        #expect(result.stderr.contains("standard output: cannot write the file"))
    }

    @Test("replay -o /dev/full exits 1 naming the output")
    func replayToFullDevice() throws {
        let result = try TouchstoneProcess.run(["replay", Self.pressTrace, "--scene", "map", "-o", "/dev/full"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/dev/full: cannot write the file"))
    }

    @Test("replay -o onto its own trace is refused and the trace is unchanged")
    func replayOntoItsTrace() throws {
        let folder = try corpus(golden: "")
        let before = readFileBytes(folder.file("press.trace"))
        let result = try TouchstoneProcess.run(["replay", folder.file("press.trace"), "--scene", "map", "-o", folder.file("press.trace")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is also an input"))
        #expect(readFileBytes(folder.file("press.trace")) == before)
    }

    @Test("replay -o onto its scene file, through a symbolic link, is refused and the scene is unchanged")
    func replayOntoItsScene() throws {
        let folder = TemporaryDirectory("cli")
        let scene = #"{"name": "s", "window": {"width": 1280, "height": 800}, "views": []}"#
        try Data(scene.utf8).write(to: folder.url.appendingPathComponent("s.json"))
        #expect(symlink(folder.file("s.json"), folder.file("log.txt")) == 0)
        let result = try TouchstoneProcess.run(["replay", Self.pressTrace, "--scene", folder.file("s.json"), "-o", folder.file("log.txt")])
        #expect(result.status == 1)
        #expect(readFileBytes(folder.file("s.json")) == Array(scene.utf8))
    }

    @Test("A replay that fails leaves the old log byte-identical")
    func failedReplayKeepsOldLog() throws {
        let folder = TemporaryDirectory("cli")
        var damaged = readFileBytes(Self.pressTrace)
        damaged[damaged.count / 2] ^= 0xFF
        writeFileBytes(folder.file("damaged.trace"), damaged)
        writeFileBytes(folder.file("old.log"), Array("yesterday's log\n".utf8))
        let result = try TouchstoneProcess.run(["replay", folder.file("damaged.trace"), "--scene", "map", "-o", folder.file("old.log")])
        #expect(result.status == 1)
        #expect(readFileBytes(folder.file("old.log")) == Array("yesterday's log\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["damaged.trace", "old.log"])
    }

    @Test("template record onto its own trace is refused and the trace is unchanged")
    func templateOntoItsTrace() throws {
        let folder = TemporaryDirectory("cli")
        // Named with no extension, which a template output may have.
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: folder.file("press"))
        let before = readFileBytes(folder.file("press"))
        let result = try TouchstoneProcess.run(["template", "record", folder.file("press"), "--name", "x", "-o", folder.file("press")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is also an input"))
        #expect(readFileBytes(folder.file("press")) == before)
    }

    @Test("convert onto its own input, through a hard link, is refused and the input is unchanged")
    func convertOntoItsInput() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: folder.file("a.trace"))
        #expect(link(folder.file("a.trace"), folder.file("b.trace")) == 0)
        let before = readFileBytes(folder.file("a.trace"))
        let result = try TouchstoneProcess.run(["convert", folder.file("a.trace"), "-o", folder.file("b.trace")])
        #expect(result.status == 1)
        #expect(readFileBytes(folder.file("a.trace")) == before)
    }

    @Test("verify --update under a file-size limit exits 1 and leaves the golden as it was")
    func updateUnderFileSizeLimit() throws {
        let folder = try corpus(golden: "stale\n")
        let result = try TouchstoneProcess.shell(
            "trap '' XFSZ; ulimit -f 1; \"$TOUCHSTONE\" verify '\(folder.path)' --update --no-progress")
        #expect(result.status == 1)
        #expect(result.stdout.contains("press.golden.log: cannot write the file"))
        #expect(readFileBytes(folder.file("press.golden.log")) == Array("stale\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == ["press.golden.log", "press.scene", "press.trace"])
    }

    @Test("verify --update onto a full standard output exits 1 and leaves every golden as it was")
    func updateOntoFullStandardOutput() throws {
        let folder = try corpus(golden: "stale\n")
        let result = try TouchstoneProcess.shell("\"$TOUCHSTONE\" verify '\(folder.path)' --update --no-progress > /dev/full")
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: standard output: cannot write the file"), "\(result.stderr)")
        #expect(readFileBytes(folder.file("press.golden.log")) == Array("stale\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == ["press.golden.log", "press.scene", "press.trace"])
    }

    @Test("verify --update with a capture that cannot be replayed rewrites no golden, and says so")
    func updateWithFailingCapture() throws {
        let folder = try corpus(golden: "stale\n")
        writeFileBytes(folder.file("zz.trace"), Array("not a trace".utf8))
        writeFileBytes(folder.file("zz.scene"), Array("map\n".utf8))
        let result = try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("UPDATED press"), "\(result.stdout)")
        #expect(result.stderr.contains("note: 1 capture failed, so no golden was rewritten (1 would have changed): --update rewrites a corpus's goldens all or nothing"), "\(result.stderr)")
        #expect(readFileBytes(folder.file("press.golden.log")) == Array("stale\n".utf8))
    }

    @Test("verify --junit under a file-size limit exits 1 and writes no report at all")
    func junitUnderFileSizeLimit() throws {
        let folder = try corpus(golden: String(decoding: readFileBytes(Self.captures + "/standard/long-press.golden.log"), as: UTF8.self))
        let report = TemporaryDirectory("cli")
        writeFileBytes(report.file("junit.xml"), Array("old report".utf8))
        let result = try TouchstoneProcess.shell(
            "trap '' XFSZ; ulimit -f 0; \"$TOUCHSTONE\" verify '\(folder.path)' --no-progress --junit '\(report.file("junit.xml"))'")
        #expect(result.status == 1)
        #expect(result.stderr.contains("junit.xml: cannot write the file"))
        #expect(readFileBytes(report.file("junit.xml")) == Array("old report".utf8))
    }

    @Test("verify --junit onto a capture's golden is refused and the golden is unchanged")
    func junitOntoGolden() throws {
        let folder = try corpus(golden: "stale\n")
        let result = try TouchstoneProcess.run(["verify", folder.path, "--no-progress", "--junit", folder.file("press.golden.log")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("press.golden.log: cannot write the file (is also an input"))
        #expect(readFileBytes(folder.file("press.golden.log")) == Array("stale\n".utf8))
    }

    @Test("convert of an evemu recording onto itself is refused and the recording keeps its comments")
    func evemuOntoItself() throws {
        let folder = TemporaryDirectory("cli")
        let fixtures = packagePath("Tests/TouchTraceTests/Fixtures/evemu/touchscreens")
        let name = try #require(FileManager.default.contentsOfDirectory(atPath: fixtures).sorted().first { $0.hasSuffix(".events") })
        try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: folder.file("s.evemu"))
        let before = readFileBytes(folder.file("s.evemu"))
        let result = try TouchstoneProcess.run(["convert", folder.file("s.evemu"), "-o", folder.file("s.evemu")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is also an input"))
        #expect(readFileBytes(folder.file("s.evemu")) == before)
    }

    // MARK: - Template files a scene reads

    /// A folder with a unistroke template `tick.json`, a scene `scene.json` that reads it, and a
    /// capture `press` replayed through that scene (golden recorded).
    private func sceneWithTemplate() throws -> TemporaryDirectory {
        let folder = try corpus(golden: "")
        #expect(try TouchstoneProcess.run(["synth", "checkmark", "--seed", "3", "-o", folder.file("tick-source.trace")]).status == 0)
        #expect(try TouchstoneProcess.run(["template", "record", folder.file("tick-source.trace"), "--name", "tick", "-o", folder.file("tick.json")]).status == 0)
        try FileManager.default.removeItem(atPath: folder.file("tick-source.trace"))
        let scene = """
            {"name": "mine", "window": {"width": 1280, "height": 800},
             "views": [{"id": "canvas", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
                        "recognizers": [{"id": "stroke", "type": "unistroke", "templates": ["tick.json"]}]}]}
            """
        writeFileBytes(folder.file("scene.json"), Array(scene.utf8))
        writeFileBytes(folder.file("press.scene"), Array("scene.json\n".utf8))
        #expect(try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress"]).status == 0)
        return folder
    }

    /// `path` in `folder`, or a new name in it that is a symbolic or hard link to `path`: `alias-`
    /// and the name, or `alias-` and `named` when given (an extension the output takes).
    private func alias(_ name: String, in folder: TemporaryDirectory, as form: String, named: String? = nil) -> String {
        let aliasName = "alias-" + (named ?? name)
        switch form {
        case "symbolic link":
            #expect(symlink(folder.file(name), folder.file(aliasName)) == 0)
            return folder.file(aliasName)
        case "hard link":
            #expect(link(folder.file(name), folder.file(aliasName)) == 0)
            return folder.file(aliasName)
        default:
            return folder.file(name)
        }
    }

    static let aliasForms = ["the same path", "symbolic link", "hard link"]

    /// render writes SVG, so its output reaches the template through a link named .svg; the
    /// template's own name is refused for its extension first (renderRefusesForeignExtensions).
    @Test("replay -o and render -o onto a template their scene reads are refused and the template is unchanged",
          arguments: [("replay", "the same path"), ("replay", "symbolic link"), ("replay", "hard link"),
                      ("render", "symbolic link"), ("render", "hard link")])
    func outputOntoTemplate(command: String, form: String) throws {
        let folder = try sceneWithTemplate()
        let before = readFileBytes(folder.file("tick.json"))
        let output = alias("tick.json", in: folder, as: form, named: command == "render" ? "tick.svg" : nil)
        let result = try TouchstoneProcess.run([command, Self.pressTrace, "--scene", folder.file("scene.json"), "-o", output])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(output): cannot write the file (is "))
        #expect(readFileBytes(folder.file("tick.json")) == before)
    }

    @Test("verify --junit onto a scene file or template a capture reads is refused and the file is unchanged",
          arguments: ["scene.json", "tick.json"], aliasForms)
    func junitOntoSceneFiles(name: String, form: String) throws {
        let folder = try sceneWithTemplate()
        let before = readFileBytes(folder.file(name))
        let output = alias(name, in: folder, as: form)
        let result = try TouchstoneProcess.run(["verify", folder.path, "--no-progress", "--junit", output])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: \(output): cannot write the file (is "))
        #expect(readFileBytes(folder.file(name)) == before)
    }

    @Test("template record -o onto its trace through a link is refused and the trace is unchanged", arguments: ["symbolic link", "hard link"])
    func templateOntoLinkedTrace(form: String) throws {
        let folder = try corpus(golden: "")
        let before = readFileBytes(folder.file("press.trace"))
        let output = alias("press.trace", in: folder, as: form, named: "press.json")
        let result = try TouchstoneProcess.run(["template", "record", folder.file("press.trace"), "--name", "x", "-o", output])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(output): cannot write the file (is "))
        #expect(readFileBytes(folder.file("press.trace")) == before)
    }

    @Test("verify --update with a golden that is a FIFO reports it instead of hanging on the write", .timeLimit(.minutes(1)))
    func updateFIFOGolden() throws {
        let folder = try corpus(golden: "")
        #expect(unlink(folder.file("press.golden.log")) == 0 && mkfifo(folder.file("press.golden.log"), 0o600) == 0)
        let result = try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ERROR   press: \(folder.file("press.golden.log")): is a FIFO, not a file to read"))
    }

    @Test("verify --update never writes a golden through a link onto another capture's trace")
    func updateGoldenLinkedToAnotherTrace() throws {
        let folder = try corpus(golden: "")
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: folder.file("other.trace"))
        try Data("map\n".utf8).write(to: folder.url.appendingPathComponent("other.scene"))
        #expect(unlink(folder.file("press.golden.log")) == 0 && symlink("other.trace", folder.file("press.golden.log")) == 0)
        let before = readFileBytes(folder.file("other.trace"))
        let result = try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("press.golden.log: is the same file as an input of the corpus"))
        #expect(readFileBytes(folder.file("other.trace")) == before)
    }

    @Test("verify --update --junit onto an input is refused before any golden is rewritten")
    func junitRefusedBeforeUpdate() throws {
        let folder = try corpus(golden: "stale\n")
        let result = try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress", "--junit", folder.file("press.trace")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("press.trace: cannot write the file (is also an input"))
        #expect(readFileBytes(folder.file("press.golden.log")) == Array("stale\n".utf8))
    }

    @Test("verify --update --junit that cannot be written (a folder, a missing folder) fails before any capture is replayed, every golden as it was",
          arguments: ["a folder", "in a missing folder"])
    func unwritableJUnitRefusedBeforeUpdate(target: String) throws {
        let folder = try corpus(golden: "stale\n")
        let elsewhere = TemporaryDirectory("cli")
        let junit = target == "a folder" ? elsewhere.path : elsewhere.file("missing/junit.xml")
        let result = try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress", "--junit", junit])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(junit): cannot write the file ("), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(readFileBytes(folder.file("press.golden.log")) == Array("stale\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test("verify --update --junit onto the golden --update is to create, in another spelling, is refused before anything is written")
    func junitOntoANewGolden() throws {
        let folder = try corpus(golden: "stale\n")
        try FileManager.default.removeItem(atPath: folder.file("press.golden.log"))
        let junit = folder.path + "/./press.golden.log"
        let result = try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress", "--junit", junit])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(junit): cannot write the file (is also an input (\(folder.file("press.golden.log")), not written yet); write to another file)\n", "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["press.scene", "press.trace"])
    }

    @Test("verify --update --report onto the golden --update is to create, in another spelling, is refused before the folder is made")
    func reportOntoANewGolden() throws {
        let folder = try corpus(golden: "stale\n")
        try FileManager.default.removeItem(atPath: folder.file("press.golden.log"))
        let report = folder.path + "/./press.golden.log"
        let result = try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress", "--report", report])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(report): cannot write the file (is also an input (\(folder.file("press.golden.log")), not written yet); write to another file)\n", "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["press.scene", "press.trace"])
    }

    @Test("verify --report onto a file or a device is one error line naming it, before anything runs", arguments: ["file", "/dev/full"])
    func reportOntoAFile(target: String) throws {
        let folder = try corpus(golden: "stale\n")
        let output = target == "file" ? folder.file("press.trace") : target
        let before = readFileBytes(folder.file("press.trace"))
        let result = try TouchstoneProcess.run(["verify", folder.path, "--update", "--no-progress", "--report", output])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(output): cannot write the file (is not a folder)\n")
        #expect(readFileBytes(folder.file("press.trace")) == before)
        #expect(readFileBytes(folder.file("press.golden.log")) == Array("stale\n".utf8))
    }

    @Test("replay -o onto the .desc a headerless evemu file takes its device from is refused and the .desc is unchanged")
    func replayOntoCompanionDescription() throws {
        let folder = TemporaryDirectory("cli")
        let events = "E: 1.000000 0003 0039 0001\nE: 1.000000 0003 0035 0100\nE: 1.000000 0003 0036 0100\nE: 1.000000 0000 0000 0000\n"
        let desc = "N: Panel\nI: 0018 0000 0000 0000\nP: 02 00 00 00 00 00 00 00\nB: 00 0b 00 00 00 00 00 00 00\nB: 03 00 00 00 00 00 80 60 02\n"
            + "A: 2f 0 9 0 0 0\nA: 35 0 999 0 0 0\nA: 36 0 599 0 0 0\nA: 39 0 65535 0 0 0\n"
        writeFileBytes(folder.file("panel-tap.events"), Array(events.utf8))
        writeFileBytes(folder.file("panel.desc"), Array(desc.utf8))
        // convert names its format by the extension: the .desc through a link named .evemu.
        #expect(symlink("panel.desc", folder.file("panel.evemu")) == 0)
        for (command, output) in [(["replay", folder.file("panel-tap.events"), "--scene", "map"], "panel.desc"),
                                  (["convert", folder.file("panel-tap.events")], "panel.evemu")] {
            let result = try TouchstoneProcess.run(command + ["-o", folder.file(output)])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("error: \(folder.file(output)): cannot write the file (is "))
            #expect(readFileBytes(folder.file("panel.desc")) == Array(desc.utf8))
        }
    }

    @Test("synth past a file-size limit exits 1 naming the file and leaves nothing behind", arguments: ["big.trace", "big.jsonl"])
    func synthPastFileSizeLimit(name: String) throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.shell("ulimit -f 20; \"$TOUCHSTONE\" synth pan --repeat 100 -o '\(folder.file(name))'")
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(name): "))
        #expect(result.stderr.contains("File too large"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("synth leaves a file or a link already named NAME.partial as it was")
    func synthLeavesPartialNamesAlone() throws {
        let folder = TemporaryDirectory("cli")
        writeFileBytes(folder.file("precious.txt"), Array("precious".utf8))
        #expect(symlink("precious.txt", folder.file("a.trace.partial")) == 0)
        writeFileBytes(folder.file("b.trace.partial"), Array("notes".utf8))
        for name in ["a.trace", "b.trace"] {
            #expect(try TouchstoneProcess.run(["synth", "tap", "-o", folder.file(name)]).status == 0)
        }
        #expect(readFileBytes(folder.file("precious.txt")) == Array("precious".utf8))
        #expect(readFileBytes(folder.file("b.trace.partial")) == Array("notes".utf8))
    }

    @Test("synth corpus that fails part-way (a file-size limit at its third trace) leaves every trace of the corpus already there as it was, and nothing else")
    func corpusIsAllOrNothing() throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.createDirectory(atPath: folder.file("corp"), withIntermediateDirectories: true)
        let names = (0..<4).map { "corpus-000\($0).trace" }
        for name in names { try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder.file("corp/" + name))) }
        // Seed 3's traces of 1,200 samples are 14,002, 14,537, 15,821 and 15,846 bytes: the limit
        // of 15 KiB (30 blocks of 512 bytes for sh) lets the first two be written whole and stops
        // the third.
        let result = try TouchstoneProcess.shell(
            "trap '' XFSZ; ulimit -f 30; \"$TOUCHSTONE\" synth corpus --count 4 --samples 1200 --seed 3 -o '\(folder.file("corp"))'")
        #expect(result.status == 1)
        #expect(result.stderr.contains("corpus-0002.trace: write failed: File too large"), "\(result.stderr)")
        #expect(result.stderr.contains("the corpus is written all or nothing"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("corp")).sorted() == names)
        for name in names { #expect(try String(contentsOfFile: folder.file("corp/" + name), encoding: .utf8) == "old\n") }
    }

    @Test("synth corpus that fails part-way prints no summary line: each names a trace only once the whole corpus is written")
    func corpusFailurePrintsNoSummary() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.shell(
            "trap '' XFSZ; ulimit -f 30; \"$TOUCHSTONE\" synth corpus --count 4 --samples 1200 --seed 3 -o '\(folder.file("corp"))'")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    @Test("synth corpus that fails leaves no folder where there was none")
    func corpusFailureRemovesItsFolder() throws {
        let folder = TemporaryDirectory("cli")
        let result = try TouchstoneProcess.shell(
            "trap '' XFSZ; ulimit -f 30; \"$TOUCHSTONE\" synth corpus --count 4 --samples 1200 --seed 3 -o '\(folder.file("new/corp"))'")
        #expect(result.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("An output that is the file standard output goes to is refused (1) before anything is written, in every command that also prints on standard output, and the file is left as it was",
          arguments: [
            ("verify '$CAPTURES' --no-progress --junit k.txt >> k.txt", "verify's report"),
            ("verify '$CAPTURES' --no-progress --junit /dev/stdout >> k.txt", "verify's report"),
            ("template record press.trace --name t -o /dev/stdout >> k.txt", "template record's summary line"),
            ("info press.trace --svg k.svg >> k.svg", "the description"),
            ("synth tap -o k.jsonl >> k.jsonl", "synth's summary line"),
            ("synth corpus --count 2 --samples 100 -o . >> corpus-0001.trace", "synth corpus's summary lines"),
          ])
    func outputThatIsStandardOutput(command: String, carried: String) throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.copyItem(atPath: Self.pressTrace, toPath: folder.file("press.trace"))
        let file = command.components(separatedBy: " ").last!
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: folder.file(file)))
        let result = try TouchstoneProcess.shell(
            "cd '\(folder.path)' && \"$TOUCHSTONE\" " + command.replacingOccurrences(of: "$CAPTURES", with: Self.captures + "/buttons"))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        #expect(result.stderr.contains(": cannot write the file (is the file standard output goes to, which carries \(carried); write to another file"), "\(result.stderr)")
        #expect(try String(contentsOfFile: folder.file(file), encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [file, "press.trace"].sorted())
    }

    @Test("verify refuses (1) standard output redirected into its --report folder, which the report's pages replace, before anything is written",
          arguments: ["r/index.html", "r/notes.txt", "./r/../r/index.html"])
    func standardOutputInsideReportFolder(redirect: String) throws {
        let folder = TemporaryDirectory("cli")
        try FileManager.default.createDirectory(atPath: folder.file("r"), withIntermediateDirectories: true)
        let result = try TouchstoneProcess.shell(
            "cd '\(folder.path)' && \"$TOUCHSTONE\" verify '\(Self.captures)/buttons' --no-progress --report r > \(redirect)")
        #expect(result.status == 1)
        #expect(result.stderr.contains("inside the --report folder r, whose files the report writes all or nothing and replaces: redirect standard output elsewhere"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("r")) == [redirect.components(separatedBy: "/").last!])
    }

    @Test("An output on a device standard output also goes to (/dev/null) is not refused: nothing is lost there")
    func deviceThatIsStandardOutput() throws {
        let result = try TouchstoneProcess.shell(
            "\"$TOUCHSTONE\" verify '\(Self.captures)/buttons' --no-progress --junit /dev/null > /dev/null")
        #expect(result.status == 0, "\(result.stderr)")
    }
}
