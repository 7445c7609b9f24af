import Foundation
import TestSupport
import Testing

/// What `touchstone` costs before it reads a byte: every command is one process, and on a short
/// capture its start-up is most of it (docs/benchmarks.md, "Start-up").
@Suite("touchstone start-up")
struct StartupTests {
    /// The shared libraries `ldd` lists for the executable, by name.
    static func linkedLibraries() throws -> [String] {
        let output = try CompletedProcess.run("/usr/bin/ldd", [TouchstoneProcess.executable.path])
        #expect(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n").compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
    }

    /// Foundation proper brings the ICU data library, its relocations and its thousands of
    /// protocol conformances (scanned at the first dynamic cast): about 15 million instructions,
    /// 30 % of a short `info`. FoundationEssentials, which the commands need, has neither.
    @Test("touchstone links neither Foundation proper nor ICU, only FoundationEssentials")
    func noFoundationProper() throws {
        let libraries = try Self.linkedLibraries()
        #expect(libraries.contains("libFoundationEssentials.so"))
        #expect(!libraries.contains("libFoundation.so"))
        #expect(!libraries.contains { $0.contains("ICU") || $0.hasPrefix("libicu") })
    }

    /// libinput pulls in ten libraries (GLib, GObject, libwacom, libevdev, ...): about a
    /// millisecond of every process's start, for a recorder only `record` runs.
    @Test("touchstone does not link libinput or libudev: record loads them when it starts")
    func libinputNotLinked() throws {
        let libraries = try Self.linkedLibraries()
        for name in ["libinput", "libudev", "libglib"] {
            #expect(!libraries.contains { $0.hasPrefix(name) }, "\(libraries)")
        }
    }

    /// A folder whose `libinput.so.10` is no library, searched first (`LD_LIBRARY_PATH`): libinput
    /// as a machine without it, or with a broken one, would have it.
    static func withoutLibinput(_ folder: TemporaryDirectory) -> [String: String] {
        writeFileBytes(folder.file("libinput.so.10"), [])
        return sanitizerSettings.merging(["LD_LIBRARY_PATH": folder.path]) { $1 }
    }

    @Test("Commands other than record run where libinput cannot be loaded")
    func replayWithoutLibinput() throws {
        let folder = TemporaryDirectory("startup")
        let trace = packagePath("captures/standard/double-tap-near-miss.trace")
        let environment = Self.withoutLibinput(folder)
        let info = try TouchstoneProcess.run(["info", trace], environment: environment)
        #expect(info.status == 0, "\(info.stderr)")
        let replay = try TouchstoneProcess.run(["replay", trace, "--scene", "map", "-o", folder.file("out.log")],
                                               environment: environment)
        #expect(replay.status == 0, "\(replay.stderr)")
    }

    @Test("record where libinput cannot be loaded names the library, exits 1 and leaves no file")
    func recordWithoutLibinput() throws {
        let folder = TemporaryDirectory("startup")
        let environment = Self.withoutLibinput(folder)
        let result = try TouchstoneProcess.run(["record", "--device", "/dev/input/event0", "-o", folder.file("s.trace")],
                                               environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: cannot load libinput: \(folder.file("libinput.so.10")): "),
                "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["libinput.so.10"])
    }
}
