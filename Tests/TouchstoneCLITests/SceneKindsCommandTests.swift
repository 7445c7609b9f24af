import Foundation
import TestSupport
import Testing

/// `touchstone scene kinds`: the recognizer kinds and their parameters, from the registry.
@Suite("scene kinds command")
struct SceneKindsCommandTests {
    static let scenesDoc = packagePath("docs/scenes.md")

    @Test("docs/scenes.md holds exactly what scene kinds --markdown prints, between its generated-region comments")
    func docMatchesCommand() throws {
        let result = try TouchstoneProcess.run(["scene", "kinds", "--markdown"])
        #expect(result.status == 0)
        let doc = try String(contentsOfFile: Self.scenesDoc, encoding: .utf8)
        let begin = "<!-- BEGIN generated: touchstone scene kinds --markdown -->\n"
        let end = "<!-- END generated: touchstone scene kinds --markdown -->"
        let start = try #require(doc.range(of: begin))
        let stop = try #require(doc.range(of: end, range: start.upperBound..<doc.endIndex))
        #expect(String(doc[start.upperBound..<stop.lowerBound]) == result.stdout,
                "regenerate the region with: touchstone scene kinds --markdown")
    }

    @Test("the plain listing names every kind with its summary and its parameters' ranges")
    func plainListing() throws {
        let result = try TouchstoneProcess.run(["scene", "kinds"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("tap: UITapGestureRecognizer"))
        #expect(result.stdout.contains("  numberOfTapsRequired     whole number        1…10"))
        #expect(result.stdout.contains("\npinch: UIPinchGestureRecognizer"))
        #expect(result.stdout.contains("\npatternUnlock: "))
    }
}
