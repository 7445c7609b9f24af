import Replay
import TouchTrace

/// Draws the fingers as a session is walked: each track's path and markers in the path panel, and
/// its bar in the lane chart's touch rows, in the order the fingers went down, whatever order they
/// lifted in.
///
/// A track keeps only what will be drawn of it (the points its path keeps, a dot per tick) while
/// it is down, and is drawn and dropped as soon as every earlier track has been: memory follows the
/// picture and the fingers down at once, not the session's length. Once the paths and markers kept
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
         pathLimit: Int = .max, byteBudget: Int = .max) {
        self.pathLimit = pathLimit
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
        tracks[track] = Track(id: id, simplifier: PathSimplifier(tolerance: tolerance, scale: panel.scale))
    }

    mutating func moved(_ number: Int, _ point: TouchTrack.Point) {
        guard var track = tracks.removeValue(forKey: number) else { return }
        if track.start == nil { track.start = point.time }
        track.end = point.time
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
        tracks[number]?.ending = ending
        tracks[number]?.ended = true
        while let track = tracks[nextTrack], track.ended {
            tracks[nextTrack] = nil
            draw(track, number: nextTrack)
            nextTrack += 1
        }
    }

    /// Ends the drawing of tracks (the walk has ended every track it began).
    mutating func finish() {
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
        if first.time == start, place(1, panel.px(first.x), panel.py(first.y)) {
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
