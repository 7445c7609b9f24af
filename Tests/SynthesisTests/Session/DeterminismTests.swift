import Synthesis
import Testing
import TouchTrace

@Suite("The seed alone decides what is generated")
struct DeterminismTests {
    @Test("The same seed gives identical events", arguments: everyGesture)
    func sameSeed(gesture: Gesture) throws {
        let first = try synthesize(gesture, seed: 42).events
        let second = try synthesize(gesture, seed: 42).events
        #expect(first == second)
    }

    @Test("Different seeds give different events", arguments: everyGesture)
    func differentSeeds(gesture: Gesture) throws {
        let first = try synthesize(gesture, seed: 1).events
        let second = try synthesize(gesture, seed: 2).events
        #expect(first != second)
    }

    @Test("Changing the sensor noise leaves the hand's timing unchanged")
    func noiseDoesNotMoveTheHand() throws {
        let quiet = try synthesize(.pan(direction: .right, fingers: 1), seed: 5, options: SynthesisOptions(noise: 0))
        let noisy = try synthesize(.pan(direction: .right, fingers: 1), seed: 5, options: SynthesisOptions(noise: 2))
        #expect(quiet.sequences.map(\.first.time) == noisy.sequences.map(\.first.time))
        #expect(quiet.sequences.map(\.last.time) == noisy.sequences.map(\.last.time))
    }

    @Test("The random generator matches the published SplitMix64 and xoshiro256** reference streams")
    func referenceStreams() {
        // xoshiro256** with its state filled by SplitMix64 from seed 0, as an independent
        // transcription of the two reference C implementations computes it. (SplitMix64's own first
        // output for seed 0 is the published 0xE220A8397B1DCDAF.)
        var generator = SeededGenerator(seed: 0)
        let values = (0..<3).map { _ in generator.next() }
        #expect(values == [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0])
    }
}
