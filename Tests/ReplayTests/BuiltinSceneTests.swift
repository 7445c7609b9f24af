import Testing
import Synthesis
import TouchTrace
@testable import Replay

/// What the built-in scenes do with simple presses, pinned line by line.
@Suite("Built-in scenes")
struct BuiltinSceneTests {
    func lines(_ document: TraceDocument, _ scene: Scene) throws -> [Substring] {
        UnifiedDiff.lines(try SyntheticTraces.log(document, scene: scene))
    }

    @Test("A button in the scroll view sees a resting finger only 0.15 s after it lands")
    func contentTouchesDelayed() throws {
        let log = try lines(ReplayRuleTests.press(down: 0, up: 600_000, x: 372, y: 260), BuiltinScenes.buttons)
        #expect(log.first == "    150000 state scroll.delay possible -> failed")
        #expect(log.dropFirst().first == "    150000 view button1 began #7(372.00,260.00)@0")
    }

    @Test("A quick tap on a button reaches it late, began and ended together when the tap recognizes")
    func quickTapDeliveredOnRecognition() throws {
        let log = try lines(ReplayRuleTests.press(down: 0, up: 60_000, x: 372, y: 260), BuiltinScenes.buttons)
        #expect(log.suffix(2) == ["     60000 view button1 began #7(372.00,260.00)@0", "     60000 view button1 ended #7(372.00,260.00)"])
        #expect(log.contains("     60000 action button1.tap recognized touches=1 at=(372.00,260.00)"))
    }

    @Test("A press on one piece reaches only that piece")
    func piecesHitTesting() throws {
        let log = try lines(ReplayRuleTests.press(down: 0, up: 60_000, x: 1012, y: 500), BuiltinScenes.pieces)
        #expect(log.allSatisfy { !$0.contains(" view red ") && !$0.contains(" view green ") })
        #expect(log.first == "         0 view blue began #7(1012.00,500.00)")
    }

    @Test("Every built-in scene has a unique name and is found by it")
    func namesAreUnique() {
        #expect(Set(BuiltinScenes.names).count == BuiltinScenes.all.count)
        #expect(BuiltinScenes.names == BuiltinScenes.all.map(\.name))
        for scene in BuiltinScenes.all { #expect(BuiltinScenes.named(scene.name) == scene) }
    }

    @Test("A built-in scene's name names no scene file, and resolves without a registry")
    func builtinNamesNeedNoRegistry() throws {
        for name in BuiltinScenes.names {
            #expect(!SceneReference.namesSceneFile(name))
            #expect(try SceneReference.resolve(" \(name)\n", registry: RecognizerRegistry()) == BuiltinScenes.named(name))
        }
        #expect(SceneReference.namesSceneFile("scenes/three-finger.json"))
        #expect(SceneReference.namesSceneFile(" three-finger.json\n"))
        #expect(!SceneReference.namesSceneFile("three-finger.json.txt"))
    }

    @Test("The JSON Lines log has one JSON object for each line of the text log")
    func jsonLinesMatchText() throws {
        let document = try SyntheticTraces.document([.doubleTap(fingers: 1), .pinch(.out, scale: nil)], seed: 5)
        let text = try SyntheticTraces.log(document, scene: BuiltinScenes.map)
        let driver = ReplayDriver(scene: BuiltinScenes.map, devices: document.header.devices, format: .jsonl)
        for event in document.events { try driver.feed(event) }
        driver.finish()
        var bytes: [UInt8] = []
        driver.drainLog { bytes += $0 }
        let jsonLines = UnifiedDiff.lines(String(decoding: bytes, as: UTF8.self))
        #expect(jsonLines.count == UnifiedDiff.lines(text).count)
        for line in jsonLines {
            let node = try JSONParser.parse(Array(line.utf8))
            guard case .object = node.value else { Issue.record("not an object: \(line)"); continue }
        }
    }
}
