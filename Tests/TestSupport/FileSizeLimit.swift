import Foundation

/// The environment for a child program the test starts under a file-size limit (`ulimit -f`,
/// `prlimit --fsize`) that is below 512 KiB: `environment` as it is, except under
/// ThreadSanitizer, where `TMPDIR` names a place no file can be created.
///
/// Why: a ThreadSanitizer program, before its `main`, creates `$TMPDIR/tsan.rodata.PID` (`/tmp`
/// by default), writes 512 KiB of markers into it without checking the result, and maps the file
/// over the shadow memory of the read-only segments (`MapRodata` in compiler-rt's
/// `tsan_platform_linux.cpp`). Under a smaller file-size limit the write fails, the file stays
/// empty, and the first shadow read of a read-only address dies with SIGBUS
/// (`ThreadSanitizer:DEADLYSIGNAL`, exit 66) before the program runs at all. When the file cannot
/// be created, ThreadSanitizer skips that step (an optimisation only: it spares the race checks of
/// memory that cannot race) and the program runs fully checked, with the limit applying to the
/// files it writes itself, which is what such a test is about. Without ThreadSanitizer nothing
/// changes, so the ordinary run sees exactly a user's environment.
public func environmentUnderFileSizeLimit(_ environment: [String: String]) -> [String: String] {
    guard runsUnderThreadSanitizer else { return environment }
    var changed = environment
    changed["TMPDIR"] = "/dev/null"  // not a directory: ThreadSanitizer's open fails with ENOTDIR
    return changed
}

/// Whether this process (and so the sanitized `touchstone` built with it) runs under
/// ThreadSanitizer: its runtime exports `__tsan_init`.
public let runsUnderThreadSanitizer: Bool = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

/// Whether this process (and so the `touchstone` built with it) runs under AddressSanitizer or
/// ThreadSanitizer: its runtime exports `__asan_init` or `__tsan_init`.
public let runsUnderSanitizer: Bool = runsUnderThreadSanitizer || dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil

/// The sanitizer settings of this process (`ASAN_OPTIONS`, `LSAN_OPTIONS`, `TSAN_OPTIONS`,
/// `SWIFT_BACKTRACE`), for a child started with an environment of its own: a sanitized child
/// then reports as strictly as the test run that started it.
public var sanitizerSettings: [String: String] {
    ProcessInfo.processInfo.environment.filter {
        ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "SWIFT_BACKTRACE"].contains($0.key)
    }
}
