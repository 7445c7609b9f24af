import Glibc
import TouchTrace

/// The machine facts a trace header keeps: operating system and kernel, never host or user names.
enum HostProbe {
    static func current() -> HostInfo {
        HostInfo(operatingSystem: operatingSystem(), kernel: kernel(), inputStack: "libinput")
    }

    private static func kernel() -> String {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// `PRETTY_NAME` from /etc/os-release.
    private static func operatingSystem() -> String {
        guard let file = fopen("/etc/os-release", "r") else { return "" }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            if text.hasPrefix("PRETTY_NAME=") {
                return String(text.dropFirst(12)).trimmingCharacters(in: "\"\n")
            }
        }
        return ""
    }

    /// Wall-clock now, microseconds since the Unix epoch.
    static func wallClockMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
