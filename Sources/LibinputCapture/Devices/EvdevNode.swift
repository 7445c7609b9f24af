import CLibinput
import Glibc
import TouchTrace

/// Asks an open evdev node what libinput's API does not expose: bus and version, axis ranges with
/// resolution, input properties. The requests are the kernel's own `EVIOCG*` ioctls; `<linux/input.h>`
/// spells them as function-like macros, which Swift cannot import, so their numbers are built here.
struct EvdevNode {
    let fd: Int32

    /// `_IOC(_IOC_READ, 'E', nr, size)`.
    private static func readRequest(_ number: UInt, size: Int) -> UInt {
        (2 << 30) | (UInt(size) << 16) | (UInt(UInt8(ascii: "E")) << 8) | number
    }

    /// `EVIOCGID`: bus, vendor, product and version.
    func identity() -> input_id? {
        var id = input_id()
        let request = Self.readRequest(0x02, size: MemoryLayout<input_id>.size)
        return ioctl(fd, request, &id) < 0 ? nil : id
    }

    /// `EVIOCGABS(code)`, as an axis range; `nil` when the device has no such axis.
    func axis(_ code: Int32) -> AxisRange? {
        guard hasAxis(code) else { return nil }
        var info = input_absinfo()
        let request = Self.readRequest(0x40 + UInt(code), size: MemoryLayout<input_absinfo>.size)
        guard ioctl(fd, request, &info) >= 0 else { return nil }
        return AxisRange(
            minimum: info.minimum, maximum: info.maximum, resolution: info.resolution,
            fuzz: info.fuzz, flat: info.flat
        )
    }

    /// Whether the device reports absolute axis `code` (`EVIOCGBIT(EV_ABS)`).
    func hasAxis(_ code: Int32) -> Bool {
        Self.bit(Int(code), in: bits(eventType: UInt(EV_ABS), bytes: 8))
    }

    /// The `INPUT_PROP_*` numbers the device declares (`EVIOCGPROP`).
    func inputProperties() -> [Int] {
        let mask = bytes(request: Self.readRequest(0x09, size: 8), count: 8)
        return (0..<64).filter { Self.bit($0, in: mask) }
    }

    private func bits(eventType: UInt, bytes count: Int) -> [UInt8] {
        bytes(request: Self.readRequest(0x20 + eventType, size: count), count: count)
    }

    private func bytes(request: UInt, count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let result = buffer.withUnsafeMutableBytes { ioctl(fd, request, $0.baseAddress!) }
        return result < 0 ? [] : buffer
    }

    private static func bit(_ index: Int, in mask: [UInt8]) -> Bool {
        index / 8 < mask.count && mask[index / 8] & (1 << UInt8(index % 8)) != 0
    }
}
