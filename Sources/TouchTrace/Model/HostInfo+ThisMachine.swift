#if canImport(Glibc)
import Glibc
#endif

extension HostInfo {
    /// What a trace header says about the machine recording it: the operating system
    /// (`PRETTY_NAME` from /etc/os-release, "" when there is none) and the kernel release; never
    /// the host or user name. `inputStack` names the library the frontend reads events through.
    public static func thisMachine(inputStack: String) -> HostInfo {
        HostInfo(operatingSystem: operatingSystem(), kernel: kernelRelease(), inputStack: inputStack)
    }

    /// The wall clock now, in microseconds since the Unix epoch (a header's `startedAt`).
    public static func wallClockMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }

    static func kernelRelease() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "" }
        return withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    static func operatingSystem() -> String {
        guard let bytes = try? FileBytes.read("/etc/os-release", atMost: 64 << 10, what: "os-release") else { return "" }
        return prettyName(inOSRelease: String(decoding: bytes, as: UTF8.self))
    }

    /// The `PRETTY_NAME` value of an os-release text, its quotes removed.
    static func prettyName(inOSRelease text: String) -> String {
        for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return String(line.dropFirst("PRETTY_NAME=".count).filter { $0 != "\"" })
        }
        return ""
    }
}
