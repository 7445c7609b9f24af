import Synthesis
import Testing
import TouchTrace

/// Near misses resemble their gesture but fall just outside the UIKit threshold they are about.
@Suite("Near misses fall just outside the threshold they name")
struct NearMissTests {
    static let seeds: [UInt64] = [1, 2, 3, 7, 42]
    let nearMiss = SynthesisOptions(nearMiss: true)

    @Test("A near-miss tap slides beyond the tap's 45-point allowable movement")
    func slidingTap() throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.tap(fingers: 1), seed: seed, options: nearMiss).sequences[0]
            #expect(sequence.maximumMovement > 45)
            #expect(sequence.duration < 0.3)
        }
    }

    @Test("A near-miss double tap lands its second tap after the 0.35 s interval")
    func lateSecondTap() throws {
        for seed in Self.seeds {
            let sequences = try synthesize(.doubleTap(fingers: 1), seed: seed, options: nearMiss).sequences
            #expect(sequences.count == 2)
            #expect(sequences[1].start - sequences[0].end > 0.35)
        }
    }

    @Test("A near-miss long press lifts before half a second")
    func shortPress() throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.longPress(fingers: 1), seed: seed, options: nearMiss).sequences[0]
            #expect(sequence.duration < 0.5)
            #expect(sequence.duration > 0.25)
        }
    }

    @Test("A near-miss pan never moves ten points from where it landed")
    func creep() throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.pan(direction: nil, fingers: 1), seed: seed, options: nearMiss).sequences[0]
            #expect(sequence.maximumMovement < 10)
        }
    }

    @Test("A near-miss swipe is a quick flick in its direction, too short for any swipe")
    func shortSwipe() throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.swipe(direction: .right, fingers: 1), seed: seed, options: nearMiss).sequences[0]
            #expect(sequence.duration < 0.3)
            #expect(sequence.displacement.x > 15)
            #expect(sequence.maximumMovement < 50)
        }
    }

    @Test("A near-miss edge pan lands well away from its edge")
    func inlandEdgePan() throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.edgePan(edge: .left), seed: seed, options: nearMiss).sequences[0]
            #expect(sequence.startPoint.x > 35)
        }
    }

    @Test("A near-miss shake makes strokes too short to count as reversals")
    func jitterShake() throws {
        for seed in Self.seeds {
            let sequence = try synthesize(.shake(turns: 4), seed: seed, options: nearMiss).sequences[0]
            #expect(reversals(of: sequence, minimumStroke: 30) == 0)
        }
    }

    @Test("A near-miss pattern lifts before reaching its last target")
    func shortPattern() throws {
        let centre = ScreenPoint(x: 640, y: 400)
        for seed in Self.seeds {
            let options = SynthesisOptions(position: centre, nearMiss: true)
            let sequence = try synthesize(.pattern(try PatternCode(parsing: "1-2-3")), seed: seed, options: options).sequences[0]
            let target3 = centre + ScreenPoint(x: 120, y: -120)
            #expect((sequence.endPoint - target3).length > 30)
        }
    }
}

@Suite("Two-finger near misses stay under the engine's begin thresholds")
struct TwoFingerNearMissTests {
    @Test("A near-miss pinch changes the finger distance by less than 8 points", arguments: PinchDirection.allCases)
    func timidPinch(direction: PinchDirection) throws {
        for seed: UInt64 in 1...6 {
            let sequences = try synthesize(.pinch(direction, scale: nil), seed: seed, options: SynthesisOptions(nearMiss: true)).sequences
            let from = max(sequences[0].first.time, sequences[1].first.time)
            var largest = 0.0
            var base: Double?
            for sample in sequences[1].samples where sample.time >= from {
                guard let thumb = sequences[0].position(at: sample.time) else { continue }
                let distance = (sequences[1].point(sample) - thumb).length
                if let base { largest = max(largest, abs(distance - base)) } else { base = distance }
            }
            #expect(largest < 8, "seed \(seed)")
        }
    }
}
