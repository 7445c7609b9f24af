import Foundation
import GestureEngine
import Replay
import Synthesis
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
        #expect(loaded.allRecognizers[1].kind == .custom(.unistroke(UnistrokeParameters(
            templates: [UnistrokeTemplate.checkmark, .circleClockwise, .circleCounterclockwise], minimumScore: 0.9))))
    }

    @Test("an unknown built-in template name is refused, naming the key")
    func unknownTemplate() {
        #expect(throws: SceneError.self) {
            try load(scene(recognizer: #"{"id": "s", "type": "unistroke", "templates": ["heart"]}"#))
        }
    }

    @Test("a template recorded from a synthetic checkmark trace is used by a scene that names its file")
    func recordedTemplateInScene() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-template-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = try SyntheticTraces.document([.checkmark], seed: 5)
        let template = try TemplateRecorder.record(trace, name: "tick")
        let templatePath = directory.appendingPathComponent("tick.json").path
        FileManager.default.createFile(atPath: templatePath, contents: UnistrokeTemplateFile.encode(template))
        let loaded = try load(scene(recognizer: #"{"id": "s", "type": "unistroke", "templates": ["tick.json"]}"#),
                              file: directory.appendingPathComponent("scene.json").path)
        #expect(loaded.allRecognizers[0].kind == .custom(.unistroke(UnistrokeParameters(templates: [template]))))
        let instance = SceneInstance(loaded)
        #expect((instance.recognizers["s"] as? UnistrokeGestureRecognizer)?.templates == [template])
    }

    @Test("recording from a trace without touches is refused with a reason")
    func emptyTrace() {
        let document = TraceDocument(header: SyntheticTouchscreen.header(recorder: "replay tests", version: "0", detail: ""), events: [])
        #expect(throws: TemplateRecordingError.self) { try TemplateRecorder.record(document, name: "x") }
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
}
