import Foundation
import Synthesis
import Testing
import TouchTrace

/// Each family has the shape it claims, measured on the samples (in points and seconds) the way a
/// recognizer with UIKit's default thresholds would see them. Each test checks several seeds.
@Suite("Each gesture family has the shape it claims")
struct GestureShapeTests {
    static let seeds: [UInt64] = [1, 2, 3, 7, 42, 1234]

    @Test("A tap is one short, nearly still sequence per finger", arguments: [1, 2, 5])
    func tap(fingers: Int) throws {
        for seed in Self.seeds {
            let shape = try synthesize(.tap(fingers: fingers), seed: seed)
            #expect(shape.sequences.count == fingers)
            for sequence in shape.sequences {
                #expect(sequence.duration < 0.2)
                #expect(sequence.maximumMovement < 10)
            }
        }
    }

    @Test("The fingers of a multi-finger tap land and lift nearly together, a fingertip apart")
    func multiFingerTapTogether() throws {
        for seed in Self.seeds {
            let sequences = try synthesize(.tap(fingers: 4), seed: seed).sequences
            let landings = sequences.map(\.start)
            #expect(landings.max()! - landings.min()! < 0.05)
            for (left, right) in zip(sequences, sequences.dropFirst()) {
                #expect((right.startPoint - left.startPoint).length > 60)
            }
        }
    }

    @Test("A double tap is two taps whose gap is within the double-tap interval")
    func doubleTap() throws {
        for seed in Self.seeds {
            let sequences = try synthesize(.doubleTap(fingers: 1), seed: seed).sequences
            #expect(sequences.count == 2)
            #expect(sequences[1].start - sequences[0].end < 0.35)
            #expect(sequences[1].start - sequences[0].start < 0.35)
            #expect((sequences[1].startPoint - sequences[0].startPoint).length < 20)
            #expect(sequences.allSatisfy { $0.duration < 0.2 && $0.maximumMovement < 10 })
        }
    }

    @Test("A long press rests at least half a second within ten points")
    func longPress() throws {
        for seed in Self.seeds {
            let sequences = try synthesize(.longPress(fingers: 1), seed: seed).sequences
            #expect(sequences.count == 1)
            #expect(sequences[0].duration >= 0.5)
            #expect(sequences[0].maximumMovement < 10)
        }
    }

    @Test("A pan moves well past the pan threshold and stops before lifting")
    func pan() throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.pan(direction: .down, fingers: 1), seed: seed).sequences[0]
            #expect(sequence.displacement.y > 100)
            #expect(abs(sequence.displacement.x) < sequence.displacement.y / 3)
            // At rest when lifting: the last 50 ms cover under 3 points.
            let before = sequence.position(at: sequence.last.time - 50_000)!
            #expect((sequence.endPoint - before).length < 3)
        }
    }

    @Test("A swipe travels far and fast in its direction and lifts while moving", arguments: SwipeDirection.allCases)
    func swipe(direction: SwipeDirection) throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.swipe(direction: direction, fingers: 1), seed: seed).sequences[0]
            let travel = sequence.displacement
            let (along, across): (Double, Double) =
                switch direction {
                case .right: (travel.x, travel.y)
                case .left: (-travel.x, travel.y)
                case .down: (travel.y, travel.x)
                case .up: (-travel.y, travel.x)
                }
            #expect(along > 120)
            #expect(abs(across) < along / 4)
            #expect(sequence.duration < 0.3)
            let before = sequence.position(at: sequence.last.time - 20_000)!
            #expect((sequence.endPoint - before).length > 5)
        }
    }

    @Test("The fingers of a pinch in close and those of a pinch out spread", arguments: PinchDirection.allCases)
    func pinch(direction: PinchDirection) throws {
        for seed in Self.seeds {
            let (start, end) = try fingerDistances(.pinch(direction, scale: nil), seed: seed)
            if direction == .in { #expect(end < start * 0.6) } else { #expect(end > start * 1.8) }
        }
    }

    @Test("A pinch reaches the requested scale")
    func pinchScale() throws {
        for seed in Self.seeds {
            let (start, end) = try fingerDistances(.pinch(.out, scale: 1.5), seed: seed)
            #expect(abs(end / start - 1.5) < 0.05)
        }
    }

    @Test("A rotation turns the line between the fingers by the requested angle", arguments: [30.0, -75.0, 170.0])
    func rotation(degrees: Double) throws {
        for seed in Self.seeds {
            let (start, end) = try fingerAngles(.rotation(degrees: degrees), seed: seed)
            var turned = (end - start) * 180 / .pi
            while turned > 180 { turned -= 360 }
            while turned < -180 { turned += 360 }
            #expect(abs(turned - degrees) < 3, "seed \(seed): turned \(turned)°")
        }
    }

    @Test("An edge pan lands within a few points of its edge and drags away from it", arguments: ScreenEdge.allCases)
    func edgePan(edge: ScreenEdge) throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.edgePan(edge: edge), seed: seed).sequences[0]
            let start = sequence.startPoint
            let travel = sequence.displacement
            switch edge {
            case .left: #expect(start.x < 10 && travel.x > 150)
            case .right: #expect(start.x > 1270 && travel.x < -150)
            case .top: #expect(start.y < 10 && travel.y > 150)
            case .bottom: #expect(start.y > 790 && travel.y < -150)
            }
        }
    }

    @Test("A chevron goes down-right, then down-left, and ends below its start")
    func chevron() throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.chevron(mirrored: false), seed: seed).sequences[0]
            let rightmost = sequence.samples.max { $0.x < $1.x }!
            let corner = sequence.point(rightmost)
            #expect(corner.x - sequence.startPoint.x > 50)
            #expect(corner.y - sequence.startPoint.y > 50)
            #expect(sequence.endPoint.x - corner.x < -50)
            #expect(sequence.endPoint.y - corner.y > 50)
        }
    }

    @Test("A checkmark dips down-right, then rises further up-right")
    func checkmark() throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.checkmark, seed: seed).sequences[0]
            let lowest = sequence.point(sequence.samples.max { $0.y < $1.y }!)
            #expect(lowest.x > sequence.startPoint.x && lowest.y - sequence.startPoint.y > 25)
            #expect(sequence.endPoint.x - lowest.x > 50)
            #expect(lowest.y - sequence.endPoint.y > 80)
        }
    }

    @Test("A circle sweeps a full turn in its direction around a steady centre", arguments: [Turn.clockwise, .counterclockwise])
    func circle(turn: Turn) throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.circle(turn), seed: seed).sequences[0]
            let points = sequence.samples.map(sequence.point)
            let centre = points.reduce(ScreenPoint.zero, +) * (1 / Double(points.count))
            var swept = 0.0
            for (a, b) in zip(points, points.dropFirst()) {
                var step = atan2(b.y - centre.y, b.x - centre.x) - atan2(a.y - centre.y, a.x - centre.x)
                if step > .pi { step -= 2 * .pi }
                if step < -.pi { step += 2 * .pi }
                swept += step
            }
            // A full turn, closed with a small overshoot as people do.
            let signed = turn == .clockwise ? swept : -swept
            #expect(signed > 2 * .pi - 0.3 && signed < 2 * .pi + 0.9, "seed \(seed): swept \(swept)")
        }
    }

    @Test("A shake reverses its horizontal direction the requested number of times")
    func shake() throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.shake(turns: 4), seed: seed).sequences[0]
            #expect(reversals(of: sequence, minimumStroke: 30) == 4)
        }
    }

    @Test("A double-tap-drag is a tap, then a second landing within the interval that drags vertically")
    func doubleTapDrag() throws {
        for seed in Self.seeds {
            let sequences = try synthesize(.doubleTapDrag(direction: .down), seed: seed).sequences
            #expect(sequences.count == 2)
            #expect(sequences[0].maximumMovement < 10 && sequences[0].duration < 0.2)
            #expect(sequences[1].start - sequences[0].end < 0.35)
            #expect(sequences[1].displacement.y > 100)
        }
    }

    @Test("A pattern path passes over the centre of each target in order")
    func pattern() throws {
        let code = try PatternCode(parsing: "1-2-3-6-9")
        let centre = ScreenPoint(x: 640, y: 400)
        for seed in Self.seeds {
            let sequence = try synthesize(.pattern(code), seed: seed, options: SynthesisOptions(position: centre)).sequences[0]
            var visited: [Int] = []
            for sample in sequence.samples {
                let point = sequence.point(sample)
                for target in 1...9 {
                    let target_centre = centre + ScreenPoint(x: Double((target - 1) % 3 - 1) * 120, y: Double((target - 1) / 3 - 1) * 120)
                    if (point - target_centre).length < 25, visited.last != target { visited.append(target) }
                }
            }
            #expect(visited == code.targets)
        }
    }

    // MARK: - Measuring two-finger gestures

    /// Distance between the two fingers at the first and the last scan where both are down.
    private func fingerDistances(_ gesture: Gesture, seed: UInt64) throws -> (Double, Double) {
        let (first, last) = try bothDown(gesture, seed: seed)
        return ((first.1 - first.0).length, (last.1 - last.0).length)
    }

    /// Angle of the line from the first finger to the second at the first and last scans both are down.
    private func fingerAngles(_ gesture: Gesture, seed: UInt64) throws -> (Double, Double) {
        let (first, last) = try bothDown(gesture, seed: seed)
        let a = first.1 - first.0
        let b = last.1 - last.0
        return (atan2(a.y, a.x), atan2(b.y, b.x))
    }

    private func bothDown(_ gesture: Gesture, seed: UInt64) throws
        -> ((ScreenPoint, ScreenPoint), (ScreenPoint, ScreenPoint))
    {
        let sequences = try synthesize(gesture, seed: seed).sequences
        #expect(sequences.count == 2)
        let from = max(sequences[0].first.time, sequences[1].first.time)
        let to = min(sequences[0].last.time, sequences[1].last.time)
        return (
            (sequences[0].position(at: from)!, sequences[1].position(at: from)!),
            (sequences[0].position(at: to)!, sequences[1].position(at: to)!)
        )
    }
}

/// How often a finger's horizontal direction reverses after strokes of at least `minimumStroke` points.
func reversals(of sequence: TouchSequence, minimumStroke: Double) -> Int {
    var count = 0
    var direction = 0.0
    var extreme = sequence.startPoint.x
    for sample in sequence.samples {
        let x = sequence.point(sample).x
        if direction >= 0 && x > extreme || direction <= 0 && x < extreme { extreme = x }
        if direction == 0, abs(x - sequence.startPoint.x) >= minimumStroke {
            direction = x > sequence.startPoint.x ? 1 : -1
            extreme = x
        } else if direction > 0, extreme - x >= minimumStroke {
            count += 1
            direction = -1
            extreme = x
        } else if direction < 0, x - extreme >= minimumStroke {
            count += 1
            direction = 1
            extreme = x
        }
    }
    return count
}
