import CLibinput
import Glibc
import Logging

/// The Swift side of libinput's C callbacks: the restricted open/close interface and the log handler.
///
/// libinput hands the same user-data pointer to both, so one object serves them. It also remembers
/// which device nodes it opened (so the describer can ask the kernel about a node without opening it
/// twice) and why opens failed (so "permission denied" reaches the user as one clear line).
final class CallbackBridge: DeviceNodeLookup {
    let logger: Logger
    /// Open device nodes, by path. libinput owns their lifetime through `closeRestricted`.
    private(set) var openNodes: [String: Int32] = [:]
    /// Paths that could not be opened, with the `errno` of the last attempt.
    private(set) var openFailures: [(path: String, errno: Int32)] = []

    init(logger: Logger) {
        self.logger = logger
    }

    func open(path: String, flags: Int32) -> Int32 {
        let fd = Glibc.open(path, flags | O_CLOEXEC)
        guard fd >= 0 else {
            let error = errno
            openFailures.append((path, error))
            logger.debug("cannot open \(path): \(String(cString: strerror(error)))")
            return -error
        }
        openNodes[path] = fd
        return fd
    }

    func close(fd: Int32) {
        if let path = openNodes.first(where: { $0.value == fd })?.key {
            openNodes[path] = nil
        }
        _ = Glibc.close(fd)
    }

    /// The file descriptor libinput holds for `path`, if it opened it through this bridge.
    func descriptor(for path: String) -> Int32? {
        openNodes[path]
    }

    /// libinput's messages while `withLogHeld` runs, waiting for its outcome.
    private var held: [(priority: libinput_log_priority, text: String)]?

    func log(priority: libinput_log_priority, message: String) {
        let text = message.hasSuffix("\n") ? String(message.dropLast()) : message
        if held != nil {
            held?.append((priority, text))
        } else {
            emit(priority: priority, text: text)
        }
    }

    /// Runs `attempt` with libinput's messages held back. When it fails, the caller reports the
    /// failure as one error line of its own, and what libinput said on the way (`libinput bug: udev
    /// device never initialized`, `client bug: Invalid path` for a file that is no input device) is
    /// logged at the informational level only (`--verbose`); when it succeeds, they are logged as
    /// usual.
    func withLogHeld(_ attempt: () -> Bool) -> Bool {
        held = []
        let succeeded = attempt()
        let messages = held ?? []
        held = nil
        for message in messages {
            if succeeded {
                emit(priority: message.priority, text: message.text)
            } else {
                logger.info("\(message.text)")
            }
        }
        return succeeded
    }

    private func emit(priority: libinput_log_priority, text: String) {
        switch priority {
        case LIBINPUT_LOG_PRIORITY_DEBUG: logger.debug("\(text)")
        case LIBINPUT_LOG_PRIORITY_INFO: logger.info("\(text)")
        default: logger.error("\(text)")
        }
    }

    /// The libinput priority that lets through exactly what `logger` would print.
    var libinputPriority: libinput_log_priority {
        switch logger.logLevel {
        case .trace, .debug: LIBINPUT_LOG_PRIORITY_DEBUG
        case .info, .notice: LIBINPUT_LOG_PRIORITY_INFO
        default: LIBINPUT_LOG_PRIORITY_ERROR
        }
    }
}

// MARK: - C entry points

/// libinput keeps a pointer to this table for the life of every context, so it lives forever.
/// `nonisolated(unsafe)` because a pointer is not `Sendable`; sound because the table is written
/// once, inside the global's thread-safe lazy initialiser, and only read after that.
nonisolated(unsafe) let restrictedInterface: UnsafeMutablePointer<libinput_interface> = {
    let table = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
    table.initialize(to: libinput_interface(
        open_restricted: { path, flags, userData in
            guard let path, let userData else { return -EINVAL }
            let bridge = Unmanaged<CallbackBridge>.fromOpaque(userData).takeUnretainedValue()
            return bridge.open(path: String(cString: path), flags: flags)
        },
        close_restricted: { fd, userData in
            guard let userData else { _ = Glibc.close(fd); return }
            Unmanaged<CallbackBridge>.fromOpaque(userData).takeUnretainedValue().close(fd: fd)
        }
    ))
    return table
}()

/// libinput's log callback: formats the `va_list` with `vsnprintf` and hands the line to the bridge.
/// A function, not a global of the C function-pointer type: swift-symbolgraph-extract 6.3.1 crashes
/// (signal 11) deserializing such a global's `va_list` parameter, which stopped the API reference.
func libinputLogHandler(
    _ context: OpaquePointer?, _ priority: libinput_log_priority, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?
) {
    guard let context, let format, let arguments, let userData = libinput_get_user_data(context) else { return }
    let bridge = Unmanaged<CallbackBridge>.fromOpaque(userData).takeUnretainedValue()
    let capacity = 1024
    let message = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
        let length = vsnprintf(buffer.baseAddress!, capacity, format, arguments)
        guard length >= 0 else { return "" }
        let text = String(cString: buffer.baseAddress!)
        return Int(length) < capacity ? text : text + "…"
    }
    bridge.log(priority: priority, message: message)
}
