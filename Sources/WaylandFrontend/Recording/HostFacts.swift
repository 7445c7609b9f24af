import CWaylandClient
import Glibc
import TouchTrace

/// What a trace header says about the machine: the OS, the kernel and the Wayland library.
/// Never the host or user name.
enum HostFacts {
    static func current() -> HostInfo {
        HostInfo(operatingSystem: operatingSystem(), kernel: kernel(), inputStack: "libwayland-client \(WAYLAND_VERSION)")
    }

    static func wallClockMicroseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }

    private static func kernel() -> String {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func operatingSystem() -> String {
        let fd = open("/etc/os-release", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &bytes, bytes.count)
        guard count > 0 else { return "" }
        let text = String(decoding: bytes.prefix(count), as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return line.dropFirst("PRETTY_NAME=".count).filter { $0 != "\"" }
        }
        return ""
    }
}
