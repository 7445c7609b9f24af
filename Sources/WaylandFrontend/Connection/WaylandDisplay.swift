import CWaylandClient
import CWaylandProtocols
import Glibc

/// The connection to the compositor and the globals Touchstone binds from its registry.
///
/// Binding happens in `connect`, which runs two round trips: one for the registry to list its
/// globals, one for the bound seat to announce its capabilities. Versions are capped at what the
/// listeners here implement, so a newer compositor never sends an event this client cannot take.
final class WaylandDisplay {
    let display: OpaquePointer
    private(set) var registry: OpaquePointer?
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    /// The first seat announced; Touchstone follows one seat.
    private(set) var seat: OpaquePointer?
    private(set) var seatVersion: UInt32 = 0
    private(set) var pointerGestures: OpaquePointer?
    private(set) var pointerGesturesVersion: UInt32 = 0
    /// Every output announced, in announcement order.
    private(set) var outputs: [WaylandOutput] = []
    /// Server-side decorations, where the compositor offers them.
    private(set) var decorationManager: OpaquePointer?
    /// A preferred fractional scale per surface, and the viewporter that lets a buffer of any
    /// size cover the window; Touchstone uses fractional scaling only when both are offered.
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    private let listener: UnsafeMutablePointer<wl_registry_listener>
    private let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener>

    private init(display: OpaquePointer) {
        self.display = display
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, registry, name, interface, version in
                guard let data, let registry, let interface else { return }
                Unmanaged<WaylandDisplay>.fromOpaque(data).takeUnretainedValue()
                    .announce(registry: registry, name: name, interface: String(cString: interface), version: version)
            },
            global_remove: { _, _, _ in }
        ))
        wmBaseListener = .allocate(capacity: 1)
        wmBaseListener.initialize(to: xdg_wm_base_listener(ping: { _, base, serial in
            xdg_wm_base_pong(base, serial)
        }))
    }

    /// Connects to the display the environment names and binds the globals.
    static func connect(environment: [String: String]) throws(LiveError) -> WaylandDisplay {
        guard environment["WAYLAND_DISPLAY"] != nil || environment["WAYLAND_SOCKET"] != nil else {
            throw .noDisplayVariable
        }
        guard let raw = wl_display_connect(nil) else {
            let name = environment["WAYLAND_DISPLAY"] ?? "wayland-socket"
            throw .cannotConnect(display: name, reason: String(cString: strerror(errno)))
        }
        let connection = WaylandDisplay(display: raw)
        do {
            try connection.bindGlobals()
        } catch {
            connection.disconnect()
            throw error
        }
        return connection
    }

    private func bindGlobals() throws(LiveError) {
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, listener, Unmanaged.passUnretained(self).toOpaque())
        try roundtrip()
        guard compositor != nil else { throw .missingGlobal("wl_compositor") }
        guard shm != nil else { throw .missingGlobal("wl_shm") }
        guard wmBase != nil else { throw .missingGlobal("xdg_wm_base") }
        xdg_wm_base_add_listener(wmBase, wmBaseListener, nil)
    }

    /// Sends everything queued and waits until the compositor has answered it all.
    func roundtrip() throws(LiveError) {
        if wl_display_roundtrip(display) < 0 { throw failure() }
    }

    /// The error to report after a failed dispatch, or `nil` when the compositor simply went away.
    func failure() -> LiveError {
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "an object"
            return .connectionFailed("protocol error \(protocolCode) on \(name)@\(id)")
        }
        return .connectionFailed(String(cString: strerror(code)))
    }

    /// Whether the last failure means the compositor closed the connection (quit or crashed).
    var compositorWentAway: Bool {
        let code = wl_display_get_error(display)
        return code == EPIPE || code == ECONNRESET || code == 0
    }

    private func announce(registry: OpaquePointer, name: UInt32, interface: String, version: UInt32) {
        func bind(_ type: UnsafePointer<wl_interface>, _ cap: UInt32) -> OpaquePointer? {
            wl_registry_bind(registry, name, type, min(version, cap)).map(OpaquePointer.init)
        }
        switch interface {
        case "wl_compositor" where compositor == nil:
            compositor = bind(tw_wl_compositor_interface(), 4)
        case "wl_shm" where shm == nil:
            shm = bind(tw_wl_shm_interface(), 1)
        case "xdg_wm_base" where wmBase == nil:
            // Version 4 adds xdg_toplevel.configure_bounds, which the window's first size respects.
            wmBase = bind(tw_xdg_wm_base_interface(), 4)
        case "wl_seat" where seat == nil:
            seatVersion = min(version, 5)
            seat = bind(tw_wl_seat_interface(), 5)
        case "zwp_pointer_gestures_v1" where pointerGestures == nil:
            pointerGesturesVersion = min(version, 3)
            pointerGestures = bind(tw_zwp_pointer_gestures_v1_interface(), 3)
        case "wl_output":
            if let proxy = bind(tw_wl_output_interface(), 3) { outputs.append(WaylandOutput(proxy: proxy)) }
        case "zxdg_decoration_manager_v1" where decorationManager == nil:
            decorationManager = bind(tw_zxdg_decoration_manager_v1_interface(), 1)
        case "wp_fractional_scale_manager_v1" where fractionalScaleManager == nil:
            fractionalScaleManager = bind(tw_wp_fractional_scale_manager_v1_interface(), 1)
        case "wp_viewporter" where viewporter == nil:
            viewporter = bind(tw_wp_viewporter_interface(), 1)
        default:
            break
        }
    }

    /// Destroys the bound globals and the registry, then closes the connection. Objects made from
    /// the globals (the seat's, the window's) must be destroyed first. The display must not be used
    /// afterwards.
    func disconnect() {
        if let pointerGestures {
            if pointerGesturesVersion >= 2 { zwp_pointer_gestures_v1_release(pointerGestures) }
            else { zwp_pointer_gestures_v1_destroy(pointerGestures) }
        }
        if let seat {
            if seatVersion >= 5 { wl_seat_release(seat) } else { wl_seat_destroy(seat) }
        }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        (viewporter, fractionalScaleManager, decorationManager) = (nil, nil, nil)
        for output in outputs {
            if wl_proxy_get_version(output.proxy) >= 3 { wl_output_release(output.proxy) } else { wl_output_destroy(output.proxy) }
        }
        outputs = []
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        if let registry { wl_registry_destroy(registry) }
        (pointerGestures, seat, wmBase, shm, compositor, registry) = (nil, nil, nil, nil, nil, nil)
        wl_display_disconnect(display)
    }

    deinit {
        listener.deallocate()
        wmBaseListener.deallocate()
    }
}
