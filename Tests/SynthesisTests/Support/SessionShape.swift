import Synthesis
import TouchTrace

/// One finger's samples from down to up, with the measurements the shape tests need, in points and
/// seconds.
struct TouchSequence {
    var samples: [TouchSample]

    var first: TouchSample { samples[0] }
    var last: TouchSample { samples[samples.count - 1] }
    var start: Double { Double(first.time) / 1_000_000 }
    var end: Double { Double(last.time) / 1_000_000 }
    var duration: Double { end - start }

    func point(_ sample: TouchSample) -> ScreenPoint {
        ScreenPoint(x: Double(sample.x) / SyntheticTouchscreen.unitsPerPoint, y: Double(sample.y) / SyntheticTouchscreen.unitsPerPoint)
    }

    var startPoint: ScreenPoint { point(first) }
    var endPoint: ScreenPoint { point(last) }
    /// From the landing point to the lifting point.
    var displacement: ScreenPoint { endPoint - startPoint }
    /// Largest distance from the landing point at any sample.
    var maximumMovement: Double {
        samples.reduce(0) { max($0, (point($1) - startPoint).length) }
    }

    /// Where the finger was at `time` (the last sample at or before it).
    func position(at time: Microseconds) -> ScreenPoint? {
        samples.last { $0.time <= time }.map(point)
    }
}

/// A generated session taken apart: its touch sequences in order of landing, its annotations, and
/// every way in which it breaks the rules of a well-formed trace.
struct SessionShape {
    var events: [TraceEvent]
    var sequences: [TouchSequence] = []
    var annotations: [String] = []
    var frames = 0
    var touchSamples = 0
    /// Broken rules, in words; empty for a well-formed trace.
    var problems: [String] = []
    var peakConcurrentTouches = 0

    init(_ events: [TraceEvent], slots: Int = Int(SyntheticTouchscreen.slots)) {
        self.events = events
        var open: [TouchID: Int] = [:]
        var ended: Set<TouchID> = []
        var slotOwner: [UInt16: TouchID] = [:]
        var previousTime = Microseconds.min
        var pendingFrameTime: Microseconds?
        let device = SyntheticTouchscreen.description
        for (offset, event) in events.enumerated() {
            if event.time < previousTime { problems.append("event \(offset) goes back in time") }
            previousTime = event.time
            switch event {
            case .touch(let sample):
                touchSamples += 1
                if let pending = pendingFrameTime, pending != sample.time {
                    problems.append("event \(offset): samples at \(pending) were not closed by a frame mark")
                }
                pendingFrameTime = sample.time
                if !(device.x.minimum...device.x.maximum).contains(sample.x) || !(device.y.minimum...device.y.maximum).contains(sample.y) {
                    problems.append("event \(offset): position off the panel")
                }
                if Int(sample.slot) >= slots { problems.append("event \(offset): slot \(sample.slot) out of range") }
                switch sample.phase {
                case .down:
                    if open[sample.touch] != nil || ended.contains(sample.touch) {
                        problems.append("event \(offset): touch \(sample.touch) goes down twice")
                    }
                    if let owner = slotOwner[sample.slot] {
                        problems.append("event \(offset): slot \(sample.slot) already held by touch \(owner)")
                    }
                    slotOwner[sample.slot] = sample.touch
                    open[sample.touch] = sequences.count
                    sequences.append(TouchSequence(samples: [sample]))
                    peakConcurrentTouches = max(peakConcurrentTouches, open.count)
                    if open.count > slots { problems.append("event \(offset): more than \(slots) touches at once") }
                case .motion, .up, .cancel:
                    guard let index = open[sample.touch] else {
                        problems.append("event \(offset): touch \(sample.touch) \(sample.phase) without a down")
                        continue
                    }
                    if sequences[index].last.slot != sample.slot { problems.append("event \(offset): touch changed slot") }
                    sequences[index].samples.append(sample)
                    if sample.phase != .motion {
                        open[sample.touch] = nil
                        slotOwner[sample.slot] = nil
                        ended.insert(sample.touch)
                    }
                }
            case .frame(let mark):
                frames += 1
                if pendingFrameTime == nil { problems.append("event \(offset): frame mark with no samples before it") }
                if let pending = pendingFrameTime, pending != mark.time {
                    problems.append("event \(offset): frame mark at \(mark.time) closes samples at \(pending)")
                }
                pendingFrameTime = nil
            case .annotation(let note):
                if pendingFrameTime != nil { problems.append("event \(offset): annotation inside a frame") }
                annotations.append(note.text)
            case .gesture, .device:
                problems.append("event \(offset): unexpected event \(event)")
            }
        }
        if pendingFrameTime != nil { problems.append("the last samples have no frame mark") }
        if !open.isEmpty { problems.append("touches \(open.keys.sorted()) never lift") }
    }
}

/// Generates one gesture with a fresh session.
func synthesize(_ gesture: Gesture, seed: UInt64 = 1, options: SynthesisOptions = SynthesisOptions()) throws -> SessionShape {
    var session = try SessionSynthesizer(seed: seed, options: options)
    var events: [TraceEvent] = []
    try session.perform(gesture, into: &events)
    return SessionShape(events)
}

/// Every gesture family with typical parameters, for tests that hold for all of them.
let everyGesture: [Gesture] = [
    .tap(fingers: 1), .tap(fingers: 3), .tap(fingers: 10), .doubleTap(fingers: 1), .doubleTap(fingers: 2),
    .longPress(fingers: 1), .longPress(fingers: 2), .pan(direction: nil, fingers: 1), .pan(direction: .up, fingers: 2),
    .swipe(direction: .right, fingers: 1), .swipe(direction: .down, fingers: 3), .pinch(.in, scale: nil),
    .pinch(.out, scale: nil), .rotation(degrees: 45), .rotation(degrees: -90), .edgePan(edge: .left),
    .edgePan(edge: .bottom), .chevron(mirrored: false), .chevron(mirrored: true), .checkmark,
    .circle(.clockwise), .shake(turns: 4), .doubleTapDrag(direction: .down),
    .pattern(try! PatternCode(parsing: "1-2-3-6-9")),
]
