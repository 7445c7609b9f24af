import GestureEngine
import Testing

@Suite("Chevron")
struct ChevronTests {
    @Test("down-right then down-left, ending below the start, recognizes at lift")
    func recognizesAtLift() {
        let tester = GestureTester.with(ChevronGestureRecognizer(name: "chevron"))
        let lift = tester.stroke(1, through: [P(400, 200), P(475, 290), P(400, 380)], at: 0)
        #expect(tester.lines(of: "chevron").first == "\(Int(lift))ms chevron: possible -> ended")
    }

    @Test("the mirrored parameter accepts down-left then down-right and refuses the unmirrored V")
    func mirrored() {
        let recognizer = ChevronGestureRecognizer(name: "chevron")
        recognizer.mirrored = true
        let tester = GestureTester.with(recognizer)
        let lift = tester.stroke(1, through: [P(400, 200), P(325, 290), P(400, 380)], at: 0)
        tester.stroke(1, through: [P(400, 200), P(475, 290), P(400, 380)], at: 1000)
        #expect(tester.actions == ["\(Int(lift))ms chevron action ended"])
    }

    @Test("one straight diagonal stroke (no turn) fails at lift")
    func straightStrokeFails() {
        let tester = GestureTester.with(ChevronGestureRecognizer(name: "chevron"))
        let lift = tester.stroke(1, through: [P(400, 200), P(420, 380)], at: 0)
        #expect(tester.lines(of: "chevron").first == "\(Int(lift))ms chevron: possible -> failed")
    }

    @Test("a V whose legs run less than the minimum leg length fails")
    func shortLegsFail() {
        let tester = GestureTester.with(ChevronGestureRecognizer(name: "chevron"))
        tester.stroke(1, through: [P(400, 200), P(435, 290), P(400, 380)], at: 0)
        #expect(tester.actions.isEmpty)
    }

    @Test("an upside-down V fails as soon as the finger rises")
    func risingFails() {
        let tester = GestureTester.with(ChevronGestureRecognizer(name: "chevron"))
        tester.stroke(1, through: [P(400, 300), P(475, 210), P(550, 300)], at: 0)
        #expect(tester.lines(of: "chevron").first?.hasSuffix("chevron: possible -> failed") == true)
        #expect(tester.actions.isEmpty)
    }

    @Test("a third leg (a zigzag) fails")
    func zigzagFails() {
        let tester = GestureTester.with(ChevronGestureRecognizer(name: "chevron"))
        tester.stroke(1, through: [P(400, 200), P(475, 290), P(400, 380), P(475, 470)], at: 0)
        #expect(tester.actions.isEmpty)
    }

    @Test("a second finger fails it")
    func secondFingerFails() {
        let tester = GestureTester.with(ChevronGestureRecognizer(name: "chevron"))
        tester.stroke(1, through: [P(400, 200), P(475, 290)], at: 0, lift: false)
        tester.down(2, 600, 300, at: 120)
        #expect(tester.lines(of: "chevron").first == "120ms chevron: possible -> failed")
    }

    @Test("a cancelled touch fails it")
    func cancellationFails() {
        let tester = GestureTester.with(ChevronGestureRecognizer(name: "chevron"))
        tester.stroke(1, through: [P(400, 200), P(475, 290), P(420, 360)], at: 0, lift: false)
        tester.cancel(1, 420, 360, at: 300)
        #expect(tester.lines(of: "chevron").first == "300ms chevron: possible -> failed")
    }
}
