import Testing

@testable import Synthesis

/// The ranges generators draw from keep real gestures inside UIKit's thresholds and push near misses
/// outside them, whatever the seed.
@Suite("Human ranges sit on the right side of UIKit's thresholds")
struct HumanFactorsTests {
    typealias H = HumanFactors

    @Test("Real gestures stay inside the thresholds")
    func inside() {
        #expect(H.tapRoll.upperBound < H.longPressAllowableMovement)
        #expect(H.doubleTapGap.upperBound + H.fingerLandingSpread.upperBound < H.multiTapInterval)
        #expect(H.longPressHold.lowerBound > H.longPressMinimumDuration)
        #expect(H.pressWander.upperBound < H.longPressAllowableMovement)
        #expect(H.panDistance.lowerBound > 10 * H.panHysteresis)
        #expect(H.edgeInset.upperBound < H.screenEdgeRegion / 2)
        #expect(H.swipeDuration.upperBound < H.swipeMaximumDuration)
        #expect(H.pinchInStartDistance.lowerBound * (1 - H.pinchInScale.upperBound) > 10 * H.pinchHysteresis)
        #expect(H.pinchOutStartDistance.lowerBound * (H.pinchOutScale.lowerBound - 1) > 10 * H.pinchHysteresis)
    }

    @Test("Near misses fall outside the thresholds")
    func outside() {
        #expect(H.slidingTapDistance.lowerBound > H.tapAllowableMovement)
        #expect(H.lateSecondTapGap.lowerBound > H.multiTapInterval)
        #expect(H.shortPressHold.upperBound < H.longPressMinimumDuration)
        #expect(H.creepDistance.upperBound < H.panHysteresis)
        #expect(H.shortSwipeDistance.upperBound < H.swipeMinimumDistance)
        #expect(H.swipeDistance.lowerBound * 0.7 > 2 * H.swipeMinimumDistance)
        #expect(H.inlandEdgeInset.lowerBound >= 2 * H.screenEdgeRegion)
        // Sensor noise adds about a point; the near misses leave room for it.
        #expect(H.timidPinchChange.upperBound < H.pinchHysteresis - 2)
        #expect(H.timidRotationDegrees.upperBound < H.rotationThresholdDegrees - 0.5)
    }
}
