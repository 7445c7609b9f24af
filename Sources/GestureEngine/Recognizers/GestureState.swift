extension GestureRecognizer {
    /// Where a recognizer is in recognizing its gesture. Raw values match UIKit's.
    ///
    /// ```
    ///            ┌──────────── discrete ────────────┐
    ///            │                                  ▼
    ///   possible ─┼──► began ──► changed ─┬─► ended (= recognized)
    ///      ▲     │       │   ▲    │  ▲  └─► cancelled
    ///      │     │       │   └────┘  └─┘       (began ─► ended/cancelled too)
    ///      │     └──► failed
    ///      └──────── reset, by the dispatcher only, from ended/cancelled/failed
    /// ```
    /// The table that enforces this is `GestureRecognizer.transition(from:by:kind:actionsSent:)`;
    /// change both together.
    public enum State: UInt8, Sendable, CaseIterable, CustomStringConvertible {
        case possible = 0
        case began = 1
        case changed = 2
        /// Also `recognized` for discrete recognizers.
        case ended = 3
        case cancelled = 4
        case failed = 5

        /// The discrete recognizers' name for `ended`.
        public static var recognized: State { .ended }

        /// The state's name as UIKit spells it: what messages and the replay log print (the log
        /// adds only `recognized`, a discrete recognizer's `ended`: `RecognizerStateName`).
        public var name: StaticString {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        public var description: String { name.description }

        /// Ended, cancelled or failed: the recognizer waits for the reset at the end of the sequence.
        /// Always inlined: the dispatcher tests it per recognizer at every touch-down, where a call
        /// cost more than the test.
        @inline(__always)
        public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
        /// Began, changed or ended: the recognizer has claimed its gesture.
        public var isRecognizing: Bool { self == .began || self == .changed || self == .ended }
    }

    /// Discrete recognizers (tap, swipe) go straight from possible to recognized; continuous ones
    /// (long press, pan, pinch, rotation, screen-edge pan) go through began and changed.
    public enum Kind: Sendable, Equatable {
        case discrete, continuous
    }

    /// Who asks for a state change, and what they ask for.
    public enum StateChange: Equatable, Sendable, CustomStringConvertible {
        /// The recognizer assigns `state` from its touch or timer handlers.
        case set(State)
        /// The dispatcher fails a recognizer whose actions were never sent: excluded by a winner,
        /// blocked by a failure requirement, refused by `shouldBegin`, or disabled before recognizing.
        case fail
        /// The dispatcher cancels a recognizer: its touches were cancelled or it was disabled.
        /// Resolves to `failed` if no action was ever sent (no client saw it begin).
        case cancel
        /// The dispatcher returns a finished recognizer to `possible` at the end of its sequence.
        case reset

        public var description: String {
            switch self {
            case .set(let state): "set \(state)"
            case .fail: "fail"
            case .cancel: "cancel"
            case .reset: "reset"
            }
        }
    }

    /// A state change the table forbids: a programmer error in a recognizer or in the dispatcher.
    public struct IllegalTransition: Error, Equatable, CustomStringConvertible {
        public var recognizer: String
        public var from: State
        public var change: StateChange
        public var kind: Kind

        public var description: String {
            let target: String
            switch change {
            case .set(let state): target = "\(state)"
            case .fail: target = "failed"
            case .cancel: target = "cancelled"
            case .reset: target = "possible"
            }
            return "illegal gesture state transition in \(recognizer): \(from) -> \(target)"
                + " (\(change), \(kind == .discrete ? "discrete" : "continuous"))"
        }
    }

    /// The transition table: the state that `change` leads to from `from`, or why it may not.
    ///
    /// `actionsSent` says whether the current attempt has sent an action (asked only by the
    /// dispatcher's `fail` and `cancel`); the dispatcher may only fail a recognizer that nobody
    /// has been told about.
    public static func transition(
        from: State, by change: StateChange, kind: Kind, actionsSent: @autoclosure () -> Bool,
        recognizer: @autoclosure () -> String
    ) throws(IllegalTransition) -> State {
        let legal: State?
        switch (change, from) {
        case (.set(.ended), .possible): legal = kind == .discrete ? .ended : nil
        case (.set(.failed), .possible): legal = .failed
        case (.set(.began), .possible): legal = kind == .continuous ? .began : nil
        case (.set(.changed), .began), (.set(.changed), .changed):
            legal = kind == .continuous ? .changed : nil
        case (.set(.ended), .began), (.set(.ended), .changed),
             (.set(.cancelled), .began), (.set(.cancelled), .changed):
            if case .set(let target) = change, kind == .continuous { legal = target } else { legal = nil }
        case (.set, _): legal = nil

        case (.fail, .possible): legal = .failed
        case (.fail, .began), (.fail, .changed), (.fail, .ended): legal = actionsSent() ? nil : .failed
        case (.fail, _): legal = nil

        case (.cancel, .possible): legal = .failed
        case (.cancel, .began), (.cancel, .changed): legal = actionsSent() ? .cancelled : .failed
        case (.cancel, _): legal = nil

        case (.reset, .possible), (.reset, .ended), (.reset, .cancelled), (.reset, .failed):
            legal = .possible
        case (.reset, _): legal = nil
        }
        guard let legal else {
            throw IllegalTransition(recognizer: recognizer(), from: from, change: change, kind: kind)
        }
        return legal
    }
}
