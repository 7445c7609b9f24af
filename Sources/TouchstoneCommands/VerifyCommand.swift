#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Pictures
import Replay
import TouchTrace

extension Touchstone {
    /// `touchstone verify DIR`: replay every capture and compare it with its golden log.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Replay every capture in a folder and compare each log with its golden.",
            discussion: """
                A capture is NAME.trace with NAME.scene (a built-in scene name or a .json path) and \
                NAME.golden.log beside it (captures/README.md). Standard output gets one line per \
                capture, a unified diff for each mismatch and the latency table, identical at any \
                --jobs; standard error gets the progress bar (on a terminal), each capture's warnings (damage \
                the trace reader worked around, import warnings; in corpus order) and the timed summary. \
                Exit status 1 when any capture fails.
                """
        )

        @Argument(help: "The folder of captures (searched recursively).")
        var directory: String

        @Flag(help: "Rewrite the golden logs with what the replay produces now.")
        var update = false

        @Option(help: "Captures replayed in parallel.")
        var jobs = 1

        @Option(help: "Only shard K of N (1-based), for splitting a corpus across CI machines.")
        var shard: String?

        @Option(help: "Also write JUnit XML results to this file.")
        var junit: String?

        @Option(help: "Also write an HTML report to this folder: index.html and a page per failing capture with its timelines.")
        var report: String?

        @Flag(help: "Never draw the progress bar, even on a terminal.")
        var noProgress = false

        func validate() throws {
            guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more, found \(jobs)") }
            if junit == "-" { throw ValidationError("--junit -: standard output carries verify's report; name a file") }
            if report == "-" { throw ValidationError("--report -: the report is a folder of pages; name a folder") }
            // A malformed --shard is a usage error, as a malformed --jobs is (status 64).
            if let shard {
                do throws(VerifyError) { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.description) }
            }
        }

        /// Where `path` is within `folder` (which exists), through links and `..`, or nil when it
        /// is not: the report writes `index.html` and `captures/…` there.
        static func path(_ path: String, isInsideFolder folder: String) -> String? {
            guard let folderReal = realpath(folder, nil) else { return nil }
            defer { free(folderReal) }
            let base = String(cString: folderReal)
            // The deepest folder of `path` that exists, resolved, and the names below it.
            var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            var rest: [String] = []
            var resolved: String?
            while resolved == nil, let last = components.popLast() {
                rest.insert(last, at: 0)
                let prefix = components.isEmpty ? "." : components == [""] ? "/" : components.joined(separator: "/")
                if let real = realpath(prefix, nil) {
                    resolved = String(cString: real)
                    free(real)
                }
            }
            guard let resolved else { return nil }
            let full = (resolved == "/" ? "" : resolved) + "/" + rest.joined(separator: "/")
            guard full.hasPrefix(base == "/" ? "/" : base + "/") else { return nil }
            return String(full.dropFirst(base == "/" ? 1 : base.count + 1))
        }

        func run() throws {
            let options: VerifyOptions
            do {
                options = VerifyOptions(root: directory, update: update, jobs: jobs,
                                        shard: try shard.map { text throws(VerifyError) in try Shard(parsing: text) } ?? .all,
                                        registry: Touchstone.registry)
            } catch {
                throw fail(error.description)
            }
            // The outputs are checked before any golden is rewritten: a refused --junit or --report
            // leaves the corpus as it was.
            do {
                if let junit { try OutputFile.refuseAliasing(junit, inputs: try VerifyRunner(options: options).corpusFiles()) }
                if let folder = report { try OutputFile.createFolders(folder) }
            } catch {
                throw fail(String(describing: error))
            }
            if let junit, let folder = report, let inside = Self.path(junit, isInsideFolder: folder) {
                throw fail("--junit \(junit) is inside the --report folder \(folder) (\(inside)), whose files the report writes: write the JUnit file elsewhere")
            }
            let bar = ProgressBar(enabled: !noProgress && standardErrorIsTerminal)
            let report: VerifyReport
            do {
                report = try VerifyRunner(options: options).run(progress: bar.update)
            } catch {
                bar.finish()
                throw fail(error.description)
            }
            bar.finish()
            do {
                // Every file a capture's replay read or its --update wrote: standard output is none of them.
                try OutputFile.standardOutput(inputs: report.results.flatMap(\.files)).write(TerminalText.escaped(report.standardOutputText))
                report.notices.forEach { printError($0) }
                printErrorLines("\n" + report.summaryText)
                if let junit { try report.writeJUnit(to: junit) }
            } catch {
                throw fail(error.description)
            }
            if let folder = self.report {
                do {
                    try VerifyHTMLReport.write(report, to: folder, inputs: report.inputFiles, registry: options.registry)
                } catch {
                    throw fail(String(describing: error))
                }
            }
            if report.failed > 0 { throw ExitCode(1) }
        }
    }
}

/// A one-line progress bar redrawn on standard error; does nothing when disabled (not a terminal).
/// Workers finish captures concurrently, so drawing is serialised and never goes backwards.
final class ProgressBar: Sendable {
    let enabled: Bool
    private let drawn = Locked(0)

    init(enabled: Bool) {
        self.enabled = enabled
    }

    @Sendable func update(done: Int, total: Int) {
        guard enabled, total > 0 else { return }
        drawn.withLock { last in
            guard done > last else { return }
            last = done
            let width = 30
            let filled = done * width / total
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            writeStandardError("\r[\(bar)] \(done)/\(total)")
        }
    }

    func finish() {
        if enabled { writeStandardError("\r\u{1B}[K") }
    }
}
