import GestureEngine

/// A scene made live: the engine's window and view tree, its recognizers configured from the
/// scene, and the dispatcher and virtual scheduler that drive them. One instance serves one replay.
public final class SceneInstance {
    public let scene: Scene
    public let window: Window
    public let scheduler: VirtualScheduler
    public let dispatcher: TouchDispatcher
    /// Every recognizer by its scene id, including the content-delay recognizers (`ID.delay`).
    public private(set) var recognizers: [String: GestureRecognizer] = [:]
    private let simultaneity: SimultaneityDelegate
    /// The delegates that add the scene's pairs to a recognizer's own (a delegate is weak).
    private var addedDelegates: [SimultaneityAddedDelegate] = []

    public init(_ scene: Scene, startingAt time: GestureTime = 0) {
        self.scene = scene
        window = Window(frame: Rect(x: 0, y: 0, width: scene.window.width, height: scene.window.height))
        scheduler = VirtualScheduler(now: time)
        dispatcher = TouchDispatcher(window: window, scheduler: scheduler)
        simultaneity = SimultaneityDelegate()
        for spec in scene.windowRecognizers { attach(spec, to: window) }
        for view in scene.views { window.addSubview(build(view)) }
        link()
    }

    private func build(_ spec: ViewSpec) -> View {
        let view = View(frame: Rect(x: spec.frame.x, y: spec.frame.y, width: spec.frame.width, height: spec.frame.height),
                        name: spec.id)
        view.isHidden = spec.isHidden
        view.isUserInteractionEnabled = spec.isUserInteractionEnabled
        for recognizer in spec.recognizers { attach(recognizer, to: view) }
        if let delay = spec.contentTouchDelay {
            let recognizer = ContentTouchDelayRecognizer(name: spec.contentDelayRecognizerID, delay: delay)
            recognizers[recognizer.name] = recognizer
            view.addGestureRecognizer(recognizer)
        }
        for subview in spec.subviews { view.addSubview(build(subview)) }
        return view
    }

    private func attach(_ spec: RecognizerSpec, to view: View) {
        let recognizer = spec.kind.makeRecognizer(id: spec.id, parameters: spec.parameters)
        recognizer.isEnabled = spec.isEnabled
        recognizer.cancelsTouchesInView = spec.cancelsTouchesInView
        recognizer.delaysTouchesBegan = spec.delaysTouchesBegan
        recognizer.delaysTouchesEnded = spec.delaysTouchesEnded
        recognizers[spec.id] = recognizer
        view.addGestureRecognizer(recognizer)
    }

    /// Failure requirements and simultaneous pairs, once every recognizer exists (the loader has
    /// checked that every id named exists).
    private func link() {
        for spec in scene.allRecognizers {
            for other in spec.requiresFailureOf {
                recognizers[spec.id]!.require(toFail: recognizers[other]!)
            }
        }
        for pair in scene.simultaneous {
            guard let first = recognizers[pair.first], let second = recognizers[pair.second] else { continue }
            simultaneity.allow(first, second)
            answerSimultaneity(for: first)
            answerSimultaneity(for: second)
        }
    }

    /// Makes the scene's pairs `recognizer`'s delegate's answer, keeping the delegate its kind gave
    /// it, if any: that one still answers every other question, and the pairs it allows.
    private func answerSimultaneity(for recognizer: GestureRecognizer) {
        guard let own = recognizer.delegate else {
            recognizer.delegate = simultaneity
            return
        }
        guard own !== simultaneity, !(own is SimultaneityAddedDelegate) else { return }
        let added = SimultaneityAddedDelegate(own: own, scene: simultaneity)
        addedDelegates.append(added)
        recognizer.delegate = added
    }
}

/// A recognizer's own delegate with the scene's simultaneous pairs added: a pair is simultaneous if
/// the scene lists it or the own delegate allows it; every other question is the own delegate's.
final class SimultaneityAddedDelegate: GestureRecognizerDelegate {
    private weak var own: (any GestureRecognizerDelegate)?
    private let scene: SimultaneityDelegate
    private let ownQuestions: GestureRecognizerDelegateQuestions

    init(own: any GestureRecognizerDelegate, scene: SimultaneityDelegate) {
        self.own = own
        self.scene = scene
        ownQuestions = own.answeredQuestions
    }

    var answeredQuestions: GestureRecognizerDelegateQuestions { ownQuestions.union(.simultaneity) }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        own?.gestureRecognizerShouldBegin(recognizer) ?? true
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        own?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        if scene.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) { return true }
        guard ownQuestions.contains(.simultaneity), let own else { return false }
        return own.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other)
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        own?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) ?? false
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        own?.gestureRecognizer(recognizer, shouldBeRequiredToFailBy: other) ?? false
    }
}

/// The scene's answer to `shouldRecognizeSimultaneouslyWith`: true exactly for the listed pairs.
///
/// Asked on every frame of a simultaneous gesture (pan with pinch and rotation), so a scene's few
/// pairs are scanned in a flat array, which is cheaper than hashing; a scene that lists many pairs
/// is answered from a set.
final class SimultaneityDelegate: GestureRecognizerDelegate {
    #if !DEBUG
    @exclusivity(unchecked)
    #endif
    private var pairs: [Pair] = []
    private var pairSet: Set<Pair> = []
    private static let scanLimit = 16

    private struct Pair: Hashable {
        var low: ObjectIdentifier
        var high: ObjectIdentifier

        init(_ a: GestureRecognizer, _ b: GestureRecognizer) {
            let x = ObjectIdentifier(a), y = ObjectIdentifier(b)
            (low, high) = x < y ? (x, y) : (y, x)
        }
    }

    func allow(_ a: GestureRecognizer, _ b: GestureRecognizer) {
        let pair = Pair(a, b)
        guard pairSet.insert(pair).inserted else { return }
        pairs.append(pair)
    }

    /// It answers the simultaneity question alone: the others are not asked of it.
    var answeredQuestions: GestureRecognizerDelegateQuestions { .simultaneity }

    /// The pairs are the scene's, fixed once linked, and the scene instance keeps this delegate
    /// alive as long as its recognizers: a pair allowed once need not be asked again.
    var simultaneityAnswersAreFixed: Bool { true }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let pair = Pair(recognizer, other)
        guard pairs.count <= Self.scanLimit else { return pairSet.contains(pair) }
        for candidate in pairs where candidate == pair { return true }
        return false
    }
}
