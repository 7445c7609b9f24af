import AllocationCounter
import Testing
import TouchTrace
@testable import WaylandFrontend

@Suite("Live view")
struct LiveViewTests {
    private let scene = SceneOverlay(views: [
        .init(name: "window", x: 0, y: 0, width: 1280, height: 800),
        .init(name: "map", x: 0, y: 0, width: 1280, height: 800),
        .init(name: "left", x: 0, y: 400, width: 640, height: 400),
        .init(name: "strip", x: 0, y: 700, width: 300, height: 100),
    ])

    private func geometry(width: Int, height: Int, scale: Double = 1, titleBar: Int = 0) -> LiveView.Geometry {
        LiveView.Geometry(
            width: width, height: height, bufferScale: scale, titleBarHeight: titleBar,
            viewport: SceneViewport(
                scene: (1280, 800), content: (0, Double(titleBar), Double(width), Double(height - titleBar))))
    }

    @Test("A view placed past any buffer, however far, is kept within ±2^30 pixels", arguments: [
        (1e19, 1 << 30), (-1e300, -(1 << 30)), (Double.nan, 0), (Double.infinity, 1 << 30), (12.4, 12),
    ])
    func farPixels(points: Double, pixels: Int) {
        #expect(geometry(width: 800, height: 600).pixels(points) == pixels)
    }

    @Test("labels views that share a frame once, naming them back to front")
    func sharedFramesShareALabel() {
        let view = LiveView()
        view.update(title: "t", status: [], notices: [], scene: scene, gesture: nil)
        #expect(view.content.labels.map(\.text) == ["window / map", "left", "strip"])
    }

    @Test("stacks labels whose places would overlap, so that no two do")
    func labelsNeverOverlap() {
        // The three labels all want the bottom-left corner of the scene.
        var layout = LabelLayout()
        layout.reset(capacity: 3)
        for width in [80, 40, 120] { layout.place(left: 0, bottom: 800, width: width, height: 11, inset: 4) }
        let rects = layout.placed
        for i in rects.indices {
            for j in rects.indices where i < j { #expect(!rects[i].overlaps(rects[j])) }
        }
        #expect(rects.map(\.y) == [785, 772, 759])
    }

    @Test("draws a finger's marker while it is down and its trail fades out after the lift")
    func trailFades() {
        var input = InputOverlay(unitsPerPoint: 256)
        input.apply(.touch(TouchSample(time: 0, phase: .down, touch: 0, x: 100 * 256, y: 100 * 256)))
        input.apply(.touch(TouchSample(time: 10_000, phase: .motion, touch: 0, x: 200 * 256, y: 100 * 256)))
        #expect(InputOverlay.opacity(of: input.trails[0], at: 900_000) == 1)
        input.apply(.touch(TouchSample(time: 20_000, phase: .up, touch: 0, x: 200 * 256, y: 100 * 256)))
        #expect(InputOverlay.opacity(of: input.trails[0], at: 20_000 + InputOverlay.trailFade / 2) == 0.5)
        #expect(InputOverlay.opacity(of: input.trails[0], at: 20_000 + InputOverlay.trailFade) == 0)
        #expect(input.fadeEnd(after: 30_000) == 20_000 + InputOverlay.trailFade)
        #expect(input.fadeEnd(after: 20_000 + InputOverlay.trailFade) == nil)

        let view = LiveView()
        view.update(title: "t", status: [], notices: [], scene: SceneOverlay(), gesture: nil)
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 1280 * 800)
        defer { pixels.deallocate() }
        let canvas = Canvas(pixels: pixels, width: 1280, height: 800)
        let trailPixel = 100 * 1280 + 150
        view.paint(canvas, geometry: geometry(width: 1280, height: 800), input: input, now: 30_000)
        #expect(pixels[trailPixel] != LiveView.sceneBackground)
        view.paint(canvas, geometry: geometry(width: 1280, height: 800), input: input, now: 20_000 + InputOverlay.trailFade)
        #expect(pixels[trailPixel] == LiveView.sceneBackground)
    }

    @Test("fits the whole scene into any window at one scale, centred, with markers at the buffer scale")
    func sceneFitsTheWindow() {
        let view = LiveView()
        view.update(title: "t", status: [], notices: [], scene: SceneOverlay(), gesture: nil)
        var input = InputOverlay(unitsPerPoint: 256)
        input.apply(.touch(TouchSample(time: 0, phase: .down, touch: 0, x: 640 * 256, y: 400 * 256)))
        // 400 x 500 points at scale 2: the scene is 400 x 250 points, 800 x 500 pixels, from y = 125 pt.
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 800 * 1000)
        defer { pixels.deallocate() }
        view.paint(Canvas(pixels: pixels, width: 800, height: 1000), geometry: geometry(width: 400, height: 500, scale: 2),
                   input: input, now: 0)
        func at(_ x: Int, _ y: Int) -> UInt32 { pixels[y * 800 + x] }
        #expect(at(400, 249) == LiveView.letterbox)
        #expect(at(400, 250) == LiveView.sceneBackground)
        #expect(at(400, 749) == LiveView.sceneBackground)
        #expect(at(400, 750) == LiveView.letterbox)
        // The marker's radius is 14 points: 28 pixels at scale 2, around the scene's centre (400, 500).
        #expect(at(400 + 27, 500) == LiveView.fingerColors[0])
        #expect(at(400 + 30, 500) == LiveView.sceneBackground)
    }

    @Test("paints frames of any size without allocating: a resize storm costs only buffers")
    func paintingAllocatesNothing() {
        let view = LiveView()
        view.update(title: "Touchstone live - scene map", status: ["TOUCHSTONE LIVE  REC 12 EVENTS"], notices: ["note"],
                    scene: scene, gesture: "pinch 2 fingers update scale 1.5 angle 3")
        var input = InputOverlay(unitsPerPoint: 256)
        input.apply(.touch(TouchSample(time: 0, phase: .down, touch: 0, slot: 0, x: 100 * 256, y: 100 * 256)))
        input.apply(.touch(TouchSample(time: 0, phase: .down, touch: 1, slot: 11, x: 300 * 256, y: 200 * 256)))
        input.apply(.touch(TouchSample(time: 8_000, phase: .motion, touch: 0, slot: 0, x: 140 * 256, y: 120 * 256)))
        input.apply(.gesture(GestureSample(time: 8_000, kind: .pinch, phase: .begin, fingers: 2)))
        input.apply(.gesture(GestureSample(time: 9_000, kind: .pinch, phase: .update, fingers: 2, scale: 1.5)))
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: 1400 * 1000)
        defer { pixels.deallocate() }
        func frame(_ step: Int) {
            let width = 300 + step * 7, height = 200 + step * 5
            view.paint(Canvas(pixels: pixels, width: width, height: height),
                       geometry: geometry(width: width, height: height, titleBar: 24), input: input, now: 10_000)
        }
        // The first pass warms what is made once (the font's table, the label buffer's capacity).
        for step in 0...100 { frame(step) }
        allocation_counter_start()
        for step in 1...100 { frame(step) }
        let allocations = allocation_counter_stop()
        #expect(allocations == 0)
    }
}
