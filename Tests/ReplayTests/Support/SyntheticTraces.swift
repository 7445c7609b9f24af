import Foundation
import Replay
import Synthesis
import TouchTrace

/// Synthetic sessions written as real trace files in a fresh temporary folder, for tests that
/// replay files end to end.
enum SyntheticTraces {
    /// The events of `gestures` performed one after another by a seeded synthesizer.
    static func document(_ gestures: [Gesture], seed: UInt64 = 1, at position: ScreenPoint? = nil, nearMiss: Bool = false) throws -> TraceDocument {
        var session = try SessionSynthesizer(seed: seed, options: SynthesisOptions(position: position, nearMiss: nearMiss))
        var events: [TraceEvent] = []
        for gesture in gestures { try session.perform(gesture, into: &events) }
        return TraceDocument(header: SyntheticTouchscreen.header(recorder: "replay tests", version: "0", detail: ""), events: events)
    }

    /// Writes `document` to `folder/name.trace` and returns the path.
    @discardableResult
    static func write(_ document: TraceDocument, to folder: String, name: String) throws -> String {
        let path = folder + "/" + name + ".trace"
        try BinaryTrace.write(document, to: path)
        return path
    }

    /// The text log of replaying `document` through `scene`.
    static func log(_ document: TraceDocument, scene: Scene) throws -> String {
        let driver = ReplayDriver(scene: scene, devices: document.header.devices)
        for event in document.events { try driver.feed(event) }
        driver.finish()
        var bytes: [UInt8] = []
        driver.drainLog { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
