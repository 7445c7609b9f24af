import Replay
import TouchTrace

/// What to draw of a session and how it is named.
public struct PictureOptions: Sendable {
    /// The window of virtual time to draw, in microseconds; `nil` is the session's start or end.
    public var from: Microseconds?
    public var to: Microseconds?
    /// The heading: the trace's name, and a line under it (scene, duration).
    public var title: String
    public var subtitle: String
    /// Above this many bytes the paths are drawn more coarsely until the picture fits.
    public var byteBudget: Int

    /// A picture's byte budget unless one is given: also each timeline chart's on a verify
    /// report's page.
    public static let standardByteBudget = 4_500_000

    public init(from: Microseconds? = nil, to: Microseconds? = nil, title: String, subtitle: String = "",
                byteBudget: Int = standardByteBudget) {
        self.from = from
        self.to = to
        self.title = title
        self.subtitle = subtitle
        self.byteBudget = byteBudget
    }
}

/// A session as one SVG: the touch paths over the scene's views, a legend, and below them on one
/// time axis the fingers' lifetimes and, with a scene, the recognizer and view lanes
/// (`docs/pictures.md` explains how to read one).
///
/// A picture takes two walks of the session (`SessionSource`): a survey (how long it lasts, how
/// many fingers, how many points the paths keep at each tolerance), then the drawing, which keeps
/// only what it draws. A trace is read again for each, so memory does not grow with its length;
/// a third walk is needed only when the first drawing misses the byte budget.
///
/// The same session and options always give the same bytes.
public enum SessionPicture {
    public static let width = 1000.0
    static let margin = 40.0
    /// Where the window panel starts, under the title and subtitle.
    static let pathPanelTop = 68.0

    /// The first pass over a trace: what its picture's subtitle says and what the drawing needs
    /// to choose its detail. `from` and `to` are the drawing's `PictureOptions.from` and `.to`.
    public static func survey(_ session: TraceSession, from: Microseconds?, to: Microseconds?) throws -> SessionSurvey {
        try survey(of: session, from: from, to: to)
    }

    /// The picture of a trace, surveyed for the same `from` and `to` as `options` has: its text in
    /// pieces, to be written in order (the picture is held once, never joined).
    public static func svg(_ session: TraceSession, survey: SessionSurvey, options: PictureOptions) throws -> [String] {
        try svg(of: session, survey: survey, options: options).allPieces
    }

    /// The picture of a timeline held in memory.
    public static func svg(_ timeline: SessionTimeline, options: PictureOptions) -> [UInt8] {
        let survey = survey(of: timeline, from: options.from, to: options.to)
        return Array(svg(of: timeline, survey: survey, options: options).joined.utf8)
    }

    static func survey<Source: SessionSource>(of source: Source, from: Microseconds?, to: Microseconds?) throws(Source.Failure) -> SessionSurvey {
        let survey = SessionSurvey.Walker(window: source.window, width: width - 2 * margin, from: from, to: to)
        let (duration, notices) = try source.walk(survey)
        return survey.result(duration: duration, notices: notices)
    }

    static func svg<Source: SessionSource>(of source: Source, survey: SessionSurvey, options: PictureOptions) throws(Source.Failure) -> SVGText {
        precondition(survey.from == options.from && survey.to == options.to, "a picture drawn with another window than it was surveyed for")
        // Coarsen the paths until the points they keep fit the budget (about 12 bytes each, leaving
        // a fifth for everything else), then draw; if the whole still exceeds it, coarsen further.
        var tolerance = 0.5
        while tolerance < 64 {
            if survey.keptPoints(tolerance: tolerance) * 12 <= options.byteBudget * 4 / 5 { break }
            tolerance *= 2
        }
        while true {
            let drawn = try render(source, survey: survey, options: options, tolerance: tolerance, markerCell: tolerance >= 4 ? tolerance : 0)
            if drawn.byteCount <= options.byteBudget { return drawn.text }
            if tolerance >= 64 { return try withFewerPaths(source, survey: survey, options: options, tolerance: tolerance, over: drawn) }
            tolerance *= 2
        }
    }

    /// A drawing of the picture and its whole size. Past the byte budget a drawing keeps no more
    /// paths (`TrackDrawing.bytesPastBudget`): its text is then incomplete and never the picture,
    /// which is drawn again from the whole size.
    struct Drawn {
        var text: SVGText
        var byteCount: Int
    }

    /// The coarsest paths still pass the budget (a session of hundreds of thousands of touches,
    /// each a path however short): the paths of the later touches are left out, fewer each time,
    /// until the picture fits; their lifetimes stay in the lanes.
    private static func withFewerPaths<Source: SessionSource>(
        _ source: Source, survey: SessionSurvey, options: PictureOptions, tolerance: Double, over drawn: Drawn
    ) throws(Source.Failure) -> SVGText {
        var drawn = drawn
        var limit = survey.visibleTracks
        while drawn.byteCount > options.byteBudget && limit > 0 {
            let share = Double(options.byteBudget) * 0.9 / Double(drawn.byteCount)
            limit = min(limit / 2, Int(Double(limit) * share))
            drawn = try render(source, survey: survey, options: options, tolerance: tolerance, markerCell: tolerance, pathLimit: limit)
        }
        // A scene of a great many views and recognizers: the later ones' outlines and rows go too.
        // Here either the paths fit (and every one drawn was kept) or none is drawn: the text is
        // whole.
        var rows = max(source.views.count, survey.sceneLanes)
        while drawn.byteCount > options.byteBudget && rows > 0 {
            let share = Double(options.byteBudget) * 0.9 / Double(drawn.byteCount)
            rows = min(rows / 2, Int(Double(rows) * share))
            drawn = try render(source, survey: survey, options: options, tolerance: tolerance, markerCell: tolerance, pathLimit: limit, sceneRowLimit: rows)
        }
        assert(drawn.byteCount == drawn.text.byteCount, "a picture missing the paths drawn past its budget")
        return drawn.text
    }

    static func window(duration: Microseconds, _ options: PictureOptions) -> (Microseconds, Microseconds) {
        let from = min(max(options.from ?? 0, 0), .max - 1)
        // A little room after the last event, so marks at the very end are not cut in half; a
        // session reaching the end of time gets none (the sums saturate, never trap).
        let end = max(duration, 1)
        let room = end.addingReportingOverflow(max(end / 50, 1))
        let to = max(options.to ?? (room.overflow ? .max : room.partialValue), from + 1)
        return (from, to)
    }

    static func render<Source: SessionSource>(
        _ source: Source, survey: SessionSurvey, options: PictureOptions, tolerance: Double, markerCell: Double, pathLimit: Int = .max,
        sceneRowLimit: Int = .max
    ) throws(Source.Failure) -> Drawn {
        let (from, to) = window(duration: survey.duration, options)
        let axis = TimeAxis(from: from, to: to, left: LaneChart.labelWidth, right: width - 20)
        let outlines = source.views.count > sceneRowLimit ? Array(source.views.prefix(sceneRowLimit)) : source.views
        let panel = PathPanel(window: source.window, views: outlines, left: margin, top: pathPanelTop, width: width - 2 * margin)
        let drawing = PictureDrawing(tracks: TrackDrawing(panel: panel, axis: axis, tolerance: tolerance, tickStep: axis.step(),
                                                          markerCell: markerCell, visibleTracks: survey.visibleTracks,
                                                          pathLimit: pathLimit, byteBudget: options.byteBudget), axis: axis)
        _ = try source.walk(drawing)
        drawing.finish()

        var body = SVGText()
        var y = 28.0
        body.label(options.title, x: 20, y: y, "\(Palette.font) font-size=\"16\" font-weight=\"bold\" fill=\"\(Palette.ink)\"")
        y += 18
        if !options.subtitle.isEmpty {
            body.label(options.subtitle, x: 20, y: y, "\(Palette.font) font-size=\"12\" fill=\"\(Palette.muted)\"")
        }
        y = pathPanelTop
        y += panel.draw(into: &body, paths: drawing.tracks) + 22
        if drawing.tracks.undrawnPaths > 0 {
            body.label("the paths of the last \(drawing.tracks.undrawnPaths) touches are not drawn: the picture would pass its \(options.byteBudget)-byte budget",
                       x: 20, y: y - 6, "\(Palette.font) font-size=\"12\" fill=\"\(Palette.muted)\"")
            y += 16
        }
        let shownViews = drawing.views.filter(\.isShown)
        let leftOutRows = max(0, drawing.recognizers.count - sceneRowLimit) + max(0, shownViews.count - sceneRowLimit)
        if leftOutRows > 0 {
            body.label("the last \(leftOutRows) rows of the scene's recognizers and views (and \(source.views.count - outlines.count) view outlines) are not drawn: the picture would pass its \(options.byteBudget)-byte budget",
                       x: 20, y: y - 6, "\(Palette.font) font-size=\"12\" fill=\"\(Palette.muted)\"")
            y += 16
        }
        y += Legend.draw(into: &body, top: y, withScene: source.hasScene, tickStep: axis.step()) + 10
        let chart = LaneChart(axis: axis, rows: drawing.tracks.rows, recognizers: Array(drawing.recognizers.prefix(sceneRowLimit)),
                              views: Array(shownViews.prefix(sceneRowLimit)))
        y += chart.draw(into: &body, top: y, width: width) + 16
        let text = document(width: width, height: y, body: body)
        return Drawn(text: text, byteCount: text.byteCount + drawing.tracks.bytesPastBudget)
    }

    /// The SVG document around drawn content, with a white background.
    static func document(width: Double, height: Double, body: SVGText) -> SVGText {
        var svg = SVGText(capacity: 512)
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(width))\" height=\"\(SVGText.number(height))\" viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\">\n")
        svg.rect(x: 0, y: 0, width: width, height: height, "fill=\"#ffffff\"")
        svg.append(body)
        svg.raw("</svg>\n")
        return svg
    }
}

extension SessionPicture {
    /// A lanes-only chart, for a report page: a heading, the shared time axis from `from` to `to`,
    /// the touches, the given lanes and the highlighted marks. An `<svg>` element without an XML
    /// declaration, to sit inside HTML.
    static func chart(heading: String, from: Microseconds, to: Microseconds, touches: [TouchTrack],
                      recognizers: [RecognizerLane], views: [ViewLane], highlights: Highlights) -> String {
        let axis = TimeAxis(from: from, to: to, left: LaneChart.labelWidth, right: width - 20)
        var body = SVGText()
        body.label(heading, x: 20, y: 22, "\(Palette.font) font-size=\"14\" font-weight=\"bold\" fill=\"\(Palette.ink)\"")
        let chart = LaneChart(axis: axis, touches: touches, recognizers: recognizers, views: views, highlights: highlights)
        let height = 34 + chart.draw(into: &body, top: 34, width: width) + 12
        let document = document(width: width, height: height, body: body).joined
        return String(document.drop { $0 != "\n" }.dropFirst())
    }
}

/// The drawing pass: every touch, state change, action and delivery goes to what draws it, and
/// only what will be drawn is kept.
final class PictureDrawing: SessionVisitor {
    private(set) var tracks: TrackDrawing
    private(set) var recognizers: [RecognizerMarks] = []
    private(set) var views: [ViewMarks] = []
    private let axis: TimeAxis

    init(tracks: TrackDrawing, axis: TimeAxis) {
        self.tracks = tracks
        self.axis = axis
    }

    func touchBegan(_ track: Int, id: TouchID) { tracks.began(track, id: id) }
    func touchMoved(_ track: Int, _ point: TouchTrack.Point) { tracks.moved(track, point) }
    func touchEnded(_ track: Int, _ ending: TouchTrack.Ending) { tracks.ended(track, ending) }
    func recognizerLane(_ name: String) { recognizers.append(RecognizerMarks(name: name)) }
    func viewLane(_ name: String, shownEmpty: Bool) { views.append(ViewMarks(name: name, shownEmpty: shownEmpty)) }
    func recognizer(_ lane: Int, changed: RecognizerLane.Change) { recognizers[lane].add(changed, axis: axis) }
    func recognizer(_ lane: Int, acted: RecognizerLane.Action) { recognizers[lane].add(acted, axis: axis) }
    func view(_ lane: Int, received: ViewLane.Delivery) { views[lane].add(received, axis: axis) }

    func finish() {
        tracks.finish()
        for index in recognizers.indices { recognizers[index].finish(axis: axis) }
    }
}

/// What a first walk of a session finds: how long it lasts, how many fingers, and how many points
/// the touch paths keep at each tolerance (what the drawing chooses its detail by).
public struct SessionSurvey: Sendable {
    /// The drawing window this survey was made for (`PictureOptions.from`, `.to`).
    public let from: Microseconds?
    public let to: Microseconds?
    /// The last time anything happened: the last event, or the last timer the replay fired.
    public let duration: Microseconds
    /// Touch sequences in the whole session.
    public let touches: Int
    /// Touch sequences that overlap the drawing window.
    public let visibleTracks: Int
    /// The reader's notices (damage worked around, import warnings) and, with a scene, the
    /// replay's (`ReplayDriver.notices(after:)`), one line each.
    public let notices: [String]
    /// Points the paths keep at tolerances 0.5, 1, 2 … 32 pixels.
    let keptPoints: [Int]
    /// The scene's recognizer and view lanes: rows a picture may have to leave out.
    let sceneLanes: Int

    static let tolerances = [0.5, 1, 2, 4, 8, 16, 32]

    func keptPoints(tolerance: Double) -> Int {
        keptPoints[Self.tolerances.firstIndex(of: tolerance)!]
    }

    /// The survey pass.
    final class Walker: SessionVisitor {
        private let scale: Double
        private let from: Microseconds
        /// The latest time drawn: any sample is earlier than the default end of the window, which
        /// lies after the session's end.
        private let to: Microseconds
        private let options: (from: Microseconds?, to: Microseconds?)
        private var open: [Int: Track] = [:]
        private var touches = 0
        private var visible = 0
        private var sceneLanes = 0
        private var kept = [Int](repeating: 0, count: SessionSurvey.tolerances.count)

        private struct Track {
            var start: Microseconds?
            var end: Microseconds = 0
            var simplifiers: [PathSimplifier]
        }

        init(window: Size, width: Double, from: Microseconds?, to: Microseconds?) {
            scale = width / max(window.width, 1)
            options = (from, to)
            let start = max(from ?? 0, 0)
            self.from = start
            self.to = to.map { max($0, start + 1) } ?? .max
        }

        func touchBegan(_ track: Int, id: TouchID) {
            touches += 1
            open[track] = Track(simplifiers: SessionSurvey.tolerances.map { PathSimplifier(tolerance: $0, scale: scale) })
        }

        func touchMoved(_ number: Int, _ point: TouchTrack.Point) {
            guard var track = open.removeValue(forKey: number) else { return }
            if track.start == nil { track.start = point.time }
            track.end = point.time
            if point.time >= from && point.time <= to {
                for index in track.simplifiers.indices where track.simplifiers[index].keeps(point) { kept[index] += 1 }
            }
            open[number] = track
        }

        func touchEnded(_ number: Int, _ ending: TouchTrack.Ending) {
            guard let track = open.removeValue(forKey: number) else { return }
            for (index, simplifier) in track.simplifiers.enumerated() where simplifier.finish() != nil { kept[index] += 1 }
            if track.end >= from && (track.start ?? 0) <= to { visible += 1 }
        }

        func recognizerLane(_ name: String) { sceneLanes += 1 }
        func viewLane(_ name: String, shownEmpty: Bool) { sceneLanes += 1 }
        func recognizer(_ lane: Int, changed: RecognizerLane.Change) {}
        func recognizer(_ lane: Int, acted: RecognizerLane.Action) {}
        func view(_ lane: Int, received: ViewLane.Delivery) {}

        func result(duration: Microseconds, notices: [String]) -> SessionSurvey {
            SessionSurvey(from: options.from, to: options.to, duration: duration, touches: touches, visibleTracks: visible,
                          notices: notices, keptPoints: kept, sceneLanes: sceneLanes)
        }
    }
}
