import Foundation
import GestureEngine
import Testing

/// A circle of radius 80 around (640, 400), drawn from `start` radians through `sweep` radians.
private func arc(start: Double, sweep: Double, points: Int = 48) -> [Point] {
    (0...points).map { step in
        let angle = start + sweep * Double(step) / Double(points)
        return P(640 + 80 * cos(angle), 400 + 80 * sin(angle))
    }
}

@Suite("Unistroke templates")
struct UnistrokeTests {
    @Test("a drawn checkmark recognizes as the checkmark template")
    func checkmark() {
        let recognizer = UnistrokeGestureRecognizer(name: "stroke")
        let tester = GestureTester.with(recognizer)
        var matched: String?
        recognizer.addAction { matched = ($0 as! UnistrokeGestureRecognizer).matchedTemplate }
        tester.stroke(1, through: [P(500, 300), P(540, 350), P(630, 220)], at: 0)
        #expect(matched == "checkmark")
        #expect(recognizer.score >= recognizer.minimumScore)
    }

    @Test("a circle drawn counterclockwise from any point recognizes as the circle")
    func circle() {
        let recognizer = UnistrokeGestureRecognizer(name: "stroke")
        let tester = GestureTester.with(recognizer)
        var matched: String?
        recognizer.addAction { matched = ($0 as! UnistrokeGestureRecognizer).matchedTemplate }
        tester.stroke(1, through: arc(start: 2, sweep: -2.1 * .pi), at: 0, stepsPerLeg: 1)
        #expect(matched == "circle")
    }

    @Test("a half circle scores below the threshold and fails (near miss)")
    func halfCircleFails() {
        let recognizer = UnistrokeGestureRecognizer(name: "stroke")
        recognizer.templates = UnistrokeTemplate.builtIn(named: "circle")
        let tester = GestureTester.with(recognizer)
        let lift = tester.stroke(1, through: arc(start: 0, sweep: 1.1 * .pi), at: 0, stepsPerLeg: 1)
        #expect(tester.lines(of: "stroke") == ["\(Int(lift))ms stroke: possible -> failed", "\(Int(lift))ms stroke: failed -> possible"])
        #expect(recognizer.score < recognizer.minimumScore)
    }

    @Test("a stroke shorter than the minimum path length fails without matching")
    func shortStrokeFails() {
        let recognizer = UnistrokeGestureRecognizer(name: "stroke")
        let tester = GestureTester.with(recognizer)
        tester.stroke(1, through: [P(500, 300), P(510, 312), P(530, 290)], at: 0)
        #expect(tester.actions.isEmpty)
        #expect(recognizer.score == 0)
    }

    @Test("a user template recorded from a stroke matches the same shape drawn larger elsewhere")
    func userTemplate() {
        let recognizer = UnistrokeGestureRecognizer(name: "stroke")
        recognizer.templates = [UnistrokeTemplate(name: "zed", points: [P(0, 0), P(100, 0), P(0, 100), P(100, 100)])]
        let tester = GestureTester.with(recognizer)
        tester.stroke(1, through: [P(300, 300), P(460, 300), P(300, 460), P(460, 460)], at: 0)
        #expect(tester.actions.count == 1)
        #expect(recognizer.matchedTemplate == "zed")
    }

    @Test("a template survives a JSON round trip")
    func jsonRoundTrip() throws {
        let data = try JSONEncoder().encode(UnistrokeTemplate.checkmark)
        let decoded = try JSONDecoder().decode(UnistrokeTemplate.self, from: data)
        #expect(decoded == UnistrokeTemplate.checkmark)
    }

    @Test("a template file with a malformed point is refused, naming the point")
    func malformedTemplate() {
        let json = Data(#"{"name":"x","points":[[0,0],[1]]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(UnistrokeTemplate.self, from: json) }
    }

    @Test("a cancelled stroke fails")
    func cancellationFails() {
        let tester = GestureTester.with(UnistrokeGestureRecognizer(name: "stroke"))
        tester.stroke(1, through: [P(500, 300), P(540, 350), P(630, 220)], at: 0, lift: false)
        tester.cancel(1, 630, 220, at: 300)
        #expect(tester.lines(of: "stroke").first == "300ms stroke: possible -> failed")
    }

    @Test("a second finger fails it")
    func secondFingerFails() {
        let tester = GestureTester.with(UnistrokeGestureRecognizer(name: "stroke"))
        tester.down(1, 500, 300, at: 0)
        tester.down(2, 700, 300, at: 20)
        #expect(tester.lines(of: "stroke").first == "20ms stroke: possible -> failed")
    }
}
