import GestureEngine
import Synthesis
import TouchTrace

/// A corpus turned into the engine's own input once, in setup: one `TouchFrame` per hardware frame,
/// in window points. The engine suite then measures dispatch alone, not decoding or mapping (the
/// replay suite measures the whole road).
public struct FrameScript {
    public let frames: [TouchFrame]
    public let touchSamples: Int
    /// Time from the first frame to one second after the last, so that a script can be replayed
    /// again and again on one engine with time always moving forward.
    public let period: GestureTime

    public init(_ events: [TraceEvent]) {
        var frames: [TouchFrame] = []
        var pending: [TouchInput] = []
        var samples = 0
        let scale = 1 / SyntheticTouchscreen.unitsPerPoint
        for event in events {
            switch event {
            case .touch(let sample):
                samples += 1
                let change: TouchInput.Change = switch sample.phase {
                case .down: .down
                case .motion: .move
                case .up: .up
                case .cancel: .cancel
                }
                pending.append(TouchInput(
                    identifier: sample.touch, change: change,
                    location: Point(x: Double(sample.x) * scale, y: Double(sample.y) * scale)))
            case .frame(let mark):
                if !pending.isEmpty {
                    frames.append(TouchFrame(timestamp: mark.time, touches: pending))
                    pending.removeAll(keepingCapacity: true)
                }
            case .gesture, .device, .annotation:
                break
            }
        }
        self.frames = frames
        touchSamples = samples
        period = (frames.last?.timestamp ?? 0) - (frames.first?.timestamp ?? 0) + 1_000_000
    }
}
