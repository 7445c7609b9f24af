import Foundation
@testable import Pictures
import Replay
import Testing
import TouchTrace

/// The golden log read back and the replay's observations describe the same decisions.
@Suite("timelines from logs and from the replay")
struct LogTimelineTests {
    struct Marks: Equatable {
        var changes: [String: [String]] = [:]
        var actions: [String: [String]] = [:]
        var deliveries: [String: [String]] = [:]

        init(_ recognizers: [RecognizerLane], _ views: [ViewLane]) {
            for lane in recognizers {
                let changes = lane.changes.filter { $0.to != .possible }.map { "\($0.time) \($0.to)" }
                if !changes.isEmpty { self.changes[lane.name] = changes }
                if !lane.actions.isEmpty { actions[lane.name] = lane.actions.map { "\($0.time) \($0.state)" } }
            }
            for lane in views where !lane.deliveries.isEmpty {
                deliveries[lane.name] = lane.deliveries.map { "\($0.time) \($0.phase) \($0.touchCount)" }
            }
        }
    }

    @Test("Every bundled capture's golden log reads back as the marks the replay's observer records")
    func goldenLogsMatchObservations() throws {
        let captures = try CaptureDiscovery.captures(in: Corpus.root)
        #expect(captures.count >= 30)
        for capture in captures {
            let scene = try SceneReference.resolve(captureSceneFile: capture.sceneReferencePath)
            let observed = try SessionReader.read(tracePath: capture.tracePath, scene: scene)
            let golden = LogTimeline.lanes(fromLog: try String(contentsOfFile: capture.goldenPath, encoding: .utf8))
            #expect(Marks(golden.recognizers, golden.views) == Marks(observed.recognizers, observed.viewLanes), "\(capture.name)")
        }
    }

    @Test("Lines that are not state, action or view lines are skipped")
    func otherLinesAreSkipped() {
        let lanes = LogTimeline.lanes(fromLog: """
                     0 note synth tap
                   499 view map began #0(640.00,396.89) #1(1.00,2.00)
                garbage line
                117007 state tap possible -> recognized
                117007 action tap recognized touches=1 at=(639.11,399.11)
            """)
        #expect(lanes.views.map(\.name) == ["map"])
        #expect(lanes.views[0].deliveries == [.init(time: 499, original: 499, phase: .began, touchCount: 2)])
        #expect(lanes.recognizers.map(\.name) == ["tap"])
        #expect(lanes.recognizers[0].changes == [.init(time: 117007, to: .recognized)])
        #expect(lanes.recognizers[0].actions == [.init(time: 117007, state: .recognized)])
    }

    @Test("Only the marks one side lacks are highlighted, on that side")
    func differenceHighlightsUnmatchedMarks() {
        var golden = RecognizerLane(name: "tap")
        golden.changes = [.init(time: 100, to: .recognized), .init(time: 200, to: .failed)]
        golden.actions = [.init(time: 100, state: .recognized)]
        var current = golden
        current.changes = [.init(time: 100, to: .recognized), .init(time: 150, to: .possible), .init(time: 250, to: .failed)]
        current.actions += [.init(time: 300, state: .recognized)]
        let difference = TimelineDifference(golden: ([golden], []),
                                            current: SessionTimeline(window: Size(width: 1, height: 1), recognizers: [current]))
        #expect(difference.goldenHighlights.changes == ["tap": [1]])
        #expect(difference.currentHighlights.changes == ["tap": [2]])
        #expect(difference.goldenHighlights.actions.isEmpty)
        #expect(difference.currentHighlights.actions == ["tap": [1]])
        #expect(difference.count == 3)
    }
}
