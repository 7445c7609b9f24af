import Foundation
import Testing

@testable import Synthesis

@Suite("Sine and cosine without libm")
struct DeterministicTrigTests {
    @Test("Deterministic sine and cosine agree with the platform's to within a few ulps")
    func trigonometry() {
        var angle = -20.0
        while angle < 20 {
            let (sine, cosine) = DeterministicTrig.sineCosine(angle)
            // Reducing the angle costs about an ulp of the angle itself.
            let tolerance = 4 * max(1, abs(angle)).ulp
            #expect(abs(sine - sin(angle)) <= tolerance)
            #expect(abs(cosine - cos(angle)) <= tolerance)
            angle += 0.0137
        }
    }
}
