import Testing
@testable import WaylandFrontend

@Suite("Window size and scene mapping")
struct WindowSizeTests {
    @Test("wants the scene's size plus the title bar, shrunk uniformly to the bounds")
    func preferredSize() {
        #expect(WindowSize.preferred(scene: (1280, 800), chrome: 24, bounds: nil) == (1280, 824))
        #expect(WindowSize.preferred(scene: (1280, 800), chrome: 24, bounds: (1152, 720)) == (1114, 720))
        #expect(WindowSize.preferred(scene: (1280, 800), chrome: 0, bounds: (640, 2000)) == (640, 400))
        #expect(WindowSize.preferred(scene: (0, .nan), chrome: 0, bounds: nil) == WindowSize.fallback)
    }

    @Test("accepts a sensible proposal and replaces 0, negative or absurd sides by the preferred size")
    func acceptedSize() {
        let preferred = (width: 1280, height: 824)
        #expect(WindowSize.accept(proposed: (500, 350), preferred: preferred) == (500, 350))
        #expect(WindowSize.accept(proposed: (0, 0), preferred: preferred) == preferred)
        #expect(WindowSize.accept(proposed: (0, 350), preferred: preferred) == preferred)
        #expect(WindowSize.accept(proposed: (-5, 7), preferred: preferred) == preferred)
        #expect(WindowSize.accept(proposed: (100_000, 100_000), preferred: preferred) == preferred)
        #expect(WindowSize.accept(proposed: (3, 2), preferred: preferred) == (WindowSize.minimumSide, WindowSize.minimumSide))
    }

    @Test("lowers the buffer scale rather than exceed the largest buffer")
    func bufferScaleIsBounded() {
        #expect(WindowSize.bufferScale(2, for: (1280, 800)) == 2)
        #expect(WindowSize.bufferScale(1.5, for: (1280, 800)) == 1.5)
        #expect(WindowSize.bufferScale(4, for: (8192, 8192)) == 1)
        #expect(WindowSize.bufferScale(0.5, for: (100, 100)) == 1)
    }

    @Test("maps scene points to window points and back by one uniform scale, centred")
    func viewportRule() {
        let viewport = SceneViewport(scene: (1280, 800), content: (0, 24, 640, 476))
        #expect(viewport.scale == 0.5)
        #expect(viewport.windowPoint(x: 0, y: 0) == (0, 62))
        #expect(viewport.windowPoint(x: 1280, y: 800) == (640, 462))
        #expect(viewport.scenePoint(x: 320, y: 262) == (640, 400))
        #expect(viewport.sceneUnits(x: 320 * 256, y: 262 * 256, unitsPerPoint: 256) == (640 * 256, 400 * 256))
        #expect(viewport.sceneUnits(x: .max, y: .min, unitsPerPoint: 256) == (.max, .min))
    }
}
