/// Lets an owner steer a recognizer without subclassing: the engine's
/// `UIGestureRecognizerDelegate`. Every method has a default (the UIKit default) so conformers
/// implement only what they need.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer tries to leave `possible`; `false` fails it instead.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Asked before the recognizer sees a new touch; `false` hides the whole sequence from it.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Asked whenever one of the pair would exclude the other; `true` from either delegate lets both
    /// recognize. Asked again on later state changes of the pair.
    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool
    /// Asked once per attempt; `true` makes `recognizer` wait for `other` to fail.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Asked once per attempt; `true` makes `other` wait for `recognizer` to fail.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
    /// The questions this delegate answers (default: all of them); the others are not asked and
    /// take their defaults. Read once, when the delegate is set.
    var answeredQuestions: GestureRecognizerDelegateQuestions { get }
    /// Whether this delegate's answer to `shouldRecognizeSimultaneouslyWith` depends only on the
    /// pair asked, never changes, and has no effect (default `false`). Read once, when the
    /// delegate is set. When it is true, the delegate stays alive while its recognizer is in play,
    /// and the recognizer is one of the engine's own classes, the dispatcher asks about a pair of
    /// recognizing recognizers once, not again on each later state change of theirs (rule A6):
    /// the answer could not differ. A scene of a thousand pans all allowed to pan together then
    /// costs a thousand questions a frame, not a million.
    var simultaneityAnswersAreFixed: Bool { get }
}

/// The questions a delegate answers: what UIKit learns of its delegate with `respondsToSelector:`,
/// and caches when the delegate is set, as the engine reads `answeredQuestions` then. A question
/// left out is not asked: its answer is the default, and asking it costs nothing, not even a load
/// of the weak reference. A scene of N recognizers sharing a delegate that answers only the
/// simultaneity question costs N questions as a touch comes down, not N² failure questions.
public struct GestureRecognizerDelegateQuestions: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `gestureRecognizerShouldBegin(_:)`.
    public static let shouldBegin = GestureRecognizerDelegateQuestions(rawValue: 1 << 0)
    /// `gestureRecognizer(_:shouldReceive:)`.
    public static let shouldReceive = GestureRecognizerDelegateQuestions(rawValue: 1 << 1)
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`.
    public static let simultaneity = GestureRecognizerDelegateQuestions(rawValue: 1 << 2)
    /// `gestureRecognizer(_:shouldRequireFailureOf:)` and `gestureRecognizer(_:shouldBeRequiredToFailBy:)`.
    public static let failureRequirements = GestureRecognizerDelegateQuestions(rawValue: 1 << 3)
    /// Every question: what a delegate answers unless it says otherwise.
    public static let all: GestureRecognizerDelegateQuestions = [.shouldBegin, .shouldReceive, .simultaneity, .failureRequirements]
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool { false }
    public var answeredQuestions: GestureRecognizerDelegateQuestions { .all }
    public var simultaneityAnswersAreFixed: Bool { false }
}
