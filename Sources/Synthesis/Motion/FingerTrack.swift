/// One finger's part in a gesture: when it touches, when it lifts, where it is in between, and how it
/// presses. Times are seconds from the gesture's start; the sampler turns tracks into samples.
struct FingerTrack: Equatable, Sendable {
    var down: Double
    var up: Double
    var path: FingerPath
    var contact: ContactProfile
}
