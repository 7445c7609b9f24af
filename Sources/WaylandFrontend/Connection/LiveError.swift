/// Why `touchstone live` could not start or had to stop, phrased as the one line the user sees
/// after `error: `.
public enum LiveError: Error, Equatable, CustomStringConvertible {
    /// Neither `WAYLAND_DISPLAY` nor `WAYLAND_SOCKET` is set: there is no session to connect to.
    case noDisplayVariable
    /// The socket named by the environment did not accept the connection.
    case cannotConnect(display: String, reason: String)
    /// The compositor lacks a global the window cannot exist without.
    case missingGlobal(String)
    /// The connection failed in a way that is not the compositor simply going away.
    case connectionFailed(String)
    /// The trace file could not be created or written.
    case recording(String)

    public var description: String {
        switch self {
        case .noDisplayVariable:
            "no Wayland session (WAYLAND_DISPLAY is not set)"
        case .cannotConnect(let display, let reason):
            "cannot connect to Wayland display \"\(display)\": \(reason)"
        case .missingGlobal(let name):
            "the compositor does not offer \(name), which a window needs"
        case .connectionFailed(let reason):
            "Wayland connection failed: \(reason)"
        case .recording(let reason):
            "recording failed: \(reason)"
        }
    }
}
