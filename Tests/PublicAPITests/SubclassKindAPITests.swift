import GestureEngine
import Replay
import Testing

/// A package's subclass of a standard recognizer, made available to scenes as a kind whose
/// parameters are the properties it inherits, and replayed through the same road as any kind:
/// all through the public API (no `@testable` import).
@Suite("A subclass of a standard recognizer as a scene kind")
struct SubclassKindAPITests {
    /// A pan that only goes up and down: it fails before it begins when the drag goes sideways.
    final class VerticalPanGestureRecognizer: PanGestureRecognizer {
        private var start: Point?

        override func touchesBegan(_ touches: TouchBatch) {
            super.touchesBegan(touches)
            if start == nil { start = location(in: nil) }
        }

        override func touchesMoved(_ touches: TouchBatch) {
            if state == .possible, let start {
                let travel = location(in: nil) - start
                if travel.length >= 5 && abs(travel.dx) > abs(travel.dy) {
                    state = .failed
                    return
                }
            }
            super.touchesMoved(touches)
        }

        override func reset() {
            super.reset()
            start = nil
        }
    }

    static let verticalPan = RecognizerKind(
        "verticalPan", summary: "A pan that fails when the drag starts sideways; continuous.",
        parameters: [
            .count("minimumNumberOfTouches", \.minimumNumberOfTouches, in: 1...10, doc: "Fewest fingers that pan."),
        ],
        make: { VerticalPanGestureRecognizer(name: $0) }
    )

    /// The log of `capture` (a bundled trace) replayed through one full-window view holding a
    /// `verticalPan` with `parameters` (JSON members, or nothing).
    private func log(of capture: String, parameters: String = "") throws -> String {
        let registry = try RecognizerRegistry.standard.registering([Self.verticalPan])
        let scene = try SceneLoader.decode(Array("""
            {"name": "vertical", "window": {"width": 1280, "height": 800},
             "views": [{"id": "list", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
               "recognizers": [{"id": "scroll", "type": "verticalPan"\(parameters)}]}]}
            """.utf8), file: "vertical.json", registry: registry)
        var log: [UInt8] = []
        try TraceReplay.replay(tracePath: Bundled.captures + "/" + capture, scene: scene, into: &log)
        return String(decoding: log, as: UTF8.self)
    }

    @Test("A drag down begins the subclass's pan, as its superclass pans")
    func verticalDragPans() throws {
        let text = try log(of: "map/pan.trace")
        #expect(text.contains("state scroll possible -> began"))
        #expect(text.contains("action scroll began touches=1"))
    }

    @Test("A drag sideways fails the subclass before it begins")
    func sidewaysDragFails() throws {
        let text = try log(of: "standard/swipe-left.trace")
        #expect(text.contains("state scroll possible -> failed"))
        #expect(!text.contains("action scroll"))
    }

    @Test("A parameter the subclass inherits reaches it from the scene file")
    func inheritedParameterApplies() throws {
        // Two fingers required: the one-finger drag down never begins the pan.
        let text = try log(of: "map/pan.trace", parameters: #", "minimumNumberOfTouches": 2"#)
        #expect(text.contains("state scroll possible -> failed"))
        #expect(!text.contains("action scroll"))
    }
}
