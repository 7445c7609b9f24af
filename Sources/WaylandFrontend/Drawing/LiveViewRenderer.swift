/// Paints the live window: the scene's view frames, each finger's trail, the touchpad gesture,
/// each recognizer's state and last action, and the session's status.
///
/// One buffer pixel per window point: the window is drawn at scale 1.
enum LiveViewRenderer {
    private static let background: UInt32 = 0xFF20_2228
    private static let viewFrame: UInt32 = 0xFF5C_6370
    private static let text: UInt32 = 0xFFE6_E6E6
    private static let dimText: UInt32 = 0xFF9A_A0A6
    private static let warning: UInt32 = 0xFFF0_C674
    private static let fingerColors: [UInt32] = [
        0xFFE0_6C75, 0xFF98_C379, 0xFF61_AFEF, 0xFFE5_C07B, 0xFFC6_78DD, 0xFF56_B6C2, 0xFFD1_9A66, 0xFFBE_5046,
    ]

    struct Status {
        var title: String
        var notices: [String]
    }

    static func paint(_ canvas: Canvas, input: InputOverlay, scene: SceneOverlay, status: Status) {
        canvas.fill(background)
        for view in scene.views {
            canvas.strokeRect(x: Int(view.x), y: Int(view.y), width: Int(view.width), height: Int(view.height), viewFrame)
            canvas.text(view.name, x: Int(view.x) + 4, y: Int(view.y) + Int(view.height) - 12, dimText)
        }
        for trail in input.trails {
            let color = fingerColors[Int(trail.slot) % fingerColors.count]
            for index in 1..<max(1, trail.count) {
                let a = trail[index - 1], b = trail[index]
                canvas.line(from: (Int(a.x), Int(a.y)), to: (Int(b.x), Int(b.y)), color)
            }
            if trail.isDown, let last = trail.last {
                canvas.fillCircle(centerX: Int(last.x), centerY: Int(last.y), radius: 14, color)
                canvas.text("\(trail.slot)", x: Int(last.x) - 2, y: Int(last.y) - 3, background)
            }
        }
        var y = 6
        func line(_ string: String, _ color: UInt32) {
            canvas.text(string, x: 6, y: y, color)
            y += BitmapFont.lineHeight
        }
        line(status.title, text)
        for notice in status.notices { line(notice, warning) }
        if let gesture = input.gesture { line(gesture.text, text) }
        for recognizer in scene.recognizers {
            line("\(recognizer.name): \(recognizer.state)  last \(recognizer.lastAction)", dimText)
        }
    }
}
