import Foundation
import TestSupport
import Testing

/// docs/harness.md shows the files of Examples/ThreeFingerLongPress; scripts/test-example builds the
/// doc's package from them and runs its commands (CI). This catches a drift without that build.
@Suite("docs/harness.md")
struct HarnessDocTests {
    static let root = URL(fileURLWithPath: packageRoot)

    @Test("Every file the doc shows is the example's file, byte for byte")
    func shownFilesAreTheExamples() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/harness.md"), encoding: .utf8)
        let shown = Self.fileBlocks(doc)
        #expect(shown.count >= 8)
        for (path, body) in shown {
            let file = Self.root.appendingPathComponent("Examples/ThreeFingerLongPress/" + path)
            let actual = try String(contentsOf: file, encoding: .utf8)
            #expect(actual == body, "docs/harness.md shows \(path) differently from Examples/ThreeFingerLongPress/\(path)")
        }
    }

    /// The ```LANG file=PATH blocks of a Markdown text, with their contents.
    static func fileBlocks(_ text: String) -> [(path: String, body: String)] {
        var blocks: [(String, String)] = []
        var current: (path: String, lines: [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = current {
                if line == "```" {
                    blocks.append((open.path, open.lines.map { $0 + "\n" }.joined()))
                    current = nil
                } else {
                    current!.lines.append(line)
                }
            } else if line.hasPrefix("```"), let range = line.range(of: " file=") {
                current = (String(line[range.upperBound...]), [])
            }
        }
        return blocks
    }
}
