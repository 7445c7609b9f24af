import Foundation
import GestureEngine
import Replay
import Synthesis
import TestSupport
import Testing
import TouchTrace

@Suite("Custom recognizers in scenes")
struct CustomSceneTests {
    private func load(_ json: String, file: String = "scene.json") throws -> Scene {
        try SceneLoader.decode(Array(json.utf8), file: file)
    }

    private func scene(recognizer: String) -> String {
        """
        {"name": "s", "window": {"width": 1280, "height": 800},
         "views": [{"id": "v", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
                    "recognizers": [\(recognizer)]}]}
        """
    }

    @Test("every custom type reads from a scene file with its parameters")
    func everyType() throws {
        let recognizers = [
            #"{"id": "a", "type": "chevron", "mirrored": true, "minimumLegLength": 30}"#,
            #"{"id": "b", "type": "unistroke", "templates": ["checkmark", "circle"], "minimumScore": 0.9}"#,
            #"{"id": "c", "type": "resetShake", "minimumDirectionChanges": 4, "minimumStrokeLength": 30}"#,
            #"{"id": "d", "type": "doubleTapDragZoom", "maximumTapInterval": 0.3, "pointsPerDoubling": 100}"#,
            #"{"id": "e", "type": "touchDownPress", "numberOfTouchesRequired": 2}"#,
            #"{"id": "f", "type": "patternUnlock", "acceptedCodes": ["1-2-3"], "minimumTargets": 3}"#,
        ].joined(separator: ",")
        let loaded = try load(scene(recognizer: recognizers))
        #expect(loaded.allRecognizers.map(\.kind.typeName)
            == ["chevron", "unistroke", "resetShake", "doubleTapDragZoom", "touchDownPress", "patternUnlock"])
        #expect(loaded.allRecognizers[1].parameters == [
            "templates": .custom(CustomParameterValue([UnistrokeTemplate.checkmark, .circleClockwise, .circleCounterclockwise])),
            "minimumScore": 0.9,
        ])
    }

    @Test("an accepted pattern code that no recognized pattern reads is refused at its key, naming the code and why",
          arguments: [
              (#"["1-2-3-6-9", "1-2-3-6-0"]"#, "", #"[1] "1-2-3-6-0" would never unlock, as no pattern reads it: a code is targets 1 to 9 joined by -, such as 1-2-3-6-9"#),
              (#"["12369"]"#, "", #"[0] "12369" would never unlock, as no pattern reads it: a code is targets 1 to 9 joined by -, such as 1-2-3-6-9"#),
              (#"["1-2-1-3"]"#, "", #"[0] "1-2-1-3" would never unlock, as no pattern reads it: it enters target 1 twice, and a path enters each target once"#),
              (#"["1-2-3"]"#, "", #"[0] "1-2-3" would never unlock, as no pattern reads it: it joins 3 targets, and a pattern joins at least minimumTargets (4)"#),
              (#"["1-2-3"]"#, #", "minimumTargets": 5"#, #"[0] "1-2-3" would never unlock, as no pattern reads it: it joins 3 targets, and a pattern joins at least minimumTargets (5)"#),
          ])
    func unreadablePatternCode(codes: String, more: String, problem: String) {
        let error = #expect(throws: SceneError.self) {
            try load(scene(recognizer: #"{"id": "p", "type": "patternUnlock", "acceptedCodes": \#(codes)\#(more)}"#))
        }
        #expect(error?.keyPath == "views[0].recognizers[0].acceptedCodes")
        #expect(error?.problem == problem)
    }

    @Test("accepted pattern codes of one target to all nine, each entered once, load")
    func readablePatternCodes() throws {
        let loaded = try load(scene(recognizer: #"{"id": "p", "type": "patternUnlock", "acceptedCodes": ["5", "9-8-7-6-5-4-3-2-1"], "minimumTargets": 1}"#))
        #expect(loaded.allRecognizers[0].parameters["acceptedCodes"] == .names(["5", "9-8-7-6-5-4-3-2-1"]))
    }

    @Test("an unknown built-in template name is refused, naming the key")
    func unknownTemplate() {
        #expect(throws: SceneError.self) {
            try load(scene(recognizer: #"{"id": "s", "type": "unistroke", "templates": ["heart"]}"#))
        }
    }

    @Test("a template recorded from a synthetic checkmark trace is used by a scene that names its file")
    func recordedTemplateInScene() throws {
        let directory = TemporaryDirectory("replay")
        let trace = try SyntheticTraces.document([.checkmark], seed: 5)
        let template = try TemplateRecorder.record(trace, name: "tick")
        let templatePath = directory.file("tick.json")
        writeFileBytes(templatePath, Array(UnistrokeTemplateFile.encode(template)))
        let loaded = try load(scene(recognizer: #"{"id": "s", "type": "unistroke", "templates": ["tick.json"]}"#),
                              file: directory.file("scene.json"))
        let written = try UnistrokeTemplateFile.read(templatePath)
        #expect(loaded.allRecognizers[0].parameters == ["templates": .custom(CustomParameterValue([written]))])
        let instance = SceneInstance(loaded)
        #expect((instance.recognizers["s"] as? UnistrokeGestureRecognizer)?.templates == [written])
    }

    @Test("recording from a trace without touches is refused with a reason")
    func emptyTrace() {
        let document = TraceDocument(header: SyntheticTouchscreen.header(recorder: "replay tests", version: "0", detail: ""), events: [])
        #expect(throws: TemplateRecordingError.self) { try TemplateRecorder.record(document, name: "x") }
    }

    @Test("recording a stroke that reaches beyond ±1e9 points (a device of absurd units per point) is refused with a reason")
    func strokeBeyondTheLimit() throws {
        var document = try SyntheticTraces.document([.checkmark], seed: 5)
        document.header.devices[0].unitsPerPoint = 1e-15
        #expect {
            try TemplateRecorder.record(document, name: "far")
        } throws: { error in
            "\(error)".contains("beyond ±1e9 points")
        }
    }

    @Test("a template file's point beyond ±1e9 is refused at its line, and one built in code beyond it is written readably")
    func farPoints() throws {
        let folder = TemporaryDirectory("replay")
        let path = folder.file("far.json")
        writeFileBytes(path, Array(#"{"name": "far", "points": [[0, 0], [2e9, 1]]}"#.utf8))
        #expect(throws: TemplateFileError.self) { try UnistrokeTemplateFile.read(path) }
        let built = UnistrokeTemplate(name: "far", points: [Point(x: 0, y: 0), Point(x: 1e17, y: -3e18)], rotationInvariant: false)
        let text = String(decoding: UnistrokeTemplateFile.encode(built), as: UTF8.self)
        #expect(text.contains("[1e+17, -3e+18]"))
    }

    @Test("the stroke recorded from a trace runs from its touch-down to its lift")
    func strokeExtent() throws {
        let document = try SyntheticTraces.document([.checkmark], seed: 6)
        let points = try TemplateRecorder.stroke(in: document)
        var samples: [TouchSample] = []
        for case .touch(let sample) in document.events { samples.append(sample) }
        #expect(points.count == samples.count)
        #expect(UnistrokeTemplate.pathLength(points) > 100)
    }

    @Test("a template file keeps the name, the flag and every point to 1/100 point")
    func templateFileRoundTrip() throws {
        let folder = TemporaryDirectory("replay")
        let template = UnistrokeTemplate(name: "odd\"name\"\\é", points: [Point(x: -1.234, y: 5.678), Point(x: 100.004, y: -0.005)],
                                         rotationInvariant: true)
        let path = folder.file("t.json")
        writeFileBytes(path, Array(UnistrokeTemplateFile.encode(template)))
        let read = try UnistrokeTemplateFile.read(path)
        #expect(read.name == template.name)
        #expect(read.rotationInvariant)
        #expect(zip(read.points, template.points).allSatisfy { $0.distance(to: $1) < 0.008 })
    }

    @Test("a template file's problem names the file, the line and the key")
    func templateFileErrorIsPrecise() {
        let json = "{\n  \"name\": \"v\",\n  \"points\": [[0, 0],\n    [1, \"x\"]]\n}\n"
        #expect(throws: TemplateFileError(file: "v.json", line: 4, keyPath: "points[1]",
                                          problem: "invalid template: expected a pair of finite numbers [x, y], each within ±1e9")) {
            try UnistrokeTemplateFile.decode(Data(json.utf8), file: "v.json")
        }
    }

    @Test("a template file of more points than a template holds is refused, naming the count and the limit")
    func templateFileOfTooManyPoints() {
        let count = UnistrokeTemplateFile.maximumPoints + 1
        let json = "{\"name\": \"long\", \"points\": [" + (0..<count).map { "[\($0 % 100), \($0 % 7)]" }.joined(separator: ",") + "]}"
        #expect(throws: TemplateFileError(file: "long.json", line: 1, keyPath: "points",
                                          problem: "invalid template: \(count) points; a template holds at most \(UnistrokeTemplateFile.maximumPoints)")) {
            try UnistrokeTemplateFile.decode(Data(json.utf8), file: "long.json")
        }
    }

    @Test("a stroke longer than a template holds is thinned to evenly spaced points, first and last kept")
    func longStrokeIsThinned() {
        let stroke = (0..<200_000).map { Point(x: Double($0), y: 0) }
        let thinned = UnistrokeTemplateFile.thinned(stroke)
        #expect(thinned.count == UnistrokeTemplateFile.maximumPoints)
        #expect(thinned.first == stroke.first)
        #expect(thinned.last == stroke.last)
        #expect(zip(thinned, thinned.dropFirst()).allSatisfy { $1.x - $0.x >= 3 && $1.x - $0.x <= 4 })
        #expect(UnistrokeTemplateFile.thinned(Array(stroke.prefix(10))) == Array(stroke.prefix(10)))
    }
}
