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
        func lane<Lane>(_ lanes: [Lane], _ name: String, _ make: (String) -> Lane, _ nameOf: (Lane) -> String) -> Lane {
            lanes.first { nameOf($0) == name } ?? make(name)
        }
        goldenRecognizers = recognizerNames.map { lane(golden.recognizers, $0, RecognizerLane.init(name:), \.name) }
        currentRecognizers = recognizerNames.map { lane(current.recognizers, $0, RecognizerLane.init(name:), \.name) }
        goldenViews = viewNames.map { lane(golden.views, $0, ViewLane.init(name:), \.name) }
        currentViews = viewNames.map { lane(current.viewLanes, $0, ViewLane.init(name:), \.name) }

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
