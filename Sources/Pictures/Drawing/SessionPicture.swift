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

    public init(from: Microseconds? = nil, to: Microseconds? = nil, title: String, subtitle: String = "",
                byteBudget: Int = 4_500_000) {
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
/// The same timeline and options always give the same bytes.
public enum SessionPicture {
    public static let width = 1000.0
    static let margin = 40.0
    /// Where the window panel starts, under the title and subtitle.
    static let pathPanelTop = 68.0

    public static func svg(_ timeline: SessionTimeline, options: PictureOptions) -> [UInt8] {
        // Coarsen the paths until the points they keep fit the budget (about 12 bytes each, leaving
        // a fifth for everything else), then draw; if the whole still exceeds it, coarsen further.
        let (from, to) = window(timeline, options)
        var tolerance = 0.5
        while tolerance < 64 {
            let panel = PathPanel(timeline: timeline, from: from, to: to, tolerance: tolerance, tickStep: 1)
            if panel.keptPoints(width: width - 2 * margin) * 12 <= options.byteBudget * 4 / 5 { break }
            tolerance *= 2
        }
        while true {
            let text = render(timeline, options: options, tolerance: tolerance)
            if text.utf8.count <= options.byteBudget || tolerance >= 64 { return Array(text.utf8) }
            tolerance *= 2
        }
    }

    static func window(_ timeline: SessionTimeline, _ options: PictureOptions) -> (Microseconds, Microseconds) {
        let from = max(options.from ?? 0, 0)
        // A little room after the last event, so marks at the very end are not cut in half.
        let end = max(timeline.duration, 1)
        let to = max(options.to ?? end + max(end / 50, 1), from + 1)
        return (from, to)
    }

    static func render(_ timeline: SessionTimeline, options: PictureOptions, tolerance: Double) -> String {
        let (from, to) = window(timeline, options)
        let axis = TimeAxis(from: from, to: to, left: LaneChart.labelWidth, right: width - 20)
        var body = SVGText()
        var y = 28.0
        body.label(options.title, x: 20, y: y, "\(Palette.font) font-size=\"16\" font-weight=\"bold\" fill=\"\(Palette.ink)\"")
        y += 18
        if !options.subtitle.isEmpty {
            body.label(options.subtitle, x: 20, y: y, "\(Palette.font) font-size=\"12\" fill=\"\(Palette.muted)\"")
        }
        y = pathPanelTop
        let panel = PathPanel(timeline: timeline, from: from, to: to, tolerance: tolerance, tickStep: axis.step())
        y += panel.draw(into: &body, left: margin, top: y, width: width - 2 * margin) + 22
        y += Legend.draw(into: &body, top: y, withScene: timeline.hasScene, tickStep: axis.step()) + 10
        let chart = LaneChart(axis: axis, touches: timeline.touches, recognizers: timeline.recognizers, views: timeline.viewLanes)
        y += chart.draw(into: &body, top: y, width: width) + 16
        return document(width: width, height: y, body: body)
    }

    /// The SVG document around drawn content, with a white background.
    static func document(width: Double, height: Double, body: SVGText) -> String {
        var svg = SVGText(capacity: body.text.utf8.count + 512)
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(width))\" height=\"\(SVGText.number(height))\" viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\">\n")
        svg.rect(x: 0, y: 0, width: width, height: height, "fill=\"#ffffff\"")
        svg.append(body)
        svg.raw("</svg>\n")
        return svg.text
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
        let document = document(width: width, height: height, body: body)
        return String(document.drop { $0 != "\n" }.dropFirst())
    }
}
