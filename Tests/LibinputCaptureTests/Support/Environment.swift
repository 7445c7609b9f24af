import Foundation

/// Whether this machine can run the end-to-end tests: umockdev's preload library and a C compiler
/// (both installed by scripts/install-deps). Tests skip with this reason only when they are missing.
enum EndToEndEnvironment {
    static let missing: String? = {
        let preloadPaths = ["/usr/lib/x86_64-linux-gnu/libumockdev-preload.so.0", "/usr/lib/aarch64-linux-gnu/libumockdev-preload.so.0"]
        if !preloadPaths.contains(where: FileManager.default.fileExists(atPath:)) {
            return "umockdev is not installed (run scripts/install-deps)"
        }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/cc") {
            return "no C compiler to build the umockdev preload shim (run scripts/install-deps)"
        }
        return nil
    }()

    static var available: Bool { missing == nil }
}
