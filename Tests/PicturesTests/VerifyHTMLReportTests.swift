import Foundation
@testable import Pictures
import Replay
import TestSupport
import Testing

/// The verify report opened as a person opens it: in a browser, from disk.
@Suite("verify HTML report")
struct VerifyHTMLReportTests {
    /// A corpus of two captures: a tap that passes, and a long press replayed through a scene whose
    /// press is shorter than the golden's, so it begins 0.2 s early.
    static func corpus(in folder: TemporaryDirectory) throws -> VerifyReport {
        let captures = folder.file("captures")
        try FileManager.default.createDirectory(atPath: captures, withIntermediateDirectories: true)
        for file in ["standard/tap.trace", "standard/tap.golden.log", "standard/tap.scene",
                     "standard/long-press.trace", "standard/long-press.golden.log"] {
            try FileManager.default.copyItem(atPath: Corpus.root + "/" + file,
                                             toPath: captures + "/" + (file as NSString).lastPathComponent)
        }
        writeFileBytes(captures + "/long-press.scene", Array("press.json\n".utf8))
        writeFileBytes(captures + "/press.json", Array(#"""
            {"name": "press", "window": {"width": 1280, "height": 800},
             "views": [{"id": "view", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
               "recognizers": [{"id": "longPress", "type": "longPress", "minimumPressDuration": 0.3}]}]}
            """#.utf8))
        return try VerifyRunner(options: VerifyOptions(root: captures)).run()
    }

    @Test("The index lists every capture with its result, and links the failing one's page")
    func indexListsEveryCapture() throws {
        let folder = TemporaryDirectory("report")
        let report = try Self.corpus(in: folder)
        let pages = VerifyHTMLReport.pages(for: report)
        #expect(pages.map(\.path) == ["index.html", "captures/long-press.html"])
        let index = pages[0].html
        #expect(index.contains("<td>tap</td><td class=\"pass\">passed</td>"))
        #expect(index.contains("<a href=\"captures/long-press.html\">failed</a>"))
    }

    @Test("A failing capture whose golden reaches the end of Int64's times gets its page: the chart's window saturates")
    func goldenAtTheEndOfTime() throws {
        let folder = TemporaryDirectory("report")
        _ = try Self.corpus(in: folder)
        let golden = folder.file("captures/long-press.golden.log")
        let text = try String(contentsOfFile: golden, encoding: .utf8) + "9223372036854775807 state longPress possible -> began\n"
        writeFileBytes(golden, Array(text.utf8))
        let pages = VerifyHTMLReport.pages(for: try VerifyRunner(options: VerifyOptions(root: folder.file("captures"))).run())
        #expect(pages.map(\.path) == ["index.html", "captures/long-press.html"])
        #expect(pages[1].html.contains("<div class=\"chart\" id=\"golden\">"))
    }

    @Test("A capture's link is its page's path percent-encoded, folders kept", arguments: [
        ("a#b", "captures/a%23b.html"), ("q?x=1", "captures/q%3Fx%3D1.html"), ("a%2Fx", "captures/a%252Fx.html"),
        ("set/sp ace", "captures/set/sp%20ace.html"), ("é", "captures/%C3%A9.html"), ("plain-name_1.v2~", "captures/plain-name_1.v2~.html"),
    ])
    func linksArePercentEncoded(name: String, link: String) {
        let capture = Capture(root: "/corpus", name: name)
        #expect(VerifyHTMLReport.pageLink(capture) == link)
        #expect(VerifyHTMLReport.pagePath(capture) == "captures/" + name + ".html")
    }

    @Test("A page's folders that end like a page get .d, so no capture's page is another capture's folder", arguments: [
        ("x", "captures/x.html"), ("x.html/y", "captures/x.html.d/y.html"), ("x.html.d/y", "captures/x.html.d.d/y.html"),
        ("a/b.html/c.htm/d", "captures/a/b.html.d/c.htm/d.html"), ("x.html", "captures/x.html.html"), ("x.html.dd/y", "captures/x.html.dd/y.html"),
    ])
    func pageFoldersNeverEndLikeAPage(name: String, path: String) {
        #expect(VerifyHTMLReport.pagePath(Capture(root: "/corpus", name: name)) == path)
    }

    @Test("A corpus holding a capture x and a folder x.html of captures gets a page for every failing capture, where the report could not be written")
    func captureBesideAFolderNamedLikeItsPage() throws {
        let folder = TemporaryDirectory("report")
        _ = try Self.corpus(in: folder)
        let captures = folder.file("captures")
        try FileManager.default.createDirectory(atPath: captures + "/long-press.html", withIntermediateDirectories: true)
        for file in ["long-press.trace", "long-press.golden.log", "long-press.scene"] {
            try FileManager.default.copyItem(atPath: captures + "/" + file, toPath: captures + "/long-press.html/" + file)
        }
        try FileManager.default.copyItem(atPath: captures + "/press.json", toPath: captures + "/long-press.html/press.json")
        let report = try VerifyRunner(options: VerifyOptions(root: captures)).run()
        let output = folder.file("report")
        try VerifyHTMLReport.write(report, to: output)
        // Both pages are files: a folder reads as no bytes.
        #expect(!readFileBytes(output + "/captures/long-press.html").isEmpty)
        #expect(!readFileBytes(output + "/captures/long-press.html.d/long-press.html").isEmpty)
        let index = String(decoding: readFileBytes(output + "/index.html"), as: UTF8.self)
        #expect(index.contains("<a href=\"captures/long-press.html.d/long-press.html\">failed</a>"))
    }

    @Test("Report pages stand alone: no scripts, nothing fetched from elsewhere")
    func pagesAreSelfContained() throws {
        let folder = TemporaryDirectory("report")
        for page in VerifyHTMLReport.pages(for: try Self.corpus(in: folder)) {
            #expect(!page.html.contains("<script"))
            #expect(!page.html.contains("src="))
            #expect(!page.html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http"))
        }
    }

    @Test("In a browser the failing capture's page shows both timelines and the highlighted difference")
    func failurePageInBrowser() throws {
        let folder = TemporaryDirectory("report")
        let report = try Self.corpus(in: folder)
        try VerifyHTMLReport.write(report, to: folder.file("report"))
        let image = try ExternalTool.screenshot(folder.file("report/captures/long-press.html"), width: 1100, height: 900, in: folder.path)
        let highlight = Image.RGB(hex: Palette.highlight)
        #expect(image.count(highlight) > 200)
        // The long press's began/changed bar appears in two charts, one above the other.
        let active = image.rows(with: Image.RGB(hex: Palette.active))
        let groups = zip(active, active.dropFirst()).filter { $1 - $0 > 20 }.count + (active.isEmpty ? 0 : 1)
        #expect(groups == 2)
        // Both charts carry highlights: the golden's late began and the current's early one.
        let rowsWithHighlight = image.rows(with: highlight)
        let split = (active.first! + active.last!) / 2
        #expect(rowsWithHighlight.contains { $0 < split && $0 > active.first! - 40 })
        #expect(rowsWithHighlight.contains { $0 > split })
    }

    /// The failing long press of `corpus(in:)` with a golden that also names `count` recognizers
    /// whose lanes match (only resets to `possible`, which are not compared) and, last, one
    /// recognizer that differs.
    static func manyRowsCorpus(in folder: TemporaryDirectory, count: Int) throws -> VerifyReport {
        _ = try corpus(in: folder)
        let golden = folder.file("captures/long-press.golden.log")
        var text = try String(contentsOfFile: golden, encoding: .utf8)
        for index in 0..<count { text += "\(index) state quiet\(index) began -> possible\n" }
        text += "5 state late possible -> began\n"
        writeFileBytes(golden, Array(text.utf8))
        return try VerifyRunner(options: VerifyOptions(root: folder.file("captures"))).run()
    }

    /// The page's two charts, in order.
    static func charts(_ page: String) -> [Substring] {
        page.split(separator: "<div class=\"chart\"").dropFirst().map { $0.split(separator: "</div>")[0] }
    }

    @Test("A golden of 30,000 recognizers draws the rows that fit each chart's byte budget, rows that differ first, and says how many are left out")
    func manyRowsAreLimited() throws {
        let folder = TemporaryDirectory("report")
        let report = try Self.manyRowsCorpus(in: folder, count: 30_000)
        let page = try #require(VerifyHTMLReport.pages(for: report).last?.html)
        let charts = Self.charts(page)
        #expect(charts.count == 2)
        for chart in charts { #expect(chart.utf8.count <= VerifyHTMLReport.byteBudget) }
        // The scene's long press, the 30,000 quiet recognizers, the late one; and the view.
        let note = try #require(page.firstMatch(of: #/<p class="note">(\d+) of the 30003 rows of recognizers and views are not drawn, rows whose marks differ drawn first: each chart would pass its 4500000-byte budget.</p>/#))
        let left = try #require(Int(note.output.1))
        #expect(left > 0 && left < 30_003)
        // The rows that differ are drawn: the long press and the late recognizer, after every quiet one drawn.
        for chart in charts {
            #expect(chart.contains(">late</text>"))
            #expect(chart.contains(">longPress</text>"))
            #expect(chart.contains(">quiet0</text>"))
            #expect(!chart.contains(">quiet29999</text>"))
        }
        #expect(page.utf8.count <= 3 * VerifyHTMLReport.byteBudget)
    }

    @Test("A diff longer than the page's budget for it is cut with a line saying how many lines are not shown")
    func longDiffIsCut() throws {
        let folder = TemporaryDirectory("report")
        let report = try Self.corpus(in: folder)
        let result = try #require(report.results.first { $0.isFailure })
        let line = "+" + String(repeating: "x", count: 99) + "\n"
        let diff = "--- a\n+++ b\n@@ -1,0 +1,100000 @@\n" + String(repeating: line, count: 100_000)
        let page = VerifyHTMLReport.failurePage(result, diff: diff, registry: .standard)
        let note = try #require(page.firstMatch(of: #/<p class="note">The last (\d+) lines of the diff are not shown: the diff would pass its 4500000-byte budget. touchstone verify prints them all.</p>/#))
        let shown = page.split(separator: "<span class=\"add\">").count - 1
        #expect(shown + Int(note.output.1)! == 100_000)
        #expect(shown > 0)
        #expect(page.utf8.count <= 3 * VerifyHTMLReport.byteBudget)
    }

    @Test("A page that cannot be written stops the report with the old index as it was, and a report that can be written replaces it")
    func indexIsWrittenLast() throws {
        let folder = TemporaryDirectory("report")
        let report = try Self.corpus(in: folder)
        let output = folder.file("report")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        writeFileBytes(output + "/index.html", Array("old index\n".utf8))
        // The failing capture's page goes in captures/, which is a file.
        writeFileBytes(output + "/captures", Array("a file\n".utf8))
        #expect(throws: (any Error).self) { try VerifyHTMLReport.write(report, to: output) }
        #expect(readFileBytes(output + "/index.html") == Array("old index\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == ["captures", "index.html"])
        try FileManager.default.removeItem(atPath: output + "/captures")
        try VerifyHTMLReport.write(report, to: output)
        #expect(String(decoding: readFileBytes(output + "/index.html"), as: UTF8.self).contains("<a href=\"captures/long-press.html\">failed</a>"))
        #expect(fileExists(output + "/captures/long-press.html"))
    }

    @Test("A page that cannot be written leaves every page as it was, no temporary and no folder the report made")
    func reportIsAllOrNothing() throws {
        let folder = TemporaryDirectory("report")
        let captures = folder.file("captures")
        _ = try Self.corpus(in: folder)
        // More failing captures: one before long-press, one in a folder of its own, one last.
        for name in ["a-press", "sub/n-press", "z-press"] {
            try FileManager.default.createDirectory(atPath: (captures + "/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            for suffix in [".trace", ".golden.log"] {
                try FileManager.default.copyItem(atPath: captures + "/long-press" + suffix, toPath: captures + "/" + name + suffix)
            }
            writeFileBytes(captures + "/" + name + ".scene", Array((name.hasPrefix("sub/") ? "../press.json\n" : "press.json\n").utf8))
        }
        let report = try VerifyRunner(options: VerifyOptions(root: captures)).run()
        #expect(report.failed == 4)
        let output = folder.file("report")
        // The last page cannot be written: a folder has its name.
        try FileManager.default.createDirectory(atPath: output + "/captures/z-press.html", withIntermediateDirectories: true)
        writeFileBytes(output + "/index.html", Array("old index\n".utf8))
        writeFileBytes(output + "/captures/a-press.html", Array("old page\n".utf8))
        #expect(throws: (any Error).self) { try VerifyHTMLReport.write(report, to: output) }
        #expect(readFileBytes(output + "/index.html") == Array("old index\n".utf8))
        #expect(readFileBytes(output + "/captures/a-press.html") == Array("old page\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output + "/captures").sorted() == ["a-press.html", "z-press.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == ["captures", "index.html"])
        try FileManager.default.removeItem(atPath: output + "/captures/z-press.html")
        try VerifyHTMLReport.write(report, to: output)
        #expect(String(decoding: readFileBytes(output + "/captures/a-press.html"), as: UTF8.self).contains("<h1>a-press"))
        #expect(fileExists(output + "/captures/sub/n-press.html"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output + "/captures").sorted() == ["a-press.html", "long-press.html", "sub", "z-press.html"])
    }
}
