import CWaylandClient
import CWaylandProtocols

/// The window: a `wl_surface` in an xdg-shell toplevel, drawn from a two-buffer pool.
///
/// The compositor decides the size: each `xdg_toplevel.configure` proposes one and
/// `xdg_surface.configure` makes it current; the window acknowledges it and draws at the new size
/// on its next frame. A proposal of 0 × 0 or an absurd one gives the window its preferred size
/// (`WindowSize`). `close` only raises `closeRequested`; the session decides when to stop. Frames
/// are paced by `wl_surface.frame` callbacks.
///
/// The buffer scale follows the outputs the surface is on (`wl_output.scale`), or the
/// compositor's preferred fractional scale where it offers `wp_fractional_scale_manager_v1` and
/// `wp_viewporter`. Decorations are the compositor's where it offers `zxdg_decoration_manager_v1`
/// and agrees to draw them; otherwise the window draws a title bar of its own (not when fullscreen),
/// by which it is moved, maximized, resized and closed (`TitleBar`, `WindowChrome`).
final class Toplevel {
    /// The height of the title bar the window draws itself, in points.
    static let titleBarHeight = 24

    private let display: WaylandDisplay
    let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var decoration: OpaquePointer?
    private var fractionalScale: OpaquePointer?
    private var viewport: OpaquePointer?
    private let pool: BufferPool
    private let sceneSize: (width: Double, height: Double)

    /// The window's size in logical points.
    private(set) var width = 0
    private(set) var height = 0
    /// Buffer pixels per logical point.
    private(set) var bufferScale = 1.0
    private(set) var isFullscreen = false
    /// The compositor maximized the window (its last configure said so).
    private(set) var isMaximized = false
    /// The compositor draws the decorations.
    private(set) var serverSideDecorations = false
    /// The height of the title bar drawn into the window's own buffer (0 when there is none).
    var titleBarHeight: Int { serverSideDecorations || isFullscreen ? 0 : Self.titleBarHeight }
    /// The decorations the window draws now, for hit testing and drawing.
    var titleBar: TitleBar {
        TitleBar(width: width, height: height, barHeight: titleBarHeight, resizable: !isMaximized && !isFullscreen)
    }

    private var proposedWidth: Int32 = 0
    private var proposedHeight: Int32 = 0
    private var proposedFullscreen = false
    private var proposedMaximized = false
    private var bounds: (width: Int, height: Int)?
    /// `wp_fractional_scale_v1.preferred_scale`, in 120ths; 0 until told.
    private var preferredFractionalScale: UInt32 = 0
    /// The outputs the surface is on (`wl_surface.enter`/`leave`).
    private var enteredOutputs: [OpaquePointer] = []
    /// At least one configure has been acknowledged: the window may draw.
    private(set) var isConfigured = false
    /// The size, scale or decoration changed since the session last looked (`takeResize()`).
    private var resized = false
    private(set) var closeRequested = false
    private var waitingForFrame = false
    /// The `wl_callback` of the frame requested last, until the compositor answers it.
    private var frameCallback: OpaquePointer?
    /// A configure was acknowledged and awaits the commit that applies it.
    private(set) var needsFrame = false

    private let surfaceListener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
    private let xdgSurfaceListener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    private let toplevelListener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
    private let decorationListener = UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener>.allocate(capacity: 1)
    private let fractionalListener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
    private let frameListener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)

    init(display: WaylandDisplay, title: String, sceneSize: (width: Double, height: Double), fullscreen: Bool) {
        self.display = display
        self.sceneSize = sceneSize
        pool = BufferPool(shm: display.shm!)
        surface = wl_compositor_create_surface(display.compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(display.wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        let context = Unmanaged.passUnretained(self).toOpaque()
        installListeners(context: context)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, "touchstone")
        if let manager = display.decorationManager {
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
            zxdg_toplevel_decoration_v1_add_listener(decoration, decorationListener, context)
            zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
        }
        if let manager = display.fractionalScaleManager, let viewporter = display.viewporter {
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            wp_fractional_scale_v1_add_listener(fractionalScale, fractionalListener, context)
            viewport = wp_viewporter_get_viewport(viewporter, surface)
        }
        if fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) }
        // The first commit carries no buffer: it asks the compositor for a configure.
        wl_surface_commit(surface)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Toplevel {
        Unmanaged<Toplevel>.fromOpaque(data!).takeUnretainedValue()
    }

    private func installListeners(context: UnsafeMutableRawPointer) {
        var surfaceTable = wl_surface_listener()
        surfaceTable.enter = { data, _, output in
            guard let output else { return }
            let window = Toplevel.from(data)
            window.enteredOutputs.append(output)
            window.updateScale()
        }
        surfaceTable.leave = { data, _, output in
            let window = Toplevel.from(data)
            window.enteredOutputs.removeAll { $0 == output }
            window.updateScale()
        }
        surfaceListener.initialize(to: surfaceTable)
        wl_surface_add_listener(surface, surfaceListener, context)
        xdgSurfaceListener.initialize(to: xdg_surface_listener(configure: { data, _, serial in
            Toplevel.from(data).configure(serial: serial)
        }))
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, context)
        var toplevelTable = xdg_toplevel_listener()
        toplevelTable.configure = { data, _, width, height, states in
            let window = Toplevel.from(data)
            window.proposedWidth = width
            window.proposedHeight = height
            window.proposedFullscreen = Toplevel.contains(states, XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue)
            window.proposedMaximized = Toplevel.contains(states, XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue)
        }
        toplevelTable.close = { data, _ in Toplevel.from(data).closeRequested = true }
        toplevelTable.configure_bounds = { data, _, width, height in
            Toplevel.from(data).bounds = width > 0 && height > 0 ? (Int(width), Int(height)) : nil
        }
        toplevelListener.initialize(to: toplevelTable)
        xdg_toplevel_add_listener(toplevel, toplevelListener, context)
        decorationListener.initialize(to: zxdg_toplevel_decoration_v1_listener(configure: { data, _, mode in
            let window = Toplevel.from(data)
            let serverSide = mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue
            if window.serverSideDecorations != serverSide {
                window.serverSideDecorations = serverSide
                window.resized = window.isConfigured
            }
        }))
        fractionalListener.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
            let window = Toplevel.from(data)
            window.preferredFractionalScale = scale
            window.updateScale()
        }))
        frameListener.initialize(to: wl_callback_listener(done: { data, callback, _ in
            wl_callback_destroy(callback)
            let window = Toplevel.from(data)
            window.frameCallback = nil
            window.waitingForFrame = false
        }))
    }

    private static func contains(_ states: UnsafeMutablePointer<wl_array>?, _ state: UInt32) -> Bool {
        guard let states, let data = states.pointee.data else { return false }
        let count = states.pointee.size / MemoryLayout<UInt32>.stride
        let values = data.bindMemory(to: UInt32.self, capacity: count)
        for index in 0..<count where values[index] == state { return true }
        return false
    }

    private func configure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        isFullscreen = proposedFullscreen
        isMaximized = proposedMaximized
        let chrome = serverSideDecorations || isFullscreen ? 0 : Self.titleBarHeight
        let preferred = WindowSize.preferred(scene: sceneSize, chrome: chrome, bounds: bounds ?? largestOutput())
        let size = WindowSize.accept(proposed: (proposedWidth, proposedHeight), preferred: preferred)
        if size.width != width || size.height != height {
            width = size.width
            height = size.height
            resized = isConfigured
        }
        updateScale()
        isConfigured = true
        // A configure must be answered by a commit; drawing makes one as soon as a buffer is free.
        waitingForFrame = false
        needsFrame = true
    }

    /// The bound when the compositor gives none: nine tenths of the largest output in points,
    /// which leaves room for a desktop's panels and the window's decorations.
    private func largestOutput() -> (width: Int, height: Int)? {
        var largest: (width: Int, height: Int)?
        for output in display.outputs {
            guard let size = output.logicalSize else { continue }
            if largest.map({ size.width * size.height > $0.width * $0.height }) ?? true { largest = size }
        }
        return largest.map { ($0.width * 9 / 10, $0.height * 9 / 10) }
    }

    /// Recomputes the buffer scale: the preferred fractional scale where offered, else the largest
    /// integer scale of the outputs the surface is on (of all outputs before it is on any).
    private func updateScale() {
        var wanted: Double
        if viewport != nil, preferredFractionalScale > 0 {
            wanted = Double(preferredFractionalScale) / 120
        } else {
            var scale: Int32 = 1
            for output in display.outputs where enteredOutputs.isEmpty || enteredOutputs.contains(output.proxy) {
                scale = max(scale, output.scale)
            }
            wanted = Double(scale)
        }
        var scale = WindowSize.bufferScale(wanted, for: (max(1, width), max(1, height)))
        if viewport == nil { scale = scale.rounded(.down) }
        if scale != bufferScale {
            bufferScale = scale
            resized = isConfigured
        }
    }

    // MARK: - Window management, asked of the compositor

    /// Lets the compositor move the window with the press `serial` of `seat` (a pointer button or
    /// a touch down).
    func move(seat: OpaquePointer, serial: UInt32) {
        xdg_toplevel_move(toplevel, seat, serial)
    }

    /// Lets the compositor resize the window from `edges` (`xdg_toplevel.resize_edge`).
    func resize(seat: OpaquePointer, serial: UInt32, edges: UInt32) {
        xdg_toplevel_resize(toplevel, seat, serial, edges)
    }

    /// The compositor's window menu, at (`x`, `y`) in window points.
    func showWindowMenu(seat: OpaquePointer, serial: UInt32, x: Double, y: Double) {
        xdg_toplevel_show_window_menu(toplevel, seat, serial, Int32(clamping: Int(x.rounded())), Int32(clamping: Int(y.rounded())))
    }

    /// Asks to be maximized, or no longer; the compositor's configure says what it did.
    func toggleMaximized() {
        if isMaximized { xdg_toplevel_unset_maximized(toplevel) } else { xdg_toplevel_set_maximized(toplevel) }
    }

    /// The window's own close button: the session ends as when the compositor asks it to close.
    func requestClose() {
        closeRequested = true
    }

    /// Whether the size, scale or decorations changed since the last call, and resets that.
    func takeResize() -> Bool {
        defer { resized = false }
        return resized
    }

    /// Whether the window can take a new frame now.
    var canDraw: Bool { isConfigured && !waitingForFrame }

    /// The buffer's size in pixels for the current size and scale.
    var bufferSize: (width: Int, height: Int) {
        if viewport != nil {
            return (Int((Double(width) * bufferScale).rounded()), Int((Double(height) * bufferScale).rounded()))
        }
        let scale = Int(bufferScale)
        return (width * scale, height * scale)
    }

    /// Draws a frame with `paint` into a free buffer and commits it; returns false when no buffer
    /// was free (the compositor still holds both) or none could be made.
    @discardableResult
    func draw(_ paint: (Canvas) -> Void) -> Bool {
        guard canDraw else { return false }
        let size = bufferSize
        guard let slot = pool.take(width: size.width, height: size.height), let pixels = slot.pixels else { return false }
        paint(Canvas(pixels: pixels, width: size.width, height: size.height))
        if let viewport {
            wl_surface_set_buffer_scale(surface, 1)
            wp_viewport_set_destination(viewport, Int32(width), Int32(height))
        } else if wl_proxy_get_version(surface) >= 3 {
            wl_surface_set_buffer_scale(surface, Int32(bufferScale))
        }
        wl_surface_attach(surface, slot.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(size.width), Int32(size.height))
        if let frameCallback { wl_callback_destroy(frameCallback) }  // a configure cut the wait short
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(frameCallback, frameListener, Unmanaged.passUnretained(self).toOpaque())
        waitingForFrame = true
        needsFrame = false
        pool.attached(slot)
        wl_surface_commit(surface)
        return true
    }

    /// Destroys the window's objects, in the order the protocol requires.
    /// Call it before the connection closes (libwayland frees a proxy only when it is destroyed).
    func destroy() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        pool.destroy()
        if let viewport { wp_viewport_destroy(viewport) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }

    deinit {
        surfaceListener.deallocate()
        xdgSurfaceListener.deallocate()
        toplevelListener.deallocate()
        decorationListener.deallocate()
        fractionalListener.deallocate()
        frameListener.deallocate()
    }
}
