import Replay
import TouchTrace

/// Which marks of a chart to highlight: positions in a lane's `changes`, `actions` or `deliveries`.
struct Highlights {
    var changes: [String: Set<Int>] = [:]
    var actions: [String: Set<Int>] = [:]
    var deliveries: [String: Set<Int>] = [:]

    var isEmpty: Bool { changes.isEmpty && actions.isEmpty && deliveries.isEmpty }
}

/// The lower part of a picture: one shared time axis, then the fingers' lifetimes packed into
/// rows, one lane per recognizer (its state over time and a tick per action) and one lane per view
/// (the phases its hooks received, with held-back deliveries drawn from the touches' time to the
/// delivery's).
///
/// Everything dense is thinned to what a pixel column can show (one mark of a kind per column, bars
/// closer than a pixel merged), so the size follows the picture's width, not the session's length.
struct LaneChart {
    var axis: TimeAxis
    var touches: [TouchTrack]
    var recognizers: [RecognizerLane]
    var views: [ViewLane]
    var highlights = Highlights()
    var showTouches = true

    static let labelWidth = 170.0
    static let rowHeight = 13.0
    static let laneHeight = 22.0
    static let headingHeight = 20.0

    func draw(into svg: inout SVGText, top: Double, width: Double) -> Double {
        var y = top
        let tickStep = axis.step()
        let ticks = axis.ticks(step: tickStep)
        let textStyle = "\(Palette.font) font-size=\"11\" fill=\"\(Palette.ink)\""
        // Axis labels on top.
        for tick in ticks {
            svg.label(TimeAxis.secondsLabel(tick, step: tickStep), x: axis.x(tick), y: y + 11,
                      "\(Palette.font) font-size=\"10\" fill=\"\(Palette.muted)\" text-anchor=\"middle\"")
        }
        svg.label("time (s)", x: 8, y: y + 11, "\(Palette.font) font-size=\"10\" fill=\"\(Palette.muted)\"")
        y += 16
        let gridTop = y
        var body = SVGText()

        if showTouches {
            let rows = Self.packRows(touches, from: axis.from, to: axis.to)
            let rowCount = (rows.map(\.row).max() ?? -1) + 1
            body.label("Touches", x: 8, y: y + 14, "\(Palette.font) font-size=\"12\" font-weight=\"bold\" fill=\"\(Palette.ink)\"")
            y += Self.headingHeight
            let labelled = rows.count <= 60
            for entry in rows {
                let track = touches[entry.index]
                let rowTop = y + Double(entry.row) * Self.rowHeight
                let x1 = axis.x(max(track.start, axis.from)), x2 = axis.x(min(track.end, axis.to))
                let colour = Palette.touch(entry.index)
                body.rect(x: x1, y: rowTop + 2, width: max(x2 - x1, 2), height: Self.rowHeight - 4, "fill=\"\(colour)\"")
                if track.ending == .cancel, track.end <= axis.to {
                    body.rect(x: x2 - 1, y: rowTop, width: 3, height: Self.rowHeight, "fill=\"\(Palette.cancelled)\"")
                }
                if labelled {
                    body.label("#\(track.id)", x: x1 - 3, y: rowTop + 10, "\(Palette.font) font-size=\"9\" fill=\"\(colour)\" text-anchor=\"end\"")
                }
            }
            y += Double(max(rowCount, 1)) * Self.rowHeight + 4
        }

        /// A heading and one lane per item, when there are any.
        func section<Lane>(_ heading: String, _ lanes: [Lane], _ draw: (Lane, Double, inout SVGText) -> Void) {
            guard !lanes.isEmpty else { return }
            body.label(heading, x: 8, y: y + 14, "\(Palette.font) font-size=\"12\" font-weight=\"bold\" fill=\"\(Palette.ink)\"")
            y += Self.headingHeight
            for lane in lanes {
                draw(lane, y, &body)
                y += Self.laneHeight
            }
        }
        section("Recognizers", recognizers) { drawRecognizer($0, top: $1, into: &$2, textStyle: textStyle) }
        section("Views (touches delivered)", views) { drawView($0, top: $1, into: &$2, textStyle: textStyle) }
        // Grid first, so the marks lie on top of it.
        for tick in ticks {
            svg.line(axis.x(tick), gridTop, axis.x(tick), y, "stroke=\"\(Palette.grid)\"")
        }
        svg.line(axis.left, gridTop, axis.right, gridTop, "stroke=\"\(Palette.outline)\"")
        for tick in ticks {
            svg.line(axis.x(tick), gridTop - 4, axis.x(tick), gridTop, "stroke=\"\(Palette.outline)\"")
        }
        svg.append(body)
        svg.line(axis.left, y, axis.right, y, "stroke=\"\(Palette.outline)\"")
        return y - top
    }

    // MARK: - Recognizers

    private func drawRecognizer(_ lane: RecognizerLane, top: Double, into svg: inout SVGText, textStyle: String) {
        let middle = top + Self.laneHeight / 2
        svg.label(lane.name, x: 8, y: middle + 4, textStyle)
        svg.line(axis.left, middle, axis.right, middle, "stroke=\"\(Palette.possible)\" stroke-width=\"1\"")
        let marked = highlights.changes[lane.name] ?? []
        let markedActions = highlights.actions[lane.name] ?? []
        var highlightColumns = Set<Int>()
        func highlight(_ time: Microseconds) {
            let x = axis.x(time)
            guard highlightColumns.insert(Int(x.rounded())).inserted else { return }
            svg.rect(x: x - 5, y: top + 1, width: 10, height: Self.laneHeight - 2,
                     "fill=\"\(Palette.highlight)\" fill-opacity=\"0.35\" stroke=\"\(Palette.highlight)\" stroke-width=\"1.5\"")
        }
        // Bars while began or changed.
        var bars = BarMerger()
        var activeSince: Microseconds?
        for change in lane.changes {
            let active = change.to == .began || change.to == .changed
            if active, activeSince == nil { activeSince = change.time }
            if !active, let since = activeSince {
                bars.add(axis, since, change.time)
                activeSince = nil
            }
        }
        if let since = activeSince { bars.add(axis, since, axis.to) }
        for bar in bars.bars {
            svg.rect(x: bar.0, y: middle - 5, width: max(bar.1 - bar.0, 1.5), height: 10, "fill=\"\(Palette.active)\"")
        }
        // Decisions.
        var columns = Set<Int>()
        for (index, change) in lane.changes.enumerated() where axis.contains(change.time) {
            if marked.contains(index) { highlight(change.time) }
            let x = axis.x(change.time)
            guard columns.insert(Self.column(x, kind: change.to.hashKey)).inserted else { continue }
            switch change.to {
            case .recognized, .ended:
                svg.path([(x, middle - 7), (x + 6, middle), (x, middle + 7), (x - 6, middle)], closed: true, "fill=\"\(Palette.recognized)\"")
            case .failed:
                svg.rect(x: x - 2, y: middle - 8, width: 4, height: 16, "fill=\"\(Palette.failed)\"")
            case .cancelled:
                svg.path([(x - 6, middle + 6), (x + 6, middle + 6), (x, middle - 7)], closed: true, "fill=\"\(Palette.cancelled)\"")
            case .possible, .began, .changed:
                break
            }
        }
        // Actions: a tick above the lane.
        var actionColumns = Set<Int>()
        for (index, action) in lane.actions.enumerated() where axis.contains(action.time) {
            if markedActions.contains(index) { highlight(action.time) }
            let x = axis.x(action.time)
            guard actionColumns.insert(Int(x.rounded())).inserted else { continue }
            svg.line(x, top + 1, x, top + 5, "stroke=\"\(Palette.ink)\" stroke-width=\"1.2\"")
        }
    }

    // MARK: - Views

    private func drawView(_ lane: ViewLane, top: Double, into svg: inout SVGText, textStyle: String) {
        let middle = top + Self.laneHeight / 2
        svg.label(lane.name, x: 8, y: middle + 4, textStyle)
        svg.line(axis.left, middle, axis.right, middle, "stroke=\"\(Palette.grid)\" stroke-width=\"1\"")
        let marked = highlights.deliveries[lane.name] ?? []
        var columns = Set<Int>()
        var highlightColumns = Set<Int>()
        for (index, delivery) in lane.deliveries.enumerated() where axis.contains(delivery.time) {
            let x = axis.x(delivery.time)
            if marked.contains(index), highlightColumns.insert(Int(x.rounded())).inserted {
                svg.rect(x: x - 5, y: top + 1, width: 10, height: Self.laneHeight - 2,
                         "fill=\"\(Palette.highlight)\" fill-opacity=\"0.35\" stroke=\"\(Palette.highlight)\" stroke-width=\"1.5\"")
            }
            if delivery.original < delivery.time {
                let from = axis.x(max(delivery.original, axis.from))
                svg.line(from, middle, x, middle, "stroke=\"\(Palette.delay)\" stroke-width=\"2\" stroke-dasharray=\"4 2\"")
                svg.circle(from, middle, r: 3.5, "fill=\"#ffffff\" stroke=\"\(Palette.delay)\" stroke-width=\"1.5\"")
            }
            guard columns.insert(Self.column(x, kind: delivery.phase.hashKey)).inserted else { continue }
            let half = delivery.phase == .moved ? 4.0 : 8.0
            svg.rect(x: x - 1.25, y: middle - half, width: 2.5, height: 2 * half, "fill=\"\(Palette.delivery(delivery.phase))\"")
        }
    }

    // MARK: - Layout helpers

    /// One key per kind of mark and pixel column, for drawing at most one of each per column.
    static func column(_ x: Double, kind: Int) -> Int {
        kind << 32 | Int(x.rounded()) & 0xFFFF_FFFF
    }

    /// Each touch visible in the window and the row it is drawn in: the first row free when it
    /// goes down, so rows are as many as fingers were ever down at once.
    static func packRows(_ touches: [TouchTrack], from: Microseconds, to: Microseconds) -> [(index: Int, row: Int)] {
        var rowEnds: [Microseconds] = []
        var result: [(Int, Int)] = []
        for (index, track) in touches.enumerated() where track.end >= from && track.start <= to {
            if let row = rowEnds.firstIndex(where: { $0 < track.start }) {
                rowEnds[row] = track.end
                result.append((index, row))
            } else {
                rowEnds.append(track.end)
                result.append((index, rowEnds.count - 1))
            }
        }
        return result
    }
}

/// Horizontal bars in picture coordinates, with bars that start within a pixel of the previous
/// one's end merged into it.
struct BarMerger {
    private(set) var bars: [(Double, Double)] = []

    mutating func add(_ axis: TimeAxis, _ start: Microseconds, _ end: Microseconds) {
        guard end >= axis.from, start <= axis.to else { return }
        let x1 = axis.x(max(start, axis.from)), x2 = axis.x(min(end, axis.to))
        if let last = bars.last, x1 - last.1 < 1 {
            bars[bars.count - 1].1 = max(last.1, x2)
        } else {
            bars.append((x1, x2))
        }
    }
}

extension RecognizerStateName {
    fileprivate var hashKey: Int {
        switch self {
        case .possible: 0
        case .began: 1
        case .changed: 2
        case .ended: 3
        case .cancelled: 4
        case .failed: 5
        case .recognized: 6
        }
    }
}

extension ViewTouchPhase {
    fileprivate var hashKey: Int {
        switch self {
        case .began: 0
        case .moved: 1
        case .ended: 2
        case .cancelled: 3
        }
    }
}
