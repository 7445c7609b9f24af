/// The decorations the window draws itself where the compositor draws none, and what a press on
/// them does: a client-side decorated window is moved, maximized, resized and closed through
/// its own title bar and edges, each time by asking the compositor (`xdg_toplevel.move`,
/// `resize`, `set_maximized`, `show_window_menu`) with the serial of the press.
///
/// Layout, in window points: the bar spans the window's width, `Toplevel.titleBarHeight` tall;
/// the close button is its last `buttonWidth` on the right, the maximize button the one before.
/// A pointer press within `resizeBorder` of an edge of a window that is neither maximized nor
/// fullscreen resizes it from that edge or corner. Touches never resize: near an edge they are the
/// scene's input, and only a touch that lands on the title bar is the window's.
struct TitleBar: Equatable {
    /// What a press at a point of the window lands on.
    enum Part: Equatable {
        case content
        case caption
        case maximizeButton
        case closeButton
        /// An edge or corner to resize from: `xdg_toplevel.resize_edge`'s bits (top 1, bottom 2,
        /// left 4, right 8).
        case edge(UInt32)
    }

    static let buttonWidth = 32
    static let resizeBorder = 6.0

    /// The window's size in points.
    var width: Int
    var height: Int
    /// The bar's height in points; 0 when the window draws none (server-side decorations, fullscreen).
    var barHeight: Int
    /// The window may be resized from its edges: it draws its own decorations and is neither
    /// maximized nor fullscreen.
    var resizable: Bool

    /// The part of the window at (`x`, `y`), window points; `pointer` for a pointer press (which
    /// may resize), false for a touch.
    func part(x: Double, y: Double, pointer: Bool) -> Part {
        guard barHeight > 0 else { return .content }
        if pointer, resizable, let edges = edges(x: x, y: y) { return .edge(edges) }
        guard y >= 0, y < Double(barHeight), x >= 0, x < Double(width) else { return .content }
        switch Double(width) - x {
        case ...Double(Self.buttonWidth): return .closeButton
        case ...Double(2 * Self.buttonWidth): return .maximizeButton
        default: return .caption
        }
    }

    /// Where a button is drawn: its left edge and width in points (the bar's full height).
    func frame(of button: Part) -> (x: Int, width: Int)? {
        switch button {
        case .closeButton: (width - Self.buttonWidth, Self.buttonWidth)
        case .maximizeButton: (width - 2 * Self.buttonWidth, Self.buttonWidth)
        default: nil
        }
    }

    private func edges(x: Double, y: Double) -> UInt32? {
        let border = Self.resizeBorder
        var edges: UInt32 = 0
        if y < border { edges |= 1 }
        if y >= Double(height) - border { edges |= 2 }
        if x < border { edges |= 4 }
        if x >= Double(width) - border { edges |= 8 }
        return edges == 0 ? nil : edges
    }
}

/// One press on the window's decorations (a pointer button, or one touch), from its start to its
/// end, and the double click it may complete: a state machine whose only transition function is
/// `handle(_:)`, which returns what to ask of the compositor.
///
/// A press on the caption becomes a move once it has gone `dragThreshold` points from where it
/// started (so that a click stays a click), and two clicks within `doubleClickMilliseconds`
/// toggle maximized. A button acts when the press ends over it. The secondary button opens the
/// compositor's window menu. Events that do not belong to a press in progress (a release the
/// compositor sends without its press, a second press during one) change nothing.
struct TitleBarPress: Equatable {
    enum State: Equatable {
        case idle
        /// On the caption, not yet dragged: a click, or the start of a move.
        case onCaption(serial: UInt32, x: Double, y: Double)
        /// On a button: it acts when the press ends over it.
        case onButton(TitleBar.Part, over: Bool)
        /// Handed to the compositor (a move, a resize, the window menu) until the press ends.
        case handedOver
    }

    enum Event: Equatable {
        /// A press on `part` at (`x`, `y`); `secondary` for the pointer's secondary button.
        case press(TitleBar.Part, serial: UInt32, x: Double, y: Double, secondary: Bool)
        /// The press moved to (`x`, `y`), over `part`.
        case motion(TitleBar.Part, x: Double, y: Double)
        /// The press ended at `time` (the compositor's milliseconds).
        case release(time: UInt32)
        /// The compositor took the press away (`wl_touch.cancel`).
        case cancel
    }

    enum Action: Equatable {
        case move(serial: UInt32)
        case resize(serial: UInt32, edges: UInt32)
        case windowMenu(serial: UInt32, x: Double, y: Double)
        case toggleMaximized
        case close
    }

    static let dragThreshold = 4.0
    static let doubleClickMilliseconds: UInt32 = 400

    private(set) var state = State.idle
    /// When the last click on the caption ended, while a second one would make a double click.
    private var lastClick: UInt32?

    var isPressed: Bool { state != .idle }

    mutating func handle(_ event: Event) -> Action? {
        switch (state, event) {
        case (.idle, .press(let part, let serial, let x, let y, let secondary)):
            switch part {
            case .content:
                return nil
            case .edge(let edges):
                guard !secondary else { return nil }
                state = .handedOver
                return .resize(serial: serial, edges: edges)
            case .caption, .maximizeButton, .closeButton:
                if secondary {
                    state = .handedOver
                    return .windowMenu(serial: serial, x: x, y: y)
                }
                state = part == .caption ? .onCaption(serial: serial, x: x, y: y) : .onButton(part, over: true)
                return nil
            }
        case (.onCaption(let serial, let startX, let startY), .motion(_, let x, let y)):
            let dx = x - startX, dy = y - startY
            guard dx * dx + dy * dy >= Self.dragThreshold * Self.dragThreshold else { return nil }
            state = .handedOver
            lastClick = nil
            return .move(serial: serial)
        case (.onCaption, .release(let time)):
            state = .idle
            if let last = lastClick, time &- last <= Self.doubleClickMilliseconds {
                lastClick = nil
                return .toggleMaximized
            }
            lastClick = time
            return nil
        case (.onButton(let button, _), .motion(let part, _, _)):
            state = .onButton(button, over: part == button)
            return nil
        case (.onButton(let button, let over), .release):
            state = .idle
            lastClick = nil
            guard over else { return nil }
            return button == .closeButton ? .close : .toggleMaximized
        case (.handedOver, .release):
            state = .idle
            return nil
        case (_, .cancel):
            state = .idle
            return nil
        default:
            return nil
        }
    }
}
