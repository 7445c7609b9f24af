import Testing

@testable import Synthesis

@Suite("Motion primitives are exact and human-shaped")
struct MotionTests {
    @Test("The minimum-jerk profile starts and ends at rest and peaks at 1.875 times the mean speed")
    func minimumJerkProfile() {
        #expect(minimumJerk(0) == 0)
        #expect(minimumJerk(1) == 1)
        #expect(minimumJerk(0.5) == 0.5)
        let step = 1e-6
        let startSpeed = (minimumJerk(step) - minimumJerk(0)) / step
        let peakSpeed = (minimumJerk(0.5 + step) - minimumJerk(0.5 - step)) / (2 * step)
        #expect(startSpeed < 1e-6)
        #expect(abs(peakSpeed - 1.875) < 1e-6)
    }

    @Test("A waypoint path holds its ends and passes through every waypoint on time")
    func waypointPath() {
        let path = FingerPath.waypoints([
            Waypoint(0.1, ScreenPoint(x: 10, y: 10)),
            Waypoint(0.3, ScreenPoint(x: 110, y: 10), bow: 0.05),
            Waypoint(0.5, ScreenPoint(x: 110, y: 60)),
        ])
        #expect(path.position(at: 0) == ScreenPoint(x: 10, y: 10))
        #expect(path.position(at: 0.3) == ScreenPoint(x: 110, y: 10))
        #expect(path.position(at: 0.9) == ScreenPoint(x: 110, y: 60))
        // Half-way along the bowed segment the finger is 5 % of its length to the side.
        let middle = path.position(at: 0.2)
        #expect(abs(middle.x - 60) < 1e-9)
        #expect(abs(middle.y - 15) < 1e-9)
    }
}
