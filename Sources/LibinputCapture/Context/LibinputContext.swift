import CLibinput
import Glibc
import Logging

/// One libinput context: the udev backend on a seat, or the path backend on listed device nodes.
///
/// It owns the `struct libinput`, routes libinput's log into `Logger`, and hands out events one at a
/// time. Not thread-safe: libinput contexts belong to one thread.
public final class LibinputContext {
    /// Where libinput finds its devices.
    public enum Backend: Equatable, Sendable {
        /// Every input device udev assigns to this seat, including ones plugged in later.
        case seat(String)
        /// Exactly these device nodes (`/dev/input/eventN`).
        case paths([String])
    }

    let handle: OpaquePointer
    let bridge: CallbackBridge
    public let backend: Backend
    private let udev: OpaquePointer?

    /// Creates the context and adds its devices. Their `DEVICE_ADDED` events wait in the queue.
    /// The first context loads libinput and libudev, which touchstone does not link.
    public init(backend: Backend, logger: Logger) throws(CaptureError) {
        if let problem = touchstone_libinput_load() { throw .libinputUnavailable(String(cString: problem)) }
        self.backend = backend
        bridge = CallbackBridge(logger: logger)
        let userData = Unmanaged.passUnretained(bridge).toOpaque()
        switch backend {
        case .seat(let seat):
            guard let udev = udev_new() else { throw .udevUnavailable }
            guard let context = libinput_udev_create_context(restrictedInterface, userData, udev) else {
                udev_unref(udev)
                throw .udevUnavailable
            }
            self.udev = udev
            handle = context
            configureLogging()
            guard libinput_udev_assign_seat(context, seat) == 0 else { throw .seatUnavailable(seat: seat) }
        case .paths(let paths):
            guard let context = libinput_path_create_context(restrictedInterface, userData) else {
                throw .udevUnavailable
            }
            udev = nil
            handle = context
            configureLogging()
            for path in paths {
                // libinput only logs a missing node as a client bug: say what is wrong first.
                guard access(path, F_OK) == 0 else {
                    if errno == EACCES || errno == EPERM { throw .permissionDenied(paths: [path]) }
                    throw .cannotOpen(path: path, errno: errno)
                }
                // A refused node is one error line of ours, without libinput's own lines before it.
                guard bridge.withLogHeld({ libinput_path_add_device(context, path) != nil }) else { throw openError(for: path) }
            }
        }
    }

    deinit {
        libinput_unref(handle)
        if let udev { udev_unref(udev) }
    }

    /// The descriptor to poll for readability before calling `dispatch()`.
    public var fileDescriptor: Int32 { libinput_get_fd(handle) }

    /// Reads what the devices and timers have for libinput, queueing the resulting events.
    public func dispatch() throws(CaptureError) {
        let result = libinput_dispatch(handle)
        if result < 0 { throw .dispatchFailed(errno: -result) }
    }

    /// The next queued event; the caller destroys it with `libinput_event_destroy`.
    func nextEvent() -> OpaquePointer? {
        libinput_get_event(handle)
    }

    /// Paths that could not be opened because of permissions.
    var permissionFailures: [String] {
        bridge.openFailures.filter { $0.errno == EACCES || $0.errno == EPERM }.map(\.path)
    }

    private func configureLogging() {
        libinput_log_set_priority(handle, bridge.libinputPriority)
        libinput_log_set_handler(handle, libinputLogHandler)
    }

    private func openError(for path: String) -> CaptureError {
        guard let failure = bridge.openFailures.last(where: { $0.path == path }) else {
            return .notAnInputDevice(path: path)
        }
        if failure.errno == EACCES || failure.errno == EPERM { return .permissionDenied(paths: [path]) }
        return .cannotOpen(path: path, errno: failure.errno)
    }
}
