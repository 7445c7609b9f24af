import Replay
import TouchTrace

/// Reads the recognizer and view lanes back from a canonical text log (`docs/replay-log.md`): the
/// one place that parses log text, for a verify report's golden timeline, which exists only as a log.
///
/// The log leaves out what the replay's observer sees directly: the resets to `possible` and the
/// time delayed touches really happened, so lanes read from a log have neither. Lines that are not
/// `state`, `action` or `view` lines (notes, anything unreadable) are skipped: the report's diff
/// shows every line anyway.
public enum LogTimeline {
    public static func lanes(fromLog text: String) -> (recognizers: [RecognizerLane], views: [ViewLane]) {
        var recognizers: [RecognizerLane] = []
        var views: [ViewLane] = []
        var recognizerIndex: [String: Int] = [:]
        var viewIndex: [String: Int] = [:]
        func recognizer(_ name: Substring) -> Int {
            if let index = recognizerIndex[String(name)] { return index }
            recognizers.append(RecognizerLane(name: String(name)))
            recognizerIndex[String(name)] = recognizers.count - 1
            return recognizers.count - 1
        }
        for line in text.split(separator: "\n") {
            let words = line.drop { $0 == " " }.split(separator: " ", maxSplits: 4)
            guard words.count >= 4, let time = Microseconds(words[0]) else { continue }
            switch words[1] {
            case "state":
                // state ID FROM -> TO
                let rest = words.count == 5 ? words[4].split(separator: " ") : []
                guard words[3] != "->", rest.count == 2, rest[0] == "->",
                      let to = RecognizerStateName(rawValue: String(rest[1])) else { continue }
                recognizers[recognizer(words[2])].changes.append(.init(time: time, to: to))
            case "action":
                guard let state = RecognizerStateName(rawValue: String(words[3])) else { continue }
                recognizers[recognizer(words[2])].actions.append(.init(time: time, state: state))
            case "view":
                guard let phase = ViewTouchPhase(rawValue: String(words[3])) else { continue }
                let name = String(words[2])
                let index = viewIndex[name] ?? {
                    views.append(ViewLane(name: name))
                    viewIndex[name] = views.count - 1
                    return views.count - 1
                }()
                let count = words.count == 5 ? words[4].count { $0 == "#" } : 0
                views[index].deliveries.append(.init(time: time, original: time, phase: phase, touchCount: count))
            default:
                continue
            }
        }
        return (recognizers, views)
    }
}
