import Foundation
import TestSupport

/// Runs the real programs a person would use to look at a picture: xmllint to check the XML,
/// rsvg-convert to render an SVG, pngtopnm to read pixels, headless Chromium to open a page.
/// All of them are in scripts/system-packages.txt.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `program` (found on PATH) with `arguments`; returns standard output, throws with
    /// standard error on a non-zero exit.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], standardOutputTo path: String? = nil) throws -> Data {
        let output = try CompletedProcess.run("/usr/bin/env", [program] + arguments)
        guard output.status == 0 else {
            throw Failure(description: "\(program) exited \(output.status): \(output.stderr)")
        }
        let outData = output.standardOutput
        if let path { try outData.write(to: URL(fileURLWithPath: path)) }
        return outData
    }

    /// Checks `path` is well-formed XML.
    static func xmllint(_ path: String) throws {
        try run("xmllint", ["--noout", path])
    }

    /// Renders an SVG as librsvg does and reads its pixels.
    static func renderSVG(_ svg: String, in folder: String) throws -> Image {
        let png = svg + ".png"
        try run("rsvg-convert", ["--format=png", "--output=\(png)", svg])
        return try Image(png: png, in: folder)
    }

    /// Opens `page` in headless Chromium, `width` × `height` pixels, and reads the screenshot.
    static func screenshot(_ page: String, width: Int, height: Int, in folder: String) throws -> Image {
        let png = folder + "/screenshot.png"
        try run("chromium", [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(folder)/chromium-profile", "--window-size=\(width),\(height)",
            "--screenshot=\(png)", URL(fileURLWithPath: page).absoluteString,
        ])
        return try Image(png: png, in: folder)
    }
}

/// An RGB image read from a PNG through netpbm's pngtopnm (binary PPM, alpha dropped).
struct Image {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    struct RGB: Equatable, Hashable, CustomStringConvertible {
        var r: UInt8, g: UInt8, b: UInt8

        init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { (self.r, self.g, self.b) = (r, g, b) }

        /// `#rrggbb`.
        init(hex: String) {
            let value = UInt32(hex.dropFirst(), radix: 16)!
            self.init(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        }

        static let white = RGB(255, 255, 255)

        func isClose(to other: RGB, tolerance: Int = 6) -> Bool {
            abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
                && abs(Int(b) - Int(other.b)) <= tolerance
        }

        var description: String { String(format: "#%02x%02x%02x", r, g, b) }
    }

    init(png: String, in folder: String) throws {
        let ppm = try ExternalTool.run("pngtopnm", [png])
        let bytes = [UInt8](ppm)
        // P6 <width> <height> <maxval> then one whitespace byte and the pixels.
        var fields: [Int] = []
        var index = 2
        while fields.count < 3 {
            while bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
            var value = 0
            while bytes[index] >= 0x30 && bytes[index] <= 0x39 { value = value * 10 + Int(bytes[index] - 0x30); index += 1 }
            fields.append(value)
        }
        guard bytes[0] == 0x50, bytes[1] == 0x36, fields[2] == 255 else {
            throw ExternalTool.Failure(description: "pngtopnm gave no 8-bit P6 image")
        }
        width = fields[0]
        height = fields[1]
        pixels = Array(bytes[(index + 1)...])
    }

    func pixel(_ x: Int, _ y: Int) -> RGB {
        let offset = (y * width + x) * 3
        return RGB(pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }

    /// How many pixels of the rectangle are within a few levels of `colour`.
    func count(_ colour: RGB, x: Range<Int>? = nil, y: Range<Int>? = nil) -> Int {
        let columns = (x ?? 0..<width).clamped(to: 0..<width)
        let rows = (y ?? 0..<height).clamped(to: 0..<height)
        let (r, g, b) = (Int(colour.r), Int(colour.g), Int(colour.b))
        return pixels.withUnsafeBufferPointer { buffer in
            var total = 0
            for row in rows {
                var offset = (row * width + columns.lowerBound) * 3
                for _ in columns {
                    if abs(Int(buffer[offset]) - r) <= 6, abs(Int(buffer[offset + 1]) - g) <= 6, abs(Int(buffer[offset + 2]) - b) <= 6 {
                        total += 1
                    }
                    offset += 3
                }
            }
            return total
        }
    }

    /// The rows holding at least one pixel of `colour`.
    func rows(with colour: RGB) -> [Int] {
        (0..<height).filter { count(colour, y: $0..<($0 + 1)) > 0 }
    }

    /// The fraction of pixels that are not white.
    var inkedFraction: Double {
        Double(width * height - count(.white)) / Double(width * height)
    }
}
