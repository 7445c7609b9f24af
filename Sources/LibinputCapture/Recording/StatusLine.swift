import Glibc

/// The one-line live status on a terminal: devices, touches down, events and bytes written.
struct StatusLine {
    private var lastDrawn: Int64 = 0

    /// Redraws the line at most four times a second.
    mutating func update(devices: Int, touches: Int, events: Int, bytes: Int, file: String, now: Int64) {
        guard now - lastDrawn >= 250_000 else { return }
        lastDrawn = now
        let line = "\r\u{1B}[Krecording \(file): \(devices) device\(devices == 1 ? "" : "s"), "
            + "\(touches) touch\(touches == 1 ? "" : "es") down, \(events) events, \(Self.size(bytes))"
        Self.writeToStandardError(line)
    }

    /// Clears the line so the next message starts clean.
    func clear() {
        Self.writeToStandardError("\r\u{1B}[K")
    }

    private static func writeToStandardError(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    static func size(_ bytes: Int) -> String {
        if bytes < 10_000 { return "\(bytes) B" }
        if bytes < 10_000_000 { return "\(bytes / 1_000) kB" }
        return "\(bytes / 1_000_000) MB"
    }
}
