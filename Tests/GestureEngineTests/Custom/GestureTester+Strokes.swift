import GestureEngine

extension GestureTester {
    /// One finger down at the first corner, moving through every corner in straight legs of
    /// `stepsPerLeg` frames 8 ms apart, then up at the last corner. Returns the lift time in ms.
    @discardableResult
    func stroke(_ id: UInt32, through corners: [Point], at ms: Double, stepsPerLeg: Int = 12, lift: Bool = true) -> Double {
        var time = ms
        down(id, corners[0].x, corners[0].y, at: time)
        for index in 1..<corners.count {
            let from = corners[index - 1], to = corners[index]
            for step in 1...stepsPerLeg {
                let t = Double(step) / Double(stepsPerLeg)
                time += 8
                move(id, from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t, at: time)
            }
        }
        time += 8
        if lift { up(id, corners[corners.count - 1].x, corners[corners.count - 1].y, at: time) }
        return time
    }

    /// A full-window view named "view" carrying `recognizer`.
    static func with(_ recognizer: GestureRecognizer) -> GestureTester {
        let tester = GestureTester(width: 1280, height: 800)
        tester.addView("view", Rect(x: 0, y: 0, width: 1280, height: 800)).addGestureRecognizer(recognizer)
        return tester
    }
}

func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
