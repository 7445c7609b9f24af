import Testing
import Synthesis
import TouchTrace
@testable import Replay

@Suite("Replay driver")
struct ReplayDriverTests {
    @Test("A double tap on the map sends the double tap's action and fails the single tap waiting on it")
    func doubleTapOnMap() throws {
        let log = try SyntheticTraces.log(try SyntheticTraces.document([.doubleTap(fingers: 1)]), scene: BuiltinScenes.map)
        #expect(log.contains("action doubleTap recognized"))
        #expect(!log.contains("action singleTap"))
        #expect(log.contains("state singleTap recognized -> failed"))
    }
}
