// swift-tools-version:6.1
//
// Touchstone: record real touch and gesture sessions, replay them deterministically through
// UIKit-faithful gesture recognizers, and measure those recognizers on large corpora.
//
// Module map (arrows point at what a module uses; see docs/architecture.md):
//
//   touchstone (CLI) ──► Replay ──► GestureEngine
//        │                 │
//        └──────────────►  TouchTrace  ◄── Synthesis
//
// GestureEngine and TouchTrace import nothing of the project.
import PackageDescription

let package = Package(
    name: "Touchstone",
    products: [
        .executable(name: "touchstone", targets: ["TouchstoneCLI"]),
        .library(name: "TouchTrace", targets: ["TouchTrace"]),
        .library(name: "GestureEngine", targets: ["GestureEngine"]),
        .library(name: "Synthesis", targets: ["Synthesis"]),
        .library(name: "Replay", targets: ["Replay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // The event model and every file format: binary trace, JSON Lines, evemu, libinput record.
        .target(name: "TouchTrace"),
        // Seeded, deterministic generation of realistic sessions for every gesture family.
        .target(name: "Synthesis", dependencies: ["TouchTrace"]),
        // UIKit's gesture-recognizer semantics. Knows no files, devices or clocks.
        .target(
            name: "GestureEngine",
            dependencies: [.product(name: "HeapModule", package: "swift-collections")]
        ),
        // Virtual-time replay of traces through scenes, the canonical log, and verify.
        .target(name: "Replay", dependencies: ["TouchTrace", "GestureEngine"]),
        // The `touchstone` command: argument parsing, wiring, progress and exit codes.
        .executableTarget(
            name: "TouchstoneCLI",
            dependencies: [
                "TouchTrace", "Synthesis", "GestureEngine", "Replay",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Counts the test thread's heap allocations (malloc interposition) for allocation-bound tests.
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        .testTarget(
            name: "TouchTraceTests",
            dependencies: ["TouchTrace", "Synthesis", "AllocationCounter"],
            exclude: ["Fixtures", "ExternalCheckers"]
        ),
        .testTarget(name: "SynthesisTests", dependencies: ["Synthesis", "TouchTrace"]),
        .testTarget(name: "GestureEngineTests", dependencies: ["GestureEngine"]),
        .testTarget(
            name: "ReplayTests",
            dependencies: ["Replay", "Synthesis", "TouchTrace", "GestureEngine"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "TouchstoneCLITests", dependencies: ["TouchTrace"]),
    ]
)
