import Replay
import TouchTrace

/// The key to a picture's marks, in one or two rows under the touch paths.
enum Legend {
    /// Draws the legend at `top`; returns its height.
    static func draw(into svg: inout SVGText, top: Double, withScene: Bool, tickStep: Microseconds) -> Double {
        let style = "\(Palette.font) font-size=\"11\" fill=\"\(Palette.ink)\""
        var x = 20.0
        var y = top + 10
        func item(_ text: String, _ mark: (inout SVGText, Double, Double) -> Void) {
            mark(&svg, x + 6, y)
            svg.label(text, x: x + 16, y: y + 4, style)
            x += 16 + Double(text.count) * 6.4 + 14
        }
        let touch = Palette.touch(0)
        item("finger down") { $0.circle($1, $2, r: 4.5, "fill=\"\(touch)\"") }
        item("up") { $0.circle($1, $2, r: 4.5, "fill=\"#ffffff\" stroke=\"\(touch)\" stroke-width=\"2\"") }
        item("cancelled") { svg, cx, cy in
            svg.path([(cx - 4, cy - 4), (cx + 4, cy + 4)], closed: false, "stroke=\"\(touch)\" stroke-width=\"2.5\"")
            svg.path([(cx - 4, cy + 4), (cx + 4, cy - 4)], closed: false, "stroke=\"\(touch)\" stroke-width=\"2.5\"")
        }
        item("path dot every \(TimeAxis.secondsLabel(tickStep, step: tickStep))") { $0.circle($1, $2, r: 1.6, "fill=\"\(Palette.ink)\"") }
        guard withScene else { return 20 }
        x = 20
        y += 20
        item("began/changed") { $0.rect(x: $1 - 6, y: $2 - 5, width: 12, height: 10, "fill=\"\(Palette.active)\"") }
        item("recognized/ended") { $0.path([($1, $2 - 7), ($1 + 6, $2), ($1, $2 + 7), ($1 - 6, $2)], closed: true, "fill=\"\(Palette.recognized)\"") }
        item("failed") { $0.rect(x: $1 - 2, y: $2 - 8, width: 4, height: 16, "fill=\"\(Palette.failed)\"") }
        item("cancelled") { $0.path([($1 - 6, $2 + 6), ($1 + 6, $2 + 6), ($1, $2 - 7)], closed: true, "fill=\"\(Palette.cancelled)\"") }
        item("action") { $0.line($1, $2 - 7, $1, $2 - 2, "stroke=\"\(Palette.ink)\" stroke-width=\"1.2\"") }
        x = 20
        y += 20
        for (name, phase) in [("view began", "began"), ("moved", "moved"), ("ended", "ended"), ("cancelled", "cancelled")] {
            let colour = Palette.delivery(.init(rawValue: phase)!)
            let half = phase == "moved" ? 4.0 : 8.0
            item(name) { $0.rect(x: $1 - 1.25, y: $2 - half, width: 2.5, height: 2 * half, "fill=\"\(colour)\"") }
        }
        item("held back: touches' time → delivery") { svg, cx, cy in
            svg.line(cx - 6, cy, cx + 6, cy, "stroke=\"\(Palette.delay)\" stroke-width=\"2\" stroke-dasharray=\"4 2\"")
            svg.circle(cx - 6, cy, r: 3.5, "fill=\"#ffffff\" stroke=\"\(Palette.delay)\" stroke-width=\"1.5\"")
        }
        return 60
    }
}
