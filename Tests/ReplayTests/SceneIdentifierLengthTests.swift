import Foundation
import Testing
@testable import Replay

/// Ids and names a scene prints on its log lines are bounded in length.
@Suite("Scene identifier length")
struct SceneIdentifierLengthTests: SceneErrorChecking {
    static let longest = String(repeating: "a", count: SceneLoader.maximumIdentifierBytes)
    static let tooLong = longest + "a"

    @Test("A recognizer id of the longest allowed length is accepted")
    func longestRecognizerIdAccepted() {
        #expect(error(#"{"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "\#(Self.longest)", "type": "pan"}]}"#) == nil)
    }

    @Test("A recognizer id one byte too long is an error at its line")
    func recognizerIdTooLong() {
        let problem = error("{\"name\": \"s\", \"window\": {\"width\": 10, \"height\": 10},\n \"recognizers\": [{\"id\": \"\(Self.tooLong)\", \"type\": \"pan\"}]}")
        #expect(problem?.line == 2)
        #expect(problem?.keyPath == "recognizers[0].id")
        #expect(problem?.problem == "257 bytes long; an id or name is at most 256 bytes (UTF-8)")
    }

    @Test("The length limit counts UTF-8 bytes, not characters")
    func limitCountsBytes() {
        let wide = String(repeating: "é", count: 129)  // 258 bytes
        let problem = error(#"{"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "\#(wide)", "type": "pan"}]}"#)
        #expect(problem?.keyPath == "recognizers[0].id")
    }

    @Test("A view id too long is an error at the view's id")
    func viewIdTooLong() {
        let problem = error(#"{"name": "s", "window": {"width": 10, "height": 10}, "views": [{"id": "\#(Self.tooLong)", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}"#)
        #expect(problem?.keyPath == "views[0].id")
    }

    @Test("A scene name too long is an error at the name")
    func sceneNameTooLong() {
        let problem = error(#"{"name": "\#(Self.tooLong)", "window": {"width": 10, "height": 10}}"#)
        #expect(problem?.keyPath == "name")
    }

    @Test("A template name too long is an error in the template file")
    func templateNameTooLong() {
        let json = #"{"name": "\#(Self.tooLong)", "points": [[0, 0], [1, 1]]}"#
        #expect(throws: TemplateFileError.self) {
            try UnistrokeTemplateFile.decode(Data(json.utf8), file: "t.json")
        }
    }

    @Test("A missing recognizer that a very long id requires is quoted shortened in the error")
    func longUnknownReferenceShortened() {
        let huge = String(repeating: "b", count: 100_000)
        let problem = error(#"{"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "p", "type": "pan", "requiresFailureOf": ["\#(huge)"]}]}"#)
        #expect(problem.map { $0.description.utf8.count < 300 } == true)
    }
}
