import Foundation
import TestSupport
import Testing

/// An option that takes one value, given twice: ArgumentParser keeps the last in silence, so
/// `touchstone` refuses it, in every command, from the command's own description of its options.
@Suite("An option that takes one value, given twice, is a usage error")
struct RepeatedOptionTests {
    static let trace = OutputSafetyTests.pressTrace

    @Test("A single-value option given twice is a usage error (64) naming it, in every command, with nothing written",
          arguments: [
              (["replay", trace, "--scene", "map", "--scene", "tap"], "--scene is given 2 times (--scene, --scene)"),
              (["replay", trace, "--scene=map", "--scene", "tap", "-o", "a.log"], "--scene is given 2 times (--scene, --scene)"),
              (["render", trace, "-o", "a.svg", "--output", "b.svg"], "-o/--output is given 2 times (-o, --output)"),
              (["convert", trace, "-o", "a.jsonl", "-o", "b.jsonl"], "-o/--output is given 2 times (-o, -o)"),
              (["info", trace, "--svg", "a.svg", "--svg=b.svg"], "--svg is given 2 times (--svg, --svg)"),
              (["verify", "captures", "--jobs", "1", "--jobs", "2"], "--jobs is given 2 times (--jobs, --jobs)"),
              (["synth", "tap", "--seed", "1", "-o", "t.trace", "--seed", "2"], "--seed is given 2 times (--seed, --seed)"),
              (["synth", "corpus", "--samples", "10", "--count", "1", "--count", "2", "-o", "c"], "--count is given 2 times (--count, --count)"),
              (["template", "record", trace, "--name", "a", "--name", "b", "-o", "t.json"], "--name is given 2 times (--name, --name)"),
              (["record", "--seat", "a", "--seat", "b", "-o", "r.trace"], "--seat is given 2 times (--seat, --seat)"),
              (["live", "--scene", "map", "--log", "a.log", "--scene", "tap"], "--scene is given 2 times (--scene, --scene)"),
          ])
    func repeatedOption(arguments: [String], message: String) throws {
        let folder = TemporaryDirectory("repeated")
        try FileManager.default.createDirectory(atPath: folder.file("captures"), withIntermediateDirectories: true)
        let result = try TouchstoneProcess.run(arguments, in: URL(fileURLWithPath: folder.path))
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: \(message): it takes one value, and all but the last would be dropped; give it once\nUsage: touchstone "),
                "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["captures"])
    }

    @Test("The usage printed with a repeated option is the command's, as with any other usage error it gives")
    func usageOfTheCommand() throws {
        let repeated = try TouchstoneProcess.run(["synth", "tap", "-o", "/nonexistent/a.trace", "-o", "/nonexistent/b.trace"])
        let empty = try TouchstoneProcess.run(["synth", "tap", "-o", ""])
        let usage = { (text: String) in text.split(separator: "\n", maxSplits: 1).last.map(String.init) ?? "" }

        #expect(repeated.status == 64 && empty.status == 64)
        #expect(usage(repeated.stderr).hasPrefix("Usage: touchstone synth gesture "), "\(repeated.stderr)")
        #expect(usage(repeated.stderr) == usage(empty.stderr))
    }

    @Test("An option that repeats (record --device) may be given twice: the command goes on to its work")
    func repeatingOption() throws {
        let result = try TouchstoneProcess.run(["record", "-o", "/nonexistent/r.trace", "--device", "/dev/null", "--device", "/dev/null"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("is given 2 times"), "\(result.stderr)")
    }

    @Test("A flag given twice, options sharing a first letter and a negative value are not repeats")
    func notRepeats() throws {
        let folder = TemporaryDirectory("repeated")
        let flags = try TouchstoneProcess.run(
            ["template", "record", Self.trace, "--name", "t", "--rotation-invariant", "--rotation-invariant", "-o", folder.file("t.json")])
        #expect(flags.status == 0, "\(flags.stderr)")
        let letters = try TouchstoneProcess.run(
            ["synth", "rotation", "--seed", "1", "--speed", "1", "--degrees", "-30", "--direction", "counterclockwise", "-o", folder.file("r.trace")])
        #expect(letters.status == 0, "\(letters.stderr)")
    }

    /// The names of each option that takes a value, as `touchstone --experimental-dump-help`
    /// describes them (kind, name), in every command (flags are never a repeated value).
    private static func optionNames() throws -> [(command: String, names: [(kind: String, name: String)])] {
        let result = try TouchstoneProcess.run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var found: [(String, [(String, String)])] = []
        func walk(_ command: [String: Any], _ path: String) {
            let name = path + " " + (command["commandName"] as? String ?? "?")
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                let names = (argument["names"] as? [[String: Any]] ?? []).map { ($0["kind"] as? String ?? "?", $0["name"] as? String ?? "?") }
                if !names.isEmpty { found.append((name, names)) }
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { walk(subcommand, name) }
        }
        walk(try #require(root["command"] as? [String: Any]), "")
        return found
    }

    @Test("Every option taking a value has at most one long name and one short name, the first letter of its long one, which the check for repeats looks at before describing a command")
    func namesTheCheckRestsOn() throws {
        let options = try Self.optionNames()
        #expect(options.count > 30)
        for (command, names) in options {
            let longs = names.filter { $0.kind == "long" }.map(\.name), shorts = names.filter { $0.kind == "short" }.map(\.name)
            #expect(longs.count + shorts.count == names.count && longs.count <= 1 && shorts.count <= 1, "\(command): \(names)")
            if let short = shorts.first, let long = longs.first { #expect(long.hasPrefix(short), "\(command): \(names)") }
        }
    }
}
