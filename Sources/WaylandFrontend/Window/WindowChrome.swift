/// The pointer and touches on the window's own decorations (`TitleBar`): it follows the pointer
/// (and sets its image, `PointerCursor`), takes the touches that land on the title bar away from
/// the scene, and asks the compositor to move, resize, maximize or show its menu for the window,
/// or closes it.
///
/// The pointer is never recorded, so every pointer press goes through here. A touch that lands on
/// the title bar is the window's until it ends: neither it nor its motion or lift reach the trace
/// or the recognizers. Only the first such touch drives a press; others landing on the bar meanwhile
/// are taken and ignored.
final class WindowChrome {
    /// linux/input-event-codes.h.
    static let primaryButton: UInt32 = 0x110  // BTN_LEFT
    static let secondaryButton: UInt32 = 0x111  // BTN_RIGHT

    private unowned let window: Toplevel
    /// The `wl_seat` the presses come from: move, resize and the window menu name it.
    private let seat: OpaquePointer
    private let cursor: PointerCursor
    private var pointer = TitleBarPress()
    /// The button whose press `pointer` follows.
    private var pressingButton: UInt32?
    private var pointerPosition = (x: 0.0, y: 0.0)
    /// The `wl_pointer` on the window and the serial of its `enter`, while it is there.
    private var entered: (pointer: OpaquePointer, serial: UInt32)?
    private var touch = TitleBarPress()
    /// The touch driving `touch`, while it is down.
    private var pressingTouch: Int32?
    /// The `wl_touch` ids of the touches down that landed on the title bar.
    private var ownTouches: [Int32] = []

    init(window: Toplevel, seat: OpaquePointer, cursor: PointerCursor) {
        self.window = window
        self.seat = seat
        self.cursor = cursor
    }

    // MARK: - Pointer

    /// The pointer entered the window at (`x`, `y`), surface points.
    func pointerEntered(_ pointer: OpaquePointer, serial: UInt32, x: Double, y: Double) {
        entered = (pointer, serial)
        pointerMoved(x: x, y: y)
    }

    func pointerLeft() {
        entered = nil
    }

    /// The pointer moved on the window (surface points).
    func pointerMoved(x: Double, y: Double) {
        pointerPosition = (x, y)
        let part = part(x, y, pointer: true)
        if let entered {
            let shape: PointerCursor.Shape = if case .edge(let edges) = part { .resize(edges: edges) } else { .arrow }
            cursor.show(shape, pointer: entered.pointer, serial: entered.serial, scale: window.bufferScale)
        }
        guard pointer.isPressed else { return }
        perform(pointer.handle(.motion(part, x: x, y: y)))
    }

    /// A button went down or up; only the primary and secondary buttons press, and a press ends
    /// with the release of the button that began it.
    func pointerButton(serial: UInt32, time: UInt32, button: UInt32, pressed: Bool) {
        if pressed {
            guard button == Self.primaryButton || button == Self.secondaryButton, !pointer.isPressed else { return }
            let (x, y) = pointerPosition
            pressingButton = button
            perform(pointer.handle(.press(part(x, y, pointer: true), serial: serial, x: x, y: y,
                                          secondary: button == Self.secondaryButton)))
        } else if button == pressingButton {
            pressingButton = nil
            perform(pointer.handle(.release(time: time)))
        }
    }

    // MARK: - Touch

    /// A touch landed at (`x`, `y`), surface points. Returns whether it is the window's (it landed
    /// on the title bar): the scene must not see it, nor its motion and lift.
    func touchDown(serial: UInt32, id: Int32, x: Double, y: Double) -> Bool {
        // A compositor that took a touch for a move may never send its lift: a new touch with
        // that id is a new sequence.
        forget(id)
        let part = part(x, y, pointer: false)
        guard part != .content else { return false }
        ownTouches.append(id)
        if pressingTouch == nil {
            pressingTouch = id
            perform(touch.handle(.press(part, serial: serial, x: x, y: y, secondary: false)))
        }
        return true
    }

    /// Whether the touch is the window's; if it drives a press, the press follows it.
    func touchMoved(id: Int32, x: Double, y: Double) -> Bool {
        guard ownTouches.contains(id) else { return false }
        if pressingTouch == id { perform(touch.handle(.motion(part(x, y, pointer: false), x: x, y: y))) }
        return true
    }

    /// Whether the touch was the window's; it ends here either way.
    func touchUp(id: Int32, time: UInt32) -> Bool {
        guard ownTouches.contains(id) else { return false }
        if pressingTouch == id {
            pressingTouch = nil
            perform(touch.handle(.release(time: time)))
        }
        ownTouches.removeAll { $0 == id }
        return true
    }

    /// `wl_touch.cancel`: every touch ends, the window's too.
    func touchesCancelled() {
        _ = touch.handle(.cancel)
        pressingTouch = nil
        ownTouches.removeAll()
    }

    private func forget(_ id: Int32) {
        ownTouches.removeAll { $0 == id }
        if pressingTouch == id {
            _ = touch.handle(.cancel)
            pressingTouch = nil
        }
    }

    // MARK: - Acting

    private func part(_ x: Double, _ y: Double, pointer: Bool) -> TitleBar.Part {
        window.titleBar.part(x: x, y: y, pointer: pointer)
    }

    private func perform(_ action: TitleBarPress.Action?) {
        switch action {
        case nil: break
        case .move(let serial): window.move(seat: seat, serial: serial)
        case .resize(let serial, let edges): window.resize(seat: seat, serial: serial, edges: edges)
        case .windowMenu(let serial, let x, let y): window.showWindowMenu(seat: seat, serial: serial, x: x, y: y)
        case .toggleMaximized: window.toggleMaximized()
        case .close: window.requestClose()
        }
    }
}
