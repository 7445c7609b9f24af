import Replay
import Testing
import ThreeFingerLongPress

/// The kind as scene files see it: its parameters reach the recognizer, bad values are refused with
/// the file, line and key, and it registers once.
@Suite("threeFingerLongPress kind")
struct KindTests {
    let registry: RecognizerRegistry

    init() throws {
        registry = try RecognizerRegistry.standard.registering([.threeFingerLongPress])
    }

    @Test("A scene's parameters reach the recognizer; unset ones keep its defaults")
    func parametersReachRecognizer() throws {
        let scene = try SceneLoader.decode(Array(Self.scene(#""minimumPressDuration": 0.8"#).utf8), file: "t.json", registry: registry)
        let recognizer = try #require(SceneInstance(scene).recognizers["press"] as? ThreeFingerLongPressGestureRecognizer)
        #expect(recognizer.minimumPressDuration == 800_000)
        #expect(recognizer.allowableMovement == 10)
        #expect(recognizer.landingWindow == 150_000)
    }

    @Test("An out-of-range value is refused with file, line, key path and the allowed range")
    func outOfRangeIsRefused() throws {
        #expect {
            try SceneLoader.decode(Array(Self.scene(#""allowableMovement": -1"#).utf8), file: "t.json", registry: registry)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("t.json:4: views[0].recognizers[0].allowableMovement: ") && text.contains("at least 0")
        }
    }

    @Test("Registering the kind twice is refused")
    func registeringTwiceIsRefused() {
        #expect(throws: RecognizerRegistrationError.self) { try registry.registering([.threeFingerLongPress]) }
    }

    static func scene(_ parameter: String) -> String {
        """
        {"name": "t", "window": {"width": 1280, "height": 800},
         "views": [{"id": "v", "frame": {"x": 0, "y": 0, "width": 1280, "height": 800},
           "recognizers": [
             {"id": "press", "type": "threeFingerLongPress", \(parameter)}]}]}
        """
    }
}
