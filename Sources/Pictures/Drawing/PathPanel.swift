import Replay
import TouchTrace

/// The top of a picture: the window in points, the scene's views as outlines with their ids, and
/// each finger's path in its colour with markers where it went down (filled), up (hollow) or was
/// cancelled (a cross), and small dots at every tick of the time axis.
struct PathPanel {
    var timeline: SessionTimeline
    var from: Microseconds
    var to: Microseconds
    /// Points closer than this to the last point drawn (in picture pixels) are left out.
    var tolerance: Double
    var tickStep: Microseconds

    /// Draws the panel with its top-left corner at (`left`, `top`), `width` wide; returns its height.
    func draw(into svg: inout SVGText, left: Double, top: Double, width: Double) -> Double {
        let window = timeline.window
        let scale = width / max(window.width, 1)
        let height = window.height * scale
        func px(_ x: Double) -> Double { left + x * scale }
        func py(_ y: Double) -> Double { top + y * scale }

        svg.raw("<g id=\"paths\">\n")
        svg.rect(x: left, y: top, width: width, height: height, "fill=\"\(Palette.panel)\" stroke=\"\(Palette.outline)\"")
        drawScale(into: &svg, left: left, top: top, width: width, height: height, scale: scale)
        for view in timeline.views {
            svg.rect(x: px(view.frame.x), y: py(view.frame.y), width: view.frame.width * scale, height: view.frame.height * scale,
                     "fill=\"none\" stroke=\"\(Palette.muted)\" stroke-width=\"1\"")
            svg.label(view.id, x: px(view.frame.x) + 4, y: py(view.frame.y) + 13,
                      "\(Palette.font) font-size=\"11\" fill=\"\(Palette.muted)\"")
        }
        let visible = timeline.touches.indices.filter { index in
            let track = timeline.touches[index]
            return track.end >= from && track.start <= to
        }
        let labelled = visible.count <= 40
        svg.raw("<g fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n")
        for index in visible {
            let points = simplified(timeline.touches[index], scale: scale)
            guard !points.isEmpty else { continue }
            svg.raw("<polyline stroke=\"\(Palette.touch(index))\" points=\"")
            for (n, point) in points.enumerated() {
                if n > 0 { svg.raw(" ") }
                svg.number(px(point.x)); svg.raw(","); svg.number(py(point.y))
            }
            svg.raw("\"/>\n")
        }
        svg.raw("</g>\n")
        for index in visible {
            let track = timeline.touches[index]
            let colour = Palette.touch(index)
            let inside = track.points.filter { $0.time >= from && $0.time <= to }
            guard let first = inside.first, let last = inside.last else { continue }
            var nextTick = (first.time + tickStep - 1) / tickStep * tickStep
            for point in inside where point.time >= nextTick {
                svg.circle(px(point.x), py(point.y), r: 1.6, "fill=\"\(Palette.ink)\"")
                nextTick = (point.time / tickStep + 1) * tickStep
            }
            if first.time == track.start {
                svg.circle(px(first.x), py(first.y), r: 4.5, "fill=\"\(colour)\"")
                if labelled {
                    svg.label("#\(track.id)", x: px(first.x) + 6, y: py(first.y) - 6,
                              "\(Palette.font) font-size=\"11\" fill=\"\(colour)\"")
                }
            }
            if last.time == track.end {
                let x = px(last.x), y = py(last.y)
                switch track.ending {
                case .up: svg.circle(x, y, r: 4.5, "fill=\"#ffffff\" stroke=\"\(colour)\" stroke-width=\"2\"")
                case .cancel:
                    svg.path([(x - 4, y - 4), (x + 4, y + 4)], closed: false, "stroke=\"\(colour)\" stroke-width=\"2.5\"")
                    svg.path([(x - 4, y + 4), (x + 4, y - 4)], closed: false, "stroke=\"\(colour)\" stroke-width=\"2.5\"")
                case .open: break
                }
            }
        }
        svg.raw("</g>\n")
        return height
    }

    /// How many points the paths keep at this tolerance when drawn `width` pixels wide.
    func keptPoints(width: Double) -> Int {
        let scale = width / max(timeline.window.width, 1)
        return timeline.touches.reduce(0) { $0 + simplified($1, scale: scale).count }
    }

    /// The points of `track` inside the time window that are at least `tolerance` picture pixels
    /// from the last one kept, and always the last one: a finger resting or moving slowly costs
    /// nothing, so the size follows what can be seen, not the sample rate.
    func simplified(_ track: TouchTrack, scale: Double) -> [TouchTrack.Point] {
        var kept: [TouchTrack.Point] = []
        var last: TouchTrack.Point?
        var pending: TouchTrack.Point?
        let toleranceInPoints = tolerance / max(scale, 1e-9)
        let limit = toleranceInPoints * toleranceInPoints
        for point in track.points where point.time >= from && point.time <= to {
            if let previous = last {
                let dx = point.x - previous.x, dy = point.y - previous.y
                if dx * dx + dy * dy < limit {
                    pending = point
                    continue
                }
            }
            kept.append(point)
            last = point
            pending = nil
        }
        if let pending { kept.append(pending) }
        return kept
    }

    /// Tick marks along the top and left edges every round number of points.
    private func drawScale(into svg: inout SVGText, left: Double, top: Double, width: Double, height: Double, scale: Double) {
        let step = Double(TimeAxis.niceStep(max(timeline.window.width, timeline.window.height) / 8))
        let style = "\(Palette.font) font-size=\"10\" fill=\"\(Palette.muted)\""
        var value = step
        while value < timeline.window.width {
            svg.line(left + value * scale, top, left + value * scale, top + 5, "stroke=\"\(Palette.outline)\"")
            svg.label(SVGText.number(value), x: left + value * scale, y: top - 3, "\(style) text-anchor=\"middle\"")
            value += step
        }
        value = step
        while value < timeline.window.height {
            svg.line(left, top + value * scale, left + 5, top + value * scale, "stroke=\"\(Palette.outline)\"")
            svg.label(SVGText.number(value), x: left - 3, y: top + value * scale + 3, "\(style) text-anchor=\"end\"")
            value += step
        }
        svg.label("0", x: left - 3, y: top - 3, "\(style) text-anchor=\"end\"")
        svg.label("window points (\(SVGText.number(timeline.window.width)) × \(SVGText.number(timeline.window.height)) pt)",
                  x: left + width, y: top + height + 13, "\(style) text-anchor=\"end\"")
    }
}
