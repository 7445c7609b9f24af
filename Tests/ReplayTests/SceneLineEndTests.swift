import Testing
@testable import Replay

/// Errors in a scene name the line an editor shows, whatever the file's line ends.
@Suite("Scene line ends")
struct SceneLineEndTests {
    /// The error `lines`, joined by `separator`, raises when read as `scene.json`.
    func error(_ lines: [String], separator: String) -> SceneError? {
        do {
            _ = try SceneLoader.decode(Array(lines.joined(separator: separator).utf8), file: "scene.json")
            return nil
        } catch {
            return error
        }
    }

    static let sceneWithBadTapCount = [
        "{",
        "  \"name\": \"s\",",
        "  \"window\": {\"width\": 10, \"height\": 10},",
        "  \"recognizers\": [",
        "    {\"id\": \"t\", \"type\": \"tap\", \"numberOfTapsRequired\": 0}",
        "  ]",
        "}",
    ]

    @Test("A scene with carriage-return-only line ends reports an error at its line")
    func carriageReturnOnly() {
        #expect(error(Self.sceneWithBadTapCount, separator: "\r")?.line == 5)
    }

    @Test("A scene with CRLF line ends reports an error at its line")
    func carriageReturnLineFeed() {
        #expect(error(Self.sceneWithBadTapCount, separator: "\r\n")?.line == 5)
    }

    @Test("A JSON syntax error after carriage-return-only line ends names its line and column")
    func syntaxErrorAfterCarriageReturns() {
        let problem = error(["{", "  \"name\": \"s\",", "  \"window\": x", "}"], separator: "\r")
        #expect(problem?.line == 3)
        #expect(problem?.problem.hasPrefix("invalid JSON: column 13:") == true)
    }
}
