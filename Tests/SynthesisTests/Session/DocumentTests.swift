import Synthesis
import Testing
import TouchTrace

@Suite("Whole synthetic documents")
struct DocumentTests {
    @Test("A document holds every typical gesture, one annotation each, under the synthetic touchscreen's header")
    func typicalDocument() throws {
        let document = try SessionSynthesizer.document(Gesture.typical, seed: 3)
        let shape = SessionShape(document.events)
        #expect(shape.problems == [])
        #expect(document.header.devices == [SyntheticTouchscreen.description])
        #expect(shape.annotations == Gesture.typical.map { "synth \($0.label)" })
        #expect(Gesture.typical.map(\.family) == GestureFamily.allCases)
    }
}
