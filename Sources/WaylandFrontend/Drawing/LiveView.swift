import Glibc
import TouchTrace

/// Paints the live window: its own title bar (when the compositor draws none), the scene fitted
/// into the window (`SceneViewport`), the scene's view frames with labels that never overlap,
/// each finger's trail and marker, the touchpad gesture while it runs, and the status lines.
///
/// Text and markers are sized in window points and drawn at the buffer scale, so they stay the same
/// size on the screen at any scale; the 5×7 font is drawn at the buffer scale rounded.
///
/// What changes with events (text lines, labels) is prepared by `update`; `paint` only lays out
/// and draws it, allocating nothing, so a frame that only follows a resize costs no allocation.
final class LiveView {
    /// The window's geometry for one frame.
    struct Geometry {
        /// Window points.
        var width: Int
        var height: Int
        var bufferScale: Double
        /// The title bar the window draws itself, in points (0 for none).
        var titleBarHeight: Int
        var viewport: SceneViewport

        /// The 5×7 font's pixel size, in buffer pixels.
        var textScale: Int { max(1, Int(bufferScale.rounded())) }

        /// A scene may place a view anywhere: its pixels are kept within ±2^30, far off any
        /// buffer, so that the drawing's sums of pixels never overflow.
        func pixels(_ points: Double) -> Int { Int(saturating: (points * bufferScale).rounded(), limit: 1 << 30) }

        func pixel(sceneX: Double, sceneY: Double) -> (x: Int, y: Int) {
            let point = viewport.windowPoint(x: sceneX, y: sceneY)
            return (pixels(point.x), pixels(point.y))
        }
    }

    /// One label: the names of the views that share a frame, and that frame in scene points.
    struct Label {
        var text: String
        var x: Double, y: Double, width: Double, height: Double
    }

    /// What the frame shows besides input; rebuilt by `update`.
    struct Content {
        var title = ""
        var status: [String] = []
        var notices: [String] = []
        var views: [SceneOverlay.ViewFrame] = []
        var labels: [Label] = []
        var recognizers: [String] = []
    }

    static let letterbox: UInt32 = 0xFF10_1114
    static let sceneBackground: UInt32 = 0xFF20_2228
    static let titleBar: UInt32 = 0xFF34_3A46
    static let titleText: UInt32 = 0xFFF2_F2F2
    static let viewFrame: UInt32 = 0xFF5C_6370
    static let labelBox: UInt32 = 0xFF2C_3E50
    static let labelText: UInt32 = 0xFFC8_D0DA
    static let text: UInt32 = 0xFFE6_E6E6
    static let dimText: UInt32 = 0xFF9A_A0A6
    static let warning: UInt32 = 0xFFF0_C674
    static let gesture: UInt32 = 0xFFFF_FFFF
    static let fingerColors: [UInt32] = [
        0xFFE0_6C75, 0xFF98_C379, 0xFF61_AFEF, 0xFFE5_C07B, 0xFFC6_78DD, 0xFF56_B6C2, 0xFFD1_9A66, 0xFFBE_5046,
    ]
    /// A finger marker's radius, in window points.
    static let markerRadius = 14.0

    private(set) var content = Content()
    private var layout = LabelLayout()

    /// Prepares the text of the next frames. Views sharing a frame get one label naming them all,
    /// back to front (`window / map`).
    func update(title: String, status: [String], notices: [String], scene: SceneOverlay, gesture: String?) {
        content.title = title
        content.status = status
        if let gesture { content.status.append(gesture) }
        content.notices = notices
        content.views = scene.views
        content.labels.removeAll(keepingCapacity: true)
        for view in scene.views {
            if let index = content.labels.firstIndex(where: {
                $0.x == view.x && $0.y == view.y && $0.width == view.width && $0.height == view.height
            }) {
                content.labels[index].text += " / " + view.name
            } else {
                content.labels.append(Label(text: view.name, x: view.x, y: view.y, width: view.width, height: view.height))
            }
        }
        content.recognizers = scene.recognizers.map { "\($0.name): \($0.state)  last \($0.lastAction)" }
    }

    /// Draws a frame of `geometry` into `canvas` with the input as of trace time `now`.
    func paint(_ canvas: Canvas, geometry: Geometry, input: InputOverlay, now: Microseconds?) {
        let ts = geometry.textScale
        canvas.fill(Self.letterbox)
        let sceneOrigin = geometry.pixel(sceneX: 0, sceneY: 0)
        let sceneEnd = geometry.pixel(sceneX: geometry.viewport.sceneWidth, sceneY: geometry.viewport.sceneHeight)
        canvas.fillRect(
            x: sceneOrigin.x, y: sceneOrigin.y, width: sceneEnd.x - sceneOrigin.x, height: sceneEnd.y - sceneOrigin.y,
            Self.sceneBackground)
        paintViews(canvas, geometry: geometry)
        paintInput(canvas, geometry: geometry, input: input, now: now)
        paintLabels(canvas, geometry: geometry)
        paintStatus(canvas, geometry: geometry, input: input)
        if geometry.titleBarHeight > 0 {
            let bar = geometry.pixels(Double(geometry.titleBarHeight))
            canvas.fillRect(x: 0, y: 0, width: canvas.width, height: bar, Self.titleBar)
            canvas.text(content.title, x: geometry.pixels(8), y: (bar - 7 * ts) / 2, scale: ts, Self.titleText)
            paintButtons(canvas, geometry: geometry, bar: bar)
        }
    }

    /// The title bar's maximize (a square) and close (a cross) buttons, over any title too long.
    private func paintButtons(_ canvas: Canvas, geometry: Geometry, bar: Int) {
        let titleBar = TitleBar(width: geometry.width, height: geometry.height, barHeight: geometry.titleBarHeight, resizable: false)
        paintButton(.maximizeButton, of: titleBar, canvas, geometry: geometry, bar: bar)
        paintButton(.closeButton, of: titleBar, canvas, geometry: geometry, bar: bar)
    }

    private func paintButton(_ button: TitleBar.Part, of titleBar: TitleBar, _ canvas: Canvas, geometry: Geometry, bar: Int) {
        guard let frame = titleBar.frame(of: button) else { return }
        let left = geometry.pixels(Double(frame.x))
        canvas.fillRect(x: left, y: 0, width: geometry.pixels(Double(frame.x + frame.width)) - left, height: bar, Self.titleBar)
        let half = geometry.pixels(5)
        let centre = (x: geometry.pixels(Double(frame.x) + Double(frame.width) / 2), y: bar / 2)
        if button == .closeButton {
            let thickness = max(1, geometry.pixels(1.5))
            canvas.line(from: (centre.x - half, centre.y - half), to: (centre.x + half, centre.y + half), thickness: thickness, Self.titleText)
            canvas.line(from: (centre.x - half, centre.y + half), to: (centre.x + half, centre.y - half), thickness: thickness, Self.titleText)
        } else {
            canvas.strokeRect(x: centre.x - half, y: centre.y - half, width: 2 * half, height: 2 * half, Self.titleText)
        }
    }

    private func paintViews(_ canvas: Canvas, geometry: Geometry) {
        var index = 0
        while index < content.views.count {
            let view = content.views[index]
            let a = geometry.pixel(sceneX: view.x, sceneY: view.y)
            let b = geometry.pixel(sceneX: view.x + view.width, sceneY: view.y + view.height)
            canvas.strokeRect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y, Self.viewFrame)
            index += 1
        }
    }

    private func paintLabels(_ canvas: Canvas, geometry: Geometry) {
        let ts = geometry.textScale
        let pad = ts * 2
        layout.reset(capacity: content.labels.count)
        layout.gap = ts * 2
        var index = 0
        while index < content.labels.count {
            let label = content.labels[index]
            let corner = geometry.pixel(sceneX: label.x, sceneY: label.y + label.height)
            let rect = layout.place(
                left: corner.x, bottom: corner.y, width: BitmapFont.width(of: label.text, scale: ts) + 2 * pad,
                height: 7 * ts + 2 * pad, inset: geometry.pixels(4))
            canvas.fillRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height, Self.labelBox)
            canvas.text(label.text, x: rect.x + pad, y: rect.y + pad, scale: ts, Self.labelText)
            index += 1
        }
    }

    private func paintInput(_ canvas: Canvas, geometry: Geometry, input: InputOverlay, now: Microseconds?) {
        let thickness = max(2, geometry.pixels(2))
        var trailIndex = 0
        while trailIndex < input.trails.count {
            let trail = input.trails[trailIndex]
            trailIndex += 1
            let opacity = InputOverlay.opacity(of: trail, at: now)
            guard opacity > 0 else { continue }
            let color = Self.blend(Self.fingerColors[Int(trail.slot) % Self.fingerColors.count], over: Self.sceneBackground, opacity)
            var index = 1
            while index < trail.count {
                let a = trail[index - 1], b = trail[index]
                canvas.line(
                    from: geometry.pixel(sceneX: a.x, sceneY: a.y), to: geometry.pixel(sceneX: b.x, sceneY: b.y),
                    thickness: thickness, color)
                index += 1
            }
            if trail.isDown, let last = trail.last {
                let center = geometry.pixel(sceneX: last.x, sceneY: last.y)
                let ts = geometry.textScale
                canvas.fillCircle(centerX: center.x, centerY: center.y, radius: geometry.pixels(Self.markerRadius), color)
                let digits = trail.slot >= 10 ? 2 : 1
                canvas.number(
                    Int(trail.slot), x: center.x - (digits * 6 - 1) * ts / 2, y: center.y - 7 * ts / 2, scale: ts,
                    Self.sceneBackground)
            }
        }
        if let gesture = input.gesture, gesture.isRunning { paintGesture(canvas, geometry: geometry, gesture: gesture) }
    }

    /// The touchpad gesture in progress, drawn at the scene's centre: a swipe or a two-finger
    /// scroll as a line along its accumulated motion, a pinch as a circle whose radius follows the scale (with the starting
    /// circle dimmed), a hold as a ring of one dot per finger.
    private func paintGesture(_ canvas: Canvas, geometry: Geometry, gesture: InputOverlay.Gesture) {
        let center = geometry.pixel(sceneX: geometry.viewport.sceneWidth / 2, sceneY: geometry.viewport.sceneHeight / 2)
        let thickness = max(2, geometry.pixels(3))
        switch gesture.kind {
        case .swipe, .scroll:
            let end = (x: center.x + geometry.pixels(gesture.dx), y: center.y + geometry.pixels(gesture.dy))
            canvas.line(from: center, to: end, thickness: thickness, Self.gesture)
            canvas.fillCircle(centerX: end.x, centerY: end.y, radius: geometry.pixels(8), Self.gesture)
        case .pinch:
            let base = geometry.pixels(60)
            canvas.strokeCircle(centerX: center.x, centerY: center.y, radius: base, thickness: thickness, Self.dimText)
            let scale = gesture.scale.isFinite ? min(max(gesture.scale, 0.05), 20) : 1
            canvas.strokeCircle(
                centerX: center.x, centerY: center.y, radius: Int(Double(base) * scale), thickness: thickness, Self.gesture)
        case .hold:
            let count = max(1, Int(gesture.fingers))
            let ring = Double(geometry.pixels(30))
            for finger in 0..<count {
                let angle = Double(finger) * 2 * Double.pi / Double(count)
                canvas.fillCircle(
                    centerX: center.x + Int(ring * cos(angle)), centerY: center.y + Int(ring * sin(angle)),
                    radius: geometry.pixels(8), Self.gesture)
            }
        }
    }

    private func paintStatus(_ canvas: Canvas, geometry: Geometry, input: InputOverlay) {
        let ts = geometry.textScale
        let x = geometry.pixels(6)
        var y = geometry.pixels(Double(geometry.titleBarHeight) + 6)
        let lineHeight = BitmapFont.lineHeight * ts
        var index = 0
        while index < content.status.count {
            canvas.text(content.status[index], x: x, y: y, scale: ts, Self.text)
            y += lineHeight
            index += 1
        }
        index = 0
        while index < content.notices.count {
            canvas.text(content.notices[index], x: x, y: y, scale: ts, Self.warning)
            y += lineHeight
            index += 1
        }
        index = 0
        while index < content.recognizers.count {
            canvas.text(content.recognizers[index], x: x, y: y, scale: ts, Self.dimText)
            y += lineHeight
            index += 1
        }
    }

    /// `color` drawn at `opacity` (0…1) over `background`, channel by channel.
    static func blend(_ color: UInt32, over background: UInt32, _ opacity: Double) -> UInt32 {
        guard opacity < 1 else { return color }
        let a = UInt32(max(0, opacity) * 256)
        var result: UInt32 = 0xFF00_0000
        var shift: UInt32 = 0
        while shift < 24 {  // a plain loop: a nested function's context is a heap box in debug builds
            let c = (color >> shift) & 0xFF, b = (background >> shift) & 0xFF
            result |= ((c * a + b * (256 - a)) >> 8) << shift
            shift += 8
        }
        return result
    }
}
