import Foundation
import GestureEngine
import TestSupport
import Testing
@testable import Replay

/// The scene file format: what it accepts and how precisely it complains.
@Suite("Scene loader")
struct SceneLoaderTests: SceneErrorChecking {
    static let fixtures = packagePath("Tests/ReplayTests/Fixtures/Scenes")

    static let minimalView = #"{"id": "v", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}"#

    @Test("A scene file describing the map reads back as the built-in map apart from its name and mapping")
    func validFileMatchesBuiltin() throws {
        var scene = try SceneLoader.load(contentsOf: Self.fixtures + "/valid-map.json")
        #expect(scene.mapping == .scale(unitsPerPoint: 10, originX: 0, originY: 0))
        var expected = BuiltinScenes.map
        expected.name = "map-copy"
        expected.mapping = scene.mapping
        // The file spells out the default long-press duration; the built-in leaves it to the engine.
        scene.views[0].recognizers[5].parameters = [:]
        #expect(scene == expected)
    }

    @Test("A scene file with a byte-order mark (UTF-8, or UTF-16 as Windows PowerShell writes) reads as the same file without one, errors at the columns an editor shows",
          arguments: ["utf-8", "utf-16le", "utf-16be"])
    func byteOrderMark(encoding: String) throws {
        func encoded(_ text: String) -> [UInt8] {
            switch encoding {
            case "utf-8": return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
            case "utf-16le": return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            default: return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
        }
        let text = #"{"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "t", "type": "tap"}]}"#
        #expect(try SceneLoader.decode(encoded(text), file: "scene.json") == SceneLoader.decode(Array(text.utf8), file: "scene.json"))
        #expect(throws: SceneError(file: "scene.json", line: 1, keyPath: "", problem: "invalid JSON: column 14: expected a key in quotes")) {
            try SceneLoader.decode(encoded(#"{"name": "s",}"#), file: "scene.json")
        }
    }

    @Test("A template file and a capture's .scene file with a UTF-8 byte-order mark read as without one")
    func byteOrderMarkInTemplateAndSceneReference() throws {
        let folder = TemporaryDirectory("bom")
        writeFileBytes(folder.file("t.json"), [0xEF, 0xBB, 0xBF] + Array(#"{"name": "t", "points": [[0, 0], [10, 10], [20, 0]]}"#.utf8))
        writeFileBytes(folder.file("s.json"), Array(#"{"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "u", "type": "unistroke", "templates": ["t.json"]}]}"#.utf8))
        writeFileBytes(folder.file("a.scene"), [0xEF, 0xBB, 0xBF] + Array("s.json\r\n".utf8))
        writeFileBytes(folder.file("b.scene"), [0xEF, 0xBB, 0xBF] + Array("tap\n".utf8))
        let scene = try SceneReference.resolve(captureSceneFile: folder.file("a.scene"))
        #expect(scene.templateFiles == [folder.file("t.json")])
        #expect(try SceneReference.resolve(captureSceneFile: folder.file("b.scene")) == BuiltinScenes.named("tap"))
        #expect(SceneReference.inputFiles(captureSceneFile: folder.file("a.scene")) == [folder.file("a.scene"), folder.file("s.json"), folder.file("t.json")])
    }

    @Test("Durations are read in seconds and kept as whole microseconds")
    func secondsBecomeMicroseconds() throws {
        let scene = try SceneLoader.decode(Array(#"""
            {"name": "s", "window": {"width": 10, "height": 10},
             "recognizers": [{"id": "lp", "type": "longPress", "minimumPressDuration": 0.25}]}
            """#.utf8), file: "scene.json")
        #expect(scene.windowRecognizers[0].parameters == ["minimumPressDuration": .duration(250_000)])
    }

    @Test("A pan's allowedScrollTypes are read as UIKit's scroll types")
    func allowedScrollTypes() throws {
        let scene = try SceneLoader.decode(Array(#"""
            {"name": "s", "window": {"width": 10, "height": 10},
             "recognizers": [{"id": "p", "type": "pan", "allowedScrollTypes": ["continuous"]}]}
            """#.utf8), file: "scene.json")
        #expect(scene.windowRecognizers[0].kind == .pan)
        #expect(scene.windowRecognizers[0].parameters == ["allowedScrollTypes": ["continuous"]])
        let pan = SceneInstance(scene).window.gestureRecognizers[0] as? PanGestureRecognizer
        #expect(pan?.allowedScrollTypes == .continuous)
    }

    @Test("An unknown scroll type names the element and the known types")
    func unknownScrollType() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10},
             "recognizers": [{"id": "p", "type": "pan", "allowedScrollTypes": ["wheel"]}]}
            """#)
        #expect(problem?.keyPath == "recognizers[0].allowedScrollTypes[0]")
        #expect(problem?.problem == "expected one of discrete, continuous")
    }

    @Test("Invalid JSON is reported with the line of the syntax error")
    func syntaxErrorHasLine() {
        let problem = error("{\n  \"name\": \"x\",\n  \"window\": {\"width\": 1,, }\n}")
        #expect(problem?.line == 3)
        #expect(problem?.problem.hasPrefix("invalid JSON") == true)
    }

    @Test("A lone surrogate in a string is invalid JSON, not a replacement character")
    func loneSurrogateIsRejected() {
        let problem = error(#"{"name": "a\ud800b"}"#)
        #expect(problem?.line == 1)
        #expect(problem?.problem == #"invalid JSON: column 12: unpaired surrogate in \u escape"#)
    }

    @Test("A misspelt recognizer key names the key path and lists the known keys")
    func unknownKeyIsNamed() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10},
             "views": [\#(Self.minimalView), "recognizers": [
               {"id": "t", "type": "tap", "numberOfTapRequired": 2}]}]}
            """#)
        #expect(problem?.file == "scene.json")
        #expect(problem?.keyPath == "views[0].recognizers[0].numberOfTapRequired")
        #expect(problem?.problem.contains("numberOfTapsRequired") == true)
        #expect(problem?.line == 3)
    }

    @Test("A value of the wrong type names its key and both types")
    func wrongTypeIsNamed() {
        let problem = error(#"{"name": "s", "window": {"width": "wide", "height": 10}}"#)
        #expect(problem?.keyPath == "window.width")
        #expect(problem?.problem == "expected a number, found a string")
    }

    @Test("A missing window is a missing required key")
    func missingWindow() {
        let problem = error(#"{"name": "s"}"#)
        #expect(problem?.keyPath == "window")
        #expect(problem?.problem == "missing required key")
    }

    @Test("A tap needing zero taps is out of range")
    func countOutOfRange() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10},
             "recognizers": [{"id": "t", "type": "tap", "numberOfTapsRequired": 0}]}
            """#)
        #expect(problem?.keyPath == "recognizers[0].numberOfTapsRequired")
        #expect(problem?.problem.contains("whole number from 1 to 10") == true)
    }

    @Test("A content-touch delay follows the rule of every duration: seconds above 0, at most an hour")
    func contentTouchDelayOutOfRange() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10},
             "views": [{"id": "v", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "delaysContentTouches": 0}]}
            """#)
        #expect(problem?.keyPath == "views[0].delaysContentTouches")
        #expect(problem?.problem == "expected seconds from 0.000001 (1 µs) to 3600, found 0")
    }

    @Test("An unknown recognizer type lists the known ones")
    func unknownType() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "t", "type": "flick"}]}
            """#)
        #expect(problem?.keyPath == "recognizers[0].type")
        #expect(problem?.problem.contains("unknown recognizer type \"flick\"") == true)
    }

    @Test("A failure requirement naming no recognizer is rejected at its key")
    func danglingFailureRequirement() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10},
             "recognizers": [{"id": "t", "type": "tap", "requiresFailureOf": ["doubleTap"]}]}
            """#)
        #expect(problem?.keyPath == "recognizers[0].requiresFailureOf[0]")
        #expect(problem?.problem == "no recognizer has the id \"doubleTap\"")
    }

    @Test("Failure requirements that form a cycle are rejected")
    func failureCycle() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [
              {"id": "a", "type": "tap", "requiresFailureOf": ["b"]},
              {"id": "b", "type": "tap", "requiresFailureOf": ["a"]}]}
            """#)
        #expect(problem?.problem.contains("cycle") == true)
    }

    @Test("A cycle is reported at the first recognizer in file order that lies on it")
    func cycleNamedAtFirstMember() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [
              {"id": "a", "type": "tap", "requiresFailureOf": ["b"]},
              {"id": "b", "type": "tap", "requiresFailureOf": ["c"]},
              {"id": "c", "type": "tap", "requiresFailureOf": ["b"]}]}
            """#)
        #expect(problem?.keyPath == "recognizers[1].requiresFailureOf")
        #expect(problem?.problem == "failure requirements form a cycle through \"b\"")
    }

    /// A scene of `count` tap recognizers, each requiring the next to fail; the last requires the
    /// first when `closed`.
    private func chain(_ count: Int, closed: Bool) -> [UInt8] {
        let recognizers = (0..<count).map { index in
            let next = index + 1 < count ? "\"r\(index + 1)\"" : closed ? "\"r0\"" : ""
            return #"{"id": "r\#(index)", "type": "tap", "requiresFailureOf": [\#(next)]}"#
        }
        return Array(#"{"name": "chain", "window": {"width": 10, "height": 10}, "recognizers": [\#(recognizers.joined(separator: ","))]}"#.utf8)
    }

    @Test("10,000 chained failure requirements load, and closing the chain is found as a cycle")
    func longChainLoads() throws {
        // A walk from every recognizer took about a minute here; the linear check takes well
        // under a second. No wall-clock bound: under ThreadSanitizer on a loaded machine the
        // load alone took 29 s, and timing figures belong in benchmarks, not in tests.
        let scene = try SceneLoader.decode(chain(10_000, closed: false), file: "chain.json")
        #expect(scene.allRecognizers.count == 10_000)
        #expect(throws: SceneError.self) { try SceneLoader.decode(chain(10_000, closed: true), file: "chain.json") }
    }

    @Test("Two recognizers with one id are rejected, pointing at the first")
    func duplicateRecognizerId() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [
              {"id": "a", "type": "tap"},
              {"id": "a", "type": "pan"}]}
            """#)
        #expect(problem?.keyPath == "recognizers[1].id")
        #expect(problem?.problem.contains("already used by recognizers[0]") == true)
    }

    @Test("A recognizer with the id of the one a scroll view's delaysContentTouches adds, after it, is rejected naming the view's key")
    func recognizerNamedLikeContentDelay() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10}, "views": [
              {"id": "scroll", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "delaysContentTouches": 0.15,
               "recognizers": [{"id": "scroll.delay", "type": "tap"}]}]}
            """#)
        #expect(problem?.keyPath == "views[0].recognizers[0].id")
        #expect(problem?.problem == "recognizer id \"scroll.delay\" is the id of the recognizer the replay adds for views[0].delaysContentTouches (line 2); choose another")
    }

    @Test("A delaysContentTouches whose recognizer's id a recognizer before it has is rejected at that key, naming the recognizer")
    func contentDelayNamedLikeEarlierRecognizer() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "scroll.delay", "type": "tap"}], "views": [
              {"id": "scroll", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "delaysContentTouches": 0.15}]}
            """#)
        #expect(problem?.keyPath == "views[0].delaysContentTouches")
        #expect(problem?.problem == "adds a recognizer with the id \"scroll.delay\", which is already used by recognizers[0] (line 1); rename that recognizer")
    }

    @Test("Ids and the scene's name, printed in logs as they are, refuse blanks, control and format characters, and noncharacters", arguments: [
        (#"{"name": "s", "window": {"width": 10, "height": 10}, "views": [{"id": "v\n\u001b[2J", "frame": [0, 0, 1, 1]}]}"#, "views[0].id", "U+000A"),
        (#"{"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "a b", "type": "tap"}]}"#, "recognizers[0].id", "U+0020"),
        (#"{"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "a\ufffe", "type": "tap"}]}"#, "recognizers[0].id", "U+FFFE"),
        (#"{"name": "s\u0085", "window": {"width": 10, "height": 10}}"#, "name", "U+0085"),
        (#"{"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "\ufefftap", "type": "tap"}]}"#, "recognizers[0].id", "U+FEFF"),
        (#"{"name": "s", "window": {"width": 10, "height": 10}, "recognizers": [{"id": "a\u202eb", "type": "tap"}]}"#, "recognizers[0].id", "U+202E"),
    ])
    func identifiersArePrintable(scene: String, keyPath: String, found: String) {
        let problem = error(scene)
        #expect(problem?.keyPath == keyPath)
        #expect(problem?.problem == "must not contain blanks, control or format characters, or noncharacters (found \(found))")
    }

    @Test("A simultaneous pair naming an unknown recognizer is rejected")
    func danglingSimultaneousPair() {
        let problem = error(#"""
            {"name": "s", "window": {"width": 10, "height": 10},
             "recognizers": [{"id": "a", "type": "pinch"}], "simultaneous": [["a", "b"]]}
            """#)
        #expect(problem?.keyPath == "simultaneous[0]")
        #expect(problem?.problem == "no recognizer has the id \"b\"")
    }

    @Test("A missing file is reported by path")
    func missingFile() {
        #expect(throws: SceneError(file: "/nonexistent/scene.json", line: nil, keyPath: "", problem: "cannot open: No such file or directory")) {
            try SceneLoader.load(contentsOf: "/nonexistent/scene.json")
        }
    }

    @Test("The error text reads FILE:LINE: KEY: problem")
    func errorDescription() {
        let problem = SceneError(file: "a.json", line: 4, keyPath: "views[0].id", problem: "must not be empty")
        #expect(problem.description == "a.json:4: views[0].id: must not be empty")
    }

    @Test("An unknown built-in scene name lists the built-in names")
    func unknownBuiltin() {
        #expect(throws: SceneError.self) { try SceneReference.resolve("mpa") }
        #expect((try? SceneReference.resolve("map")) == BuiltinScenes.map)
    }
}
