import HeapModule
import GestureEngine
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
/// The thinning happens as marks arrive (`TouchRows`, `RecognizerMarks`, `ViewMarks`), so a chart
/// holds only what it will draw.
struct LaneChart {
    var axis: TimeAxis
    var rows: TouchRows
    var recognizers: [RecognizerMarks]
    var views: [ViewMarks]

    static let labelWidth = 170.0
    static let rowHeight = 13.0
    static let laneHeight = 22.0
    static let headingHeight = 20.0

    init(axis: TimeAxis, rows: TouchRows, recognizers: [RecognizerMarks], views: [ViewMarks]) {
        self.axis = axis
        self.rows = rows
        self.recognizers = recognizers
        self.views = views
    }

    /// A chart of lanes held in memory, with `highlights` marked.
    init(axis: TimeAxis, touches: [TouchTrack], recognizers: [RecognizerLane], views: [ViewLane], highlights: Highlights = Highlights()) {
        let visible = touches.filter { $0.end >= axis.from && $0.start <= axis.to }.count
        rows = TouchRows(axis: axis, labelled: visible <= 60)
        for (index, track) in touches.enumerated() where track.end >= axis.from && track.start <= axis.to {
            rows.add(track: index, id: track.id, start: track.start, end: track.end, ending: track.ending)
        }
        rows.finish()
        self.axis = axis
        self.recognizers = recognizers.map { lane in
            var marks = RecognizerMarks(name: lane.name)
            let changes = highlights.changes[lane.name] ?? [], actions = highlights.actions[lane.name] ?? []
            for (index, change) in lane.changes.enumerated() { marks.add(change, axis: axis, highlighted: changes.contains(index)) }
            for (index, action) in lane.actions.enumerated() { marks.add(action, axis: axis, highlighted: actions.contains(index)) }
            marks.finish(axis: axis)
            return marks
        }
        self.views = views.map { lane in
            var marks = ViewMarks(name: lane.name, shownEmpty: true)
            let marked = highlights.deliveries[lane.name] ?? []
            for (index, delivery) in lane.deliveries.enumerated() { marks.add(delivery, axis: axis, highlighted: marked.contains(index)) }
            return marks
        }
    }

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

        body.label("Touches", x: 8, y: y + 14, "\(Palette.font) font-size=\"12\" font-weight=\"bold\" fill=\"\(Palette.ink)\"")
        y += Self.headingHeight
        rows.draw(into: &body, top: y)
        y += Double(max(rows.count, 1)) * Self.rowHeight + 4

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
        section("Recognizers", recognizers) { $0.draw(axis: axis, top: $1, into: &$2, textStyle: textStyle) }
        section("Views (touches delivered)", views) { $0.draw(axis: axis, top: $1, into: &$2, textStyle: textStyle) }
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

    /// One key per kind of mark and pixel column, for drawing at most one of each per column.
    static func column(_ x: Double, kind: Int) -> Int {
        kind << 32 | Int(x.rounded()) & 0xFFFF_FFFF
    }

    /// A highlight behind a mark at `x` in the lane at `top`.
    fileprivate static func highlight(_ x: Double, top: Double, into svg: inout SVGText) {
        svg.rect(x: x - 5, y: top + 1, width: 10, height: laneHeight - 2,
                 "fill=\"\(Palette.highlight)\" fill-opacity=\"0.35\" stroke=\"\(Palette.highlight)\" stroke-width=\"1.5\"")
    }
}

/// The fingers' lifetimes packed into rows: each touch visible in the window goes into the first
/// row free when it goes down, so rows are as many as fingers were ever down at once. Bars of one
/// row closer than a pixel merge (in the first one's colour): a session of thousands of touches
/// costs what the width can show. Touches are added in the order they went down.
struct TouchRows {
    private let axis: TimeAxis
    /// Whether bars carry touch ids and cancel marks (few touches in the window).
    private let labelled: Bool
    private var rowEnds: [Microseconds] = []
    /// The rows still busy, soonest end first, and the rows free when the latest touch went down,
    /// lowest first. Touches come in the order they went down, so a row free for one is free for
    /// every later one until it is taken: each touch takes the lowest row whose end is before its
    /// start, in logarithmic time rather than a scan of every row (a session of touches that
    /// begin and end at one instant needs a row each).
    private var busyRows = Heap<BusyRow>()
    private var freeRows = Heap<Int>()
    private var lastEnd: [Double] = []
    private var pending: [(x1: Double, x2: Double, track: Int)?] = []
    /// What is drawn, in order, in rows rather than picture coordinates (the rows' top is known
    /// when the chart is laid out).
    private var marks: [Mark] = []

    private struct BusyRow: Comparable {
        var end: Microseconds
        var row: Int
        static func < (a: BusyRow, b: BusyRow) -> Bool { (a.end, a.row) < (b.end, b.row) }
    }

    private enum Mark {
        case bar(row: Int, x1: Double, x2: Double, track: Int)
        case cancel(row: Int, x: Double)
        case label(row: Int, x: Double, id: TouchID, track: Int)
    }

    init(axis: TimeAxis, labelled: Bool) {
        self.axis = axis
        self.labelled = labelled
    }

    /// How many rows the touches need.
    var count: Int { rowEnds.count }

    /// A touch visible in the window, `track` being its number in order of going down.
    mutating func add(track: Int, id: TouchID, start: Microseconds, end: Microseconds, ending: TouchTrack.Ending) {
        let row: Int
        while let soonest = busyRows.min, soonest.end < start {
            freeRows.insert(busyRows.removeMin().row)
        }
        if let free = freeRows.popMin() {
            row = free
            rowEnds[row] = end
        } else {
            rowEnds.append(end)
            lastEnd.append(-.infinity)
            pending.append(nil)
            row = rowEnds.count - 1
        }
        busyRows.insert(BusyRow(end: end, row: row))
        let x1 = axis.x(max(start, axis.from)), x2 = axis.x(min(end, axis.to))
        if x1 - lastEnd[row] < 1, let bar = pending[row] {
            pending[row] = (bar.x1, max(bar.x2, x2), bar.track)
        } else {
            flush(row)
            pending[row] = (x1, x2, track)
        }
        lastEnd[row] = max(lastEnd[row], x2)
        if ending == .cancel, end <= axis.to, labelled {
            marks.append(.cancel(row: row, x: x2))
        }
        if labelled {
            marks.append(.label(row: row, x: x1, id: id, track: track))
        }
    }

    /// Draws the bars still open: after the last touch.
    mutating func finish() {
        for row in rowEnds.indices { flush(row) }
    }

    private mutating func flush(_ row: Int) {
        guard let bar = pending[row] else { return }
        marks.append(.bar(row: row, x1: bar.x1, x2: bar.x2, track: bar.track))
        pending[row] = nil
    }

    func draw(into svg: inout SVGText, top y: Double) {
        for mark in marks {
            switch mark {
            case .bar(let row, let x1, let x2, let track):
                svg.rect(x: x1, y: y + Double(row) * LaneChart.rowHeight + 2, width: max(x2 - x1, 2),
                         height: LaneChart.rowHeight - 4, "fill=\"\(Palette.touch(track))\"")
            case .cancel(let row, let x2):
                svg.rect(x: x2 - 1, y: y + Double(row) * LaneChart.rowHeight, width: 3, height: LaneChart.rowHeight,
                         "fill=\"\(Palette.cancelled)\"")
            case .label(let row, let x1, let id, let track):
                svg.label("#\(id)", x: x1 - 3, y: y + Double(row) * LaneChart.rowHeight + 10,
                          "\(Palette.font) font-size=\"9\" fill=\"\(Palette.touch(track))\" text-anchor=\"end\"")
            }
        }
    }
}

/// What a recognizer's lane draws: bars while it is began or changed, a mark per decision and a
/// tick per action, at most one of a kind per pixel column, kept as they arrive.
struct RecognizerMarks {
    var name: String
    private var bars = BarMerger()
    private var activeSince: Microseconds?
    /// The changes and actions drawn (or highlighted), in order.
    private var changes: [(change: RecognizerLane.Change, highlighted: Bool)] = []
    private var actions: [(action: RecognizerLane.Action, highlighted: Bool)] = []
    private var changeColumns = Set<Int>()
    private var actionColumns = Set<Int>()

    init(name: String) {
        self.name = name
    }

    mutating func add(_ change: RecognizerLane.Change, axis: TimeAxis, highlighted: Bool = false) {
        let active = change.to == .began || change.to == .changed
        if active, activeSince == nil { activeSince = change.time }
        if !active, let since = activeSince {
            bars.add(axis, since, change.time)
            activeSince = nil
        }
        guard axis.contains(change.time) else { return }
        let drawn = changeColumns.insert(LaneChart.column(axis.x(change.time), kind: change.to.hashKey)).inserted
        if drawn || highlighted { changes.append((change, highlighted)) }
    }

    mutating func add(_ action: RecognizerLane.Action, axis: TimeAxis, highlighted: Bool = false) {
        guard axis.contains(action.time) else { return }
        let drawn = actionColumns.insert(Int(axis.x(action.time).rounded())).inserted
        if drawn || highlighted { actions.append((action, highlighted)) }
    }

    /// Closes the bar of a recognizer still active at the end.
    mutating func finish(axis: TimeAxis) {
        if let since = activeSince { bars.add(axis, since, axis.to) }
        activeSince = nil
    }

    func draw(axis: TimeAxis, top: Double, into svg: inout SVGText, textStyle: String) {
        let middle = top + LaneChart.laneHeight / 2
        svg.label(name, x: 8, y: middle + 4, textStyle)
        svg.line(axis.left, middle, axis.right, middle, "stroke=\"\(Palette.possible)\" stroke-width=\"1\"")
        var highlightColumns = Set<Int>()
        func highlight(_ time: Microseconds) {
            let x = axis.x(time)
            guard highlightColumns.insert(Int(x.rounded())).inserted else { return }
            LaneChart.highlight(x, top: top, into: &svg)
        }
        for bar in bars.bars {
            svg.rect(x: bar.0, y: middle - 5, width: max(bar.1 - bar.0, 1.5), height: 10, "fill=\"\(Palette.active)\"")
        }
        // Decisions.
        var columns = Set<Int>()
        for (change, highlighted) in changes {
            if highlighted { highlight(change.time) }
            let x = axis.x(change.time)
            guard columns.insert(LaneChart.column(x, kind: change.to.hashKey)).inserted else { continue }
            switch change.to.state {
            case .ended:
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
        for (action, highlighted) in actions {
            if highlighted { highlight(action.time) }
            let x = axis.x(action.time)
            guard actionColumns.insert(Int(x.rounded())).inserted else { continue }
            svg.line(x, top + 1, x, top + 5, "stroke=\"\(Palette.ink)\" stroke-width=\"1.2\"")
        }
    }
}

/// What a view's lane draws: a mark per delivery phase and pixel column, and every held-back
/// delivery's delay, kept as they arrive.
struct ViewMarks {
    var name: String
    /// Whether the lane is drawn when nothing was delivered to its view.
    var shownEmpty: Bool
    private(set) var delivered = false
    private var deliveries: [(delivery: ViewLane.Delivery, highlighted: Bool)] = []
    private var columns = Set<Int>()

    init(name: String, shownEmpty: Bool) {
        self.name = name
        self.shownEmpty = shownEmpty
    }

    var isShown: Bool { delivered || shownEmpty }

    mutating func add(_ delivery: ViewLane.Delivery, axis: TimeAxis, highlighted: Bool = false) {
        delivered = true
        guard axis.contains(delivery.time) else { return }
        let drawn = columns.insert(LaneChart.column(axis.x(delivery.time), kind: delivery.phase.hashKey)).inserted
        if drawn || highlighted || delivery.original < delivery.time { deliveries.append((delivery, highlighted)) }
    }

    func draw(axis: TimeAxis, top: Double, into svg: inout SVGText, textStyle: String) {
        let middle = top + LaneChart.laneHeight / 2
        svg.label(name, x: 8, y: middle + 4, textStyle)
        svg.line(axis.left, middle, axis.right, middle, "stroke=\"\(Palette.grid)\" stroke-width=\"1\"")
        var columns = Set<Int>()
        var highlightColumns = Set<Int>()
        for (delivery, highlighted) in deliveries {
            let x = axis.x(delivery.time)
            if highlighted, highlightColumns.insert(Int(x.rounded())).inserted {
                LaneChart.highlight(x, top: top, into: &svg)
            }
            if delivery.original < delivery.time {
                let from = axis.x(max(delivery.original, axis.from))
                svg.line(from, middle, x, middle, "stroke=\"\(Palette.delay)\" stroke-width=\"2\" stroke-dasharray=\"4 2\"")
                svg.circle(from, middle, r: 3.5, "fill=\"#ffffff\" stroke=\"\(Palette.delay)\" stroke-width=\"1.5\"")
            }
            guard columns.insert(LaneChart.column(x, kind: delivery.phase.hashKey)).inserted else { continue }
            let half = delivery.phase == .moved ? 4.0 : 8.0
            svg.rect(x: x - 1.25, y: middle - half, width: 2.5, height: 2 * half, "fill=\"\(Palette.delivery(delivery.phase))\"")
        }
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
    /// Distinct per name: the engine's states by their raw values, then `recognized`.
    fileprivate var hashKey: Int { isRecognized ? GestureRecognizer.State.allCases.count : Int(state.rawValue) }
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
