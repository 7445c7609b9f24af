// swift-tools-version:6.1
//
// Touchstone's fuzz targets: libFuzzer harnesses, built with AddressSanitizer, one per file format
// the project reads. A nested package, so the main package's `swift test` never builds them. Build
// and run every target with `scripts/fuzz [SECONDS]` from the repository root; docs/reliability.md
// says what was run and what it found.
//
// Each target defines `LLVMFuzzerTestOneInput` (one input in, decoded whole) and an entry point
// `<Target>_main`: SwiftPM links executables with `--defsym main=<Target>_main`, so libFuzzer's own
// `main` never runs, and `<Target>_main` hands the command line to `LLVMFuzzerRunDriver` itself
// (FuzzSupport). The linker still pulls in libFuzzer's `main`, which needs `LLVMFuzzerTestOneInput`.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which is whatever the clone was called, so
// derive it instead of spelling it.
let touchstone = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .standardizedFileURL
    .lastPathComponent

/// A fuzz target: `Sources/<name>/<name>.swift`, parsed as a library (it has no `main.swift`).
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: touchstone) },
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
}

let package = Package(
    name: "TouchstoneFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // Declares libFuzzer's `LLVMFuzzerRunDriver` (the runtime comes with `--sanitize=fuzzer`).
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"]),
        fuzzTarget("FuzzBinaryTrace", ["TouchTrace"]),
        fuzzTarget("FuzzBinaryTraceResealed", ["TouchTrace"]),
        fuzzTarget("FuzzJSONLines", ["TouchTrace"]),
        fuzzTarget("FuzzEvemu", ["TouchTrace"]),
        fuzzTarget("FuzzEvemuPair", ["TouchTrace"]),
        fuzzTarget("FuzzGetevent", ["TouchTrace"]),
        fuzzTarget("FuzzEvtest", ["TouchTrace"]),
        fuzzTarget("FuzzLibinputRecord", ["TouchTrace"]),
        fuzzTarget("FuzzScene", ["Replay"]),
        fuzzTarget("FuzzTemplate", ["Replay"]),
        fuzzTarget("FuzzReplay", ["Replay", "TouchTrace"]),
        fuzzTarget("FuzzSceneReplay", ["Replay", "Synthesis", "TouchTrace"]),
    ]
)
