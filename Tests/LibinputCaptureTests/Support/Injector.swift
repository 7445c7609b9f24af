import Foundation

/// One evdev event to inject.
struct InputEvent: Equatable {
    var type: UInt16
    var code: UInt16
    var value: Int32

    init(_ type: Int, _ code: Int, _ value: Int32) {
        self.type = UInt16(type)
        self.code = UInt16(code)
        self.value = value
    }

    static func abs(_ code: Int, _ value: Int32) -> InputEvent { InputEvent(0x03, code, value) }
    static func key(_ code: Int, _ pressed: Bool) -> InputEvent { InputEvent(0x01, code, pressed ? 1 : 0) }
}

/// Writes evdev frames into an emulated node the way the kernel delivers them: one `SYN_REPORT`
/// frame per write(), stamped with the current `CLOCK_MONOTONIC` time (libinput's clock).
struct Injector {
    let node: Testbed.Node

    /// Writes `events` plus the closing `SYN_REPORT`; returns the frame's time stamp in microseconds.
    @discardableResult
    func frame(_ events: [InputEvent]) -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let seconds = Int64(now.tv_sec)
        let micros = Int64(now.tv_nsec) / 1_000
        var bytes: [UInt8] = []
        bytes.reserveCapacity((events.count + 1) * 24)
        for event in events + [InputEvent(0, 0, 0)] {
            Self.append(seconds, to: &bytes)
            Self.append(micros, to: &bytes)
            withUnsafeBytes(of: event.type.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.code.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: event.value.littleEndian) { bytes += $0 }
        }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(node.writeEnd, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EAGAIN || errno == EINTR { usleep(500); continue }
                preconditionFailure("injecting into \(node.path): \(String(cString: strerror(errno)))")
            }
            written += result
        }
        return seconds * 1_000_000 + micros
    }

    private static func append(_ value: Int64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// Lets real time pass between frames, as a finger moving at a human pace would.
    static func pause(milliseconds: Int) {
        usleep(useconds_t(milliseconds * 1_000))
    }
}
