import Replay
import TouchTrace

/// Two timelines of the same capture (the golden log's and the replay's) laid out lane for lane,
/// with the marks that only one of them has.
///
/// Marks are compared as the log prints them: a state change by its time and new state (resets to
/// `possible` are not in a log, so they are not compared), an action by its time and state, a
/// delivery by its time, phase and number of touches. Each side's unmatched marks are highlighted
/// on that side; equal marks are matched one to one, so a repeated mark missing once shows once.
struct TimelineDifference {
    var goldenRecognizers: [RecognizerLane]
    var currentRecognizers: [RecognizerLane]
    var goldenViews: [ViewLane]
    var currentViews: [ViewLane]
    var goldenHighlights = Highlights()
    var currentHighlights = Highlights()

    init(golden: (recognizers: [RecognizerLane], views: [ViewLane]), current: SessionTimeline) {
        let recognizerNames = Self.union(current.recognizers.map(\.name), golden.recognizers.map(\.name))
        let viewNames = Self.union(current.viewLanes.map(\.name), golden.views.map(\.name))
        // Each side's lanes in the order of the names, the first lane of a name found through a
        // table (a search of the lanes per name took time in the square of the lanes).
        func aligned<Lane>(_ lanes: [Lane], _ names: [String], _ make: (String) -> Lane, _ nameOf: (Lane) -> String) -> [Lane] {
            var byName: [String: Int] = [:]
            for (index, lane) in lanes.enumerated() where byName[nameOf(lane)] == nil { byName[nameOf(lane)] = index }
            return names.map { name in byName[name].map { lanes[$0] } ?? make(name) }
        }
        goldenRecognizers = aligned(golden.recognizers, recognizerNames, RecognizerLane.init(name:), \.name)
        currentRecognizers = aligned(current.recognizers, recognizerNames, RecognizerLane.init(name:), \.name)
        goldenViews = aligned(golden.views, viewNames, ViewLane.init(name:), \.name)
        currentViews = aligned(current.viewLanes, viewNames, ViewLane.init(name:), \.name)

        for (old, new) in zip(goldenRecognizers, currentRecognizers) {
            let changeKey: (RecognizerLane.Change) -> String? = { $0.to == .possible ? nil : "\($0.time) \($0.to.rawValue)" }
            let actionKey: (RecognizerLane.Action) -> String? = { "\($0.time) \($0.state.rawValue)" }
            let (oldChanges, newChanges) = Self.unmatched(old.changes, new.changes, key: changeKey)
            let (oldActions, newActions) = Self.unmatched(old.actions, new.actions, key: actionKey)
            if !oldChanges.isEmpty { goldenHighlights.changes[old.name] = oldChanges }
            if !newChanges.isEmpty { currentHighlights.changes[new.name] = newChanges }
            if !oldActions.isEmpty { goldenHighlights.actions[old.name] = oldActions }
            if !newActions.isEmpty { currentHighlights.actions[new.name] = newActions }
        }
        for (old, new) in zip(goldenViews, currentViews) {
            let key: (ViewLane.Delivery) -> String? = { "\($0.time) \($0.phase.rawValue) \($0.touchCount)" }
            let (oldMarks, newMarks) = Self.unmatched(old.deliveries, new.deliveries, key: key)
            if !oldMarks.isEmpty { goldenHighlights.deliveries[old.name] = oldMarks }
            if !newMarks.isEmpty { currentHighlights.deliveries[new.name] = newMarks }
        }
    }

    /// How many marks differ, golden and current together.
    var count: Int {
        [goldenHighlights, currentHighlights].reduce(0) { total, highlights in
            total + highlights.changes.values.reduce(0) { $0 + $1.count } + highlights.actions.values.reduce(0) { $0 + $1.count }
                + highlights.deliveries.values.reduce(0) { $0 + $1.count }
        }
    }

    /// Rows of lanes: a recognizer's or a view's, golden and current side by side.
    var rows: Int { goldenRecognizers.count + goldenViews.count }

    /// The difference drawn in at most `limit` rows: the rows with marks that differ first
    /// (recognizers, then views), then the others, each kept in its place among those drawn.
    func limited(to limit: Int) -> TimelineDifference {
        guard limit < rows else { return self }
        func differs(_ highlights: [String: Set<Int>]...) -> (String) -> Bool {
            { name in highlights.contains { $0[name] != nil } }
        }
        let recognizerDiffers = differs(goldenHighlights.changes, goldenHighlights.actions, currentHighlights.changes, currentHighlights.actions)
        let viewDiffers = differs(goldenHighlights.deliveries, currentHighlights.deliveries)
        let recognizerMarks = goldenRecognizers.map { recognizerDiffers($0.name) }
        let viewMarks = goldenViews.map { viewDiffers($0.name) }
        var keptRecognizers = [Bool](repeating: false, count: recognizerMarks.count)
        var keptViews = [Bool](repeating: false, count: viewMarks.count)
        var room = limit
        for differing in [true, false] {
            for index in recognizerMarks.indices where room > 0 && recognizerMarks[index] == differing { keptRecognizers[index] = true; room -= 1 }
            for index in viewMarks.indices where room > 0 && viewMarks[index] == differing { keptViews[index] = true; room -= 1 }
        }
        var shown = self
        shown.goldenRecognizers = goldenRecognizers.indices.filter { keptRecognizers[$0] }.map { goldenRecognizers[$0] }
        shown.currentRecognizers = currentRecognizers.indices.filter { keptRecognizers[$0] }.map { currentRecognizers[$0] }
        shown.goldenViews = goldenViews.indices.filter { keptViews[$0] }.map { goldenViews[$0] }
        shown.currentViews = currentViews.indices.filter { keptViews[$0] }.map { currentViews[$0] }
        return shown
    }

    /// `first`'s names, then `second`'s that `first` lacks, each once.
    static func union(_ first: [String], _ second: [String]) -> [String] {
        var seen = Set<String>()
        return (first + second).filter { seen.insert($0).inserted }
    }

    /// The positions in `old` and in `new` of marks the other side lacks (marks whose key is `nil`
    /// are not compared).
    static func unmatched<Mark>(_ old: [Mark], _ new: [Mark], key: (Mark) -> String?) -> (Set<Int>, Set<Int>) {
        var remaining: [String: Int] = [:]
        for mark in new { if let k = key(mark) { remaining[k, default: 0] += 1 } }
        var oldOnly = Set<Int>()
        var matched: [String: Int] = [:]
        for (index, mark) in old.enumerated() {
            guard let k = key(mark) else { continue }
            if remaining[k, default: 0] > 0 {
                remaining[k]! -= 1
                matched[k, default: 0] += 1
            } else {
                oldOnly.insert(index)
            }
        }
        var newOnly = Set<Int>()
        for (index, mark) in new.enumerated() {
            guard let k = key(mark) else { continue }
            if matched[k, default: 0] > 0 { matched[k]! -= 1 } else { newOnly.insert(index) }
        }
        return (oldOnly, newOnly)
    }
}
