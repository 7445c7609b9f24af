import Foundation
import Replay
import Testing
import ThreeFingerLongPress

/// The captures in captures/ replay to their golden logs: `three-finger-touchstone verify captures/`
/// as a test, through Touchstone's verify API.
@Suite("Captures")
struct CaptureTests {
    static let captures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("captures").path

    @Test("Every capture replays to its golden log")
    func capturesMatchGoldens() throws {
        let registry = try RecognizerRegistry.standard.registering([.threeFingerLongPress])
        let report = try VerifyRunner(options: VerifyOptions(root: Self.captures, jobs: 2, registry: registry)).run()
        #expect(report.results.count >= 3)
        #expect(report.failed == 0, "\(report.standardOutputText)")
    }

    @Test("A three-finger press is recognized once, and its near miss and a two-finger press are not")
    func recognitionsPerCapture() throws {
        let registry = try RecognizerRegistry.standard.registering([.threeFingerLongPress])
        let report = try VerifyRunner(options: VerifyOptions(root: Self.captures, registry: registry)).run()
        let recognized = Dictionary(uniqueKeysWithValues: report.results.map {
            ($0.capture.name, $0.latencies.recognition["overlay"]?.count ?? 0)
        })
        #expect(recognized["three-finger-press"] == 1)
        #expect(recognized["three-finger-press-too-short"] == 0)
        #expect(recognized["two-finger-press"] == 0)
    }
}
