import Foundation
import TestSupport
import Testing
import TouchTrace

/// What a replay has to say of the trace beyond its reader (touches that began outside the window,
/// trackpad pinch scales no pinch can have, trackpad movements that are no finite number) reaches
/// standard error the same in every command that replays a trace.
@Suite("Every command that replays a trace prints the replay's notices on standard error, naming the file and line")
struct ReplayNoticeTests {
    /// A touch that begins right of the map scene's window, then a trackpad pinch with an update of
    /// scale 0 (event 5, line 7) and one whose angle delta is NaN (event 6, line 8), as JSON Lines.
    static let trace: [UInt8] = {
        let device = TestDevices.waylandTouchscreen(width: 1280, height: 800)
        let events: [TraceEvent] = [
            .touch(TouchSample(time: 0, phase: .down, touch: 1, x: 2000 * 256, y: 100 * 256)), .frame(FrameMark(time: 0, device: 0)),
            .touch(TouchSample(time: 50_000, phase: .up, touch: 1, x: 2000 * 256, y: 100 * 256)), .frame(FrameMark(time: 50_000, device: 0)),
            .gesture(GestureSample(time: 100_000, kind: .pinch, phase: .begin, fingers: 2)),
            .gesture(GestureSample(time: 110_000, kind: .pinch, phase: .update, fingers: 2, scale: 0)),
            .gesture(GestureSample(time: 120_000, kind: .pinch, phase: .update, fingers: 2, scale: 1.1, angleDelta: .nan)),
            .gesture(GestureSample(time: 130_000, kind: .pinch, phase: .end, fingers: 2)),
        ]
        return JSONLines.encode(TraceDocument(header: TraceHeader(recorder: RecorderInfo(name: "test", version: "0"), devices: [device]), events: events))
    }()

    static func expected(_ path: String) -> [String] {
        [
            "warning: \(path): 1 of 1 touches began outside the scene's window (1280 x 800 points, device mapping automatic) and reached no view; the first at 0 µs",
            "\(path):7: warning: 1 trackpad pinch update with a scale that is not a number above 0 (the first: 0.0): "
                + "a pinch's scale is the distance between the fingers over their distance when it began (libinput, Wayland), always above 0; "
                + "the pinch recognizers pass over it, the pinch keeping the scale it had",
            "\(path):8: warning: 1 trackpad gesture update with a movement that is not a finite number, "
                + "or that takes the gesture's sum past the largest one (the first: a pinch's angleDelta nan): "
                + "the recognizers take it as no movement, the gesture keeping the rotation or scrolling it had",
        ]
    }

    /// Each command's arguments for the capture `stray.jsonl` (with its `stray.scene`) in `folder`.
    static let commands: [String: @Sendable (TemporaryDirectory) -> [String]] = [
        "replay": { folder in ["replay", folder.file("stray.jsonl"), "--scene", "map", "-o", folder.file("stray.log")] },
        "render": { folder in ["render", folder.file("stray.jsonl"), "--scene", "map", "-o", folder.file("stray.svg")] },
        "verify": { folder in ["verify", folder.path, "--update", "--no-progress"] },
    ]

    @Test("replay, render and verify print the same lines of touches begun outside the window, impossible pinch scales and unusable movements",
          arguments: commands.keys.sorted())
    func commandPrintsReplayNotices(command: String) throws {
        let folder = TemporaryDirectory("cli-replay-notice")
        writeFileBytes(folder.file("stray.jsonl"), Self.trace)
        writeFileBytes(folder.file("stray.scene"), Array("map\n".utf8))
        let result = try TouchstoneProcess.run(Self.commands[command]!(folder))

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").map(String.init).filter { $0.contains("warning: ") } == Self.expected(folder.file("stray.jsonl")))
    }
}
