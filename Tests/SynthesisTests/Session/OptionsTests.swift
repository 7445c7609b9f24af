import Synthesis
import Testing
import TouchTrace

@Suite("Options shape sampling, speed and placement, and are checked")
struct OptionsTests {
    @Test("Scans follow the sampling rate", arguments: [60.0, 120.0, 240.0])
    func samplingRate(hertz: Double) throws {
        let shape = try synthesize(.longPress(fingers: 1), seed: 2, options: SynthesisOptions(samplingRate: hertz))
        let times = shape.sequences[0].samples.map(\.time)
        let gaps = zip(times, times.dropFirst()).map { Double($1 - $0) }.sorted()
        let median = gaps[gaps.count / 2]
        #expect(abs(median - 1_000_000 / hertz) < 0.1 * 1_000_000 / hertz)
    }

    @Test("Without jitter every scan falls exactly on the sampling grid")
    func noJitter() throws {
        let shape = try synthesize(.pan(direction: .left, fingers: 1), seed: 3, options: SynthesisOptions(samplingRate: 125, jitter: 0))
        for sequence in shape.sequences {
            #expect(sequence.samples.allSatisfy { $0.time % 8_000 == 0 })
        }
    }

    @Test("Without noise a resting finger reports only when its contact changes")
    func noNoiseRestingFinger() throws {
        let shape = try synthesize(.longPress(fingers: 1), seed: 4, options: SynthesisOptions(noise: 0))
        let sequence = shape.sequences[0]
        let scans = Int(sequence.duration * 120)
        #expect(sequence.samples.count < scans)
    }

    @Test("A faster hand finishes the same pan sooner")
    func speed() throws {
        let normal = try synthesize(.pan(direction: .right, fingers: 1), seed: 6).sequences[0]
        let fast = try synthesize(.pan(direction: .right, fingers: 1), seed: 6, options: SynthesisOptions(speed: 2)).sequences[0]
        #expect(fast.duration < normal.duration * 0.75)
    }

    @Test("A requested position is where a tap lands")
    func position() throws {
        let target = ScreenPoint(x: 300, y: 200)
        let sequence = try synthesize(.tap(fingers: 1), seed: 7, options: SynthesisOptions(position: target)).sequences[0]
        #expect((sequence.startPoint - target).length < 3)
    }

    @Test("Options outside their ranges are refused with a message naming them")
    func validation() {
        let invalid = [
            SynthesisOptions(samplingRate: 5), SynthesisOptions(noise: -1), SynthesisOptions(speed: 0),
            SynthesisOptions(position: ScreenPoint(x: 2000, y: 10)),
        ]
        for options in invalid {
            #expect(throws: SynthesisError.self) { try options.validate() }
        }
    }

    @Test("A pinch whose scale contradicts its direction is refused")
    func contradictoryPinch() {
        #expect(throws: SynthesisError.self) { try SessionSynthesizer.validate(.pinch(.in, scale: 1.5)) }
        #expect(throws: SynthesisError.self) { try SessionSynthesizer.validate(.pinch(.out, scale: 0.5)) }
    }
}
