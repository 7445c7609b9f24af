import Synthesis
import Testing
import TouchTrace

@Suite("A cancelled gesture ends every touch with a cancel part-way through")
struct CancellationTests {
    @Test("Every touch on the screen at the cancel ends with it; touches that lifted before keep their up", arguments: everyGesture)
    func cancelled(gesture: Gesture) throws {
        let shape = try synthesize(gesture, seed: 5, options: SynthesisOptions(cancelAt: 0.5))
        #expect(shape.problems == [])
        let cancel = try #require(shape.sequences.first { $0.last.phase == .cancel }).last.time
        for sequence in shape.sequences {
            #expect(sequence.last.phase == (sequence.last.time < cancel ? .up : .cancel))
            #expect(sequence.last.time <= cancel)
        }
        #expect(shape.annotations == ["synth cancelled \(gesture.label)"])
    }

    @Test("The cancel comes at the requested fraction of the gesture")
    func fraction() throws {
        let whole = try synthesize(.longPress(fingers: 1), seed: 6).sequences[0]
        let cancelled = try synthesize(.longPress(fingers: 1), seed: 6, options: SynthesisOptions(cancelAt: 0.25)).sequences[0]
        #expect(cancelled.start == whole.start)
        #expect(abs(cancelled.duration - whole.duration * 0.25) < 0.02)
    }

    @Test("Fingers that had not landed when the gesture was cancelled never land")
    func lateFingers() throws {
        // A double tap cancelled during its first tap: the second tap never comes.
        let shape = try synthesize(.doubleTap(fingers: 1), seed: 2, options: SynthesisOptions(cancelAt: 0.1))
        #expect(shape.sequences.count == 1)
        #expect(shape.sequences[0].last.phase == .cancel)
    }

    @Test("Cancelling at the very start still lets a finger land first")
    func atStart() throws {
        let shape = try synthesize(.tap(fingers: 1), seed: 3, options: SynthesisOptions(cancelAt: 0))
        #expect(shape.sequences.count == 1)
        #expect(shape.sequences[0].samples.map(\.phase) == [.down, .cancel])
    }

    @Test("A cancel point outside the gesture is refused")
    func outOfRange() {
        #expect(throws: SynthesisError.self) { try SynthesisOptions(cancelAt: 1.5).validate() }
    }
}
