/// A software canvas over an XRGB8888 pixel buffer: the few primitives the live view needs.
///
/// Everything clips to the buffer, so callers may draw partly or wholly outside it.
struct Canvas {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int

    func fill(_ color: UInt32) {
        pixels.update(repeating: color, count: width * height)
    }

    func fillRect(x: Int, y: Int, width w: Int, height h: Int, _ color: UInt32) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for row in y0..<y1 {
            (pixels + row * width + x0).update(repeating: color, count: x1 - x0)
        }
    }

    func strokeRect(x: Int, y: Int, width w: Int, height h: Int, _ color: UInt32) {
        fillRect(x: x, y: y, width: w, height: 1, color)
        fillRect(x: x, y: y + h - 1, width: w, height: 1, color)
        fillRect(x: x, y: y, width: 1, height: h, color)
        fillRect(x: x + w - 1, y: y, width: 1, height: h, color)
    }

    func plot(_ x: Int, _ y: Int, _ color: UInt32) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        pixels[y * width + x] = color
    }

    /// A line `thickness` pixels wide (Bresenham, each step a square), for finger trails.
    func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int), thickness: Int = 2, _ color: UInt32) {
        var x = a.x, y = a.y
        let dx = abs(b.x - a.x), dy = -abs(b.y - a.y)
        let sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1
        var error = dx + dy
        while true {
            if thickness <= 2 {
                plot(x, y, color)
                plot(x + 1, y, color)
            } else {
                fillRect(x: x - thickness / 2, y: y - thickness / 2, width: thickness, height: thickness, color)
            }
            if x == b.x && y == b.y { return }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += sx }
            if doubled <= dx { error += dx; y += sy }
        }
    }

    func fillCircle(centerX: Int, centerY: Int, radius: Int, _ color: UInt32) {
        guard radius > 0 else { return }
        for dy in -radius...radius {
            let span = Int(Double(radius * radius - dy * dy).squareRoot())
            fillRect(x: centerX - span, y: centerY + dy, width: 2 * span + 1, height: 1, color)
        }
    }

    /// A circle's outline `thickness` pixels wide.
    func strokeCircle(centerX: Int, centerY: Int, radius: Int, thickness: Int, _ color: UInt32) {
        guard radius > 0 else { return }
        let inner = max(0, radius - thickness)
        for dy in -radius...radius {
            let outerSpan = Int(Double(radius * radius - dy * dy).squareRoot())
            let innerSpan = abs(dy) < inner ? Int(Double(inner * inner - dy * dy).squareRoot()) : -1
            if innerSpan < 0 {
                fillRect(x: centerX - outerSpan, y: centerY + dy, width: 2 * outerSpan + 1, height: 1, color)
            } else {
                fillRect(x: centerX - outerSpan, y: centerY + dy, width: outerSpan - innerSpan, height: 1, color)
                fillRect(x: centerX + innerSpan + 1, y: centerY + dy, width: outerSpan - innerSpan, height: 1, color)
            }
        }
    }

    /// Draws a non-negative integer's decimal digits with the built-in font; returns the width drawn.
    /// Unlike `text`, it builds no string.
    @discardableResult
    func number(_ value: Int, x: Int, y: Int, scale: Int = 1, _ color: UInt32) -> Int {
        var divisor = 1
        while value / divisor >= 10 { divisor *= 10 }
        var cursor = x
        while divisor > 0 {
            glyph(Unicode.Scalar(UInt8(48 + (value / divisor) % 10)), x: cursor, y: y, scale: scale, color)
            cursor += BitmapFont.advance * scale
            divisor /= 10
        }
        return cursor - x
    }

    private func glyph(_ scalar: Unicode.Scalar, x: Int, y: Int, scale: Int, _ color: UInt32) {
        let rows = BitmapFont.glyph(scalar)
        var row = 0
        while row < rows.count {
            let bits = rows[row]
            for column in 0..<5 where bits & (0x10 >> column) != 0 {
                fillRect(x: x + column * scale, y: y + row * scale, width: scale, height: scale, color)
            }
            row += 1
        }
    }

    /// Draws `text` with the built-in 5×7 font at `scale` pixels per font pixel; returns the width drawn.
    @discardableResult
    func text(_ text: String, x: Int, y: Int, scale: Int = 1, _ color: UInt32) -> Int {
        var cursor = x
        for scalar in text.unicodeScalars {
            glyph(scalar, x: cursor, y: y, scale: scale, color)
            cursor += BitmapFont.advance * scale
        }
        return cursor - x
    }
}
