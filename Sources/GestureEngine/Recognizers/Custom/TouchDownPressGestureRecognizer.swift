/// Recognizes the moment `numberOfTouchesRequired` fingers are down (discrete): for buttons that
/// act on press rather than on release.
///
/// No waiting for lift or for time: the frame that brings the required fingers down recognizes.
/// A frame that brings more fingers than required, a lift before enough fingers are down, or a
/// cancellation fail it.
public final class TouchDownPressGestureRecognizer: GestureRecognizer {
    /// Fingers that must be down together.
    public var numberOfTouchesRequired = CustomGestureDefaults.pressNumberOfTouchesRequired

    /// Where the recognizer is in the press.
    ///
    /// ```
    ///          fingers down = required
    ///   idle ─────────────────────────► done (recognized)
    ///     │ ▲ fewer down: wait
    ///     └─┘
    ///     │ more than required, a lift, cancel
    ///     └───────────────────────────► done (failed)
    /// ```
    enum Phase: Equatable {
        case idle, done
    }

    enum Event {
        case down(count: Int), lift, cancel
    }

    private(set) var phase = Phase.idle

    /// One of the engine's own classes (`GestureRecognizer.isEngineClass`).
    override class var isEngineClass: Bool { true }

    public init(name: String = "") {
        super.init(kind: .discrete, name: name)
    }

    public override func touchesBegan(_ touches: TouchBatch) {
        transition(.down(count: numberOfTouches))
    }

    public override func touchesEnded(_ touches: TouchBatch) {
        transition(.lift)
    }

    public override func touchesCancelled(_ touches: TouchBatch) {
        transition(.cancel)
    }

    /// The one place `phase` moves, and with it `state`.
    func transition(_ event: Event) {
        switch (phase, event) {
        case (.done, _):
            break
        case (.idle, .down(let count)):
            if count == numberOfTouchesRequired {
                phase = .done
                state = .recognized
            } else if count > numberOfTouchesRequired {
                phase = .done
                state = .failed
            }
        case (.idle, .lift), (.idle, .cancel):
            phase = .done
            state = .failed
        }
    }

    public override func reset() {
        super.reset()
        phase = .idle
    }
}
