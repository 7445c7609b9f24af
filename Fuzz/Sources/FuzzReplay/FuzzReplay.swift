import FuzzSupport
import Replay
import TouchTrace

/// Every built-in scene, built once (a replay instantiates its scene afresh): together they hold a
/// recognizer of every kind Touchstone ships, standard and custom.
let scenes = BuiltinScenes.all

/// Parses the input as a JSON Lines trace and replays it through every built-in scene, formatting
/// the log (text, and JSON Lines through `map`) and dropping it: well-formed events with hostile
/// values (times, places, slots, ids, devices) reach every recognizer, the scheduler and the log
/// writer, which must end in a `ReplayError` or a log, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let trace = try? JSONLines.parse(input(data, size), name: "fuzz.jsonl") else { return 0 }
    for (index, scene) in scenes.enumerated() {
        replay(trace.document, through: scene, format: .text)
        if index == 0 { replay(trace.document, through: scene, format: .jsonl) }
    }
    return 0
}

func replay(_ document: TraceDocument, through scene: Scene, format: LogFormat) {
    let driver = ReplayDriver(scene: scene, devices: document.header.devices, format: format)
    do {
        for event in document.events { try driver.feed(event) }
    } catch {
        return  // a touch from a device the trace never described, or a time out of range
    }
    driver.finish()
    driver.drainLogBytes { _ in }
}

@_cdecl("FuzzReplay_main")
func start(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
