import Foundation
import GestureEngine
import TestSupport
import Testing
@testable import Replay

/// Template files a scene names: each read once per scene load, none listed twice by one
/// recognizer, and their points bounded in all.
@Suite("Scene template files")
struct SceneTemplateFileTests {
    /// A folder holding `zed.json`, a small valid template.
    static func folder() -> TemporaryDirectory {
        let folder = TemporaryDirectory("replay")
        writeFileBytes(folder.file("zed.json"), Array(#"{"name": "zed", "points": [[0, 0], [10, 0], [0, 10], [10, 10]]}"#.utf8))
        return folder
    }

    func scene(_ recognizers: [String]) -> [UInt8] {
        Array("""
            {"name": "s", "window": {"width": 100, "height": 100},
             "recognizers": [
            \(recognizers.joined(separator: ",\n"))
             ]}
            """.utf8)
    }

    @Test("Many recognizers naming one template file all get its template")
    func oneFileManyRecognizers() throws {
        let folder = Self.folder()
        let recognizers = (0..<50).map { #"{"id": "u\#($0)", "type": "unistroke", "templates": ["zed.json"]}"# }
        let loaded = try SceneLoader.decode(scene(recognizers), file: folder.file("scene.json"))
        let zed = try UnistrokeTemplateFile.read(folder.file("zed.json"))
        #expect(loaded.allRecognizers.count == 50)
        for spec in loaded.allRecognizers {
            #expect(spec.parameters["templates"] == .custom(CustomParameterValue([zed])))
        }
    }

    @Test("A template file named by many recognizers is read once per scene load")
    func fileReadOnce() throws {
        let folder = Self.folder()
        let files = SceneTemplateFiles()
        for name in ["zed.json", "./zed.json", "zed.json"] {
            let path = folder.file(name)
            _ = try files.template(at: path, identity: .init(path))
        }
        #expect(files.filesRead == 1)
    }

    @Test("A recognizer naming the same template file twice is an error at the second mention's line")
    func sameFileTwiceInOneRecognizer() {
        let folder = Self.folder()
        let bytes = Array("""
            {"name": "s", "window": {"width": 100, "height": 100},
             "recognizers": [{"id": "u", "type": "unistroke", "templates": [
                "zed.json",
                "./zed.json"]}]}
            """.utf8)
        #expect {
            try SceneLoader.decode(bytes, file: folder.file("scene.json"))
        } throws: { error in
            guard let error = error as? SceneError else { return false }
            return error.line == 4 && error.keyPath == "recognizers[0].templates[1]"
                && error.problem == "names the same template file as [0]"
        }
    }

    @Test("A recognizer naming the same built-in template twice is an error at the second mention")
    func sameBuiltInTwiceInOneRecognizer() {
        #expect {
            try SceneLoader.decode(scene([#"{"id": "u", "type": "unistroke", "templates": ["checkmark", "checkmark"]}"#]), file: "scene.json")
        } throws: { error in
            (error as? SceneError)?.keyPath == "recognizers[0].templates[1]"
        }
    }

    @Test("Template files past the scene's limit of points are refused, naming the total and the limit")
    func pointLimit() throws {
        let folder = Self.folder()
        writeFileBytes(folder.file("other.json"), Array(#"{"name": "other", "points": [[0, 0], [5, 5], [9, 1]]}"#.utf8))
        let files = SceneTemplateFiles(pointLimit: 6)
        _ = try files.template(at: folder.file("zed.json"), identity: .init(folder.file("zed.json")))
        _ = try files.template(at: folder.file("zed.json"), identity: .init(folder.file("zed.json")))
        #expect {
            try files.template(at: folder.file("other.json"), identity: .init(folder.file("other.json")))
        } throws: { error in
            guard case .tooManyPoints(let total, let limit) = error as? SceneTemplateFiles.Failure else { return false }
            return total == 7 && limit == 6
        }
    }
}
