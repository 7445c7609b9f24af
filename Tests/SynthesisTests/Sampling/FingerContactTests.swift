import Testing
import TouchTrace

@testable import Synthesis

@Suite("A finger's contact moves through waiting, touching and lifted as its track says")
struct FingerContactTests {
    let track = FingerTrack(
        down: 0.1, up: 0.3, path: .still(ScreenPoint(x: 100, y: 100)),
        contact: ContactProfile(peakPressure: 0.5, majorMillimetres: 8, minorRatio: 0.8, landing: 0.03, lifting: 0.02)
    )

    @Test("Before its landing time a finger waits, then lands, moves, lifts and is done")
    func lifecycle() {
        var finger = FingerContact()
        #expect(finger.step(at: 0.05, following: track) == .wait(down: 0.1))
        #expect(finger.step(at: 0.1, following: track) == .land)
        finger.land(slot: 2, touch: 9)
        #expect(finger.identity == (2, 9))
        #expect(finger.step(at: 0.2, following: track) == .move)
        finger.report(TouchSample(time: 200_000, phase: .motion, touch: 9, slot: 2, x: 225, y: 225))
        #expect(finger.step(at: 0.31, following: track) == .lift)
        let up = finger.lift(at: 310_000)
        #expect(up.phase == .up && up.time == 310_000 && up.x == 225 && up.touch == 9)
        #expect(finger.step(at: 0.4, following: track) == .done)
    }
}
