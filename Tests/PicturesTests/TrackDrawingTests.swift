@testable import Pictures
import Replay
import Testing
import TouchTrace

/// What a drawing keeps while a finger stays down: the tracks after it wait to be drawn in order,
/// and how many may wait is bounded.
@Suite("track drawing")
struct TrackDrawingTests {
    static func drawing(waitingLimit: Int = TrackDrawing.standardWaitingLimit, markerCell: Double = 0,
                        byteBudget: Int = .max) -> TrackDrawing {
        let axis = TimeAxis(from: 0, to: 250_000_000, left: LaneChart.labelWidth, right: SessionPicture.width - 20)
        let panel = PathPanel(window: Size(width: 1280, height: 800), views: [], left: 40, top: 68, width: 920)
        return TrackDrawing(panel: panel, axis: axis, tolerance: markerCell > 0 ? markerCell : 0.5, tickStep: axis.step(),
                            markerCell: markerCell, visibleTracks: 1_000_000, byteBudget: byteBudget, waitingLimit: waitingLimit)
    }

    /// A finger down at 500, 500 that never moves, then `touches` two-sample touches one after
    /// another (the shape of a stuck-finger trace); the finger then ends the session down, or moves
    /// and lifts.
    static func stuckFinger(_ drawing: inout TrackDrawing, touches: Int, thenMoves: Bool) {
        drawing.began(0, id: 99_999_999)
        drawing.moved(0, .init(time: 0, x: 500, y: 500))
        var time: Microseconds = 1_000
        for number in 1...touches {
            let x = Double(100 + number % 1_000), y = Double(100 + number % 600)
            drawing.began(number, id: TouchID(number))
            drawing.moved(number, .init(time: time, x: x, y: y))
            drawing.moved(number, .init(time: time + 1_000, x: x, y: y))
            drawing.ended(number, .up)
            time += 2_000
        }
        if thenMoves {
            drawing.moved(0, .init(time: time, x: 900, y: 300))
            drawing.moved(0, .init(time: time + 1_000, x: 950, y: 350))
            drawing.ended(0, .up)
        } else {
            drawing.ended(0, .open)
        }
        drawing.finish()
    }

    static func text(_ drawing: TrackDrawing) -> String {
        var rows = SVGText()
        drawing.rows.draw(into: &rows, top: 0)
        return drawing.polylines.joined + drawing.markers.joined + rows.joined
    }

    @Test("A finger that never lifts holds back at most the waiting limit of touches, and is drawn as if none waited")
    func stuckFingerKeepsBoundedTracks() {
        for markerCell in [0.0, 4] {
            var bounded = Self.drawing(waitingLimit: 100, markerCell: markerCell)
            Self.stuckFinger(&bounded, touches: 20_000, thenMoves: false)
            var unbounded = Self.drawing(waitingLimit: .max, markerCell: markerCell)
            Self.stuckFinger(&unbounded, touches: 20_000, thenMoves: false)
            #expect(unbounded.mostWaitingTracks == 20_001)
            #expect(bounded.mostWaitingTracks <= 101)
            #expect(bounded.waitingTracks == 0)
            #expect(Self.text(bounded) == Self.text(unbounded))
        }
        // The standard limit, 100,000 touches behind the finger (732 MB for 1 M once).
        var standard = Self.drawing()
        Self.stuckFinger(&standard, touches: 100_000, thenMoves: false)
        #expect(standard.mostWaitingTracks <= TrackDrawing.standardWaitingLimit + 1)
    }

    @Test("The touches waiting stop at fewer once their paths certainly pass the byte budget")
    func waitingPathsBoundedByBudget() {
        var drawing = Self.drawing(byteBudget: 40_000)
        Self.stuckFinger(&drawing, touches: 20_000, thenMoves: false)
        // Each waiting touch's path is at least 38 bytes (two points).
        #expect(drawing.mostWaitingTracks <= 40_000 / 38 + 2)
    }

    @Test("A finger drawn while down that then moves and lifts is drawn in two pieces, the second without a start mark")
    func fingerDrawnEarlyThenMoving() {
        var bounded = Self.drawing(waitingLimit: 100)
        Self.stuckFinger(&bounded, touches: 1_000, thenMoves: true)
        var unbounded = Self.drawing(waitingLimit: .max)
        Self.stuckFinger(&unbounded, touches: 1_000, thenMoves: true)
        let colour = "stroke=\"\(Palette.touch(0))\""
        let polylines = { (drawing: TrackDrawing) in drawing.polylines.joined.components(separatedBy: colour).count - 1 }
        #expect(polylines(bounded) == polylines(unbounded) + 1)
        // The path goes on from where the finger rested, to where it lifted.
        #expect(bounded.polylines.joined.contains("<polyline \(colour) points=\"399.4,427.4 686.9,283.6 722.8,319.6\"/>"))
        let starts = { (drawing: TrackDrawing) in drawing.markers.joined.components(separatedBy: "r=\"4.5\" fill=\"\(Palette.touch(0))\"").count }
        #expect(starts(bounded) == starts(unbounded))
        #expect(bounded.markers.joined.contains("stroke=\"\(Palette.touch(0))\" stroke-width=\"2\""))
    }
}
