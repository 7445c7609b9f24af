import CWaylandClient
import CWaylandProtocols

/// The window: a `wl_surface` in an xdg-shell toplevel, drawn with two alternating shm buffers.
///
/// The compositor decides the size: each `xdg_toplevel.configure` proposes one (0 × 0 leaves it
/// to the client) and `xdg_surface.configure` makes it current; the window acknowledges it and
/// draws at the new size on its next frame. `close` only raises `closeRequested`; the session
/// decides when to stop. Frames are paced by `wl_surface.frame` callbacks.
final class Toplevel {
    static let defaultSize = (width: 640, height: 480)

    private let shm: OpaquePointer
    let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private(set) var width = 0
    private(set) var height = 0
    private var proposedWidth: Int32 = 0
    private var proposedHeight: Int32 = 0
    /// At least one configure has been acknowledged: the window may draw.
    private(set) var isConfigured = false
    /// The size changed since the session last looked (`takeResize()`).
    private var resized = false
    private(set) var closeRequested = false
    private var waitingForFrame = false
    /// The `wl_callback` of the frame requested last, until the compositor answers it.
    private var frameCallback: OpaquePointer?
    private var buffers: [ShmBuffer] = []

    private let surfaceListener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    private let toplevelListener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
    private let frameListener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)

    init(display: WaylandDisplay, title: String) {
        shm = display.shm!
        surface = wl_compositor_create_surface(display.compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(display.wmBase, surface)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        let context = Unmanaged.passUnretained(self).toOpaque()
        surfaceListener.initialize(to: xdg_surface_listener(configure: { data, xdgSurface, serial in
            Toplevel.from(data).configure(serial: serial)
        }))
        var listener = xdg_toplevel_listener()
        listener.configure = { data, _, width, height, _ in
            let window = Toplevel.from(data)
            window.proposedWidth = width
            window.proposedHeight = height
        }
        listener.close = { data, _ in Toplevel.from(data).closeRequested = true }
        toplevelListener.initialize(to: listener)
        frameListener.initialize(to: wl_callback_listener(done: { data, callback, _ in
            wl_callback_destroy(callback)
            let window = Toplevel.from(data)
            window.frameCallback = nil
            window.waitingForFrame = false
        }))
        xdg_surface_add_listener(xdgSurface, surfaceListener, context)
        xdg_toplevel_add_listener(toplevel, toplevelListener, context)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, "touchstone")
        // The first commit carries no buffer: it asks the compositor for a configure.
        wl_surface_commit(surface)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Toplevel {
        Unmanaged<Toplevel>.fromOpaque(data!).takeUnretainedValue()
    }

    private func configure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        let newWidth = proposedWidth > 0 ? Int(proposedWidth) : (width > 0 ? width : Self.defaultSize.width)
        let newHeight = proposedHeight > 0 ? Int(proposedHeight) : (height > 0 ? height : Self.defaultSize.height)
        if newWidth != width || newHeight != height {
            width = newWidth
            height = newHeight
            resized = isConfigured
            buffers.removeAll()
        }
        isConfigured = true
        // A configure must be answered by a commit; drawing makes one as soon as a frame is free.
        waitingForFrame = false
    }

    /// Whether the size changed since the last call, and resets that.
    func takeResize() -> Bool {
        defer { resized = false }
        return resized
    }

    /// Whether the window can take a new frame now.
    var canDraw: Bool { isConfigured && !waitingForFrame }

    /// Draws a frame with `paint` into a free buffer and commits it.
    func draw(_ paint: (Canvas) -> Void) {
        guard canDraw else { return }
        guard let buffer = freeBuffer() else { return }
        paint(Canvas(pixels: buffer.pixels, width: buffer.width, height: buffer.height))
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(buffer.width), Int32(buffer.height))
        if let frameCallback { wl_callback_destroy(frameCallback) }  // a configure cut the wait short
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(frameCallback, frameListener, Unmanaged.passUnretained(self).toOpaque())
        waitingForFrame = true
        buffer.markAttached()
        wl_surface_commit(surface)
    }

    private func freeBuffer() -> ShmBuffer? {
        if let free = buffers.first(where: { !$0.busy }) { return free }
        guard buffers.count < 2, let made = ShmBuffer(shm: shm, width: width, height: height) else { return nil }
        buffers.append(made)
        return made
    }

    /// Destroys the window's objects, in the order the protocol requires.
    /// Call it before the connection closes (libwayland frees a proxy only when it is destroyed);
    /// afterwards no event can reach the window's listener tables.
    func destroy() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        buffers.removeAll()
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }

    deinit {
        surfaceListener.deallocate()
        toplevelListener.deallocate()
        frameListener.deallocate()
    }
}
