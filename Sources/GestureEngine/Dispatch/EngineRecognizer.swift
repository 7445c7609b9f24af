/// The engine's own recognizer classes, which never answer the class-wide failure questions
/// (`shouldRequireFailure(of:)`, `shouldBeRequiredToFail(by:)`) with yes and cannot be subclassed
/// outside the engine. The dispatcher asks those questions only of pairs in which one recognizer
/// is not one of these or has a delegate, so a thousand plain recognizers cost a thousand
/// activations, not a million questions. Any other recognizer (a user's subclass) is asked about
/// every recognizer in play, exactly as before.
protocol EngineRecognizer: AnyObject {}

extension TapGestureRecognizer: EngineRecognizer {}
extension LongPressGestureRecognizer: EngineRecognizer {}
extension PanGestureRecognizer: EngineRecognizer {}
extension SwipeGestureRecognizer: EngineRecognizer {}
extension PinchGestureRecognizer: EngineRecognizer {}
extension RotationGestureRecognizer: EngineRecognizer {}
extension ScreenEdgePanGestureRecognizer: EngineRecognizer {}
extension TouchDownPressGestureRecognizer: EngineRecognizer {}
/// Not open: its subclasses are the engine's (chevron, unistroke, reset shake, double-tap-drag
/// zoom, pattern unlock).
extension SingleStrokeGestureRecognizer: EngineRecognizer {}
