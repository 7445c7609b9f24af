import GestureEngine
import Testing

private typealias State = GestureRecognizer.State

/// Every transition the table allows, written out once: (from, change, kind, actions sent) -> to.
/// Anything not listed must be rejected.
private let legalTransitions: [(State, GestureRecognizer.StateChange, GestureRecognizer.Kind, Bool, State)] = {
    var rows: [(State, GestureRecognizer.StateChange, GestureRecognizer.Kind, Bool, State)] = []
    for sent in [false, true] {
        rows += [
            (.possible, .set(.ended), .discrete, sent, .ended),
            (.possible, .set(.failed), .discrete, sent, .failed),
            (.possible, .set(.failed), .continuous, sent, .failed),
            (.possible, .set(.began), .continuous, sent, .began),
            (.began, .set(.changed), .continuous, sent, .changed),
            (.changed, .set(.changed), .continuous, sent, .changed),
            (.began, .set(.ended), .continuous, sent, .ended),
            (.changed, .set(.ended), .continuous, sent, .ended),
            (.began, .set(.cancelled), .continuous, sent, .cancelled),
            (.changed, .set(.cancelled), .continuous, sent, .cancelled),
        ]
        for kind in [GestureRecognizer.Kind.discrete, .continuous] {
            rows.append((.possible, .fail, kind, sent, .failed))
            rows.append((.possible, .cancel, kind, sent, .failed))
            for from in [State.possible, .ended, .cancelled, .failed] {
                rows.append((from, .reset, kind, sent, .possible))
            }
        }
    }
    for kind in [GestureRecognizer.Kind.discrete, .continuous] {
        // The dispatcher may fail only a recognizer nobody has been told about.
        rows.append((.ended, .fail, kind, false, .failed))
        rows.append((.began, .fail, kind, false, .failed))
        rows.append((.changed, .fail, kind, false, .failed))
        rows.append((.began, .cancel, kind, false, .failed))
        rows.append((.changed, .cancel, kind, false, .failed))
        rows.append((.began, .cancel, kind, true, .cancelled))
        rows.append((.changed, .cancel, kind, true, .cancelled))
    }
    return rows
}()

private func allChanges() -> [GestureRecognizer.StateChange] {
    State.allCases.map { .set($0) } + [.fail, .cancel, .reset]
}

@Suite("State transition table")
struct StateTransitionTests {
    @Test("every listed transition is allowed and leads where the table says", arguments: legalTransitions.indices)
    func legalTransition(_ row: Int) throws {
        let (from, change, kind, sent, to) = legalTransitions[row]
        let next = try GestureRecognizer.transition(from: from, by: change, kind: kind, actionsSent: sent, recognizer: "r")
        #expect(next == to)
    }

    @Test("every transition not listed is rejected")
    func everythingElseIsIllegal() {
        var accepted: [String] = []
        for from in State.allCases {
            for change in allChanges() {
                for kind in [GestureRecognizer.Kind.discrete, .continuous] {
                    for sent in [false, true] {
                        let listed = legalTransitions.contains { $0.0 == from && $0.1 == change && $0.2 == kind && $0.3 == sent }
                        let result = try? GestureRecognizer.transition(
                            from: from, by: change, kind: kind, actionsSent: sent, recognizer: "r")
                        if result != nil && !listed { accepted.append("\(from) \(change) \(kind) \(sent)") }
                    }
                }
            }
        }
        #expect(accepted == [])
    }

    @Test("a discrete recognizer cannot begin")
    func discreteCannotBegin() {
        #expect(throws: GestureRecognizer.IllegalTransition.self) {
            try GestureRecognizer.transition(from: .possible, by: .set(.began), kind: .discrete, actionsSent: false, recognizer: "tap")
        }
    }

    @Test("a recognizer that began cannot fail: it must end or be cancelled")
    func beganCannotFail() {
        #expect(throws: GestureRecognizer.IllegalTransition.self) {
            try GestureRecognizer.transition(from: .began, by: .set(.failed), kind: .continuous, actionsSent: true, recognizer: "pan")
        }
    }

    @Test("the dispatcher cannot fail a recognizer whose action was already sent")
    func cannotFailAfterAction() {
        #expect(throws: GestureRecognizer.IllegalTransition.self) {
            try GestureRecognizer.transition(from: .changed, by: .fail, kind: .continuous, actionsSent: true, recognizer: "pan")
        }
    }

    @Test("an illegal transition names the recognizer and both states")
    func illegalTransitionMessage() {
        do {
            _ = try GestureRecognizer.transition(
                from: .failed, by: .set(.began), kind: .continuous, actionsSent: false,
                recognizer: PanGestureRecognizer(name: "drag").debugName)
            Issue.record("the transition was accepted")
        } catch {
            #expect(error.recognizer == "PanGestureRecognizer \"drag\"")
            #expect(error.from == .failed)
            #expect(error.description == "illegal gesture state transition in PanGestureRecognizer \"drag\": failed -> began (set began, continuous)")
        }
    }

    @Test("recognized is another name for ended")
    func recognizedIsEnded() {
        #expect(State.recognized == .ended)
        #expect(State.ended.rawValue == 3)
    }
}

@Suite("Illegal transitions at run time")
struct IllegalTransitionTrapTests {
    @Test("assigning an illegal state stops the program")
    func illegalAssignmentTraps() async {
        await #expect(processExitsWith: .failure) {
            let tap = TapGestureRecognizer(name: "tap")
            tap.state = .began
        }
    }
}
