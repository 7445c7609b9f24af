import GestureEngine
import Testing

/// Target centres with the grid centred in a 1280 × 800 view, 120 points apart.
private func target(_ number: Int) -> Point {
    P(640 + Double((number - 1) % 3 - 1) * 120, 400 + Double((number - 1) / 3 - 1) * 120)
}

private func unlock(_ configure: (PatternUnlockGestureRecognizer) -> Void = { _ in }) -> (GestureTester, PatternUnlockGestureRecognizer) {
    let recognizer = PatternUnlockGestureRecognizer(name: "unlock")
    configure(recognizer)
    return (GestureTester.with(recognizer), recognizer)
}

@Suite("Pattern unlock")
struct PatternUnlockTests {
    @Test("a path through 1, 2, 3, 6, 9 recognizes at lift with the code 1-2-3-6-9")
    func code() {
        let (tester, recognizer) = unlock()
        let lift = tester.stroke(1, through: [1, 2, 3, 6, 9].map(target), at: 0)
        #expect(tester.lines(of: "unlock").first == "\(Int(lift))ms unlock: possible -> ended")
        #expect(recognizer.code == "1-2-3-6-9")
    }

    @Test("a straight line from 1 to 3 passes through 2 and enters it")
    func passingThrough() {
        let (tester, recognizer) = unlock()
        tester.stroke(1, through: [1, 3, 6, 9].map(target), at: 0)
        #expect(recognizer.code == "1-2-3-6-9")
    }

    @Test("an accepted code and a rejected code both recognize, and say which they are")
    func acceptance() {
        let (tester, recognizer) = unlock { $0.acceptedCodes = ["1-2-3-6-9"] }
        var verdicts: [String] = []
        recognizer.addAction {
            let unlock = $0 as! PatternUnlockGestureRecognizer
            verdicts.append("\(unlock.code) \(unlock.isAccepted!)")
        }
        tester.stroke(1, through: [1, 2, 3, 6, 9].map(target), at: 0)
        tester.stroke(1, through: [7, 4, 1, 2].map(target), at: 1000)
        #expect(verdicts == ["1-2-3-6-9 true", "7-4-1-2 false"])
    }

    @Test("lifting short of the fourth target fails (near miss)")
    func tooFewTargets() {
        let (tester, recognizer) = unlock()
        let halfway = P((target(9).x + target(6).x) / 2, (target(9).y + target(6).y) / 2)
        let lift = tester.stroke(1, through: [target(1), target(5), target(9), halfway], at: 0)
        #expect(tester.lines(of: "unlock").first == "\(Int(lift))ms unlock: possible -> failed")
        #expect(recognizer.code == "1-5-9")
    }

    @Test("the path between targets does not enter a target it passes wide of")
    func wideOfTarget() {
        let (tester, recognizer) = unlock()
        // From 4 to 2 diagonally: passes 85 points from 1's and 5's centres.
        tester.stroke(1, through: [4, 2, 3, 6].map(target), at: 0)
        #expect(recognizer.code == "4-2-3-6")
    }

    @Test("a cancelled pattern fails")
    func cancellation() {
        let (tester, _) = unlock()
        tester.stroke(1, through: [1, 2, 3, 6, 9].map(target), at: 0, lift: false)
        tester.cancel(1, 760, 520, at: 500)
        #expect(tester.lines(of: "unlock").first == "500ms unlock: possible -> failed")
    }
}
