import Foundation
@testable import Pictures
import Replay
import TestSupport
import Testing
import TouchTrace

/// Pictures looked at as a person would: checked as XML by xmllint, drawn by librsvg, and the
/// pixels inspected where each part of the picture belongs.
@Suite("session pictures")
struct SessionPictureTests {
    /// The window panel of a 1280 × 800 point scene in the 1000-pixel-wide picture.
    static let panelRows = Int(SessionPicture.pathPanelTop)..<Int(SessionPicture.pathPanelTop + 800 * (1000 - 80) / 1280)
    static let touch0 = Image.RGB(hex: Palette.touch(0))
    static let touch1 = Image.RGB(hex: Palette.touch(1))

    static func picture(_ capture: String, scene: String?, from: Microseconds? = nil, to: Microseconds? = nil) throws -> [UInt8] {
        let timeline = try SessionReader.read(tracePath: Corpus.trace(capture), scene: scene.map { try SceneReference.resolve($0) })
        return SessionPicture.svg(timeline, options: PictureOptions(from: from, to: to, title: capture))
    }

    static func draw(_ bytes: [UInt8], in folder: TemporaryDirectory) throws -> Image {
        let path = folder.file("picture.svg")
        writeFileBytes(path, bytes)
        try ExternalTool.xmllint(path)
        return try ExternalTool.renderSVG(path, in: folder.path)
    }

    @Test("A scene's picture is valid SVG: touch paths in the window panel, recognizer decisions in the lanes below")
    func scenePictureHasPathsAboveAndLanesBelow() throws {
        let folder = TemporaryDirectory("pictures")
        let image = try Self.draw(try Self.picture("map/two-finger-pan", scene: "map"), in: folder)
        #expect(image.width == 1000)
        #expect(image.inkedFraction > 0.02)
        let panel = Self.panelRows
        let below = panel.upperBound + 60..<image.height
        #expect(image.count(Self.touch0, y: panel) > 20)
        #expect(image.count(Self.touch1, y: panel) > 20)
        let recognized = Image.RGB(hex: Palette.recognized), failed = Image.RGB(hex: Palette.failed)
        #expect(image.count(recognized, y: below) > 20)
        #expect(image.count(failed, y: below) > 40)
        #expect(image.count(recognized, y: panel) == 0)
        #expect(image.count(failed, y: panel) == 0)
        // The lanes lie left to right in time: the first finger's bar starts at the axis' left end.
        let touchBarRows = image.rows(with: Self.touch0).filter { $0 > panel.upperBound + 60 }
        #expect(!touchBarRows.isEmpty)
        if let row = touchBarRows.first {
            let first = (0..<image.width).first { image.pixel($0, row).isClose(to: Self.touch0) } ?? -1
            #expect(abs(first - Int(LaneChart.labelWidth)) <= 2)
        }
    }

    @Test("The same trace and scene give the same bytes")
    func picturesAreDeterministic() throws {
        #expect(try Self.picture("map/pan", scene: "map") == Self.picture("map/pan", scene: "map"))
    }

    @Test("Without a scene the picture holds the touch paths and each touch's lifetime only")
    func pictureWithoutSceneHasNoLanes() throws {
        let folder = TemporaryDirectory("pictures")
        let bytes = try Self.picture("map/double-tap", scene: nil)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("Recognizers"))
        #expect(text.contains("Touches"))
        let image = try Self.draw(bytes, in: folder)
        #expect(image.count(Image.RGB(hex: Palette.recognized)) == 0)
        #expect(image.count(Image.RGB(hex: Palette.active)) == 0)
        #expect(image.count(Self.touch0, y: Self.panelRows.upperBound + 30..<image.height) > 100)
    }

    @Test("A trace whose time goes back draws no point before the one before it, as the replay takes it", arguments: [false, true])
    func timeGoingBackIsTakenAtTheTimeBefore(withScene: Bool) throws {
        let folder = TemporaryDirectory("pictures")
        let lines = [
            #"{"touchstone":"trace","version":1,"recorder":{"name":"t","version":"1"},"devices":[{"index":0,"name":"d","bus":6,"version":1,"kind":"touchscreen","source":"synthetic","x":{"min":0,"max":2880},"y":{"min":0,"max":1800},"slots":10}]}"#,
            #"{"t":1000000,"touch":"down","id":0,"slot":0,"x":100,"y":100}"#, #"{"t":1000000,"frame":0}"#,
            #"{"t":1100000,"touch":"motion","id":0,"slot":0,"x":200,"y":100}"#, #"{"t":1100000,"frame":0}"#,
            #"{"t":400000,"touch":"motion","id":0,"slot":0,"x":300,"y":100}"#, #"{"t":400000,"frame":0}"#,
            #"{"t":1200000,"touch":"up","id":0,"slot":0,"x":300,"y":100}"#, #"{"t":1200000,"frame":0}"#,
        ]
        let path = folder.file("back.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let timeline = try SessionReader.read(tracePath: path, scene: withScene ? BuiltinScenes.map : nil)
        #expect(timeline.touches.first?.points.map(\.time) == [0, 100_000, 100_000, 200_000])
    }

    @Test("A delivery held back by a content delay is drawn from the touches' time to the delivery's")
    func heldBackDeliveryIsVisible() throws {
        let timeline = try SessionReader.read(tracePath: Corpus.trace("buttons/quick-tap"), scene: BuiltinScenes.buttons)
        let button = try #require(timeline.viewLanes.first { $0.name.hasPrefix("button") })
        let began = try #require(button.deliveries.first { $0.phase == .began })
        #expect(began.original < began.time)
        let folder = TemporaryDirectory("pictures")
        let image = try Self.draw(try Self.picture("buttons/quick-tap", scene: "buttons"), in: folder)
        #expect(image.count(Image.RGB(hex: Palette.delay), y: Self.panelRows.upperBound + 60..<image.height) > 40)
    }

    @Test("--from and --to draw only that window of the session")
    func timeWindowLimitsWhatIsDrawn() throws {
        let folder = TemporaryDirectory("pictures")
        let timeline = try SessionReader.read(tracePath: Corpus.trace("map/double-tap"), scene: BuiltinScenes.map)
        let second = try #require(timeline.touches.dropFirst().first)
        let image = try Self.draw(try Self.picture("map/double-tap", scene: "map", from: second.start - 1000), in: folder)
        #expect(image.count(Self.touch0, y: Self.panelRows) == 0)
        #expect(image.count(Self.touch1, y: Self.panelRows) > 20)
    }

    @Test("A long session's paths are simplified until the picture fits its byte budget, still valid SVG")
    func longSessionFitsBudget() throws {
        // A tenth of the 2 M-sample case against a tenth of the default budget: the same rule at a
        // test's speed (the full size is measured in docs/benchmarks.md).
        let timeline = LongSession.make(samples: 200_000, fingers: 40)
        let bytes = SessionPicture.svg(timeline, options: PictureOptions(title: "long", byteBudget: 450_000))
        #expect(bytes.count < 450_000)
        #expect(bytes.count > 100_000)
        let folder = TemporaryDirectory("pictures")
        writeFileBytes(folder.file("long.svg"), bytes)
        try ExternalTool.xmllint(folder.file("long.svg"))
    }

    @Test("A session of more touches than the coarsest paths fit leaves out the later paths, says so, and fits its budget")
    func denseSessionLeavesOutPaths() throws {
        // 20,000 two-sample touches: each a path, a start and an end however coarse the paths.
        let timeline = LongSession.make(samples: 40_000, fingers: 20_000)
        let bytes = SessionPicture.svg(timeline, options: PictureOptions(title: "dense", byteBudget: 300_000))
        #expect(bytes.count <= 300_000)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("touches are not drawn: the picture would pass its 300000-byte budget"))
        let folder = TemporaryDirectory("pictures")
        writeFileBytes(folder.file("dense.svg"), bytes)
        try ExternalTool.xmllint(folder.file("dense.svg"))
    }
}

extension SessionPictureTests {
    @Test("Past its byte budget a drawing keeps no more paths, and counts every byte of those it leaves out")
    func drawingPastTheBudgetKeepsNoMorePaths() {
        let timeline = LongSession.make(samples: 40_000, fingers: 20_000)
        let survey = SessionPicture.survey(of: timeline, from: nil, to: nil)
        func drawn(budget: Int) -> SessionPicture.Drawn {
            SessionPicture.render(timeline, survey: survey, options: PictureOptions(title: "dense", byteBudget: budget),
                                  tolerance: 64, markerCell: 64)
        }
        let whole = drawn(budget: .max)
        let capped = drawn(budget: 300_000)
        #expect(whole.byteCount == whole.text.byteCount)
        #expect(whole.byteCount > 1_000_000)
        // The same size, so the same next attempt: a picture drawn within a budget is the same bytes.
        #expect(capped.byteCount == whole.byteCount)
        // The paths and markers kept pass the budget by a touch's at most (a few hundred bytes).
        let withoutPaths = SessionPicture.render(timeline, survey: survey, options: PictureOptions(title: "dense", byteBudget: .max),
                                                 tolerance: 64, markerCell: 64, pathLimit: 0).text.byteCount
        #expect(capped.text.byteCount <= withoutPaths + 300_000 + 1_000)
        #expect(capped.text.byteCount < whole.byteCount / 2)
    }

    @Test("A scene of more views and recognizers than the budget holds leaves out the later rows and outlines, says so, and fits")
    func sceneRowsFitTheBudget() throws {
        var timeline = LongSession.make(samples: 2_000, fingers: 10)
        timeline.hasScene = true
        for index in 0..<3_000 {
            timeline.views.append(ViewOutline(id: "view\(index)", frame: Frame(x: Double(index % 100) * 12, y: Double(index / 100) * 25, width: 10, height: 20)))
            var lane = RecognizerLane(name: "view\(index).tap")
            lane.changes.append(.init(time: Microseconds(index) * 100, to: .failed))
            timeline.recognizers.append(lane)
        }
        let bytes = SessionPicture.svg(timeline, options: PictureOptions(title: "crowded", byteBudget: 300_000))
        #expect(bytes.count <= 300_000)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("rows of the scene&#39;s recognizers and views"))
        #expect(text.contains("view0.tap"))
        #expect(!text.contains("view2999.tap"))
        let folder = TemporaryDirectory("pictures")
        writeFileBytes(folder.file("crowded.svg"), bytes)
        try ExternalTool.xmllint(folder.file("crowded.svg"))
    }
}

/// A deterministic scribble of many fingers, built directly as a timeline (no trace file needed).
enum LongSession {
    static func make(samples: Int, fingers: Int = 400) -> SessionTimeline {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var tracks: [TouchTrack] = []
        let perFinger = samples / fingers
        var time: Microseconds = 0
        for finger in 0..<fingers {
            var track = TouchTrack(id: TouchID(finger))
            var x = random() * 1280, y = random() * 800
            for _ in 0..<perFinger {
                x = min(max(x + (random() - 0.5) * 6, 0), 1280)
                y = min(max(y + (random() - 0.5) * 6, 0), 800)
                track.points.append(.init(time: time, x: x, y: y))
                time += 1000
            }
            track.ending = finger % 7 == 0 ? .cancel : .up
            tracks.append(track)
            time += 50_000
        }
        return SessionTimeline(window: Size(width: 1280, height: 800), touches: tracks, duration: time)
    }
}
