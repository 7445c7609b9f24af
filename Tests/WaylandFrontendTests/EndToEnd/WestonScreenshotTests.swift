import Foundation
import TestSupport
import Testing
import TouchTrace

/// The live window as a person sees it: weston 10 headless draws it with pixman, the touch module
/// (Fixtures/WestonTouch) plays a script in window points and marks moments, and
/// `weston-screenshooter` photographs the output at each mark. The pixels are checked against the
/// rules of docs/wayland-frontend.md, under kiosk-shell (fullscreen) and desktop-shell (a window
/// with the title bar Touchstone draws itself).
@Suite("touchstone live screenshots in weston 10")
struct WestonScreenshotTests {
    // The overlay's colours (LiveView), as weston's XRGB screenshots give them.
    static let sceneBackground: UInt32 = 0x20_2228
    static let labelBox: UInt32 = 0x2C_3E50
    static let labelText: UInt32 = 0xC8_D0DA
    static let fingerColors: [UInt32] = [0xE0_6C75, 0x98_C379]

    /// Two fingers come down, move towards each other and stay; then lift; then, for the desktop,
    /// the shell resizes the window. It starts after desktop-shell's fade-in from black.
    ///
    /// Nothing here depends on how fast the client draws (a ThreadSanitizer build on a loaded
    /// machine is many times slower than a release build on a quiet one). At each `hold` the
    /// module keeps the touches as they are and the test photographs the output until the picture
    /// shows what that moment must show (`problems(at:in:window:)`, the same rules `check` then
    /// applies), for up to `holdSeconds`, and then releases the script. The resize is followed by
    /// `size`, which waits for the client to commit its window at the new size: the picture is
    /// then of that buffer, and its geometry is checked exactly.
    static func script(shell: String) -> String {
        var text = """
            wait 1200
            down 0 300 300
            down 1 500 360
            wait 16
            motion 0 340 320
            motion 1 460 340
            hold down
            up 0
            up 1
            wait 1000
            hold faded

            """
        if shell == "desktop-shell.so" {
            text += """
                resize 800 600
                size 800 600
                window
                mark resized

                """
        }
        return text
    }

    /// How long a held moment may take to show what it must: far past any slow build's frame.
    static let holdSeconds: Double = 60
    /// How long a whole session may take (every hold and the resize at their limits, and more).
    static let sessionSeconds: Double = 240

    typealias Window = (x: Int, y: Int, width: Int, height: Int)

    struct Screen {
        let width: Int, height: Int
        let pixels: [UInt32]

        init(ppm path: String) throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let text = String(decoding: data.prefix(40), as: UTF8.self).split(whereSeparator: \.isWhitespace)
            let count = Int(text[1])! * Int(text[2])!
            width = Int(text[1])!
            height = Int(text[2])!
            let body = data.suffix(count * 3)
            var pixels = [UInt32](repeating: 0, count: count)
            body.withUnsafeBytes { raw in
                for index in 0..<count {
                    pixels[index] = UInt32(raw[index * 3]) << 16 | UInt32(raw[index * 3 + 1]) << 8 | UInt32(raw[index * 3 + 2])
                }
            }
            self.pixels = pixels
        }

        subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

        /// The bounding box of the pixels of `color` (x0, y0, x1, y1 inclusive).
        func bounds(of color: UInt32) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
            var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
            for y in 0..<height {
                for x in 0..<width where self[x, y] == color {
                    box = box.map { (min($0.x0, x), min($0.y0, y), max($0.x1, x), max($0.y1, y)) } ?? (x, y, x, y)
                }
            }
            return box
        }

        func count(_ color: UInt32, around center: (x: Int, y: Int), radius: Int) -> Int {
            var count = 0
            for y in max(0, center.y - radius)...min(height - 1, center.y + radius) {
                for x in max(0, center.x - radius)...min(width - 1, center.x + radius) where self[x, y] == color { count += 1 }
            }
            return count
        }

        /// The label boxes: connected regions of box or label-text pixels that contain box pixels.
        func labelRegions() -> [(x0: Int, y0: Int, x1: Int, y1: Int, pixels: Int)] {
            var seen = [Bool](repeating: false, count: width * height)
            var regions: [(x0: Int, y0: Int, x1: Int, y1: Int, pixels: Int)] = []
            for start in 0..<(width * height) where !seen[start] && pixels[start] == WestonScreenshotTests.labelBox {
                var stack = [start]
                seen[start] = true
                var region = (x0: width, y0: height, x1: 0, y1: 0, pixels: 0)
                while let index = stack.popLast() {
                    let x = index % width, y = index / width
                    region = (min(region.x0, x), min(region.y0, y), max(region.x1, x), max(region.y1, y), region.pixels + 1)
                    for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                    where nx >= 0 && ny >= 0 && nx < width && ny < height {
                        let next = ny * width + nx
                        if !seen[next] && (pixels[next] == WestonScreenshotTests.labelBox || pixels[next] == WestonScreenshotTests.labelText) {
                            seen[next] = true
                            stack.append(next)
                        }
                    }
                }
                regions.append(region)
            }
            return regions
        }
    }

    struct Run {
        var shots: [String: Screen] = [:]
        /// How many pictures each held moment took until it showed what it must.
        var pictures: [String: Int] = [:]
        /// Every "window at X Y size W H" the module logged, in order.
        var windows: [Window] = []
        var liveStatus: Int32?
        var liveStderr = ""
    }

    /// What the picture of a held moment must show, as the problems `check` reports (none: the
    /// script may go on). While the fingers are down: each finger's marker where the finger is.
    /// After the lift and the fade (0.6 s): no trail or marker left.
    static func problems(at moment: String, in screen: Screen, window: Window) -> [String] {
        switch moment {
        case "down":
            return [(0, (x: 340, y: 320)), (1, (x: 460, y: 340))].compactMap { finger, point in
                let center = (x: window.x + point.x, y: window.y + point.y)
                let pixels = screen.count(fingerColors[finger], around: center, radius: 16)
                return pixels > 300 ? nil : "finger \(finger): \(pixels) marker pixels around \(center)"
            }
        case "faded":
            var problems = fingerColors.compactMap { color in
                screen.bounds(of: color).map { "a trail is left: \(String(color, radix: 16)) in \($0)" }
            }
            var touched = 0
            for y in (window.y + 290)...(window.y + 370) {
                for x in (window.x + 290)...(window.x + 510) where screen[x, y] != sceneBackground { touched += 1 }
            }
            if touched > 0 { problems.append("\(touched) pixels of the gesture's area are not the scene's background") }
            return problems
        default:
            return []
        }
    }

    static func run(shell: String) throws -> Run {
        let scratch = TemporaryDirectory("wayland")
        let weston = try TestWeston(
            scratch: scratch,
            arguments: ["--use-pixman", "--shell=\(shell)", "--width=1280", "--height=800", "--debug"],
            touchScript: script(shell: shell))
        defer { weston.process.stop() }
        let environment = weston.environment
        let live = try ChildProcess(TestPaths.touchstone, ["live"], environment: environment, scratch: scratch, name: "live")
        defer { live.stop() }

        let shots = scratch.file("shots")
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        func photograph(_ moment: String) throws -> Screen {
            let shooter = Process()
            shooter.executableURL = URL(fileURLWithPath: "/usr/bin/weston-screenshooter")
            shooter.currentDirectoryURL = URL(fileURLWithPath: shots)
            shooter.environment = environment
            try shooter.run()
            shooter.waitUntilExit()
            let png = try FileManager.default.contentsOfDirectory(atPath: shots).first { $0.hasPrefix("wayland-screenshot") }
            try #require(png != nil, "no screenshot at \(moment)")
            let ppm = scratch.file("\(moment).ppm")
            // netpbm's pngtopnm (as the picture tests read pixels): binary PPM, alpha dropped.
            _ = try TestPaths.shell("pngtopnm '\(shots)/\(png!)' > '\(ppm)' && rm '\(shots)/\(png!)'")
            return try Screen(ppm: ppm)
        }

        var run = Run()
        let deadline = Date().addingTimeInterval(sessionSeconds)
        var taken: Set<String> = []
        while Date() < deadline {
            let log = weston.logText
            run.windows = log.split(separator: "\n").compactMap { line in
                guard let range = line.range(of: "touch-injector: window at ") else { return nil }
                let numbers = line[range.upperBound...].split(separator: " ").compactMap { Int($0) }
                return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : nil
            }
            for line in log.split(separator: "\n") {
                let held = line.range(of: "touch-injector: hold ")
                guard let range = held ?? line.range(of: "touch-injector: mark ") else { continue }
                let moment = String(line[range.upperBound...])
                guard !taken.contains(moment) else { continue }
                taken.insert(moment)
                var shot = try photograph(moment)
                if held != nil {
                    // The module logged the window before its first step: `check` fails without it.
                    let holdDeadline = Date().addingTimeInterval(holdSeconds)
                    var pictures = 1
                    while let window = run.windows.first, !problems(at: moment, in: shot, window: window).isEmpty,
                        Date() < holdDeadline
                    {
                        usleep(100_000)
                        shot = try photograph(moment)
                        pictures += 1
                    }
                    run.pictures[moment] = pictures
                    _ = try scratch.write("", to: "touch.script.\(moment)")  // releases the script
                }
                run.shots[moment] = shot
            }
            if log.contains("touch-injector: done") { break }
            usleep(20_000)
        }
        live.process.interrupt()
        run.liveStatus = live.wait(seconds: 10)
        run.liveStderr = live.stderr
        return run
    }

    private func check(_ run: Run, shell: String) throws {
        #expect(run.liveStatus == 0, "\(run.liveStderr)")
        let window = try #require(run.windows.first, "\(shell): the module found no window")
        let down = try #require(run.shots["down"], "\(shell): no screenshot while the fingers were down")

        // The whole scene is inside the window, at the scene's aspect ratio.
        let scene = try #require(down.bounds(of: Self.sceneBackground))
        #expect(scene.x0 >= window.x && scene.y0 >= window.y, "\(shell): \(scene) starts outside \(window)")
        #expect(scene.x1 < window.x + window.width && scene.y1 < window.y + window.height, "\(shell): \(scene) ends outside \(window)")
        let sceneWidth = Double(scene.x1 - scene.x0 + 3), sceneHeight = Double(scene.y1 - scene.y0 + 3)
        #expect(abs(sceneWidth / sceneHeight - 1.6) < 0.02, "\(shell): scene drawn \(sceneWidth) x \(sceneHeight)")

        // Each finger's marker where the finger is (window points), while it is down.
        #expect(Self.problems(at: "down", in: down, window: window) == [], "\(shell), after \(run.pictures["down"] ?? 0) pictures")

        // Labels: rectangles that do not run into each other; the shared frame's label names both views.
        let labels = down.labelRegions()
        #expect(labels.count == 1, "\(shell): \(labels)")
        for label in labels {
            #expect(label.pixels == (label.x1 - label.x0 + 1) * (label.y1 - label.y0 + 1), "\(shell): label \(label) is not one box")
        }

        // Once the fade (0.6 s) is over no trail or marker is left.
        let faded = try #require(run.shots["faded"])
        #expect(Self.problems(at: "faded", in: faded, window: window) == [], "\(shell), after \(run.pictures["faded"] ?? 0) pictures")
    }

    @Test("kiosk-shell: the scene fills the fullscreen window, markers while down, trails gone after the fade, labels apart")
    func kiosk() throws {
        try check(Self.run(shell: "kiosk-shell.so"), shell: "kiosk")
    }

    @Test("desktop-shell: the same in a window with a title bar, and the size the shell configures is honoured")
    func desktop() throws {
        let run = try Self.run(shell: "desktop-shell.so")
        try check(run, shell: "desktop")
        #expect(run.windows.last.map { [$0.width, $0.height] } == [800, 600])
        let resized = try #require(run.shots["resized"])
        let window = try #require(run.windows.last)
        let scene = try #require(resized.bounds(of: Self.sceneBackground))
        // 800 x 600 with a 24-point title bar: the scene is 800 x 500 from y = 24 + 38.
        #expect(scene.x0 - window.x <= 1 && window.x + 800 - 1 - scene.x1 <= 1, "\(scene) in \(window)")
        #expect(abs(scene.y0 - (window.y + 62)) <= 1 && abs(scene.y1 - (window.y + 561)) <= 1, "\(scene) in \(window)")
    }
}
