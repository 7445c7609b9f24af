import TouchTrace

/// The results of a verify run, in corpus order, and the ways to print them: exactly what
/// `touchstone verify` prints and writes, because the command prints this.
///
/// `standardOutputText` (`resultsText`, then `latencyText`) and `junitXML` depend only on the
/// corpus and the code, never on timing or parallelism. `summaryText` adds wall-clock throughput
/// and goes to standard error with the progress bar.
///
/// ```swift
/// let report = try VerifyRunner(options: VerifyOptions(root: "captures", jobs: 2)).run()
/// print(report.standardOutputText, terminator: "")
/// try report.writeJUnit(to: "r.xml")
/// if report.failed > 0 { exit(1) }
/// ```
public struct VerifyReport: Sendable {
    public var results: [CaptureResult]
    public var elapsed: Duration
    /// Every capture's latencies, counted (`LatencyCounts`): what `latencyText` prints.
    public var latencyCounts: LatencyCounts

    /// A report of `results`, its latencies counted from theirs.
    public init(results: [CaptureResult], elapsed: Duration) {
        self.init(results: results, elapsed: elapsed, latencyCounts: results.reduce(into: LatencyCounts()) { $0.add($1.latencies) })
    }

    /// A report of `results` whose latencies were counted as they came (a streamed run's, whose
    /// results keep no samples: `CaptureResult.delivered`).
    public init(results: [CaptureResult], elapsed: Duration, latencyCounts: LatencyCounts) {
        self.results = results
        self.elapsed = elapsed
        self.latencyCounts = latencyCounts
    }

    /// Every file the corpus run read or wrote (traces, scene references, the scene files and
    /// templates they name, goldens): what a report written beside them must never replace.
    public var inputFiles: [String] {
        results.flatMap { [$0.capture.tracePath, $0.capture.sceneReferencePath, $0.capture.goldenPath] + $0.files }
    }

    /// Every capture's damage, import warnings and replay notices, in corpus order (the same at
    /// any `jobs`), one line each naming the trace file: for standard error.
    public var notices: [String] { results.flatMap(\.notices) }

    public var passed: Int { results.count { !$0.isFailure } }
    public var failed: Int { results.count { $0.isFailure } }
    public var events: Int { results.reduce(0) { $0 + $1.events } }
    public var touchSamples: Int { results.reduce(0) { $0 + $1.touchSamples } }

    /// Every result's latency samples, merged: empty for a streamed run's report, whose results
    /// keep none (`latencyCounts` has its latencies).
    public var latencies: LatencySamples {
        results.reduce(into: LatencySamples()) { $0.merge($1.latencies) }
    }

    /// What `touchstone verify` prints on standard output: `resultsText`, then a blank line and
    /// `latencyText` when any recognizer decided anything.
    public var standardOutputText: String {
        resultsText + latencySectionText
    }

    /// The JUnit XML of the run (`JUnitReport`), as `touchstone verify --junit` writes it.
    public var junitXML: String { JUnitReport.xml(self) }

    /// Writes `junitXML` to `path` whole or not at all (`OutputFile`), refusing a path that is one
    /// of the corpus's own files.
    public func writeJUnit(to path: String) throws(OutputFileError) {
        try OutputFile.write(Array(junitXML.utf8), to: path, inputs: inputFiles)
    }

    /// One line per capture, with the diff or error under each failure (`resultText(of:)` of each
    /// result in turn). A capture's name and an error message are one line each whatever the files
    /// are called: their line feeds and other control characters are escaped (`TerminalText`), so
    /// no file name can forge a result line.
    public var resultsText: String {
        var text = ""
        for result in results { text += Self.resultText(of: result) }
        return text
    }

    /// A capture's line in `resultsText`, with its diff or error: what `touchstone verify` prints
    /// for it as soon as it is known.
    public static func resultText(of result: CaptureResult) -> String {
        let name = oneLine(result.capture.name)
        switch result.status {
        case .passed:
            return "PASS    \(name) (\(result.events) events)\n"
        case .updated(let changed):
            return (changed ? "UPDATED " : "SAME    ") + "\(name) (\(result.events) events)\n"
        case .failed(let diff):
            return "FAIL    \(name): log differs from \(name).golden.log\n" + diff
        case .error(let message):
            return "ERROR   \(name): \(oneLine(message))\n"
        }
    }

    /// `latencyText` after a blank line when any recognizer decided anything: what
    /// `standardOutputText` adds after the results.
    public var latencySectionText: String {
        let latency = latencyText
        return latency.isEmpty ? "" : "\n" + latency
    }

    private static func oneLine(_ text: String) -> String {
        TerminalText.escaped(text, keepingLineBreaks: false)
    }

    /// Recognition latency per recognizer, in milliseconds of virtual time (`latencyCounts`).
    public var latencyText: String {
        let counts = latencyCounts
        let names = Set(counts.recognition.keys).union(counts.action.keys)
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard !names.isEmpty else { return "" }
        var rows = [["recognizer", "n", "down->recognized p50", "p95", "max", "decided->action p50", "p95", "max"]]
        for name in names {
            var row = [name]
            let recognition = LatencySummary(counts: counts.recognition[name] ?? [:])
            let action = LatencySummary(counts: counts.action[name] ?? [:])
            row.append(String(recognition?.count ?? 0))
            for summary in [recognition, action] {
                if let summary {
                    row += [summary.p50, summary.p95, summary.max].map { FixedPoint.format(Double($0) / 1000, decimals: 1) + " ms" }
                } else {
                    row += ["-", "-", "-"]
                }
            }
            rows.append(row)
        }
        return "Recognition latency (virtual time)\n" + TextTable.render(rows)
    }

    /// The totals table, with throughput measured on this run's wall clock.
    public var summaryText: String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(events) / seconds : 0
        let rows = [
            ["captures", "passed", "failed", "events", "events/s", "wall"],
            [String(results.count), String(passed), String(failed), String(events),
             Self.humanRate(rate), FixedPoint.format(seconds, decimals: 2) + " s"],
        ]
        return TextTable.render(rows)
    }

    static func humanRate(_ rate: Double) -> String {
        if rate >= 1e6 { return FixedPoint.format(rate / 1e6, decimals: 2) + " M" }
        if rate >= 1e3 { return FixedPoint.format(rate / 1e3, decimals: 1) + " k" }
        return FixedPoint.format(rate, decimals: 0)
    }
}

/// Right-aligned columns (the first left-aligned) separated by two spaces.
enum TextTable {
    static func render(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        var text = ""
        for row in rows {
            var line = ""
            for (index, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                if index > 0 { line += "  " }
                line += index == 0 ? cell + padding : padding + cell
            }
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
