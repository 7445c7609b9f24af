import Replay
import TouchTrace

/// The top of a picture: the window in points, the scene's views as outlines with their ids, and
/// each finger's path in its colour with markers where it went down (filled), up (hollow) or was
/// cancelled (a cross), and small dots at every tick of the time axis.
///
/// The paths and markers are drawn by a `TrackDrawing` as the session is walked; the panel places
/// them inside its frame.
struct PathPanel {
    var window: Size
    var views: [ViewOutline]
    var left: Double
    var top: Double
    var width: Double

    /// Picture pixels per window point.
    var scale: Double { width / max(window.width, 1) }
    var height: Double { window.height * scale }
    func px(_ x: Double) -> Double { left + x * scale }
    func py(_ y: Double) -> Double { top + y * scale }

    /// Draws the panel around the drawn paths and markers; returns its height.
    func draw(into svg: inout SVGText, paths: TrackDrawing) -> Double {
        svg.raw("<g id=\"paths\">\n")
        svg.rect(x: left, y: top, width: width, height: height, "fill=\"\(Palette.panel)\" stroke=\"\(Palette.outline)\"")
        drawScale(into: &svg)
        for view in views {
            svg.rect(x: px(view.frame.x), y: py(view.frame.y), width: view.frame.width * scale, height: view.frame.height * scale,
                     "fill=\"none\" stroke=\"\(Palette.muted)\" stroke-width=\"1\"")
            svg.label(view.id, x: px(view.frame.x) + 4, y: py(view.frame.y) + 13,
                      "\(Palette.font) font-size=\"11\" fill=\"\(Palette.muted)\"")
        }
        svg.raw("<g fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n")
        svg.append(paths.polylines)
        svg.raw("</g>\n")
        svg.append(paths.markers)
        svg.raw("</g>\n")
        return height
    }

    /// Tick marks along the top and left edges every round number of points: about eight along
    /// the longer edge, whatever the window's size (a scene's window may be any positive size).
    private func drawScale(into svg: inout SVGText) {
        let step = TimeAxis.roundStep(max(window.width, window.height) / 8)
        let style = "\(Palette.font) font-size=\"10\" fill=\"\(Palette.muted)\""
        for tick in 1..<Self.tickCount(window.width, step) {
            let value = Double(tick) * step
            svg.line(left + value * scale, top, left + value * scale, top + 5, "stroke=\"\(Palette.outline)\"")
            svg.label(SVGText.number(value), x: left + value * scale, y: top - 3, "\(style) text-anchor=\"middle\"")
        }
        for tick in 1..<Self.tickCount(window.height, step) {
            let value = Double(tick) * step
            svg.line(left, top + value * scale, left + 5, top + value * scale, "stroke=\"\(Palette.outline)\"")
            svg.label(SVGText.number(value), x: left - 3, y: top + value * scale + 3, "\(style) text-anchor=\"end\"")
        }
        svg.label("0", x: left - 3, y: top - 3, "\(style) text-anchor=\"end\"")
        svg.label("window points (\(SVGText.number(window.width)) × \(SVGText.number(window.height)) pt)",
                  x: left + width, y: top + height + 13, "\(style) text-anchor=\"end\"")
    }
}

extension PathPanel {
    /// How many multiples of `step` (from 0) lie below `length`, plus one: the end of a tick range.
    static func tickCount(_ length: Double, _ step: Double) -> Int {
        let count = (length / step).rounded(.up)
        return count.isFinite ? Int(min(max(count, 1), 1_000)) : 1
    }
}

/// Leaves out the points of a path closer than a tolerance to the last one kept, one point at a
/// time: a finger resting or moving slowly costs nothing, so a picture's size follows what can be
/// seen, not the sample rate. The last point of a path is always kept (`finish`).
struct PathSimplifier {
    /// The squared tolerance in window points.
    private let limit: Double
    private var last: TouchTrack.Point?
    private var pending: TouchTrack.Point?

    /// `tolerance` in picture pixels, `scale` picture pixels per window point.
    init(tolerance: Double, scale: Double) {
        let toleranceInPoints = tolerance / max(scale, 1e-9)
        limit = toleranceInPoints * toleranceInPoints
    }

    /// Whether `point` is kept.
    mutating func keeps(_ point: TouchTrack.Point) -> Bool {
        if let previous = last {
            let dx = point.x - previous.x, dy = point.y - previous.y
            if dx * dx + dy * dy < limit {
                pending = point
                return false
            }
        }
        last = point
        pending = nil
        return true
    }

    /// The path's last point when it was left out, to end the path where the finger did.
    func finish() -> TouchTrack.Point? { pending }
}
