import Glibc

/// Why a recording could not start or had to stop: each case prints as one line a user can act on.
public enum CaptureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device nodes exist but this user may not read them.
    case permissionDenied(paths: [String])
    case cannotOpen(path: String, errno: Int32)
    /// libinput opened the node but does not handle it as an input device.
    case notAnInputDevice(path: String)
    /// libinput or libudev could not be loaded (`record` alone loads them): the dynamic loader's
    /// message, which names the library or function missing.
    case libinputUnavailable(String)
    case udevUnavailable
    case seatUnavailable(seat: String)
    /// libinput found nothing with touch or gesture capability.
    case noDevices(where: String)
    case dispatchFailed(errno: Int32)
    /// Every recorded device went away (path backend): the file is finished and kept.
    case allDevicesUnplugged(names: [String], file: String)
    /// The trace writer failed (a full disk, a read-only directory). `detail` is its own message.
    case writeFailed(file: String, detail: String)
    /// The trace file could not be created or its header written: nothing was recorded, and no
    /// file is left. `detail` is the writer's own message.
    case cannotCreate(file: String, detail: String)
    case cannotInstallSignalHandlers(errno: Int32)
    /// `RecordingOptions` holds an interval that is not positive (`RecordingOptions.problem`).
    case invalidOption(String)

    public var description: String {
        switch self {
        case .permissionDenied(let paths):
            "permission denied opening \(paths.joined(separator: ", ")): run as root or join the 'input' group"
        case .cannotOpen(let path, let code):
            "cannot open \(path): \(String(cString: strerror(code)))"
        case .notAnInputDevice(let path):
            "\(path) is not an input device libinput can use"
        case .libinputUnavailable(let detail):
            "cannot load libinput: \(detail); recording needs libinput and libudev installed (Debian: libinput10, libudev1)"
        case .udevUnavailable:
            "cannot create a libinput context: udev is not available"
        case .seatUnavailable(let seat):
            "cannot assign libinput to seat '\(seat)'"
        case .noDevices(let place):
            "no touchscreen or touchpad found on \(place)"
        case .dispatchFailed(let code):
            "libinput stopped reading events: \(String(cString: strerror(code)))"
        case .allDevicesUnplugged(let names, let file):
            "recording stopped: \(names.joined(separator: ", ")) unplugged; \(file) holds everything captured before"
        case .writeFailed(let file, let detail):
            "cannot write \(file): \(detail); everything up to the last flush is kept"
        case .cannotCreate(let file, let detail):
            "cannot start \(file): \(detail)"
        case .cannotInstallSignalHandlers(let code):
            "cannot watch for SIGINT/SIGTERM: \(String(cString: strerror(code)))"
        case .invalidOption(let problem):
            problem
        }
    }
}
