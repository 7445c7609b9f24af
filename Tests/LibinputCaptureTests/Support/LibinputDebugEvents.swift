import TouchTrace

/// Reads the touch lines of `libinput debug-events`, the reference for what libinput itself reports:
///
///     event5   TOUCH_MOTION  +0.021s  0 (0)  2.44/ 2.54 (234.00/183.00mm)
///     event5   TOUCH_UP      +0.068s  0 (0)
///     event5   TOUCH_FRAME   +0.068s
///
/// Millimetres become device units through the axis range and the resolution libinput uses (1 when
/// the device gives none), with the same rounding as the recorder: printed to 0.01 mm, they are exact
/// for any resolution below 50 units per millimetre.
enum LibinputDebugEvents {
    static func contactFrames(_ output: String, x: AxisRange, y: AxisRange) -> [[Contact]] {
        let scaleX = Double(max(1, x.resolution)), scaleY = Double(max(1, y.resolution))
        var frames: [[Contact]] = []
        var current: [Contact] = []
        var touchForSlot: [Int: (id: TouchID, x: Int32, y: Int32)] = [:]
        var nextTouch: TouchID = 0
        for line in output.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "/" || $0 == "(" || $0 == ")" })
            guard fields.count >= 3 else { continue }
            switch fields[1] {
            case "TOUCH_FRAME":
                if !current.isEmpty { frames.append(current) }
                current = []
            case "TOUCH_DOWN", "TOUCH_MOTION":
                // fields: event5 TYPE +t slot seat-slot x y xmm ymm"mm"
                guard fields.count >= 9, let slot = Int(fields[3]),
                      let xmm = Double(fields[7]), let ymm = Double(fields[8].dropLast(2)) else { continue }
                let ux = Int32((xmm * scaleX + Double(x.minimum)).rounded())
                let uy = Int32((ymm * scaleY + Double(y.minimum)).rounded())
                if fields[1] == "TOUCH_DOWN" {
                    touchForSlot[slot] = (nextTouch, ux, uy)
                    nextTouch += 1
                }
                guard let touch = touchForSlot[slot]?.id else { continue }
                touchForSlot[slot] = (touch, ux, uy)
                current.append(Contact(touch: touch, phase: fields[1] == "TOUCH_DOWN" ? .down : .motion, x: ux, y: uy))
            case "TOUCH_UP", "TOUCH_CANCEL":
                guard let slot = Int(fields[3]), let last = touchForSlot.removeValue(forKey: slot) else { continue }
                current.append(Contact(touch: last.id, phase: fields[1] == "TOUCH_UP" ? .up : .cancel, x: last.x, y: last.y))
            default:
                continue
            }
        }
        return frames
    }
}
