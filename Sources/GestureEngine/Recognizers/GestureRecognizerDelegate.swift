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
    /// Whether this delegate may answer `true` to `shouldRequireFailureOf` or
    /// `shouldBeRequiredToFailBy`: what UIKit learns with `respondsToSelector:`. Default `true`.
    /// A delegate that leaves both questions at their defaults may say `false`; the dispatcher
    /// then asks them of its recognizers only when the other side may answer yes, so a scene of
    /// N recognizers sharing such a delegate costs N questions as a touch comes down, not N².
    var answersFailureRequirementQuestions: Bool { get }
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
    public var answersFailureRequirementQuestions: Bool { true }
}
