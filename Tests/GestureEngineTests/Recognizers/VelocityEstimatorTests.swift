@testable import GestureEngine
import Testing

/// The estimator against a model of its definition: the slope from the newest of the last six
/// samples back to the last before the first more than `window` older, times in order or not,
/// estimated after every sample or after several.
@Suite("VelocityEstimator")
struct VelocityEstimatorTests {
    /// The estimate by its definition, over an array of every sample added.
    private static func walked(_ samples: [(value: Double, time: GestureTime)], window: GestureDuration, at now: GestureTime) -> Double {
        let ring = samples.suffix(6)
        guard ring.count >= 2, let newest = ring.last, now - newest.time <= window else { return 0 }
        var oldest = newest
        for sample in ring.reversed().dropFirst() {
            if newest.time - sample.time > window { break }
            oldest = sample
        }
        let span = Double(newest.time - oldest.time) / 1_000_000
        guard span > 0 else { return 0 }
        return (newest.value - oldest.value) / span
    }

    /// A small deterministic generator: the test's sequences are the same at every run.
    private struct Steps {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test("the estimate is the definition's, bit for bit, after every sample or several",
          arguments: [false, true])
    func estimateMatchesTheDefinition(timesGoBack: Bool) {
        let window: GestureDuration = 100_000
        var steps = Steps(state: timesGoBack ? 7 : 3)
        // One estimator for every sequence, emptied between them as a recognizer's reset does.
        var estimator = VelocityEstimator<Double>(window: window)
        for _ in 0..<200 {
            var samples: [(value: Double, time: GestureTime)] = []
            var time: GestureTime = 1_000_000
            for _ in 0..<40 {
                // Steps from nothing to past the window, now and then a step back.
                var step = GestureDuration(steps.next(4) == 0 ? steps.next(150_000) : steps.next(30_000))
                if timesGoBack && steps.next(5) == 0 { step = -GestureDuration(steps.next(120_000)) }
                time += step
                let value = Double(steps.next(1_000)) / 7
                if steps.next(9) == 0 {
                    estimator.addStart(value, at: time)
                    if samples.isEmpty { samples.append((value, time)) }
                } else {
                    estimator.add(value, at: time)
                    samples.append((value, time))
                }
                // Now and then several samples between estimates: the estimator keeps the window
                // it found, and finds it again from the samples added since.
                if steps.next(3) == 0 { continue }
                for late in [0, 50_000, 100_000, 100_001] as [GestureDuration] {
                    let expected = Self.walked(samples, window: window, at: time + late)
                    #expect(estimator.velocity(at: time + late).bitPattern == expected.bitPattern)
                }
            }
            estimator.removeAll()
            #expect(estimator.velocity(at: time) == 0)
        }
    }

    @Test("Times as far apart as 64 bits allow estimate without trapping: a sample too old to subtract is outside the window")
    func extremeTimes() {
        var estimator = VelocityEstimator<Double>(window: 100_000)
        estimator.add(0, at: .min)
        estimator.add(1, at: .max - 50_000)
        estimator.add(3, at: .max)
        #expect(estimator.velocity(at: .max) == 40)
        estimator.add(5, at: .min + 1)
        #expect(estimator.velocity(at: .max) == 0)
        estimator.add(6, at: .max)
        #expect(estimator.velocity(at: .max).isFinite)
    }
}
