import FoundationEssentials
import SystemPackage
import Replay
import TouchTrace

/// `touchstone verify --report DIR`: `index.html` with every capture, its result, counts and
/// latency, and a page per failing capture with the golden and the current timelines one above
/// the other (differing marks highlighted) and the unified diff.
///
/// Every file stands alone: styles inline, pictures as inline SVG, no scripts and nothing fetched,
/// so the folder works as a CI artifact opened from disk.
public enum VerifyHTMLReport {
    /// The pages to write, by path relative to the report folder, in a fixed order; failing
    /// captures' scenes may name the kinds of `registry`.
    public static func pages(for report: VerifyReport, registry: RecognizerRegistry = .standard) -> [(path: String, html: String)] {
        var pages: [(String, String)] = [("index.html", index(report))]
        for result in report.results {
            guard case .failed(let diff) = result.status else { continue }
            pages.append((pagePath(result.capture), failurePage(result, diff: diff, registry: registry)))
        }
        return pages
    }

    /// Writes every page under `folder` (created if missing), refusing to write over any of
    /// `inputs`, all or nothing (`Writer`).
    public static func write(
        _ report: VerifyReport, to folder: String, inputs: [String] = [], registry: RecognizerRegistry = .standard
    ) throws {
        let writer = try Writer(folder: folder, inputs: inputs, registry: registry)
        for result in report.results { try writer.add(result) }
        try writer.finish(report)
    }

    /// The report written as the results come (`VerifyRunner.run(progress:delivering:)`), all or
    /// nothing: each failing capture's page is drawn from its result as it is added, written into
    /// a staging folder and closed (one page held and no descriptor kept per page); `finish`
    /// writes `index.html` the same way and only then renames every page into place, the pages
    /// first and the index last (`StagedOutputs`). A page that cannot be written, or a writer
    /// dropped before `finish`, leaves every file of the folder as it was: the staged pages are
    /// removed with their staging folder, and so are the folders the report created for them. So
    /// are the staged pages, however many, when a signal stops the command.
    public final class Writer {
        private let folder: String
        private let inputs: [String]
        private let registry: RecognizerRegistry
        private var created: [String] = []
        private let staged = StagedOutputs()
        private var finished = false

        /// Creates `folder` if it is missing; `inputs` are the files no page may replace, and
        /// failing captures' scenes may name the kinds of `registry`.
        public init(folder: String, inputs: [String] = [], registry: RecognizerRegistry = .standard) throws {
            self.folder = folder
            self.inputs = inputs
            self.registry = registry
            created = try OutputFile.createFolders(folder)
        }

        deinit {
            if !finished { abandon() }
        }

        /// Stages the page of `result` if it is a failure; a result without its diff (`delivered`)
        /// must not be added.
        public func add(_ result: CaptureResult) throws {
            guard case .failed(let diff) = result.status else { return }
            try stage(pagePath(result.capture), failurePage(result, diff: diff, registry: registry))
        }

        /// Stages `index.html` for `report` and renames every page into place.
        public func finish(_ report: VerifyReport) throws {
            try stage("index.html", index(report))
            do {
                try staged.commit()
            } catch {
                abandon()
                throw error
            }
            OutputFile.keepCreatedFolders(created)
            finished = true
        }

        private func stage(_ path: String, _ html: String) throws {
            do {
                let full = folder + "/" + path
                created += try OutputFile.createFolders(FilePath(full).removingLastComponent().string)
                try staged.stage(Array(html.utf8), to: full, inputs: inputs)
            } catch {
                abandon()
                throw error
            }
        }

        private func abandon() {
            finished = true
            staged.discard()
            OutputFile.removeCreatedFolders(created)
            created.removeAll()
        }
    }

    /// What each timeline chart of a failing capture's page, and its diff, may take: a picture's
    /// byte budget (`PictureOptions.standardByteBudget`). A chart of more recognizers and views
    /// than fit leaves rows out, those without differing marks first; a longer diff is cut, each
    /// with a line saying how much is not shown.
    static let byteBudget = PictureOptions.standardByteBudget

    /// Fewer bytes than any row of lanes takes (its name and its line), for a first guess at the
    /// rows that fit: a chart of hundreds of thousands of rows is never drawn whole.
    static let leastRowBytes = 160

    /// `captures/NAME.html`, where each folder of NAME that ends like a page (`.html`, followed by
    /// any number of `.d`) takes one `.d` more: a corpus may hold a capture `x` and a folder
    /// `x.html` of captures, whose pages would be `captures/x.html` and the folder
    /// `captures/x.html/` (the report could not be written). No page's folder then ends in `.html`,
    /// and two folders never take one name (`x.html` becomes `x.html.d`, `x.html.d` becomes
    /// `x.html.d.d`).
    static func pagePath(_ capture: Capture) -> String {
        var folders = capture.name.split(separator: "/", omittingEmptySubsequences: false)
        let name = folders.removeLast()
        var path = "captures/"
        for folder in folders {
            path += folder
            var end = folder[...]
            while end.hasSuffix(".d") { end = end.dropLast(2) }
            if end.hasSuffix(".html") { path += ".d" }
            path += "/"
        }
        return path + name + ".html"
    }

    /// `pagePath` as a relative URL: each folder and the name percent-encoded (RFC 3986), so a
    /// capture called `a#b`, `q?x` or `a%2Fx` links to its own page, not to `a` or another's.
    static func pageLink(_ capture: Capture) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var link = ""
        for byte in pagePath(capture).utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                link.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                link.unicodeScalars.append("%")
                link.unicodeScalars.append(hex[Int(byte >> 4)])
                link.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return link
    }

    // MARK: - Index

    static func index(_ report: VerifyReport) -> String {
        var html = header(title: "touchstone verify: \(report.passed) passed, \(report.failed) failed")
        html += "<h1>touchstone verify</h1>\n<p class=\"summary\">\(report.results.count) captures: "
        html += "<span class=\"pass\">\(report.passed) passed</span>, <span class=\"fail\">\(report.failed) failed</span>; "
        html += "\(report.events) events, \(report.touchSamples) touch samples.</p>\n"
        html += "<table>\n<tr><th>capture</th><th>result</th><th>events</th><th>touch samples</th>"
        html += "<th>virtual duration</th><th>down → recognized p50</th><th>max</th></tr>\n"
        for result in report.results {
            let name = escape(result.capture.name)
            var cell: String
            switch result.status {
            case .passed: cell = "<td class=\"pass\">passed</td>"
            case .updated(let changed): cell = "<td class=\"pass\">\(changed ? "updated" : "same")</td>"
            case .failed: cell = "<td class=\"fail\"><a href=\"\(escape(pageLink(result.capture)))\">failed</a></td>"
            case .error(let message): cell = "<td class=\"fail\">error: \(escape(message))</td>"
            }
            let recognition = result.recognitionLatency
            html += "<tr><td>\(name)</td>\(cell)<td>\(result.events)</td><td>\(result.touchSamples)</td>"
            html += "<td>\(milliseconds(result.virtualDuration))</td>"
            html += "<td>\(recognition.map { milliseconds($0.p50) } ?? "–")</td><td>\(recognition.map { milliseconds($0.max) } ?? "–")</td></tr>\n"
        }
        html += "</table>\n<p class=\"note\">Latency is virtual time from a touch going down to a recognizer deciding, over every recognizer of the capture.</p>\n"
        return html + "</body>\n</html>\n"
    }

    // MARK: - A failing capture

    static func failurePage(_ result: CaptureResult, diff: String, registry: RecognizerRegistry) -> String {
        let capture = result.capture
        let depth = pagePath(capture).split(separator: "/").count - 1
        var html = header(title: "\(capture.name): failed")
        html += "<p><a href=\"\(String(repeating: "../", count: depth))index.html\">all captures</a></p>\n"
        html += "<h1>\(escape(capture.name)) <span class=\"fail\">failed</span></h1>\n"
        do {
            let scene = try SceneReference.resolve(captureSceneFile: capture.sceneReferencePath, registry: registry)
            let current = try SessionReader.read(tracePath: capture.tracePath, scene: scene)
            let goldenText = try String(contentsOfFile: capture.goldenPath, encoding: .utf8)
            let golden = LogTimeline.lanes(fromLog: goldenText)
            let difference = TimelineDifference(golden: golden, current: current)
            let lastGolden = (golden.recognizers.flatMap { $0.changes.map(\.time) + $0.actions.map(\.time) }
                + golden.views.flatMap { $0.deliveries.map(\.time) }).max() ?? 0
            // A golden is untrusted: its times may be anywhere in Int64, and the window saturates.
            let (_, to) = SessionPicture.window(duration: max(current.duration, lastGolden), PictureOptions(title: ""))
            html += "<p>Scene \(escape(scene.name)). \(difference.count) marks differ, "
            html += "<span class=\"mark\">highlighted</span> on the side that has them. "
            html += "Read the lanes as in docs/pictures.md.</p>\n"
            // The rows that fit the budget, as render leaves rows out: fewer each time a chart passes it.
            var limit = min(difference.rows, byteBudget / leastRowBytes)
            var charts: (golden: String, current: String)
            var shown: TimelineDifference
            while true {
                shown = difference.limited(to: limit)
                charts.golden = SessionPicture.chart(heading: "golden (\(capture.name).golden.log)", from: 0, to: to, touches: current.touches,
                                                     recognizers: shown.goldenRecognizers, views: shown.goldenViews,
                                                     highlights: shown.goldenHighlights)
                charts.current = SessionPicture.chart(heading: "current replay", from: 0, to: to, touches: current.touches,
                                                      recognizers: shown.currentRecognizers, views: shown.currentViews,
                                                      highlights: shown.currentHighlights)
                let largest = max(charts.golden.utf8.count, charts.current.utf8.count)
                if largest <= byteBudget || limit == 0 { break }
                limit = min(limit - 1, Int(Double(limit) * Double(byteBudget) * 0.9 / Double(largest)))
            }
            if shown.rows < difference.rows {
                html += "<p class=\"note\">\(difference.rows - shown.rows) of the \(difference.rows) rows of recognizers and views are not drawn, "
                html += "rows whose marks differ drawn first: each chart would pass its \(byteBudget)-byte budget.</p>\n"
            }
            html += "<div class=\"chart\" id=\"golden\">\n" + charts.golden
            html += "</div>\n<div class=\"chart\" id=\"current\">\n" + charts.current
            html += "</div>\n"
        } catch {
            html += "<p class=\"fail\">The timelines cannot be drawn: \(escape(String(describing: error)))</p>\n"
        }
        html += "<h2>Unified diff</h2>\n<pre class=\"diff\">"
        let lines = UnifiedDiff.lines(diff)
        var diffBytes = 0
        for (number, line) in lines.enumerated() {
            let kind = line.hasPrefix("+++") || line.hasPrefix("---") ? "head"
                : line.hasPrefix("+") ? "add" : line.hasPrefix("-") ? "del" : line.hasPrefix("@@") ? "hunk" : "same"
            let row = "<span class=\"\(kind)\">\(escape(String(line)))</span>\n"
            diffBytes += row.utf8.count
            if diffBytes > byteBudget {
                html += "</pre>\n<p class=\"note\">The last \(lines.count - number) lines of the diff are not shown: "
                html += "the diff would pass its \(byteBudget)-byte budget. touchstone verify prints them all.</p>\n"
                return html + "</body>\n</html>\n"
            }
            html += row
        }
        html += "</pre>\n"
        return html + "</body>\n</html>\n"
    }

    // MARK: - Pieces

    static func header(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(escape(title))</title>
        <style>
        body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 24px; color: #212529; background: #ffffff; }
        h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }
        table { border-collapse: collapse; font-size: 13px; }
        th, td { border: 1px solid #dee2e6; padding: 4px 10px; text-align: right; }
        th:first-child, td:first-child { text-align: left; }
        th { background: #f1f3f5; }
        .pass { color: #2b8a3e; font-weight: bold; }
        .fail, .fail a { color: #c92a2a; font-weight: bold; }
        .mark { background: #ff00ff; color: #ffffff; padding: 0 4px; }
        .note { color: #868e96; font-size: 12px; }
        .chart { margin: 12px 0; border: 1px solid #dee2e6; width: 1000px; }
        .chart svg { display: block; }
        pre.diff { font-size: 12px; background: #f8f9fa; padding: 10px; border: 1px solid #dee2e6; overflow-x: auto; }
        .diff .add { background: #d3f9d8; color: #2b8a3e; } .diff .del { background: #ffe3e3; color: #c92a2a; }
        .diff .hunk { color: #1971c2; } .diff .head { font-weight: bold; }
        </style>
        </head>
        <body>

        """
    }

    static func escape(_ text: String) -> String { SVGText.escape(text) }

    static func milliseconds(_ value: Microseconds) -> String {
        SVGText.number(Double(value) / 1000) + " ms"
    }
}
