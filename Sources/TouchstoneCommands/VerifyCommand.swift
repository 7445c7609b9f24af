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

        @Option(parsing: .unconditional, help: "Captures replayed in parallel (1…256).")
        var jobs = 1

        // Unconditional, as the numeric options: `--shard -1/2` is a shard out of range, not a
        // missing value followed by an option.
        @Option(parsing: .unconditional, help: "Only shard K of N (1-based), for splitting a corpus across CI machines.")
        var shard: String?

        @Option(help: "Also write JUnit XML results to this file.")
        var junit: String?

        @Option(help: "Also write an HTML report to this folder: index.html and a page per failing capture with its timelines.")
        var report: String?

        @Flag(help: "Never draw the progress bar, even on a terminal.")
        var noProgress = false

        func validate() throws {
            try refuseUnnamablePath(directory, option: "<directory>")
            guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more, found \(jobs)") }
            guard jobs <= VerifyOptions.maximumJobs else {
                throw ValidationError("--jobs must be at most \(VerifyOptions.maximumJobs) (each worker is a thread with an 8 MiB stack), found \(jobs)")
            }
            try refuseUnnamablePath(junit, option: "--junit")
            try refuseUnnamablePath(report, option: "--report")
            if junit == "-" { throw ValidationError("--junit -: standard output carries verify's report; name a file") }
            if report == "-" { throw ValidationError("--report -: the report is a folder of pages; name a folder") }
            // A malformed --shard is a usage error, as a malformed --jobs is (status 64).
            if let shard {
                do throws(VerifyError) { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.description) }
            }
            // The report replaces its folder's files all or nothing, so a JUnit file among them is
            // a usage error, reported before any capture is replayed or any golden rewritten.
            if let junit, let folder = report, let inside = Self.path(junit, isInsideFolder: folder) {
                throw ValidationError(
                    "--junit \(junit) is inside the --report folder \(folder) (\(inside)), whose files the report writes all or nothing and replaces: write the JUnit file elsewhere")
            }
        }

        /// Where `path` is within `folder`, through links and `..`, or nil when it is not: the
        /// report writes `index.html` and `captures/…` there. Either may not exist yet (the
        /// report creates its folder; a JUnit file is new): what exists of each is resolved
        /// through its links, and the names below it, still to be created as plain folders and
        /// files, are taken as they read. `path` naming `folder` itself is `.`.
        static func path(_ path: String, isInsideFolder folder: String) -> String? {
            guard let base = resolved(folder), let full = resolved(path), full.starts(with: base) else { return nil }
            return full.count == base.count ? "." : full.dropFirst(base.count).joined(separator: "/")
        }

        /// Throws when standard output goes to a file inside the report folder `folder`
        /// (`verify --report r > r/index.html`): the report replaces its folder's files when it
        /// finishes, so what verify printed would be lost, as a JUnit file there would be. The
        /// file is found by the name the kernel keeps for the descriptor (`/proc/self/fd/1`).
        static func refuseStandardOutput(insideFolder folder: String) throws(OutputFileError) {
            var info = stat()
            guard fstat(STDOUT_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
            var name = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/fd/\(STDOUT_FILENO)", &name, name.count - 1)
            guard length > 0 else { return }
            let path = String(decoding: name[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard path.hasPrefix("/"), let inside = Self.path(path, isInsideFolder: folder) else { return }
            throw OutputFileError(
                path: "standard output",
                reason: "goes to \(inside) inside the --report folder \(folder), whose files the report writes all or nothing and replaces: redirect standard output elsewhere")
        }

        /// `path` as the components of an absolute path: the longest part of it that exists
        /// resolved (`realpath`: a link to a file inside the folder is inside it), then the names
        /// below it with `.` dropped and `..` taking the name before it away. Nil for an empty
        /// path, or when not even the working folder resolves.
        static func resolved(_ path: String) -> [String]? {
            guard !path.isEmpty else { return nil }
            var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            var rest: [String] = []
            while true {
                let prefix = components.isEmpty ? "." : components == [""] ? "/" : components.joined(separator: "/")
                if let real = realpath(prefix, nil) {
                    defer { free(real) }
                    var full = String(cString: real).split(separator: "/").map(String.init)
                    for name in rest {
                        switch name {
                        case "", ".": continue
                        case "..": _ = full.popLast()
                        default: full.append(name)
                        }
                    }
                    return full
                }
                guard let last = components.popLast() else { return nil }
                rest.insert(last, at: 0)
            }
        }

        /// Throws when `output` names, in any spelling, a file of the corpus that does not exist
        /// yet (a golden `--update` is to create): `refuseAliasing` compares files, and there is
        /// none, so the JUnit file would be renamed onto the new golden at the end of the run.
        static func refuseNewInput(_ output: String, inputs: [String]) throws(OutputFileError) {
            guard access(output, F_OK) != 0, let target = resolved(output) else { return }
            for input in inputs where access(input, F_OK) != 0 && resolved(input) == target {
                throw OutputFileError(path: output, reason: "is also an input (\(input), not written yet); write to another file")
            }
        }

        /// What `--update` says when a capture failed and the goldens it would have changed are
        /// left as they were (the corpus is updated all or nothing); nil when nothing was held back.
        static func goldensKeptNote(_ result: VerifyReport, _ options: VerifyOptions) -> String? {
            guard options.update, result.failed > 0 else { return nil }
            let held = result.results.count { if case .updated(changed: true) = $0.status { true } else { false } }
            guard held > 0 else { return nil }
            let failures = "\(result.failed) capture\(result.failed == 1 ? "" : "s") failed"
            return "note: \(failures), so no golden was rewritten (\(held) would have changed): --update rewrites a corpus's goldens all or nothing"
        }

        /// The warning for a shard that holds no capture (`--shard 79/1000` of a corpus of fewer
        /// than 79): legitimate when CI splits a corpus across a fixed number of machines, so it
        /// passes (exit 0), but said, since it checked nothing.
        private func emptyShardWarning(_ result: VerifyReport, _ options: VerifyOptions) -> String? {
            guard result.results.isEmpty, options.shard.count > 1 else { return nil }
            let total = (try? CaptureDiscovery.captures(in: directory).count).map { "\($0) capture\($0 == 1 ? "" : "s")" } ?? "fewer captures"
            return "warning: --shard \(options.shard) holds no capture: \(directory) has \(total), fewer than \(options.shard.index), so nothing was checked"
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
            // The outputs are checked, and standard output too, before any golden is rewritten: a
            // refused output leaves the corpus as it was.
            let standardOutput: OutputFile
            let junitStream: JUnitReport.Stream?
            let pages: VerifyHTMLReport.Writer?
            do {
                let inputs = try VerifyRunner(options: options).corpusFiles()
                standardOutput = try OutputFile.standardOutput(inputs: inputs)
                if let junit {
                    try OutputFile.refuseAliasing(junit, inputs: inputs)
                    try Self.refuseNewInput(junit, inputs: inputs)
                    // `--junit k.txt >> k.txt`: the JUnit file would replace the report.
                    try OutputFile.refuseStandardOutput(junit, carrying: "verify's report")
                }
                if let report {
                    // A report folder made where --update is to create a golden stays there, and
                    // every later verify fails on that golden as a directory.
                    try Self.refuseNewInput(report, inputs: inputs)
                    try Self.refuseStandardOutput(insideFolder: report)
                }
                junitStream = try junit.map { path throws(OutputFileError) in try JUnitReport.Stream(path: path) }
                pages = try report.map { try VerifyHTMLReport.Writer(folder: $0, inputs: inputs, registry: options.registry) }
            } catch {
                throw fail(String(describing: error))
            }
            // Each capture's result is printed, and its JUnit case and report page written, as soon
            // as it and every earlier one are known; then only its counts are kept.
            // With --update the goldens take their names last, all together, once everything else
            // is written: a failure anywhere leaves every golden as it was.
            let bar = ProgressBar(enabled: !noProgress && standardErrorIsTerminal)
            let result: VerifyReport
            do {
                result = try VerifyRunner(options: options).run(progress: bar.update, delivering: { capture in
                    try standardOutput.write(TerminalText.escaped(VerifyReport.resultText(of: capture)))
                    try junitStream?.add(capture)
                    try pages?.add(capture)
                }, finishing: { result in
                    bar.finish()
                    try standardOutput.write(TerminalText.escaped(result.latencySectionText))
                    result.notices.forEach { printError($0) }
                    if let warning = emptyShardWarning(result, options) { printError(warning) }
                    printErrorLines("\n" + result.summaryText)
                    if let note = Self.goldensKeptNote(result, options) { printError(note) }
                    try junitStream?.write(inputs: result.inputFiles)
                    try pages?.finish(result)
                })
            } catch {
                bar.finish()
                throw fail(String(describing: error))
            }
            if result.failed > 0 { throw ExitCode(1) }
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
