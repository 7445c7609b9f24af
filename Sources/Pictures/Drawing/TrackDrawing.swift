import Replay
import TouchTrace

/// Draws the fingers as a session is walked: each track's path and markers in the path panel, and
/// its bar in the lane chart's touch rows, in the order the fingers went down, whatever order they
/// lifted in.
///
/// A track keeps only what will be drawn of it (the points its path keeps, a dot per tick) while
/// it is down, and is drawn and dropped as soon as every earlier track has been: memory follows the
/// picture and the fingers down at once, not the session's length. A finger that stays down holds
/// back every track after it, so at most `waitingLimit` ended tracks wait (or fewer, once the paths
/// they hold certainly pass the byte budget): past that, when the next track goes down, the finger
/// holding them back is drawn as it is so far (as if the session ended there) and what it does
/// after is drawn as a second piece of it when it ends (`Track.continued`). A finger that stays
/// down and still is drawn as it would have been, so only a session of more than `waitingLimit`
/// touches coming and going while a finger rests, that then moves or lifts, draws differently.
/// Once the paths and markers kept
/// pass the picture's byte budget, the later tracks' are drawn only to be counted
/// (`bytesPastBudget`) and not kept: such a drawing is too large to be the picture, and the picture
/// chooses its next attempt from the whole size, so a session of millions of touches costs the
/// budget, not a path each.
struct TrackDrawing {
    private let panel: PathPanel
    private let from: Microseconds
    private let to: Microseconds
    private let tolerance: Double
    private let tickStep: Microseconds
    /// When more than zero, at most one marker of a kind is drawn per square of this many pixels:
    /// the way thousands of touches fit the byte budget (set with a coarse `tolerance`).
    private let markerCell: Double
    /// Whether touch ids are written beside the paths' first points.
    private let labelled: Bool

    private(set) var polylines = SVGText(capacity: 1 << 12)
    private(set) var markers = SVGText(capacity: 1 << 12)
    private(set) var rows: TouchRows
    private var markerCells = Set<Int>()
    /// Tracks begun and not yet drawn, by number; `nextTrack` is the next one to draw.
    private var tracks: [Int: Track] = [:]
    private var nextTrack = 0
    /// How many tracks have begun: the number of the next one.
    private var begun = 0
    /// The second pieces of fingers drawn while down (`Track.continued`) that have ended, by the
    /// number of the track they are drawn before (the next to begin when they ended), with the
    /// number of their finger's track.
    private var continuations: [Int: [(number: Int, track: Track)]] = [:]
    /// Ended tracks and second pieces waiting for an earlier track to be drawn, and the bytes their
    /// paths will take at least (`leastPathBytes`).
    private(set) var waitingTracks = 0
    private var waitingPathBytes = 0
    /// The most tracks that waited at once.
    private(set) var mostWaitingTracks = 0
    /// Past this many ended tracks waiting (`standardWaitingLimit` unless given), or once their
    /// paths certainly pass the byte budget, the finger holding them back is drawn as it is so far.
    let waitingLimit: Int
    static let standardWaitingLimit = 16_384

    /// What is kept of one track until it is drawn.
    private struct Track {
        var id: TouchID
        var start: Microseconds?
        var end: Microseconds = 0
        var ending: TouchTrack.Ending = .open
        var ended = false
        var simplifier: PathSimplifier
        var kept: [TouchTrack.Point] = []
        var firstInside: TouchTrack.Point?
        var lastInside: TouchTrack.Point?
        var nextTick: Microseconds = 0
        var dots: [TouchTrack.Point] = []
        /// The second piece of a finger drawn while it was down: its path goes on from where the
        /// first piece ended, with no mark where the finger went down.
        var continued = false
        /// Whether a second piece has a sample of its own.
        var sampled = false
    }

    /// Tracks numbered from `pathLimit` on get no path and no marks in the panel (their lifetimes
    /// are still drawn): the last resort of a picture that the coarsest paths do not bring within
    /// its byte budget. `undrawnPaths` counts them.
    private let pathLimit: Int
    private(set) var undrawnPaths = 0
    /// The bytes of paths and markers kept past which the later tracks' are only counted.
    private let byteBudget: Int
    /// Bytes of paths and markers drawn after those kept passed `byteBudget`, and not kept.
    private(set) var bytesPastBudget = 0
    /// Where the tracks past the budget are drawn, emptied after each.
    private var spilledPolylines = SVGText(capacity: 0)
    private var spilledMarkers = SVGText(capacity: 0)

    /// `visibleTracks`: how many tracks the window shows (`SessionSurvey.visibleTracks`), which
    /// decides whether tracks are labelled with their ids.
    init(panel: PathPanel, axis: TimeAxis, tolerance: Double, tickStep: Microseconds, markerCell: Double, visibleTracks: Int,
         pathLimit: Int = .max, byteBudget: Int = .max, waitingLimit: Int = standardWaitingLimit) {
        self.pathLimit = pathLimit
        self.waitingLimit = waitingLimit
        self.byteBudget = byteBudget
        self.panel = panel
        from = axis.from
        to = axis.to
        self.tolerance = tolerance
        self.tickStep = tickStep
        self.markerCell = markerCell
        labelled = visibleTracks <= 40
        rows = TouchRows(axis: axis, labelled: visibleTracks <= 60)
    }

    mutating func began(_ track: Int, id: TouchID) {
        // Here rather than as tracks end: the tracks that end between two going down are the same
        // whatever order they are ended in (all those still down when a device goes away or the
        // session ends), so which finger is drawn early does not depend on that order.
        while waitingTracks > waitingLimit || waitingPathBytes > byteBudget, let head = tracks[nextTrack], !head.ended {
            drawEarly(head)
        }
        tracks[track] = Track(id: id, simplifier: PathSimplifier(tolerance: tolerance, scale: panel.scale))
        begun = max(begun, track + 1)
    }

    mutating func moved(_ number: Int, _ point: TouchTrack.Point) {
        guard var track = tracks.removeValue(forKey: number) else { return }
        if track.start == nil { track.start = point.time }
        track.end = point.time
        track.sampled = true
        if point.time >= from && point.time <= to {
            if track.simplifier.keeps(point) { track.kept.append(point) }
            if track.firstInside == nil { track.nextTick = TimeAxis.multiple(of: tickStep, from: point.time) }
            if track.firstInside == nil { track.firstInside = point }
            if point.time >= track.nextTick {
                track.dots.append(point)
                track.nextTick = TimeAxis.multiple(of: tickStep, from: point.time, strictly: true)
            }
            track.lastInside = point
        }
        tracks[number] = track
    }

    mutating func ended(_ number: Int, _ ending: TouchTrack.Ending) {
        guard var track = tracks[number] else { return }
        track.ending = ending
        track.ended = true
        if track.continued {
            tracks[number] = nil
            // A finger drawn early that did nothing more is drawn whole already.
            guard track.sampled || ending != .open else { return }
            continuations[begun, default: []].append((number, track))
        } else {
            tracks[number] = track
        }
        wait(track, number: number, +1)
        drawWaiting()
    }

    /// Draws the tracks that no earlier track holds back any more, in order.
    private mutating func drawWaiting() {
        while true {
            // Only once the track they go before has begun: no more can join them, whatever order
            // the fingers still down are ended in.
            if nextTrack < begun { drawContinuations() }
            guard let track = tracks[nextTrack], track.ended else { return }
            tracks[nextTrack] = nil
            wait(track, number: nextTrack, -1)
            draw(track, number: nextTrack)
            nextTrack += 1
        }
    }

    /// The second pieces to draw before track `nextTrack`, in the order of their fingers' tracks.
    private mutating func drawContinuations() {
        guard let pieces = continuations.removeValue(forKey: nextTrack) else { return }
        for (number, track) in pieces.sorted(by: { $0.number < $1.number }) {
            wait(track, number: number, -1)
            draw(track, number: number)
        }
    }

    /// Counts an ended track into (`+1`) or out of (`-1`) those waiting.
    private mutating func wait(_ track: Track, number: Int, _ sign: Int) {
        waitingTracks += sign
        waitingPathBytes += sign * leastPathBytes(track, number: number)
        mostWaitingTracks = max(mostWaitingTracks, waitingTracks)
    }

    /// The fewest bytes the track's path will take in the panel: a path of n points is at least
    /// `<polyline stroke="#xxxxxx" points="` and `"/>`, and "x,y" and a space a point.
    private func leastPathBytes(_ track: Track, number: Int) -> Int {
        guard number < pathLimit, track.end >= from, (track.start ?? 0) <= to else { return 0 }
        let points = track.kept.count + (track.simplifier.finish() == nil ? 0 : 1)
        return points == 0 ? 0 : 30 + 4 * points
    }

    /// Draws the finger `nextTrack`, still down, as it is so far, and follows what it does next as
    /// a second piece drawn when it ends (`Track.continued`).
    private mutating func drawEarly(_ head: Track) {
        let number = nextTrack
        var first = head
        first.ending = .open
        draw(first, number: number)
        nextTrack += 1
        var rest = Track(id: head.id, simplifier: PathSimplifier(tolerance: tolerance, scale: panel.scale))
        rest.continued = true
        rest.start = head.start.map { _ in head.end }
        rest.end = head.end
        rest.nextTick = head.nextTick
        if let last = head.lastInside {
            _ = rest.simplifier.keeps(last)
            rest.kept = [last]
            rest.firstInside = last
            rest.lastInside = last
        }
        tracks[number] = rest
        drawWaiting()
    }

    /// Ends the drawing of tracks (the walk has ended every track it began).
    mutating func finish() {
        drawWaiting()
        drawContinuations()
        rows.finish()
    }

    private mutating func draw(_ track: Track, number: Int) {
        let start = track.start ?? 0
        guard track.end >= from && start <= to else { return }
        rows.add(track: number, id: track.id, start: start, end: track.end, ending: track.ending)
        guard number < pathLimit else {
            undrawnPaths += 1
            return
        }
        guard polylines.byteCount + markers.byteCount > byteBudget else {
            drawPath(track, number: number, start: start)
            return
        }
        // Drawn as it would be (the marker cells it takes matter to the tracks after it), counted,
        // and dropped.
        swap(&polylines, &spilledPolylines)
        swap(&markers, &spilledMarkers)
        drawPath(track, number: number, start: start)
        swap(&polylines, &spilledPolylines)
        swap(&markers, &spilledMarkers)
        bytesPastBudget += spilledPolylines.byteCount + spilledMarkers.byteCount
        spilledPolylines.removeAll()
        spilledMarkers.removeAll()
    }

    /// A track's path and markers in the panel.
    private mutating func drawPath(_ track: Track, number: Int, start: Microseconds) {
        let colour = Palette.touch(number)
        var points = track.kept
        if let last = track.simplifier.finish() { points.append(last) }
        if !points.isEmpty {
            polylines.raw("<polyline stroke=\"\(colour)\" points=\"")
            for (n, point) in points.enumerated() {
                if n > 0 { polylines.raw(" ") }
                polylines.number(panel.px(point.x)); polylines.raw(","); polylines.number(panel.py(point.y))
            }
            polylines.raw("\"/>\n")
        }
        guard let first = track.firstInside, let last = track.lastInside else { return }
        for point in track.dots where place(0, panel.px(point.x), panel.py(point.y)) {
            markers.circle(panel.px(point.x), panel.py(point.y), r: 1.6, "fill=\"\(Palette.ink)\"")
        }
        if !track.continued, first.time == start, place(1, panel.px(first.x), panel.py(first.y)) {
            markers.circle(panel.px(first.x), panel.py(first.y), r: 4.5, "fill=\"\(colour)\"")
            if labelled {
                markers.label("#\(track.id)", x: panel.px(first.x) + 6, y: panel.py(first.y) - 6,
                              "\(Palette.font) font-size=\"11\" fill=\"\(colour)\"")
            }
        }
        if last.time == track.end, place(2, panel.px(last.x), panel.py(last.y)) {
            let x = panel.px(last.x), y = panel.py(last.y)
            switch track.ending {
            case .up: markers.circle(x, y, r: 4.5, "fill=\"#ffffff\" stroke=\"\(colour)\" stroke-width=\"2\"")
            case .cancel:
                markers.path([(x - 4, y - 4), (x + 4, y + 4)], closed: false, "stroke=\"\(colour)\" stroke-width=\"2.5\"")
                markers.path([(x - 4, y + 4), (x + 4, y - 4)], closed: false, "stroke=\"\(colour)\" stroke-width=\"2.5\"")
            case .open: break
            }
        }
    }

    /// Whether a marker of `kind` may be drawn at (x, y): always, unless thinning by cells.
    private mutating func place(_ kind: Int, _ x: Double, _ y: Double) -> Bool {
        guard markerCell > 0 else { return true }
        let cell = (kind << 40) | (Int(saturating: x / markerCell) & 0xF_FFFF) << 20 | (Int(saturating: y / markerCell) & 0xF_FFFF)
        return markerCells.insert(cell).inserted
    }
}
