import Testing
@testable import WaylandFrontend

@Suite("Software canvas")
struct CanvasTests {
    private func withCanvas(width: Int, height: Int, _ body: (Canvas) -> Void) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { body(Canvas(pixels: $0.baseAddress!, width: width, height: height)) }
        return pixels
    }

    @Test("clips shapes that reach outside the buffer to the buffer")
    func clipsToTheBuffer() {
        let filled = withCanvas(width: 8, height: 8) { canvas in
            canvas.fillRect(x: -4, y: 6, width: 100, height: 100, 1)
            canvas.fillCircle(centerX: 100, centerY: 100, radius: 5, 2)
        }
        #expect(filled == [UInt32](repeating: 0, count: 48) + [UInt32](repeating: 1, count: 16))
        let diagonal = withCanvas(width: 8, height: 8) { canvas in
            canvas.line(from: (-50, -50), to: (50, 50), 3)
        }
        #expect((0..<8).allSatisfy { diagonal[$0 * 8 + $0] == 3 })
    }

    @Test("draws a glyph of the built-in font with its own pixels and advances six pixels per character")
    func drawsGlyphs() {
        var advance = 0
        let pixels = withCanvas(width: 12, height: 7) { canvas in
            advance = canvas.text("l1", x: 0, y: 0, 9)
        }
        // "L" (lower case draws as upper case): the left column and the bottom row.
        let expectedL = (0..<7).map { $0 * 12 } + (1..<5).map { 6 * 12 + $0 }
        #expect(expectedL.allSatisfy { pixels[$0] == 9 })
        #expect(advance == 12)
    }
}
