import CWaylandClient
import Glibc

/// The pointer's image over the window: the cursor theme's arrow, and over the edges the window
/// resizes from (`TitleBar`), the matching resize arrow.
///
/// A client sets the image each time the pointer enters its surface, with that `enter`'s serial;
/// until it does, compositors show nothing (weston) or whatever was there before. The theme is
/// `XCURSOR_THEME` at `XCURSOR_SIZE` points (the default theme at 24 otherwise; libwayland-cursor
/// has built-in arrows where no theme is installed), loaded when the pointer first enters, at the
/// window's buffer scale rounded up, so the arrow is sharp and of the same size on any output.
final class PointerCursor {
    enum Shape: Equatable {
        case arrow
        /// `xdg_toplevel.resize_edge` bits, as `TitleBar.Part.edge` gives them.
        case resize(edges: UInt32)

        /// The cursor's names, the freedesktop name first, then the X11 one.
        var names: [String] {
            switch self {
            case .arrow: ["default", "left_ptr"]
            case .resize(let edges):
                switch edges {
                case 1: ["n-resize", "top_side"]
                case 2: ["s-resize", "bottom_side"]
                case 4: ["w-resize", "left_side"]
                case 8: ["e-resize", "right_side"]
                case 5: ["nw-resize", "top_left_corner"]
                case 9: ["ne-resize", "top_right_corner"]
                case 6: ["sw-resize", "bottom_left_corner"]
                case 10: ["se-resize", "bottom_right_corner"]
                default: ["default", "left_ptr"]
                }
            }
        }
    }

    private let compositor: OpaquePointer
    private let shm: OpaquePointer
    private var theme: OpaquePointer?
    private var themeScale = 0
    private var surface: OpaquePointer?
    /// What the pointer shows now, and for which `enter`.
    private var shown: (shape: Shape, serial: UInt32, scale: Int)?

    init(compositor: OpaquePointer, shm: OpaquePointer) {
        self.compositor = compositor
        self.shm = shm
    }

    /// Shows `shape` on `pointer`, which entered the window with `serial`; `scale` is the window's
    /// buffer scale. Does nothing when that is what it shows already, or when the theme has no
    /// such cursor (the pointer keeps its image).
    func show(_ shape: Shape, pointer: OpaquePointer, serial: UInt32, scale: Double) {
        let scale = max(1, min(8, Int(scale.rounded(.up))))
        if let shown, shown.shape == shape, shown.serial == serial, shown.scale == scale { return }
        guard let image = image(shape, scale: scale), let buffer = wl_cursor_image_get_buffer(image) else { return }
        if surface == nil { surface = wl_compositor_create_surface(compositor) }
        guard let surface else { return }
        if scale > 1, wl_proxy_get_version(surface) >= 3 { wl_surface_set_buffer_scale(surface, Int32(scale)) }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(clamping: image.pointee.width), Int32(clamping: image.pointee.height))
        wl_surface_commit(surface)
        let hotspotX = Int32(clamping: Int(image.pointee.hotspot_x) / scale)
        let hotspotY = Int32(clamping: Int(image.pointee.hotspot_y) / scale)
        wl_pointer_set_cursor(pointer, serial, surface, hotspotX, hotspotY)
        shown = (shape, serial, scale)
    }

    /// The first image of the theme's cursor for `shape`, the theme loaded at `scale` if need be.
    private func image(_ shape: Shape, scale: Int) -> UnsafeMutablePointer<wl_cursor_image>? {
        if theme == nil || themeScale != scale {
            if let theme { wl_cursor_theme_destroy(theme) }
            theme = wl_cursor_theme_load(getenv("XCURSOR_THEME"), Int32(Self.size() * scale), shm)
            themeScale = scale
        }
        guard let theme else { return nil }
        for name in shape.names {
            if let cursor = wl_cursor_theme_get_cursor(theme, name), cursor.pointee.image_count > 0,
               let image = cursor.pointee.images[0] {
                return image
            }
        }
        return nil
    }

    /// `XCURSOR_SIZE` when it is a sensible size in points, else 24.
    private static func size() -> Int {
        guard let text = getenv("XCURSOR_SIZE"), let size = Int(String(cString: text)), (8...256).contains(size) else { return 24 }
        return size
    }

    /// Destroys the cursor's surface and theme; call it before the connection closes.
    func destroy() {
        if let surface { wl_surface_destroy(surface) }
        if let theme { wl_cursor_theme_destroy(theme) }
        (surface, theme, shown) = (nil, nil, nil)
    }
}
