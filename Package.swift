// swift-tools-version:6.1
//
// Touchstone: record real touch and gesture sessions, replay them deterministically through
// UIKit-faithful gesture recognizers, and measure those recognizers on large corpora.
//
// Module map (arrows point at what a module uses; docs/architecture.md is the full picture):
//
//   touchstone (CLI) ──► Pictures ──► Replay ──► GestureEngine
//     │   │   │            │
//     │   │   └──► WaylandFrontend ──┐   (CWaylandClient, CWaylandProtocols)
//     │   └──────► LibinputCapture ──┤   (CLibinput: libinput, libudev)
//     │                              ▼
//     └──► Synthesis ──────────► TouchTrace ◄── Replay
//
// touchstone (CLI) is the TouchstoneCommands library and a one-line executable, TouchstoneCLI.
// GestureEngine and TouchTrace import nothing of the project (TouchTrace only its checksum C,
// CCRC32C); frontends never import Replay.
import PackageDescription

let package = Package(
    name: "Touchstone",
    products: [
        .executable(name: "touchstone", targets: ["TouchstoneCLI"]),
        // The command as a library: `TouchstoneCommand.main()` runs `touchstone` in a package's own tool.
        .library(name: "TouchstoneCommands", targets: ["TouchstoneCommands"]),
        .library(name: "TouchTrace", targets: ["TouchTrace"]),
        .library(name: "GestureEngine", targets: ["GestureEngine"]),
        .library(name: "Synthesis", targets: ["Synthesis"]),
        .library(name: "Replay", targets: ["Replay"]),
        .library(name: "Pictures", targets: ["Pictures"]),
        .library(name: "LibinputCapture", targets: ["LibinputCapture"]),
        // Corpora, CPU-time rates and virtual-time latency for a package's own benchmark suites
        // (package-benchmark or any other harness: it depends on none).
        .library(name: "TouchstoneBenchmarking", targets: ["TouchstoneBenchmarking"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.6.0"),
        // `swift package generate-documentation`: the API reference (scripts/docs), from the
        // documentation comments and each library's `.docc` catalog. A plugin: nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The event model and every file format: binary trace, JSON Lines, evemu, libinput record.
        .target(
            name: "TouchTrace",
            dependencies: ["CCRC32C", "CDirectIO", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // CRC-32C through SSE4.2's instruction, chosen at run time (no flags: the baseline build runs anywhere).
        .target(name: "CCRC32C"),
        // O_DIRECT, which Swift's Glibc module does not export: large log blocks skip the page cache.
        .target(name: "CDirectIO"),
        // Seeded, deterministic generation of realistic sessions for every gesture family.
        .target(name: "Synthesis", dependencies: ["TouchTrace"]),
        // UIKit's gesture-recognizer semantics. Knows no files, devices or clocks. No unsafe build flags here
        // or anywhere in this package (a package with them cannot be depended on by version): the hot
        // class properties are `@exclusivity(unchecked)` in release builds instead (docs/gesture-engine.md).
        .target(
            name: "GestureEngine",
            dependencies: [.product(name: "HeapModule", package: "swift-collections")]
        ),
        // Virtual-time replay of traces through scenes, the canonical log, and verify.
        .target(
            name: "Replay",
            dependencies: [
                "TouchTrace", "GestureEngine",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Pictures of sessions: touch paths, recognizer and view lanes on one time axis (SVG), and
        // verify's HTML report; observations come from the replay, never from its log text.
        .target(
            name: "Pictures",
            dependencies: [
                "Replay", "TouchTrace", "GestureEngine", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // libinput and libudev, the C APIs the recorder drives: their headers (libinput-dev, libudev-dev)
        // at build time, the libraries loaded by `record` alone when it starts (include/CLibinput.h).
        .target(name: "CLibinput", linkerSettings: [.linkedLibrary("dl")]),
        // Records touchscreen touches and touchpad gestures through libinput into trace events.
        .target(
            name: "LibinputCapture",
            dependencies: ["TouchTrace", "CLibinput", .product(name: "Logging", package: "swift-log")]
        ),
        // libwayland-client and libwayland-cursor, and the client-side protocol code wayland-scanner generated from
        // wayland-protocols (scripts/generate-wayland-protocols), with accessors Swift needs.
        .systemLibrary(
            name: "CWaylandClient", pkgConfig: "wayland-client wayland-cursor",
            providers: [.apt(["libwayland-dev"])]
        ),
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),
        // `touchstone live`: a Wayland window that records touches and touchpad gestures and feeds
        // them through the gesture engine on a monotonic clock.
        .target(
            name: "WaylandFrontend",
            dependencies: ["TouchTrace", "CWaylandClient", "CWaylandProtocols"]
        ),
        // The `touchstone` command: argument parsing, wiring, progress and exit codes.
        .target(
            name: "TouchstoneCommands",
            dependencies: [
                "TouchTrace", "Synthesis", "GestureEngine", "Replay", "Pictures", "LibinputCapture", "WaylandFrontend",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // What benchmarks of recognizers measure, and how: Touchstone's own suites (Benchmarks/) and a
        // package's suites for its own kinds share these corpora, workloads and metric definitions.
        .target(name: "TouchstoneBenchmarking", dependencies: ["TouchTrace", "Synthesis", "GestureEngine", "Replay"]),
        // The `touchstone` executable: one line calling TouchstoneCommands.
        .executableTarget(name: "TouchstoneCLI", dependencies: ["TouchstoneCommands"]),
        // Counts the test thread's heap allocations (malloc interposition) for allocation-bound tests.
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        // Temporary directories, whole-file reads and writes, child processes and test devices,
        // shared by the test targets.
        .target(name: "TestSupport", dependencies: ["TouchTrace"], path: "Tests/TestSupport"),
        .testTarget(
            name: "TouchTraceTests", dependencies: ["TouchTrace", "Synthesis", "AllocationCounter", "TestSupport"],
            exclude: ["Fixtures", "ExternalCheckers"]  // fixtures are read through #filePath
        ),
        .testTarget(name: "SynthesisTests", dependencies: ["Synthesis", "TouchTrace", "AllocationCounter", "TestSupport"]),
        .testTarget(name: "GestureEngineTests", dependencies: ["GestureEngine", "AllocationCounter"]),
        .testTarget(
            name: "ReplayTests",
            dependencies: ["Replay", "Synthesis", "TouchTrace", "GestureEngine", "TestSupport", "AllocationCounter"],
            resources: [.copy("Fixtures")]
        ),
        // The library as a user's package sees it: replay, verify and benchmarking through their
        // public API only (no @testable import).
        .testTarget(name: "PublicAPITests", dependencies: ["GestureEngine", "Replay", "TouchstoneBenchmarking", "Synthesis", "TouchTrace", "TestSupport"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "Replay", "Synthesis", "TouchTrace", "TestSupport"]),
        .testTarget(
            name: "TouchstoneCLITests",
            dependencies: [
                "TouchstoneCommands", "TouchstoneCLI", "Replay", "GestureEngine", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["PeakMemory"]  // peak-rss.c, compiled by the memory tests with the system C compiler
        ),
        // umockdev's test-bed API, for the recorder's end-to-end tests (emulated devices, no hardware).
        .systemLibrary(
            name: "CUmockdev",
            path: "Tests/Support/CUmockdev",
            pkgConfig: "umockdev-1.0",
            providers: [.apt(["libumockdev-dev"])]
        ),
        .testTarget(
            name: "LibinputCaptureTests",
            dependencies: ["LibinputCapture", "TouchTrace", "CUmockdev", "TestSupport", .product(name: "Logging", package: "swift-log")],
            exclude: ["Preload"],
            resources: [.copy("Fixtures")]
        ),
        // Unit tests, and end-to-end runs of `touchstone live` against a scripted libwayland-server
        // compositor and weston 10 headless; the C peers in Fixtures/ are compiled by the tests.
        .testTarget(
            name: "WaylandFrontendTests",
            dependencies: ["WaylandFrontend", "TouchTrace", "AllocationCounter", "TestSupport"],
            exclude: ["Fixtures"]
        ),
    ]
)
