import Testing
@testable import WaylandFrontend

@Suite("The window's own title bar: its parts, and what a press on them asks of the compositor")
struct TitleBarTests {
    /// 640 × 500 points with the 24-point bar: close from x 608, maximize from 576.
    let bar = TitleBar(width: 640, height: 500, barHeight: 24, resizable: true)

    @Test("The bar's right end holds the close button, then the maximize button; the rest is the caption")
    func parts() {
        #expect(bar.part(x: 639, y: 12, pointer: false) == .closeButton)
        #expect(bar.part(x: 608, y: 12, pointer: false) == .closeButton)
        #expect(bar.part(x: 607.9, y: 12, pointer: false) == .maximizeButton)
        #expect(bar.part(x: 576, y: 12, pointer: false) == .maximizeButton)
        #expect(bar.part(x: 575.9, y: 12, pointer: false) == .caption)
        #expect(bar.part(x: 0, y: 23.9, pointer: false) == .caption)
        #expect(bar.part(x: 300, y: 24, pointer: false) == .content)
        #expect(bar.frame(of: .closeButton)! == (608, 32))
        #expect(bar.frame(of: .maximizeButton)! == (576, 32))
    }

    @Test("A pointer press within 6 points of an edge resizes from that edge or corner")
    func pointerEdges() {
        #expect(bar.part(x: 2, y: 300, pointer: true) == .edge(4))
        #expect(bar.part(x: 637, y: 300, pointer: true) == .edge(8))
        #expect(bar.part(x: 300, y: 497, pointer: true) == .edge(2))
        #expect(bar.part(x: 300, y: 1, pointer: true) == .edge(1))
        #expect(bar.part(x: 639, y: 499, pointer: true) == .edge(10))
        #expect(bar.part(x: 0, y: 0, pointer: true) == .edge(5))
        #expect(bar.part(x: 6, y: 300, pointer: true) == .content)
    }

    @Test("Touches never resize: near an edge they are the scene's, on the bar the bar's")
    func touchesNearEdges() {
        #expect(bar.part(x: 2, y: 300, pointer: false) == .content)
        #expect(bar.part(x: 300, y: 1, pointer: false) == .caption)
    }

    @Test("A maximized or fullscreen window resizes from no edge; one without its own bar has no parts")
    func noEdges() {
        let maximized = TitleBar(width: 640, height: 500, barHeight: 24, resizable: false)
        #expect(maximized.part(x: 2, y: 300, pointer: true) == .content)
        #expect(maximized.part(x: 300, y: 1, pointer: true) == .caption)
        let decorated = TitleBar(width: 640, height: 500, barHeight: 0, resizable: false)
        #expect(decorated.part(x: 300, y: 1, pointer: true) == .content)
        #expect(decorated.part(x: 639, y: 12, pointer: false) == .content)
    }

    @Test("A press on the caption moves the window once dragged 4 points, with the press's serial")
    func dragMoves() {
        var press = TitleBarPress()
        #expect(press.handle(.press(.caption, serial: 7, x: 100, y: 10, secondary: false)) == nil)
        #expect(press.handle(.motion(.caption, x: 102, y: 12)) == nil)
        #expect(press.handle(.motion(.caption, x: 103, y: 13)) == .move(serial: 7))
        #expect(press.handle(.motion(.content, x: 200, y: 100)) == nil)
        #expect(press.handle(.release(time: 50)) == nil)
        #expect(!press.isPressed)
    }

    @Test("Two clicks on the caption within 400 ms toggle maximized; slower ones do not")
    func doubleClickMaximizes() {
        var press = TitleBarPress()
        func click(at time: UInt32) -> TitleBarPress.Action? {
            _ = press.handle(.press(.caption, serial: 1, x: 100, y: 10, secondary: false))
            return press.handle(.release(time: time))
        }
        #expect(click(at: 1000) == nil)
        #expect(click(at: 1400) == .toggleMaximized)
        #expect(click(at: 1500) == nil)  // a third click starts a new pair
        #expect(click(at: 1901) == nil)
        #expect(click(at: 2000) == .toggleMaximized)
    }

    @Test("A drag between two clicks makes no double click")
    func dragBreaksDoubleClick() {
        var press = TitleBarPress()
        _ = press.handle(.press(.caption, serial: 1, x: 100, y: 10, secondary: false))
        _ = press.handle(.release(time: 1000))
        _ = press.handle(.press(.caption, serial: 2, x: 100, y: 10, secondary: false))
        #expect(press.handle(.motion(.caption, x: 120, y: 10)) == .move(serial: 2))
        _ = press.handle(.release(time: 1100))
        _ = press.handle(.press(.caption, serial: 3, x: 100, y: 10, secondary: false))
        #expect(press.handle(.release(time: 1200)) == nil)
    }

    @Test("A button acts when released over itself, and not when the press left it")
    func buttons() {
        var press = TitleBarPress()
        _ = press.handle(.press(.closeButton, serial: 1, x: 620, y: 10, secondary: false))
        #expect(press.handle(.release(time: 10)) == .close)
        _ = press.handle(.press(.maximizeButton, serial: 2, x: 590, y: 10, secondary: false))
        #expect(press.handle(.release(time: 20)) == .toggleMaximized)
        _ = press.handle(.press(.closeButton, serial: 3, x: 620, y: 10, secondary: false))
        #expect(press.handle(.motion(.caption, x: 500, y: 10)) == nil)
        #expect(press.handle(.release(time: 30)) == nil)
        _ = press.handle(.press(.closeButton, serial: 4, x: 620, y: 10, secondary: false))
        _ = press.handle(.motion(.caption, x: 500, y: 10))
        _ = press.handle(.motion(.closeButton, x: 630, y: 10))
        #expect(press.handle(.release(time: 40)) == .close)
    }

    @Test("The secondary button opens the window menu where pressed; an edge press resizes from it")
    func menuAndResize() {
        var press = TitleBarPress()
        #expect(press.handle(.press(.caption, serial: 5, x: 100, y: 10, secondary: true)) == .windowMenu(serial: 5, x: 100, y: 10))
        #expect(press.handle(.release(time: 1)) == nil)
        #expect(press.handle(.press(.edge(10), serial: 6, x: 639, y: 499, secondary: false)) == .resize(serial: 6, edges: 10))
        #expect(press.handle(.release(time: 2)) == nil)
        #expect(press.handle(.press(.edge(10), serial: 7, x: 639, y: 499, secondary: true)) == nil)
        #expect(!press.isPressed)
    }

    @Test("A release, motion or cancel outside a press, and a second press during one, change nothing")
    func strayEvents() {
        var press = TitleBarPress()
        #expect(press.handle(.release(time: 1)) == nil)
        #expect(press.handle(.motion(.caption, x: 1, y: 1)) == nil)
        #expect(press.handle(.cancel) == nil)
        #expect(press.state == .idle)
        _ = press.handle(.press(.caption, serial: 1, x: 100, y: 10, secondary: false))
        #expect(press.handle(.press(.closeButton, serial: 2, x: 620, y: 10, secondary: false)) == nil)
        #expect(press.state == .onCaption(serial: 1, x: 100, y: 10))
        #expect(press.handle(.cancel) == nil)
        #expect(press.state == .idle)
    }
}
