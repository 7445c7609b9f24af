import GestureEngine
import Testing
@testable import WaylandFrontend

@Suite("Observation log formatting")
struct ObservationLogTests {
    @Test("prints numbers with three decimals and no negative zero")
    func fixedDecimals() {
        #expect(ObservationLog.fixed(1.23456) == "1.235")
        #expect(ObservationLog.fixed(-0.0001) == "0.000")
        #expect(ObservationLog.fixed(-2) == "-2.000")
    }

    @Test("describes an action's values in a fixed order, leaving out what the recognizer lacks")
    func actionValues() {
        let values = ActionValues(location: Point(x: 1, y: 2), numberOfTouches: 2, scale: 1.5, rotation: -0.25)
        #expect(ObservationLog.describe(values) == "touches 2 at 1.000 2.000 scale 1.500 rotation -0.250")
    }
}
