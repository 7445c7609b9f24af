import FuzzSupport
import Replay
import Synthesis
import TouchTrace

/// A short session of every gesture family Touchstone synthesizes, at 30 Hz: the same trace for
/// every input, so what varies is the scene.
let session: TraceDocument = {
    do {
        let gestures: [Gesture] = [
            .tap(fingers: 1), .doubleTap(fingers: 2), .longPress(fingers: 1), .pan(direction: nil, fingers: 2),
            .swipe(direction: .left, fingers: 1), .pinch(.out, scale: nil), .rotation(degrees: 60), .edgePan(edge: .left),
            .chevron(mirrored: false), .checkmark, .circle(.clockwise), .shake(turns: 3), .doubleTapDrag(direction: .up),
            .pattern(try PatternCode(parsing: "1-2-3-6-9")),
        ]
        return try SessionSynthesizer.document(gestures, seed: 1, options: SynthesisOptions(samplingRate: 30, noise: 0, jitter: 0))
    } catch {
        fatalError("the fixed session cannot be synthesized: \(error)")
    }
}()

/// Decodes the input as a scene file and, when it is one, replays the fixed session through it:
/// recognizers with hostile parameters, relations and delivery flags (every kind a scene may
/// name), on hostile view frames and mappings, must end in a log, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let scene = try? SceneLoader.decode(input(data, size), file: "fuzz.json") else { return 0 }
    let driver = ReplayDriver(scene: scene, devices: session.header.devices)
    do {
        for event in session.events { try driver.feed(event) }
    } catch {
        return 0
    }
    driver.finish()
    driver.drainLogBytes { _ in }
    return 0
}

@_cdecl("FuzzSceneReplay_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
